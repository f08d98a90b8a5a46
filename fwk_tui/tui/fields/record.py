"""Objects and records (``runtimeConfig``, ``routeRules``, ``alias``, ``vbuild.define``): a key–value editor.

Known fields of an object type are listed with their types even when unset;
other keys follow. Enter edits a value with its type's widget (nested
objects open their own key–value editor), ``a`` adds a key, ``r`` renames
one, Del removes one. Edit paths are built with ``format_path``, so odd keys
come out quoted: ``routeRules["/api/**"].cors``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, Static

from fwk_tui.catalog.types import ObjectType, RecordType, TypeExpr, render
from fwk_tui.session import Edit
from fwk_tui.source.textutil import plain
from fwk_tui.tui.fields.enter_input import EnterHoldsKeys
from fwk_tui.tui.fields.folded import FoldedText, value_row
from fwk_tui.tui.fields.items import ItemsEditor
from fwk_tui.tui.fields.kinds import ANY, starter
from fwk_tui.tui.fields.present import child_path, js, key_text, safe
from fwk_tui.tui.fields.registry import editor_for, register
from fwk_tui.tui.fields.runtime_env import group_hint, panel_note, row_suffix
from fwk_tui.tui.fields.slot import EditorSlot
from fwk_tui.tui.fields.value_editor import is_missing
from fwk_tui.tui.widgets.safe_input import SafeInput, cap_words, first_line_words
from fwk_tui.validate.values import MISSING

_KEY_WIDTH = 18


@dataclass(frozen=True)
class Entry:
    """One row: a key, the type of its value, and its value (``MISSING`` for a known field not set)."""

    key: str
    type_: TypeExpr
    value: Any
    known: bool = False
    allowed: bool = True

    @property
    def is_set(self) -> bool:
        return not is_missing(self.value)


def entries(type_: TypeExpr | None, value: Any) -> list[Entry]:
    """The rows of ``value`` under ``type_``: known fields first, then the other keys in file order."""
    values: dict[str, Any] = value if isinstance(value, dict) else {}
    out: list[Entry] = []
    if isinstance(type_, ObjectType):
        names = set()
        for f in type_.fields:
            names.add(f.name)
            out.append(Entry(f.name, f.type, values.get(f.name, MISSING), known=True))
        out.extend(Entry(k, ANY, v, allowed=type_.open) for k, v in values.items() if k not in names)
        return out
    item = type_.value if isinstance(type_, RecordType) else ANY
    return [Entry(k, item, v) for k, v in values.items()]


def _holds_keys(entry: Entry) -> bool:
    """An object (its keys are overridden one by one), set or not."""
    if entry.is_set:
        return isinstance(entry.value, dict)
    return isinstance(entry.type_, (ObjectType, RecordType))


@register("record")
class RecordEditor(ItemsEditor):
    """Keys and values of an object, one row each; the open value's (or key's) editor sits under the rows."""

    OPENS_PANEL = frozenset({"a", "insert", "r", "enter"})

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a,insert", "add", "Add key"),
        Binding("r", "rename", "Rename key"),
        Binding("delete,backspace", "remove", "Remove key"),
        Binding("escape", "close", "Close", show=False),
    ]

    PANEL = "record--panel"

    DEFAULT_CSS = """
    RecordEditor > .record--panel > .record--message {
        color: $text-error;
        height: auto;
    }
    """

    def prepare(self) -> None:
        super().prepare()
        self.entries = entries(self.type_, self.value)
        self.open_key: str | None = None
        """The key whose value editor is open, if any."""
        self.key_mode: str | None = None
        """``"add"`` or ``"rename"`` while the key input is open."""
        self._renaming = ""

    @property
    def can_add(self) -> bool:
        """Whether keys other than the known fields may be added."""
        return not isinstance(self.type_, ObjectType) or self.type_.open

    def compose(self) -> ComposeResult:
        hint = group_hint(self.path)
        if hint is not None:
            yield Static(hint, classes="record--group-hint")
        yield from super().compose()

    def hint(self) -> Text:
        if self.can_add:
            return Text("Enter: edit · a: add · Del: remove · r: rename", end="")
        return Text("Enter: edit · Del: remove · r: rename", end="")

    def rows_text(self) -> list[Text | FoldedText]:
        width = min(_KEY_WIDTH, max((len(key_text(e.key)) for e in self.entries), default=0))
        out: list[Text | FoldedText] = []
        for e in self.entries:
            row = Text(end="")
            key = key_text(e.key)
            row.append(key.ljust(width), style="bold" if e.is_set else "dim")
            row.append("  ")
            env = row_suffix(self.key_path(e.key), holds_keys=_holds_keys(e))
            if e.is_set and e.allowed:
                out.append(value_row(row, e.value, env))
                continue
            if e.is_set:
                row.append(js(e.value))
            else:
                row.append("— " + plain(render(e.type_)), style="dim")
            if not e.allowed:
                row.append("  (not in the type)", style="red")
            out.append(Text.assemble(row, env or "", end=""))
        return out

    def empty_text(self) -> Text:
        shown = self.unset_text() if is_missing(self.value) else "no keys"
        return Text(f"{shown} · a: add a key" if self.can_add else shown, style="dim italic")

    def key_path(self, key: str) -> str:
        return child_path(self.path, key)

    def _entry(self, key: str) -> Entry | None:
        return next((e for e in self.entries if e.key == key), None)

    @property
    def current(self) -> Entry | None:
        """The entry of the highlighted row."""
        row = self.rows.row
        return self.entries[row] if row is not None and row < len(self.entries) else None

    # -- the file's value -----------------------------------------------------------

    def show(self, value: Any) -> None:
        super().show(value)
        self.entries = entries(self.type_, value)
        self.show_rows()
        if self.open_key is not None:
            entry = self._entry(self.open_key)
            if entry is None:
                self.close()
            else:
                slot = next(iter(self.query(".record--panel EditorSlot").results(EditorSlot)), None)
                if slot is not None:  # its own panel's (a nested record's panel holds more), if still there
                    slot.show(entry.value)

    # -- panels ---------------------------------------------------------------------

    def reveal(self, segments: tuple[str | int, ...]) -> None:
        key = segments[0] if segments else None
        entry = self._entry(key) if isinstance(key, str) else None
        if entry is None:
            self.focus_rows()
            return
        self.rows.go_to(self.entries.index(entry))
        self.open(entry.key, rest=segments[1:])

    def open(
        self,
        key: str,
        type_: TypeExpr | None = None,
        value: Any = MISSING,
        *,
        rest: tuple[str | int, ...] = (),
        added: bool = False,
    ) -> None:
        """Open the value editor of ``key`` under the rows (``rest``: the path inside it to focus)."""
        entry = self._entry(key)
        type_ = entry.type_ if entry is not None else (type_ or ANY)
        value = entry.value if entry is not None else value
        slot = EditorSlot(editor_for(self.key_path(key), type_, value))
        title = Text.assemble((key_text(key), "bold"), "  ", plain(render(type_)), "  · Esc: close")
        title.no_wrap = True
        title.overflow = "ellipsis"
        holds_keys = isinstance(value, dict) or (is_missing(value) and isinstance(type_, (ObjectType, RecordType)))
        note = panel_note(self.key_path(key), added=added, holds_keys=holds_keys)
        notes = [Static(note, classes="record--panel-note")] if note is not None else []
        self.mount_panel(Static(title, classes=self.panel_title_class()), *notes, slot)
        self.open_key = key
        slot.editor.reveal_once_composed(rest)

    def _open_key_input(self, mode: str, key: str = "") -> None:
        title = "new key · Enter: add · Esc: cancel" if mode == "add" else f"rename {key_text(key)} to · Enter · Esc"
        field = EnterHoldsKeys(key, placeholder="key", compact=True, classes="record--key-input")
        self.mount_panel(
            Static(safe(title), classes=self.panel_title_class()), field, Static(classes="record--message")
        )
        self.key_mode = mode
        self._renaming = key
        self.call_after_refresh(field.focus)

    @property
    def is_open(self) -> bool:
        return self.open_key is not None or self.key_mode is not None

    def forget_open(self) -> None:
        self.open_key = None
        self.key_mode = None

    def open_row(self, row: int) -> None:
        entry = self.current
        if entry is not None:
            self.open(entry.key)

    @on(Input.Submitted, ".record--key-input")
    def _key_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit_key(event.value)
        if isinstance(event.input, EnterHoldsKeys):
            # The keys typed after this Enter go where the focus goes now: the value's editor,
            # the rows, or this input again when the key is refused.
            self.call_after_refresh(event.input.released)

    @on(SafeInput.FirstLine, ".record--key-input")
    def _key_first_line(self, event: SafeInput.FirstLine) -> None:
        event.stop()
        self._say(f"a key is one line: {first_line_words(event.left)}")

    @on(SafeInput.Full, ".record--key-input")
    def _key_full(self, event: SafeInput.Full) -> None:
        event.stop()
        self._say(f"a key {cap_words(event.control.max_length)}")

    def _say(self, words: str) -> None:
        for message in self.query(".record--message").results(Static):
            message.update(safe(words))

    def _submit_key(self, key: str) -> None:
        problem = self._key_problem(key)
        if problem is not None:
            self._say(problem)
            return
        if self.key_mode == "rename":
            old = self._renaming
            self.close()
            self.request(Edit("rename", self.key_path(old), key=key))
            return
        type_ = self.type_.value if isinstance(self.type_, RecordType) else ANY
        value = starter(type_)
        self.request_set_key(key, value)
        self.open(key, type_, value, added=True)

    def request_set_key(self, key: str, value: Any) -> None:
        # Merged: the value typed next joins this step, so one undo takes the new key away.
        self.request(Edit("set", self.key_path(key), value), merge=True)

    def _key_problem(self, key: str) -> str | None:
        if not key:
            return "a key cannot be empty"
        if self.key_mode == "rename" and key == self._renaming:
            return "that is its name already"
        entry = self._entry(key)
        if entry is not None and entry.is_set:
            return f"{key_text(key)} is already there"
        if entry is not None and entry.known and self.key_mode == "add":
            return f"{key_text(key)} is a field of its own: Enter on its row"
        return None

    # -- keys -----------------------------------------------------------------------

    def row_action(self, action: str) -> bool:
        if action == "add":
            return self.can_add
        entry = self.current
        return entry is not None and entry.is_set

    def action_add(self) -> None:
        """Ask for a new key, then edit its value."""
        self._open_key_input("add")

    def action_rename(self) -> None:
        """Ask for a new name of the highlighted key."""
        entry = self.current
        if entry is not None and entry.is_set:
            self._open_key_input("rename", entry.key)

    def action_remove(self) -> None:
        """Remove the highlighted key from the file."""
        entry = self.current
        if entry is None or not entry.is_set:
            return
        if self.open_key == entry.key:
            self.close()
        self.request(Edit("unset", self.key_path(entry.key)))
