"""What a list and a record editor share: a row per item, and the open item's editor in a panel under the rows."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList

from fwk_tui.tui.fields.editor import PreviewLine, ValueEditor, is_missing
from fwk_tui.tui.fields.folded import FoldedText
from fwk_tui.tui.fields.present import default_value, js, not_set
from fwk_tui.tui.fields.rows import RowList, rows_preview


class ItemsEditor(ValueEditor):
    """Rows of items (a list's items, an object's keys) and, under them, one panel: the open item's editor.

    Subclasses say what the rows are (:meth:`rows_text`, :meth:`empty_text`), what
    Enter on a row opens (:meth:`open_row`) and what closing forgets (:meth:`forget_open`).
    Esc closes the panel; the rows' own keys act only while the rows have the focus.
    """

    PANEL: ClassVar[str] = "items--panel"
    """The class of the panel (``list--panel``, ``record--panel``); its title's is the same with ``-title``."""

    DEFAULT_CSS = """
    ItemsEditor {
        height: auto;
        & > .items--panel {
            height: auto;
            margin: 0 0 0 2;
            & > .items--panel-title {
                color: $text-muted;
            }
        }
    }
    """

    def compose(self) -> ComposeResult:
        yield RowList(self.rows_text(), self.empty_text())

    def preview(self) -> list[PreviewLine]:
        return rows_preview(self.rows_text(), self.empty_text())

    def hint_after(self) -> RowList:
        return self.rows

    @property
    def rows(self) -> RowList:
        return self.query_one(RowList)

    def show_rows(self) -> None:
        """Show the rows of the current value (none while the editor is being removed, its rows gone first)."""
        rows = next(iter(self.query(RowList)), None)  # its own: the first (an item's editor may hold more)
        if rows is not None:
            rows.set_rows(self.rows_text(), self.empty_text())

    # -- what subclasses say ------------------------------------------------------

    def rows_text(self) -> list[Text | FoldedText]:
        """One line per item."""
        return []

    def empty_text(self) -> Text:
        """The line shown when there is no item."""
        return Text(self.unset_text(), style="dim italic")

    def open_row(self, row: int) -> None:
        """Enter on row ``row``: open its editor."""

    def forget_open(self) -> None:
        """The panel was closed: forget what was open."""

    @property
    def is_open(self) -> bool:
        """Whether a panel is open under the rows."""
        return False

    def row_action(self, action: str) -> bool:
        """Whether the rows' key for ``action`` does something on the highlighted row (the rows have the focus)."""
        return True

    # -- the panel ----------------------------------------------------------------

    def unset_text(self) -> str:
        """What the rows say while the file does not set the value: its default, if any."""
        default = default_value(self.default)
        return f"not set: {js(default)} by default" if not is_missing(default) else not_set(self.default)

    def panel_title_class(self) -> str:
        return f"items--panel-title {self.PANEL}-title"

    def mount_panel(self, *children: Any) -> None:
        """Put a panel of ``children`` under the rows, in place of the open one."""
        self.close(refocus=False)
        self.mount(Vertical(*children, classes=f"items--panel {self.PANEL}"))

    def close(self, *, refocus: bool = True) -> None:
        """Close the panel (the rows get the focus back when it had it)."""
        panels = self.query(f".{self.PANEL}")
        had_focus = any(p.has_focus_within for p in panels)
        panels.remove()
        self.forget_open()
        if refocus and had_focus:
            self.rows.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list is not self.rows:
            return
        event.stop()
        if self.rows.row is not None:
            self.open_row(self.rows.row)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list is self.rows:
            event.stop()

    # -- keys -----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close":
            return self.is_open
        if not self.rows.has_focus:
            return False  # typing in an item's input must not add or remove items
        return self.row_action(action)

    def action_close(self) -> None:
        """Close the open editor and go back to the rows."""
        self.close()

    def focus_rows(self) -> None:
        """The rows take the keys, and nothing else looks as if it had them: a panel left open would show a box the
        keys no longer reach (Backspace there removes a key)."""
        if self.is_open:
            self.close(refocus=False)
        self.rows.focus()
