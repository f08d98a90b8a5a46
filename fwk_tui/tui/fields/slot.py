"""A place for one value editor, swapped for another when the value changes kind."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widget import Widget

from fwk_tui.catalog.models import Default
from fwk_tui.catalog.types import TypeExpr
from fwk_tui.tui.fields.registry import editor_class, editor_for
from fwk_tui.tui.fields.steady import SteadyArrange
from fwk_tui.tui.fields.value_editor import ValueEditor


def swap_editor(parent: Widget, old: ValueEditor, new: ValueEditor) -> None:
    """Put ``new`` where ``old`` is; the focus follows only when ``old`` had it.

    A focused ``old`` goes only once ``new`` is mounted and has the focus:
    removing the focused widget first would hand the focus (and the keys typed
    meanwhile) to whatever Textual picks next, another field.
    """
    if not parent.is_mounted:
        return
    mounting = parent.mount(new, after=old)
    if not old.has_focus_within:
        old.remove()
        return

    async def hand_over() -> None:
        await mounting
        new.focus_first()
        parent.call_after_refresh(old.remove)  # after the focus moved (Widget.focus is deferred)

    parent.run_worker(hand_over(), group="swap-editor")


def update_editor(
    parent: Widget, old: ValueEditor, type_: TypeExpr | None, value: Any, default: Default | None
) -> ValueEditor:
    """``old`` showing ``value``, or a new editor in its place when the value or type needs another kind.

    The focused editor is never replaced by its own value coming back: typing
    ``8`` over ``port: 'abc'`` makes the value a number, but the input keeps the
    keys (the focus moving under the user's fingers sends the rest elsewhere).
    It gets its kind's editor when the focus leaves (:meth:`OptionField.settle_kind`).
    """
    same_frame = old.type_ == type_ and old.default == default
    same_kind = type(old) is editor_class(type_, value, old.path)
    if same_frame and (same_kind or (old.has_focus_within and old.typed_here(value))):
        old.show(value)
        return old
    new = editor_for(old.path, type_, value, default=default)
    swap_editor(parent, old, new)
    return new


class EditorSlot(SteadyArrange):
    """Holds ``editor`` (of an open item of a list or record); :meth:`show` updates or replaces it."""

    DEFAULT_CSS = """
    EditorSlot {
        height: auto;
    }
    """

    def __init__(self, editor: ValueEditor, *, classes: str | None = None) -> None:
        super().__init__(classes=classes)
        self.editor = editor
        """The editor shown: another one when the item's value changes kind (same path, type and default)."""

    def compose(self) -> ComposeResult:
        yield self.editor

    def show(self, value: Any) -> None:
        """Show ``value``: the item's new value in the file."""
        editor = self.editor
        self.editor = update_editor(self, editor, editor.type_, value, editor.default)
