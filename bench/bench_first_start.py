"""The first start after install against a warm start, each against the bare Textual peer, in one run.

    .venv/bin/python bench/bench_first_start.py [--runs N]

The wheel is built (hatch_build.py compiles the catalogue into it) and
installed into a folder of its own; each round starts the browser (headless,
to its first idle frame) with an empty cache folder (the first start after
install), then again (warm), and the bare Textual app beside them. The same
wheel without its compiled catalogue shows what the first start cost before.
Budget: first start / warm start <= 1.1.

Exits 1 when the budget is missed.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from startup import BARE, ENV, run_child  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BROWSE = """
from fwk_tui.tui.browse import BrowseApp

def make_app():
    return BrowseApp()
"""
BUDGET = 1.1


def _install(wheel: Path, target: Path, compiled: bool) -> None:
    """The wheel's files in ``target`` (its dependencies are this interpreter's); without the compiled catalogue
    unless ``compiled``."""
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if compiled or not name.endswith("_data/catalog-compiled.json"):
                archive.extract(name, target)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(target)], check=True)  # as pip does at install


def _start(target: Path, cache: Path, setup: str) -> float:
    """Seconds to the first idle frame, the package from ``target`` (run elsewhere than the repo, whose own
    ``fwk_tui`` would come first), with ``cache`` as the cache folder."""
    env = {**ENV, "PYTHONPATH": str(target), "XDG_CACHE_HOME": str(cache)}
    return run_child(setup, env=env, cwd=str(target))[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="fwk-first-start-"))
    try:
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "--no-build-isolation", "-w", str(work / "wheel")],
            check=True, capture_output=True,
        )  # fmt: skip
        wheel = next((work / "wheel").glob("*.whl"))
        shipped, plain = work / "shipped", work / "plain"
        _install(wheel, shipped, compiled=True)
        _install(wheel, plain, compiled=False)
        rows: dict[str, list[float]] = {"bare": [], "first": [], "warm": [], "first-plain": [], "warm-plain": []}
        for i in range(args.runs):  # interleaved, so load on the machine hits all alike
            rows["bare"].append(_start(shipped, work / f"bare{i}", BARE))
            rows["first"].append(_start(shipped, work / f"cache{i}", BROWSE))
            rows["warm"].append(_start(shipped, work / f"cache{i}", BROWSE))
            rows["first-plain"].append(_start(plain, work / f"plain{i}", BROWSE))
            rows["warm-plain"].append(_start(plain, work / f"plain{i}", BROWSE))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    median = {name: statistics.median(values) for name, values in rows.items()}
    bare = median["bare"]
    for name in ("first", "warm", "first-plain", "warm-plain"):
        print(f"{name:12} {median[name] * 1000:7.0f} ms  {median[name] / bare:.2f}x the bare Textual app")
    ratio = median["first"] / median["warm"]
    before = median["first-plain"] / median["warm-plain"]
    print(f"first start / warm start: {ratio:.2f}x (budget {BUDGET}x); without the compiled catalogue {before:.2f}x")
    return 0 if ratio <= BUDGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
