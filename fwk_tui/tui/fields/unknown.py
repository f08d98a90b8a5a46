"""Keys the catalogue does not know (module options) and ``any``: edit as values, or as code."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from fwk_tui.catalog.types import ArrayType, RecordType, TypeExpr
from fwk_tui.source.values import Code
from fwk_tui.tui.fields.code import CodeEditor
from fwk_tui.tui.fields.expression import AS_NUMBER_KEY, ExpressionEditor
from fwk_tui.tui.fields.kinds import ANY
from fwk_tui.tui.fields.list import ListEditor
from fwk_tui.tui.fields.record import RecordEditor
from fwk_tui.tui.fields.registry import MAX_DEPTH, register, too_deep
from fwk_tui.tui.fields.slot import swap_editor
from fwk_tui.tui.fields.value_editor import PreviewLine, ValueEditor, lazy_static

Mode = Literal["values", "code"]


def _is_code(value: Any) -> bool:
    return isinstance(value, Code) and value.kind == "expr"


@register("unknown")
class UnknownEditor(ValueEditor):
    """As values: an object's keys, a list's items or a JavaScript literal, each editable; as code: its source.

    Ctrl+T switches between the two. Code starts as code; as a value it is one line of JavaScript.
    Ctrl+N makes a number kept as text for its form (``1.10``) the number (1.1).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+t", "toggle_mode", "Values/code"),
        Binding(AS_NUMBER_KEY, "as_number", "As a number"),
    ]

    def prepare(self) -> None:
        super().prepare()
        deep = too_deep(self.path) and isinstance(self.value, (dict, list))
        self.mode: Mode = "code" if _is_code(self.value) or deep else "values"
        self.inner: ValueEditor = self._make(self.value)

    def compose(self) -> ComposeResult:
        yield self.inner

    def preview(self) -> list[PreviewLine]:
        return self.inner.preview()

    def hint(self) -> Text:
        if self.mode == "code":
            deep = too_deep(self.path) and not _is_code(self.value)
            why = f" (more than {MAX_DEPTH} keys deep)" if deep else ""
            return Text(f"as code{why} · Ctrl+T: as values", end="")
        return Text("as values · Ctrl+T: as code", end="")

    def _inner_class(self, value: Any) -> type[ValueEditor]:
        if self.mode == "code":
            return CodeEditor
        if isinstance(value, dict):
            return RecordEditor
        if isinstance(value, list):
            return ListEditor
        return ExpressionEditor

    def _make(self, value: Any) -> ValueEditor:
        cls = self._inner_class(value)
        type_: TypeExpr | None = self.type_
        if cls is RecordEditor:
            type_ = RecordType(ANY)
        elif cls is ListEditor:
            type_ = ArrayType(ANY)
        return cls(self.path, type_, value, default=self.default)

    def reveal(self, segments: tuple[str | int, ...]) -> None:
        self.inner.reveal(segments)

    def show(self, value: Any) -> None:
        super().show(value)
        if type(self.inner) is self._inner_class(value):
            self.inner.show(value)
            return
        old, self.inner = self.inner, self._make(value)
        swap_editor(self, old, self.inner)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "as_number":  # only while the text is a number kept as text
            return isinstance(self.inner, ExpressionEditor) and self.inner.kept_number() is not None
        return True

    def action_as_number(self) -> None:
        """Make the number kept as text for its form (``1.10``) the number it reads as (1.1)."""
        if isinstance(self.inner, ExpressionEditor):
            self.inner.take_number()

    def action_toggle_mode(self) -> None:
        """Edit the value as values, or as code."""
        self.mode = "values" if self.mode == "code" else "code"
        old, self.inner = self.inner, self._make(self.value)
        swap_editor(self, old, self.inner)
        if self.query_children(".editor--hint"):
            lazy_static(self, "editor--hint").update(self.hint())
