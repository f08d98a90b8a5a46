"""Benchmark: the language server's completion (and hover) on the 450-line bench config.

The config is bench_validate's (the example, a large project's options and the
corpus merged, route rules up to 450 lines). Prints the median of:

- completion inside ``devServer: {`` and at the config's top level, on the parsed
  document (the object path from its tree): the budgeted figure (<= 10 ms);
- completion at a value typed in ``devServer`` and at the file's end, when the
  text does not parse (the textual scan backward from the cursor);
- hover on a key, on a document whose entries are read once.

    .venv/bin/python bench/bench_lsp_knowledge.py

Exits non-zero when the budget is missed.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from lsprotocol.types import Position  # noqa: E402

from bench_validate import _median_ms, build_config  # noqa: E402
from fwk_tui.catalog import load_catalog  # noqa: E402
from fwk_tui.lsp.complete import complete  # noqa: E402
from fwk_tui.lsp.hover import hover  # noqa: E402
from fwk_tui.lsp.knowledge import Knowledge  # noqa: E402
from fwk_tui.source import ConfigDocument  # noqa: E402

BUDGET_MS = 10.0


def _to_position(offset: int) -> Position:
    return Position(0, offset)


def main() -> int:
    text = build_config()
    doc = ConfigDocument.parse(text)
    ctx = Knowledge(load_catalog(), "A")
    in_dev = text.index("devServer: {") + len("devServer: {")
    top = text.index("defineFwkConfig({") + len("defineFwkConfig({")
    broken = text[:in_dev] + " https: " + text[in_dev:]
    complete(doc, in_dev, ctx, _to_position)  # the first call builds the catalogue's index

    figures = {
        "completion in devServer (parsed)": _median_ms(lambda: complete(doc, in_dev, ctx, _to_position)),
        "completion at the top level (parsed)": _median_ms(lambda: complete(doc, top, ctx, _to_position)),
        "completion at a value (not parsing)": _median_ms(
            lambda: complete(None, in_dev + 8, ctx, _to_position, text=broken)
        ),
        "completion at the end (not parsing)": _median_ms(
            lambda: complete(None, len(broken) - 3, ctx, _to_position, text=broken)
        ),
        "hover on a key": _median_ms(lambda: hover(doc, text.index("port:"), ctx, _to_position), 50),
    }
    print(f"config: {text.count(chr(10))} lines")
    for name, ms in figures.items():
        print(f"  {name:40} {ms:7.2f} ms")
    worst = max(ms for name, ms in figures.items() if name.startswith("completion"))
    print(f"  worst completion {worst:.2f} ms   budget {BUDGET_MS:.0f} ms")
    if worst > BUDGET_MS:
        print(f"FAIL: completion took {worst:.2f} ms, over the {BUDGET_MS:.0f} ms budget")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
