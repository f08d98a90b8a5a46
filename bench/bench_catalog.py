"""Issue 2 budgets, measured side by side in one run (ratios, not absolute times).

    .venv/bin/python bench/bench_catalog.py [--runs N]

- browse start to first idle frame (headless run_test), each in a fresh
  process, against a bare Textual app showing a 600-node Tree and a Footer:
  budget ratio <= 1.3;
- catalogue load from the compiled cache: budget <= 15 ms;
- search, one keystroke's results over the whole catalogue: budget <= 5 ms median.

Exits 1 when a budget is missed.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from startup import BARE, ENV, run_child  # noqa: E402

_BROWSE = """
from fwk_tui.tui.browse import BrowseApp

def make_app():
    return BrowseApp()
"""


def bench_start(runs: int) -> tuple[float, float]:
    bare: list[float] = []
    browse: list[float] = []
    run_child(_BROWSE)  # warm the catalogue cache and the OS file cache
    for _ in range(runs):  # interleaved, so load on the machine hits both alike
        bare.append(run_child(BARE)[0])
        browse.append(run_child(_BROWSE)[0])
    return statistics.median(bare), statistics.median(browse)


def bench_load(runs: int) -> tuple[float, float]:
    code = (
        "import time; t0=time.perf_counter(); "
        "from fwk_tui.catalog import load_catalog; t1=time.perf_counter(); "
        "load_catalog(); t2=time.perf_counter(); print(t1-t0, t2-t1)"
    )
    imports, loads = [], []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, env=ENV).stdout.split()
        imports.append(float(out[0]))
        loads.append(float(out[1]))
    return statistics.median(imports), statistics.median(loads)


def bench_search() -> tuple[float, float, int]:
    from fwk_tui.catalog import load_catalog
    from fwk_tui.catalog.search import SearchIndex

    index = SearchIndex(load_catalog())
    times = []
    for word in ("teleport", "base url", "buildDir", "chunk error", "hydration", "typecheck", "port", "srv"):
        for i in range(1, len(word) + 1):  # every keystroke of typing the word
            t = time.perf_counter()
            index.search(word[:i])
            times.append(time.perf_counter() - t)
    return statistics.median(times), max(times), len(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    ok = True

    bare, browse = bench_start(args.runs)
    ratio = browse / bare
    ok &= ratio <= 1.3
    print(f"browse start to first idle   bare tree+footer {bare * 1000:7.1f} ms   browse {browse * 1000:7.1f} ms   "
          f"ratio {ratio:.2f}  (budget <= 1.30)  {'ok' if ratio <= 1.3 else 'MISSED'}")

    imp, load = bench_load(args.runs)
    ok &= load * 1000 <= 15
    print(f"catalogue load (warm cache)  {load * 1000:7.1f} ms   (import of fwk_tui.catalog {imp * 1000:.1f} ms)  "
          f"(budget <= 15 ms)  {'ok' if load * 1000 <= 15 else 'MISSED'}")

    median, worst, n = bench_search()
    ok &= median * 1000 <= 5
    print(f"search per keystroke         median {median * 1000:.2f} ms   worst {worst * 1000:.2f} ms over {n} keystrokes  "
          f"(budget <= 5 ms median)  {'ok' if median * 1000 <= 5 else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
