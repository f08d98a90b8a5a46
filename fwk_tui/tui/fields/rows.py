"""The rows of a list or record editor: one line each, in one widget (cheap for long lists)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from fwk_tui.tui.fields.folded import FoldedText
from fwk_tui.tui.fields.lines import PreviewLine

PREVIEW_ROWS = 8
"""Rows shown before the field is focused; the rest is counted."""


def rows_preview(rows: list[Text | FoldedText], empty: Text) -> list[PreviewLine]:
    """Rows as preview lines (at most ``PREVIEW_ROWS``, then how many more)."""
    if not rows:
        return [(empty, True)]
    shown = [(row, True) for row in rows[:PREVIEW_ROWS]]
    if len(rows) > PREVIEW_ROWS:
        shown.append((Text(f"… {len(rows) - PREVIEW_ROWS} more", style="dim italic"), True))
    return shown


class RowList(OptionList):
    """Rows of ``Text`` (never markup); the highlighted row survives :meth:`set_rows`.

    With no rows it shows one disabled line saying so (``empty``).
    """

    DEFAULT_CSS = """
    RowList {
        height: auto;
        max-height: 10;
        margin: 0 1 0 0;
        background: $boost;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        &:focus {
            background-tint: $foreground 5%;
        }
    }
    """

    def __init__(
        self,
        rows: list[Text | FoldedText],
        empty: Text,
        *,
        classes: str | None = None,
        on_key_first: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(markup=False, compact=True, classes=classes)
        self.count = 0
        self._on_key_first = on_key_first
        self.set_rows(rows, empty)

    def on_key(self, event: events.Key) -> None:
        if self._on_key_first is not None:
            self._on_key_first(event.key)  # before the rows read the keys after it

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # A row is one line (rows do not wrap; code is folded to one line): the height is the count, found at once,
        # where OptionList measures every row at each layout (100,000 keys: a second per key typed).
        return self.option_count

    def set_rows(self, rows: list[Text | FoldedText], empty: Text) -> None:
        """Show ``rows`` (or ``empty`` when there are none), keeping the highlighted index."""
        keep = self.highlighted
        for row in rows:
            if isinstance(row, Text):  # a folded row cuts itself, after folding
                row.no_wrap = True
                row.overflow = "ellipsis"
        self.count = len(rows)
        self.clear_options()
        if rows:
            self.add_options([Option(row) for row in rows])
            self.highlighted = min(keep or 0, len(rows) - 1)
        else:
            self.add_option(Option(empty, disabled=True))

    @property
    def row(self) -> int | None:
        """The index of the highlighted row, or ``None`` when there are no rows."""
        if not self.count or self.highlighted is None:
            return None
        return self.highlighted

    def go_to(self, index: int) -> None:
        """Highlight row ``index`` (clamped)."""
        if self.count:
            self.highlighted = max(0, min(index, self.count - 1))
