"""Arrays: a row per item; add, remove and reorder with keys, Enter edits an item with its type's widget."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Static

from fwk_tui.catalog.types import ArrayType, TypeExpr, UnionType, describe
from fwk_tui.paths import PathError, parse_path
from fwk_tui.session import Edit
from fwk_tui.source.values import Code
from fwk_tui.tui.fields.folded import FoldedText, value_row
from fwk_tui.tui.fields.items import ItemsEditor
from fwk_tui.tui.fields.kinds import ANY, starter
from fwk_tui.tui.fields.present import child_path
from fwk_tui.tui.fields.registry import editor_for, register
from fwk_tui.tui.fields.slot import EditorSlot
from fwk_tui.tui.fields.value_editor import ValueEditor, is_missing
from fwk_tui.validate.values import MISSING


@register("list")
class ListEditor(ItemsEditor):
    """The items of an array, one row each; the open item's editor sits under the rows.

    Paths of the edits name the item: ``modules[2]``. A new item (``a``) is a
    draft until it gets a value: its first edit inserts it, and Esc on a draft
    never touched adds nothing (no empty ``''`` item, no copy of a neighbour).
    """

    OPENS_PANEL = frozenset({"a", "insert", "enter"})

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a,insert", "add", "Add item"),
        Binding("delete,backspace", "remove", "Remove item"),
        Binding("ctrl+up,shift+up", "move(-1)", "Move up"),
        Binding("ctrl+down,shift+down", "move(1)", "Move down"),
        Binding("escape", "close", "Close item", show=False),
    ]

    PANEL = "list--panel"

    def prepare(self) -> None:
        super().prepare()
        self.item_type: TypeExpr = self.type_.item if isinstance(self.type_, ArrayType) else ANY
        self.open_index: int | None = None
        """The item whose editor is open, if any."""
        self.draft: int | None = None
        """The index of the new item being edited before it is in the file, if any."""
        self._pending_row: int | None = None
        self._draft_value: Any = MISSING

    @property
    def items(self) -> list[Any]:
        return self.value if isinstance(self.value, list) else []

    def hint(self) -> Text:
        return Text("Enter: edit · a: add · Del: remove · Ctrl+↑↓: move", end="")

    def rows_text(self) -> list[Text | FoldedText]:
        width = len(str(len(self.items) - 1)) if self.items else 1
        return [value_row(Text(f"{i:>{width}}  ", "dim"), item) for i, item in enumerate(self.items)]

    def empty_text(self) -> Text:
        shown = self.unset_text() if is_missing(self.value) else "empty list"
        return Text(f"{shown} · a: add an item", style="dim italic")

    @property
    def is_open(self) -> bool:
        return self.open_index is not None

    def item_path(self, index: int) -> str:
        return child_path(self.path, index)

    # -- the file's value -----------------------------------------------------------

    def show(self, value: Any) -> None:
        before = len(self.items)
        inserted = self._pending_row  # the draft's own insert (or a move) asked for this value
        super().show(value)
        self.show_rows()
        if self._pending_row is not None:
            self.rows.go_to(self._pending_row)
            self._pending_row = None
        if self.open_index is not None and self.draft is None:
            # Items came or went (an undo of the insert): the open index may name another item now.
            shifted = len(self.items) != before and inserted != self.open_index
            if not shifted and self.open_index < len(self.items):
                self.query_one(".list--panel EditorSlot", EditorSlot).show(self.items[self.open_index])
                if inserted == self.open_index:  # the draft is in the file now
                    self.query_one(".list--panel-title", Static).update(self._title(self.open_index))
            else:
                self.close()

    # -- the item's editor ----------------------------------------------------------

    def reveal(self, segments: tuple[str | int, ...]) -> None:
        if segments and isinstance(segments[0], int) and 0 <= segments[0] < len(self.items):
            self.rows.go_to(segments[0])
            self.open(segments[0], rest=segments[1:])
        else:
            self.focus_rows()

    def open(self, index: int, value: Any = None, *, rest: tuple[str | int, ...] = (), draft: bool = False) -> None:
        """Open the editor of item ``index`` under the rows (``draft``: a new item, ``value`` until it is written).

        ``rest``: the path inside the item to focus.
        """
        item = value if draft else self.items[index]
        slot = EditorSlot(editor_for(self.item_path(index), self.item_type, item))
        self.mount_panel(Static(self._title(index, draft=draft), classes=self.panel_title_class()), slot)
        self.draft = index if draft else None
        self.open_index = index
        slot.editor.reveal_once_composed(rest)

    def _title(self, index: int, *, draft: bool = False) -> Text:
        new = "new item, added once it has a value · " if draft else ""
        return Text.assemble((f"[{index}] ", "bold"), new, describe(self.item_type), "  · Esc: close")

    def forget_open(self) -> None:
        self.open_index = None
        self.draft = None

    def open_row(self, row: int) -> None:
        self.open(row)

    def on_option_field_edit_requested(self, event: ValueEditor.EditRequested) -> None:
        # The draft's first edit is the insert of the item; later ones edit it in place.
        index = self.draft
        if index is None:
            return
        edit = event.edit
        item = parse_path(self.item_path(index))
        try:
            segments = parse_path(edit.path)
        except PathError:
            return
        if segments[: len(item)] != item:
            return
        rest = segments[len(item) :]
        if edit.kind == "set":
            value = _set_in(self._draft_value, rest, edit.value)
        elif edit.kind == "set_code" and not rest:
            value = Code(edit.value)
        else:
            event.stop()
            return  # nothing else changes an item that is not in the file yet
        self.draft = None
        self._pending_row = index
        # The request goes on up as the insert, in its place: keys typed in the same burst
        # follow it as edits of the item. Posted anew, the insert went up after them, and
        # the item's next edit, run first, added the item itself: two items.
        event.edit = Edit("insert", self.path, value, index=index)

    # -- keys -----------------------------------------------------------------------

    def action_add(self) -> None:
        """Add an item after the highlighted one and open its editor."""
        row = self.rows.row
        index = len(self.items) if row is None else row + 1
        # An object starts with its required fields, a union (a module: a name or [name, options]) on the kind
        # of its starter so the name is typed at once; a plain value starts empty, not as '' or 0.
        value = starter(self.item_type)
        if not isinstance(self.item_type, UnionType) and not isinstance(value, (dict, list)):
            value = MISSING
        self._draft_value = value
        self.open(index, value, draft=True)

    def action_remove(self) -> None:
        """Remove the highlighted item."""
        row = self.rows.row
        if row is None:
            return
        if self.open_index is not None and self.open_index >= row:
            self.close()
        self.request(Edit("remove", self.item_path(row)))

    def action_move(self, step: int) -> None:
        """Move the highlighted item up or down."""
        row = self.rows.row
        if row is None:
            return
        target = row + step
        if not 0 <= target < len(self.items):
            return
        self.close()
        self._pending_row = target
        self.request(Edit("move", self.item_path(row), index=target))


def _set_in(base: Any, rest: tuple[str | int, ...], value: Any) -> Any:
    """``base`` (a new item's starting value) with ``value`` at ``rest`` below it; ``base`` is left as it is."""
    if not rest:
        return value
    key, tail = rest[0], rest[1:]
    if isinstance(base, dict) and isinstance(key, str):
        return {**base, key: _set_in(base.get(key, MISSING), tail, value)}
    if isinstance(base, list) and isinstance(key, int) and 0 <= key < len(base):
        return [*base[:key], _set_in(base[key], tail, value), *base[key + 1 :]]
    return [_set_in(MISSING, tail, value)] if isinstance(key, int) else {key: _set_in(MISSING, tail, value)}
