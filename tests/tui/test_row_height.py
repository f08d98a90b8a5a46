"""A list's or record's rows are one line each, however long or narrow: their height is their count, which the rows
give at once instead of measuring each row at every layout (a record of 100,000 keys cost a second per key typed)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import OptionList

from fwk_tui.tui.fields.folded import FoldedText
from fwk_tui.tui.fields.rows import RowList

ROWS: list[Text | FoldedText] = [
    Text("short"),
    Text("a row far longer than the width it is drawn at, " * 6),
    Text("tabs\tand  spaces   " * 10),
    FoldedText(Text("code  "), "process.env.X ? ['a', 'b', 'c', 'd', 'e', 'f', 'g'] : [1, 2, 3, 4, 5, 6, 7, 8, 9]"),
    Text(""),
]


class _Rows(App[None]):
    def compose(self) -> ComposeResult:
        yield RowList(ROWS * 7, Text("(none)"))


async def test_rows_are_one_line_each_at_every_width() -> None:
    app = _Rows()
    async with app.run_test(size=(30, 20)) as pilot:
        rows = app.query_one(RowList)
        for width in (6, 12, 30, 80):
            measured = OptionList.get_content_height(rows, app.size, app.size, width)
            assert rows.get_content_height(app.size, app.size, width) == measured == len(ROWS) * 7
        await pilot.pause()
