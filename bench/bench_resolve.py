"""Resolve budget: the effective config of a 3-layer project with a 100-line .env, against the loader itself.

    .venv/bin/python bench/bench_resolve.py        # needs tests/node/node_modules (./dev test)

Builds a project in a temporary folder: a config of about 450 lines (bench_validate's)
extending three layers of about 150 lines each (each with a $production section), and a
100-line .env. Times ``effective_config`` (read every file, merge, variables) in this
process after imports, and c12's ``loadConfig`` on the same project in node (the
framework's own loader, which runs the files), in alternating rounds; then the same with
12 layers, to see that the time grows with the number of layers, not faster.
Budgets: <= 30 ms for 3 layers; 12 layers <= 5x the time of 3 (4x is linear).
Exits 1 when a budget is missed.
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_validate import build_config  # noqa: E402

from fwk_tui.catalog import load_catalog  # noqa: E402
from fwk_tui.resolve.effective import dotenv_files, effective_config  # noqa: E402
from fwk_tui.source import STARTER_STYLE, Code, ConfigDocument, load_document  # noqa: E402
from fwk_tui.source.render import Renderer  # noqa: E402
from fwk_tui.validate.env import env_name  # noqa: E402

BUDGET_MS = 30.0
MAX_GROWTH = 5.0
ROUNDS = 5
NODE_DIR = ROOT / "tests" / "node"


def _layer(i: int) -> str:
    routes = "\n".join(f"    '/layer{i}/page{n}': {{ prerender: {str(n % 2 == 0).lower()} }}," for n in range(100))
    return (
        "export default defineFwkConfig({\n"
        f"  app: {{ head: {{ title: 'Layer {i}', meta: [{{ name: 'layer', content: '{i}' }}] }} }},\n"
        f"  modules: ['layer-module-{i}'],\n"
        f"  runtimeConfig: {{ public: {{ layer{i}: 'on', apiBase: '/layer{i}' }}, secret{i}: '' }},\n"
        f"  routeRules: {{\n{routes}\n  }},\n"
        f"  $production: {{ app: {{ cdnURL: 'https://cdn{i}.example.com' }}, modules: ['prod-{i}'] }},\n"
        "})\n"
    )


def _static(value: Any) -> Any:
    """``value`` without the code in it: the loader runs the files, and code here would name things it lacks."""
    if isinstance(value, dict):
        return {k: _static(v) for k, v in value.items() if not isinstance(v, Code)}
    if isinstance(value, list):
        return [_static(v) for v in value if not isinstance(v, Code)]
    return value


def make_project(folder: Path, layers: int) -> Path:
    values = _static(ConfigDocument.parse(build_config()).values())
    for key in ("extends", "theme"):  # the project's own layers only
        values.pop(key, None)
    values = {"extends": [f"./layers/l{i}" for i in range(layers)], **values}
    config = f"export default defineFwkConfig({Renderer(STARTER_STYLE).value(values)})\n"
    (folder / "fwk.config.ts").write_text(config)
    for i in range(layers):
        (folder / "layers" / f"l{i}").mkdir(parents=True)
        (folder / "layers" / f"l{i}" / "fwk.config.ts").write_text(_layer(i))
    names = [env_name(("public", f"layer{i}")) for i in range(layers)]
    env_lines = [f"{names[(i // 3) % layers]}=value-{i}" if i % 3 else f"OTHER_{i}=x # comment" for i in range(100)]
    (folder / ".env").write_text("\n".join(env_lines) + "\n")
    return folder / "fwk.config.ts"


def time_ours(file: Path, repeat: int) -> list[float]:
    catalog = load_catalog()
    samples = []
    for _ in range(repeat + 2):
        start = time.perf_counter()
        doc = load_document(file)
        effective_config(file, doc, catalog, env="production", dotenv=dotenv_files([], file.parent), environ={})
        samples.append((time.perf_counter() - start) * 1000)
    return samples[2:]


def time_c12(folder: Path, repeat: int) -> float:
    script = (
        "import { loadConfig } from 'c12';\n"
        "globalThis.defineFwkConfig = (c) => c;\n"
        "const times = [];\n"
        f"for (let i = 0; i < {repeat + 2}; i++) {{\n"
        "  const t = performance.now();\n"
        f"  await loadConfig({{ cwd: {json.dumps(str(folder))}, name: 'fwk', envName: 'production', rcFile: false,"
        " packageJson: false, giget: false, dotenv: true, extend: { extendKey: ['theme', 'extends'] }, jitiOptions: { fsCache: false } });\n"
        "  times.push(performance.now() - t);\n"
        "}\n"
        "console.log(JSON.stringify(times.slice(2)));\n"
    )
    proc = subprocess.run(
        ["node", "--input-type=module", "-e", script], cwd=NODE_DIR, capture_output=True, text=True, check=True
    )
    return statistics.median(json.loads(proc.stdout.strip().splitlines()[-1]))


def main() -> int:
    if shutil.which("node") is None or not (NODE_DIR / "node_modules" / "c12").is_dir():
        print("tests/node/node_modules is missing: run ./dev test once (it runs npm ci there)", file=sys.stderr)
        return 2
    ok = True
    with tempfile.TemporaryDirectory(prefix="fwk-bench-") as tmp:
        (Path(tmp) / "three").mkdir()
        (Path(tmp) / "twelve").mkdir()
        three = make_project(Path(tmp) / "three", 3)
        twelve = make_project(Path(tmp) / "twelve", 12)
        best: dict[str, float] = {}
        for _ in range(ROUNDS):
            for name, file in (("three", three), ("twelve", twelve)):
                ours = statistics.median(time_ours(file, 10))
                best[name] = min(best.get(name, ours), ours)
            theirs = time_c12(three.parent, 5)
            best["c12"] = min(best.get("c12", theirs), theirs)
        lines = sum(p.read_text().count("\n") for p in three.parent.rglob("*.ts"))
        check = effective_config(three, load_document(three), load_catalog(), env="production",
                                 dotenv=dotenv_files([], three.parent), environ={})
        read = [layer.status for layer in check.resolved.layers]
        if read != ["read"] * 3 or len(check.runtime.overrides) < 3:
            print(f"the project is not what it should be: layers {read}, {len(check.runtime.overrides)} variables applied")
            return 1
        print(f"3 layers ({lines} lines of config, 100-line .env): ours {best['three']:.1f} ms   "
              f"c12 loadConfig {best['c12']:.1f} ms   ratio {best['three'] / best['c12']:.2f}   "
              f"(budget <= {BUDGET_MS:.0f} ms)  {'ok' if best['three'] <= BUDGET_MS else 'MISSED'}")
        ok &= best["three"] <= BUDGET_MS
        growth = best["twelve"] / best["three"]
        print(f"12 layers: ours {best['twelve']:.1f} ms, {growth:.2f}x the 3-layer time "
              f"(budget <= {MAX_GROWTH:.0f}x; linear is 4x)  {'ok' if growth <= MAX_GROWTH else 'MISSED'}")
        ok &= growth <= MAX_GROWTH
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
