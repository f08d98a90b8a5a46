"""Numbers (``integer(1..65535)`` for ports...): an input checked at every keystroke, range included."""

from __future__ import annotations

from typing import Any

from fwk_tui.catalog.types import NumType
from fwk_tui.source import ParseError, read_expression
from fwk_tui.tui.fields.input_editor import InputEditor, InvalidText
from fwk_tui.tui.fields.present import default_value
from fwk_tui.tui.fields.registry import register
from fwk_tui.validate.typecheck import phrase


@register("number")
class NumberEditor(InputEditor):
    """A number in an input, read as JavaScript reads it (``4e3``, ``0x10``, ``1_000``); the range is checked."""

    def _wanted(self) -> str:
        return phrase(self.type_) if isinstance(self.type_, NumType) else "a number"

    def placeholder(self) -> str:
        default = default_value(self.said_default)
        wanted = self._wanted()
        if isinstance(default, (int, float)) and not isinstance(default, bool):
            return f"default: {default}  ({wanted})"
        return wanted

    def text_of(self, value: Any) -> str:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return ""
        return str(value)

    def read(self, text: str) -> Any:
        problem = f"expected {self._wanted()}, got {text.strip() or 'nothing'}"
        if not text.strip():
            raise InvalidText(problem)
        try:
            value = read_expression(text)
        except ParseError as exc:
            raise InvalidText(problem) from exc
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise InvalidText(problem)
        if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
            return int(value)  # 4e3 is the whole number 4000, written as such
        return value
