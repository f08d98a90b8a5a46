"""Benchmark: input that used to make commands quadratic, against its linear twin, as ratios.

Each case is timed in this process (median of a few runs) next to a twin that
is linear by construction, and the ratio is checked:

- ``check`` and ``dump`` of a 2 MB minified config on one line, against the same
  bytes spread over lines (ratio <= 3);
- a .env whose first quote is never closed, followed by 10,000 lines, against
  the same file with the quote closed (ratio <= 3);
- settings with 4,000 unknown keys, and ``new --answers`` with a preset of 2,000
  modules into a config that lists one, against a quarter of each (ratio <= 6:
  linear is about 4, quadratic about 16).

    .venv/bin/python bench/bench_input_limits.py

Exits non-zero when a ratio is over its bound.
"""

from __future__ import annotations

import contextlib
import io
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fwk_tui.cli import main as cli  # noqa: E402
from fwk_tui.settings import Settings  # noqa: E402
from fwk_tui.validate.env import parse_dotenv  # noqa: E402

RUNS = 3


def _median(run: Callable[[], object], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _quiet(*args: str) -> Callable[[], object]:
    def run() -> object:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            return cli(list(args))

    return run


def _configs(folder: Path) -> tuple[Path, Path]:
    items = ",".join(f"k{i}:{{a:'é{i}',b:[1,2,{i}],c:true}}" for i in range(48_000))
    one = "export default {runtimeConfig:{public:{" + items + "}}}\n"
    one_line, lines = folder / "one" / "fwk.config.ts", folder / "lines" / "fwk.config.ts"
    for path, text in ((one_line, one), (lines, one.replace(",k", ",\nk"))):
        path.parent.mkdir()
        path.write_text(text, encoding="utf-8")
    return one_line, lines


def _modules_case(folder: Path, count: int) -> Callable[[], object]:
    project = folder / f"modules{count}"
    project.mkdir()
    (project / "fwk.config.ts").write_text("export default defineFwkConfig({\n  modules: [\n    '@fwk/x',\n  ],\n})\n")
    preset = folder / f"preset{count}.toml"
    preset.write_text("modules = [" + ", ".join(f'"@fwk/m{i}"' for i in range(count)) + "]\n")
    return _quiet("new", str(project), "--yes", "--answers", str(preset), "--dry-run")


def _settings_case(folder: Path, count: int) -> Callable[[], object]:
    path = folder / f"settings{count}.toml"
    path.write_text('theme = "nord"\n' + "".join(f"unknown{i} = {i}\n" for i in range(count)))
    return lambda: Settings.load(path)


def main() -> int:
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        one_line, lines = _configs(folder)
        body = "".join(f"FWK_K{i}=v{i}\n" for i in range(10_000))
        cases: list[tuple[str, Callable[[], object], Callable[[], object], float]] = [
            ("check, 2 MB on one line vs over lines", _quiet("check", str(one_line)), _quiet("check", str(lines)), 3),
            (
                "dump, 2 MB on one line vs over lines",
                _quiet("dump", "--file", str(one_line)),
                _quiet("dump", "--file", str(lines)),
                3,
            ),
            (
                ".env, unclosed quote + 10k lines vs closed",
                lambda: parse_dotenv('FWK_A="open\n' + body),
                lambda: parse_dotenv('FWK_A="closed"\n' + body),
                3,
            ),
            ("settings, 4,000 vs 1,000 unknown keys", _settings_case(folder, 4_000), _settings_case(folder, 1_000), 6),
            ("preset, 2,000 vs 500 modules", _modules_case(folder, 2_000), _modules_case(folder, 500), 6),
        ]
        print(f"{'case':48} {'case s':>8} {'twin s':>8} {'ratio':>6} {'bound':>6}")
        for name, case, twin, bound in cases:
            twin()  # warm: imports, catalogue cache
            a, b = _median(case), _median(twin)
            ratio = a / b
            print(f"{name:48} {a:8.3f} {b:8.3f} {ratio:6.2f} {bound:6.1f}")
            if ratio > bound:
                print(f"FAIL: {name}: {ratio:.2f}x is over {bound}x")
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
