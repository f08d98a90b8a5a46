"""A row of code that folds to the width it is drawn at: inner brackets fold before the line is cut."""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from fwk_tui.source.summary import one_line
from fwk_tui.source.textutil import plain
from fwk_tui.source.values import Code
from fwk_tui.tui.fields.present import SHOWN_WIDTH, js, js_source


def value_row(prefix: Text, value: Any, suffix: Text | None = None) -> Text | FoldedText:
    """``prefix``, ``value`` then ``suffix`` on one line; code, lists and objects fold to the width the row is drawn at."""
    if isinstance(value, (Code, list, dict)):
        return FoldedText(prefix, js_source(value), suffix)
    return Text.assemble(prefix, js(value), suffix or "")


class FoldedText:
    """``prefix`` then ``code`` on one line, folded by :func:`one_line` to the width it is drawn in.

    A narrow row shows ``...(process.env.X ? […] : [])`` rather than the
    line cut before its ``: [])``. Drawn like a ``Text`` (one line, ``…`` at
    the end only when even the folded line is too long).
    """

    def __init__(self, prefix: Text, code: str, suffix: Text | None = None) -> None:
        self.prefix = prefix
        self.code = code
        self.suffix = suffix if suffix is not None else Text()
        self._drawn: tuple[int, Text] | None = None

    def at(self, width: int) -> Text:
        """The line for ``width`` cells (the last one drawn is kept: a list redraws its rows often)."""
        if self._drawn is None or self._drawn[0] != width:
            room = max(width - self.prefix.cell_len - self.suffix.cell_len, 1)
            code = self.code
            if "\n" in code or "//" in code or "/*" in code or len(code) > room:
                code = one_line(code, room)  # parsed only when it must fold: a long list draws all its rows
            line = Text.assemble(self.prefix, plain(code), self.suffix)  # the prefix's style stays its own
            line.no_wrap = True
            line.overflow = "ellipsis"
            line.end = "\n"  # a list measures a row's height by its line ends
            self._drawn = (width, line)
        return self._drawn[1]

    @property
    def plain(self) -> str:
        """The line at :data:`SHOWN_WIDTH` characters of code, as text."""
        return self.at(self.prefix.cell_len + SHOWN_WIDTH + self.suffix.cell_len).plain

    def __radd__(self, other: Text) -> FoldedText:
        # `Text("  ") + row` indents the row and keeps it folding.
        return FoldedText(Text.assemble(other, self.prefix), self.code, self.suffix)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.at(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(min(self.prefix.cell_len + 1, options.max_width), self.at(options.max_width).cell_len)
