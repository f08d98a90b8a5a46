"""A place for one value editor, swapped for another when the value changes kind."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widget import Widget

from fwk_tui.catalog.models import Default
from fwk_tui.catalog.types import TypeExpr
from fwk_tui.tui.fields.base import ValueEditor

_UNCHANGED: Any = object()


def swap_editor(parent: Widget, old: ValueEditor, new: ValueEditor) -> None:
    """Put ``new`` where ``old`` is; the focus follows only when ``old`` had it."""
    had_focus = old.has_focus_within
    if not parent.is_mounted:
        return
    parent.mount(new, after=old)
    old.remove()
    if had_focus:
        parent.call_after_refresh(new.focus_first)


class EditorSlot(Widget):
    """Holds the editor of ``path``; :meth:`show` updates it, or replaces it when another kind is needed."""

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

    def show(self, value: Any, *, type_: TypeExpr | None = _UNCHANGED, default: Default | None = _UNCHANGED) -> None:
        """Show ``value`` (and a new type or default, after a variant switch)."""
        from fwk_tui.tui.fields.factory import editor_class, editor_for

        if type_ is not _UNCHANGED:
            self.type_ = type_
        if default is not _UNCHANGED:
            self.default = default
        old = self.editor
        if type(old) is editor_class(self.type_, value) and old.type_ == self.type_ and old.default == self.default:
            old.show(value)
            return
        self.editor = editor_for(self.path, self.type_, value, default=self.default)
        swap_editor(self, old, self.editor)
