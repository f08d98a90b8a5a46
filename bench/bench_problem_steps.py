"""F8 and the errors filter with thousands of problems: linear, and cheap beside the check that found them.

    .venv/bin/python bench/bench_problem_steps.py

A config of N unknown keys (each an error) is checked once; then the editor's work for one F8 (every field
with a problem, in the tree's order, and the step from the focused field) and for the errors filter's counts
per group is timed, against the peer: the check of the same config. Before, both were quadratic (each field
compared with every problem): 15,000 keys took 26 s before the app answered again, 30,000 106 s.
Budgets: at 30,000 and 60,000 keys one F8 (and the filter's counts) costs <= 0.5x the check; 60,000 costs
<= 3x what 30,000 does (linear is 2x, quadratic 4x). Exits 1 when a budget is missed.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fwk_tui.catalog import load_catalog
from fwk_tui.source import ConfigDocument
from fwk_tui.tui.form_model import FormModel, filter_matches, problem_fields, step_problem
from fwk_tui.validate import check_document

SIZES = (30_000, 60_000)
MAX_RATIO = 0.5
MAX_GROWTH = 3.0
ROUNDS = 3


def _config(keys: int) -> str:
    members = "".join(f"    unknownKey{i}: {i},\n" for i in range(keys))
    return f"export default defineFwkConfig({{\n  app: {{\n{members}  }},\n}})\n"


def _median(work: Callable[[], object]) -> float:
    times = []
    for _ in range(ROUNDS):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> int:
    catalog = load_catalog()
    model = FormModel(catalog)
    failed = False
    steps: dict[int, float] = {}
    for keys in SIZES:
        doc = ConfigDocument.parse(_config(keys))
        layout = model.layout(doc.values(), "A")
        diagnostics = check_document(doc, catalog, "A").diagnostics
        problems = problem_fields(layout, diagnostics)
        middle = problems[len(problems) // 2]

        def f8() -> object:
            found = problem_fields(layout, diagnostics)
            return step_problem(found, layout, middle, 1), filter_matches(model, layout, "errors", diagnostics)

        check = _median(lambda: check_document(ConfigDocument.from_bytes(doc.data), catalog, "A"))
        steps[keys] = step = _median(f8)
        ratio = step / check
        print(f"{keys:>6} unknown keys ({len(problems)} fields with a problem): check {check:6.2f} s, "
              f"F8 + filter counts {step:6.3f} s  = {ratio:.3f}x the check (budget {MAX_RATIO}x)")
        if ratio > MAX_RATIO:
            print(f"FAIL: F8 with {keys} problems costs {ratio:.2f}x the check")
            failed = True
    growth = steps[SIZES[1]] / max(steps[SIZES[0]], 1e-9)
    print(f"growth {SIZES[0]} -> {SIZES[1]}: x{growth:.2f} (budget x{MAX_GROWTH}; linear is x2)")
    if growth > MAX_GROWTH:
        print("FAIL: F8 grows faster than the problems")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
