"""Modules budget: reading 20 installed modules adds at most 50 ms to `check`, and nothing to the editor's start.

    .venv/bin/python bench/bench_modules.py

Builds a project in a temporary folder: 20 installed module packages (each a `dist/module.json` and
declarations of about 60 options, nested objects, literal unions, an imported shared file, as the real
i18n, content and color-mode modules write them), and a config listing all 20 with some options of each.
Times `fwk-tui check` as a whole process, in alternating rounds, with the packages there and with
`node_modules` moved away (the same project, its modules not installed), best of each.
Budget: with - without <= 50 ms. Then the editor's start (a fresh process, to its first idle frame: the modules
are read after it) with and without, in alternating rounds, median of each: budget with / without <= 1.05 (the
noise of this machine). Exits 1 when a budget is missed.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FWK_TUI = Path(sys.executable).with_name("fwk-tui")
MODULES = 20
ROUNDS = 15
BUDGET_MS = 50.0


def _declarations(n: int) -> str:
    members = []
    for i in range(50):
        kind = ("string", "boolean", "number", "'a' | 'b' | 'c'", "Record<string, string>", "string[]")[i % 6]
        doc = f"    /**\n     * Option {i} of module {n}.\n     * @default false\n     */\n"
        members.append(f"{doc}    opt{i}?: {kind};")
    members.append("    nested?: { deep?: { flag?: boolean; mode?: 'x' | 'y' }; list?: Array<string> };")
    members.append("    shared?: Shared;")
    body = "\n".join(members)
    return (
        "import { S as Shared } from './shared/types.mjs';\n"
        f"interface ModuleOptions {{\n{body}\n}}\n"
        "declare const _default: FwkModule<ModuleOptions, ModuleOptions, false>;\n"
        "export type { ModuleOptions };\n"
    )


def _project(root: Path) -> Path:
    entries = []
    options = []
    for n in range(MODULES):
        name = f"@bench/module-{n}"
        dist = root / "node_modules" / "@bench" / f"module-{n}" / "dist"
        (dist / "shared").mkdir(parents=True)
        (dist / "module.json").write_text(json.dumps({"name": name, "version": "1.0.0", "configKey": f"mod{n}"}))
        (dist / "module.d.mts").write_text(_declarations(n))
        shared = "interface Shared { a?: string; b?: number }\nexport { Shared as S };\n"
        (dist / "shared" / "types.d.mts").write_text(shared)
        entries.append(f"'{name}'")
        options.append(f"  mod{n}: {{ opt0: 'x', opt1: true, opt3: 'b', nested: {{ deep: {{ mode: 'x' }} }} }},")
    config = root / "fwk.config.ts"
    config.write_text(
        "export default defineFwkConfig({\n"
        f"  modules: [{', '.join(entries)}],\n" + "\n".join(options) + "\n  ssr: true,\n})\n"
    )
    return config


def _run(config: Path) -> float:
    start = time.perf_counter()
    subprocess.run([str(FWK_TUI), "check", str(config)], capture_output=True, check=False)
    return time.perf_counter() - start


EDITOR = """
from pathlib import Path
from fwk_tui.catalog import load_catalog
from fwk_tui.session import EditSession
from fwk_tui.tui.editor import EditorApp

def make_app():
    return EditorApp(EditSession.open(Path({config!r}), load_catalog()), watch_disk=False)
"""
EDITOR_BUDGET = 1.05


def _editor_start(config: Path, here: Path, away: Path) -> tuple[float, float]:
    """Median seconds to the editor's first idle frame, with the modules installed and without."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from startup import run_child

    setup = EDITOR.format(config=str(config))
    run_child(setup)  # bytecode warm
    with_modules: list[float] = []
    without: list[float] = []
    for _ in range(ROUNDS):
        with_modules.append(run_child(setup)[0])
        os.rename(here, away)
        without.append(run_child(setup)[0])
        os.rename(away, here)
    return statistics.median(with_modules), statistics.median(without)


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        config = _project(root)
        here, away = root / "node_modules", root / "node_modules.away"
        with_modules: list[float] = []
        without: list[float] = []
        _run(config)  # bytecode and catalogue caches warm
        for _ in range(ROUNDS):
            with_modules.append(_run(config))
            os.rename(here, away)
            without.append(_run(config))
            os.rename(away, here)
        best_with, best_without = min(with_modules), min(without)
        editor_with, editor_without = _editor_start(config, here, away)
    added = (best_with - best_without) * 1000
    print(f"check, {MODULES} modules installed   best {best_with * 1000:7.1f} ms")
    print(f"check, the same not installed  best {best_without * 1000:7.1f} ms")
    verdict = "ok" if added <= BUDGET_MS else "MISSED"
    print(f"added by reading the modules   {added:7.1f} ms   (budget <= {BUDGET_MS:.0f} ms)  {verdict}")
    ratio = editor_with / editor_without
    print(f"editor start, {MODULES} modules installed  median {editor_with * 1000:7.1f} ms")
    print(f"editor start, not installed        median {editor_without * 1000:7.1f} ms")
    editor_verdict = "ok" if ratio <= EDITOR_BUDGET else "MISSED"
    print(f"with / without                     {ratio:7.3f}x   (budget <= {EDITOR_BUDGET}x)  {editor_verdict}")
    return 0 if added <= BUDGET_MS and ratio <= EDITOR_BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
