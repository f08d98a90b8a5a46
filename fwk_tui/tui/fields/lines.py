"""A field's header and value lines, drawn cell for cell as a Rich ``Table.grid`` would draw them.

A form measures and draws each of its fields at every layout, and a grid
measures every cell before it draws one: these draw the same cells at about
a third of the cost. Where the width is too narrow for the grid's plain
layout they hand over to the grid itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, JustifyMethod, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from fwk_tui.tui.fields.folded import FoldedText

PreviewLine = tuple["Text | FoldedText", bool]
"""A line of a field's text before it is focused, and whether it sits on the value's background."""

_NEW_LINE = Segment.line()
_NULL = Style()


def _cells(
    console: Console, text: Text | FoldedText, options: ConsoleOptions, width: int, justify: JustifyMethod, style: Style
) -> list[list[Segment]]:
    """``text`` in a column of ``width``: one line per line of text, cut with an ellipsis, padded in ``style``."""
    column = options.update(
        width=width, justify=justify, no_wrap=True, overflow="ellipsis", height=None, highlight=False
    )
    return console.render_lines(text, column, style=style, pad=True)


class HeaderLines:
    """``title`` on the left and ``marker`` on the right of the first line, ``second`` under the title.

    As a grid with a ratio column for ``title`` and ``second``, a right-justified
    column for ``marker`` and one cell of padding between them.
    """

    def __init__(self, title: Text, marker: Text, second: Text) -> None:
        self.title = title
        self.marker = marker
        self.second = second

    def grid(self) -> Table:
        """The same lines as a Rich grid (what is drawn where the width is too narrow for the plain layout)."""
        grid = Table.grid(expand=True, padding=(0, 1))
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        grid.add_column(no_wrap=True, justify="right")
        grid.add_row(self.title, self.marker)
        grid.add_row(self.second, Text())
        return grid

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        right = self.marker.cell_len
        left = options.max_width - right - 1
        if left < 1:
            yield self.grid()
            return
        gap = Segment(" ", _NULL)
        blank_left = [Segment(" " * left, _NULL)]
        blank_right = [Segment(" " * right, _NULL)]
        rows = (
            (
                _cells(console, self.title, options, left, "left", _NULL),
                _cells(console, self.marker, options, right, "right", _NULL),
            ),
            (_cells(console, self.second, options, left, "left", _NULL), [blank_right]),
        )
        for first, last in rows:
            for i in range(max(len(first), len(last))):
                yield from first[i] if i < len(first) else blank_left
                yield gap
                yield from last[i] if i < len(last) else blank_right
                yield _NEW_LINE

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.grid())


class PreviewLines:
    """One line of text per row across the whole width; a boxed line on ``box`` (the value's background)."""

    def __init__(self, lines: list[PreviewLine], box: Style) -> None:
        self.lines = lines
        self.box = box

    def grid(self) -> Table:
        """The same lines as a Rich grid (what is drawn when there is no line or no width)."""
        grid = Table.grid(expand=True)
        grid.add_column(no_wrap=True, overflow="ellipsis")
        for text, boxed in self.lines:
            grid.add_row(text, style=self.box if boxed else None)
        return grid

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        if width < 1 or not self.lines:
            yield self.grid()
            return
        for text, boxed in self.lines:
            for line in _cells(console, text, options, width, "left", self.box if boxed else _NULL):
                yield from line
                yield _NEW_LINE

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.grid())
