"""What a list and a record editor share: a row per item, and the open item's editor in a panel under the rows."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.widgets import OptionList

from fwk_tui.tui.fields.folded import FoldedText
from fwk_tui.tui.fields.rows import RowList, rows_preview
from fwk_tui.tui.fields.slot import EditorSlot
from fwk_tui.tui.fields.steady import SteadyVertical
from fwk_tui.tui.fields.value_editor import PreviewLine, ValueEditor
from fwk_tui.tui.held_keys import HeldKeys
from fwk_tui.tui.settle import settle

HOLD_AT_MOST = 1.0
"""Seconds the keys typed after opening a panel wait for its focus at most."""


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

    OPENS_PANEL: ClassVar[frozenset[str]] = frozenset({"enter"})
    """The keys on the rows that open a panel (Enter opens the highlighted item)."""

    def compose(self) -> ComposeResult:
        yield RowList(self.rows_text(), self.empty_text(), on_key_first=self._key_on_rows)

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

    def panel_title_class(self) -> str:
        return f"items--panel-title {self.PANEL}-title"

    _holding = False
    """The app holds the keys typed since a key on the rows opened the panel, until the panel has the focus."""

    _opened = False
    """A panel was opened since the key that may open one was read."""

    def mount_panel(self, *children: Any) -> None:
        """Put a panel of ``children`` under the rows, in place of the open one.

        Opened by a key on the rows (``a``, ``r``, Enter), the panel's input or editor takes the focus a moment
        later: the keys typed meanwhile (a burst, a fast typist) are held for it (:meth:`_key_on_rows`).
        """
        self.close(refocus=False, release=False)
        self.mount(SteadyVertical(*children, classes=f"items--panel {self.PANEL}"))
        self._opened = True

    def _key_on_rows(self, key: str) -> None:
        """A key the rows read first: one that opens a panel holds the keys typed after it (see :meth:`mount_panel`).

        Held here, before the rows read them: the key's binding acts only once the key has gone up to the app.
        """
        app = self.app
        if key in self.OPENS_PANEL and isinstance(app, HeldKeys):
            app.hold_keys()
            app.hold_queued_keys(self.rows)
            self._holding = True
            self._opened = False
            self.set_timer(HOLD_AT_MOST, self._release)  # the panel never took the focus: the keys go on anyway
            self.run_worker(self._release_unless_opened(), group="panel-keys")

    async def _release_unless_opened(self) -> None:
        """Once the key has acted: the keys held go on at once when it opened no panel (Enter on a row that opens
        nothing, ``r`` on a key not set)."""
        await settle(self.app)
        if not self._opened:
            self._release()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        super().on_descendant_focus(event)
        if self._holding and any(event.widget in p.walk_children() for p in self.query(f".{self.PANEL}")):
            self._release()

    def _release(self) -> None:
        if self._holding:
            self._holding = False
            app = self.app
            if isinstance(app, HeldKeys):
                app.release_keys_soon()

    def close(self, *, refocus: bool = True, release: bool = True) -> None:
        """Close the panel (the rows get the focus back when it had it); keys held for it go on (``release``)."""
        panels = self.query(f".{self.PANEL}")
        had_focus = any(p.has_focus_within for p in panels)
        panels.remove()
        self.forget_open()
        if refocus and had_focus:
            self.rows.focus()
        if release:
            self._release()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list is not self.rows:
            return
        event.stop()
        if self.rows.row is not None:
            self.open_row(self.rows.row)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list is self.rows:
            event.stop()

    def on_value_editor_entered(self, event: ValueEditor.Entered) -> None:
        # Enter on the open item's own text (a list's item, a key's value; not a field of an object in it):
        # back to the rows, where `a` adds the next one.
        event.stop()
        slot = next(self.query(f".{self.PANEL} EditorSlot").results(EditorSlot), None)  # its own: the first
        if slot is not None and slot.editor.enters_with(event.control):
            self.close()

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
