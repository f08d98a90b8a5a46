"""Modules budget: reading 20 installed modules adds at most 50 ms to `check`.

    .venv/bin/python bench/bench_modules.py

Builds a project in a temporary folder: 20 installed module packages (each a `dist/module.json` and
declarations of about 60 options, nested objects, literal unions, an imported shared file, as the real
i18n, content and color-mode modules write them), and a config listing all 20 with some options of each.
Times `fwk-tui check` as a whole process, in alternating rounds, with the packages there and with
`node_modules` moved away (the same project, its modules not installed), best of each.
Budget: with - without <= 50 ms. Exits 1 when the budget is missed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FWK_TUI = Path(sys.executable).with_name("fwk-tui")
MODULES = 20
ROUNDS = 7
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
    added = (best_with - best_without) * 1000
    print(f"check, {MODULES} modules installed   best {best_with * 1000:7.1f} ms")
    print(f"check, the same not installed  best {best_without * 1000:7.1f} ms")
    verdict = "ok" if added <= BUDGET_MS else "MISSED"
    print(f"added by reading the modules   {added:7.1f} ms   (budget <= {BUDGET_MS:.0f} ms)  {verdict}")
    return 0 if added <= BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
