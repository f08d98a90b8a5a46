"""A field's value lines, drawn cell for cell as a Rich ``Table.grid`` would draw them.

A form measures and draws each of its fields at every layout, and a grid
measures every cell before it draws one: these draw the same cells at about
a third of the cost. Where there is no line or no width they hand over to
the grid itself. (The header above them: :mod:`fwk_tui.tui.fields.header`.)
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, JustifyMethod, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text

from fwk_tui.tui.fields.folded import FoldedText

PreviewLine = tuple[Text | FoldedText, bool]
"""A line of a field's text before it is focused, and whether it sits on the value's background."""

NEW_LINE = Segment.line()
NO_STYLE = Style()


def render_cells(
    console: Console, text: Text | FoldedText, options: ConsoleOptions, width: int, justify: JustifyMethod, style: Style
) -> list[list[Segment]]:
    """``text`` in a column of ``width``: one line per line of text, cut with an ellipsis, padded in ``style``."""
    column = options.update(
        width=width, justify=justify, no_wrap=True, overflow="ellipsis", height=None, highlight=False
    )
    return console.render_lines(text, column, style=style, pad=True)


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
            for line in render_cells(console, text, options, width, "left", self.box if boxed else NO_STYLE):
                yield from line
                yield NEW_LINE

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.grid())
