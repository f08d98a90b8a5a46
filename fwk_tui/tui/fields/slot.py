"""A place for one value editor, swapped for another when the value changes kind."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widget import Widget

from fwk_tui.catalog.models import Default
from fwk_tui.catalog.types import TypeExpr
from fwk_tui.tui.fields.base import ValueEditor


def swap_editor(parent: Widget, old: ValueEditor, new: ValueEditor) -> None:
    """Put ``new`` where ``old`` is; the focus follows only when ``old`` had it."""
    had_focus = old.has_focus_within
    if not parent.is_mounted:
        return
    parent.mount(new, after=old)
    old.remove()
    if had_focus:
        parent.call_after_refresh(new.focus_first)


def update_editor(
    parent: Widget, old: ValueEditor, type_: TypeExpr | None, value: Any, default: Default | None
) -> ValueEditor:
    """``old`` showing ``value``, or a new editor in its place when the value or type needs another kind."""
    from fwk_tui.tui.fields.factory import editor_class, editor_for

    if type(old) is editor_class(type_, value) and old.type_ == type_ and old.default == default:
        old.show(value)
        return old
    new = editor_for(old.path, type_, value, default=default)
    swap_editor(parent, old, new)
    return new


class EditorSlot(Widget):
    """Holds the editor of ``path`` (an open item of a list or record); :meth:`show` updates or replaces it."""

    DEFAULT_CSS = """
    EditorSlot {
        height: auto;
    }
    """

    def __init__(
        self,
        path: str,
        type_: TypeExpr | None,
        value: Any,
        *,
        default: Default | None = None,
        classes: str | None = None,
    ) -> None:
        from fwk_tui.tui.fields.factory import editor_for

        super().__init__(classes=classes)
        self.path = path
        self.type_ = type_
        self.default = default
        self.editor: ValueEditor = editor_for(path, type_, value, default=default)

    def compose(self) -> ComposeResult:
        yield self.editor

    def show(self, value: Any) -> None:
        """Show ``value``: the item's new value in the file."""
        self.editor = update_editor(self, self.editor, self.type_, value, self.default)
