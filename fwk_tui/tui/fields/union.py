"""A union of kinds (``boolean | {…}``, ``integer(0..) | false``): pick the kind, then edit it with its widget."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult

from fwk_tui.catalog.types import TypeExpr, UnionType
from fwk_tui.tui.fields.expression import ExpressionEditor
from fwk_tui.tui.fields.input_editor import InputEditor
from fwk_tui.tui.fields.kind_picker import KindPicker, picker_text
from fwk_tui.tui.fields.kinds import UnionKind, kind_of_value, starter, union_kinds
from fwk_tui.tui.fields.registry import editor_class, register
from fwk_tui.tui.fields.slot import swap_editor
from fwk_tui.tui.fields.value_editor import PreviewLine, ValueEditor, is_missing, same_value


@register("union")
class UnionEditor(ValueEditor):
    """A kind picker (``○ off  ○ on  ● options…``) and, under it, the widget of the kind the value is.

    Picking another kind writes a starter value of that kind (the default when
    it is of that kind); a value of no kind of the union is shown as a
    JavaScript value to correct.
    """

    DEFAULT_CSS = """
    UnionEditor {
        height: auto;
        & > .union--inner {
            height: auto;
            margin: 0 0 0 2;
        }
    }
    """

    def prepare(self) -> None:
        super().prepare()
        assert isinstance(self.type_, UnionType)
        self.kinds: list[UnionKind] = union_kinds(self.type_)
        self.inner: ValueEditor | None = self._inner_for(self.value)

    @property
    def kind(self) -> int | None:
        """The index of the kind of the current value, or ``None``."""
        return None if is_missing(self.value) else kind_of_value(self.kinds, self.value)

    def compose(self) -> ComposeResult:
        yield KindPicker([k.label for k in self.kinds], self.kind)
        if self.inner is not None:
            yield self.inner

    def preview(self) -> list[PreviewLine]:
        lines: list[PreviewLine] = [(picker_text([k.label for k in self.kinds], self.kind), False)]
        if self.inner is not None:
            lines.extend((Text("  ") + text, boxed) for text, boxed in self.inner.preview())
        return lines

    def _inner_type(self, value: Any) -> TypeExpr | None:
        """The type whose widget shows ``value`` under the picker (``None``: the picker says it all)."""
        if is_missing(value):
            return None
        index = kind_of_value(self.kinds, value)
        if index is None:
            return self.type_  # a value of no kind: shown as JavaScript
        kind = self.kinds[index]
        return None if kind.fixed else kind.type_

    def _inner_class(self, value: Any) -> type[ValueEditor] | None:
        type_ = self._inner_type(value)
        if type_ is None:
            return None
        return ExpressionEditor if type_ is self.type_ else editor_class(type_, value, self.path)

    def _inner_for(self, value: Any) -> ValueEditor | None:
        cls = self._inner_class(value)
        if cls is None:
            return None
        return cls(self.path, self._inner_type(value), value, default=self.default, classes="union--inner")

    def focus_first(self, *, scroll_visible: bool = True) -> bool:
        """A value of a text kind takes the keys at once (a module just added is typed next); others start at the picker."""
        if isinstance(self.inner, InputEditor) and self.inner.focus_first(scroll_visible=scroll_visible):
            return True
        return super().focus_first(scroll_visible=scroll_visible)

    def enters_with(self, editor: ValueEditor) -> bool:
        return editor is self or editor is self.inner

    def reveal(self, segments: tuple[str | int, ...]) -> None:
        if self.inner is not None and segments:
            self.inner.reveal(segments)
        else:
            self.focus_first()

    def on_kind_picker_picked(self, event: KindPicker.Picked) -> None:
        event.stop()
        kind = self.kinds[event.index]
        if not is_missing(self.value) and kind.matches(self.value):
            return
        value = kind.value if kind.fixed else starter(kind.type_, self.default)
        self.request_set(value)

    def show(self, value: Any) -> None:
        previous = self.value
        super().show(value)
        picker = next(iter(self.query(KindPicker)), None)  # its own (the first); none while being removed
        if picker is not None:
            picker.chosen = self.kind
            if picker.chosen is not None:
                picker.cursor = picker.chosen
        if same_value(previous, value) and self.inner is not None:
            return
        old = self.inner
        if old is not None and type(old) is self._inner_class(value) and old.type_ == self._inner_type(value):
            old.show(value)
            return
        self.inner = self._inner_for(value)
        if old is not None and self.inner is not None:
            swap_editor(self, old, self.inner)
            return
        if old is not None:
            if old.has_focus_within and picker is not None:
                picker.focus()
            old.remove()
        if self.inner is not None:
            self.mount(self.inner)
