"""Strings (text, date, URL, path, glob, regex, layer source): an input checked at every keystroke."""

from __future__ import annotations

from typing import Any

from fwk_tui.catalog.types import StrType
from fwk_tui.catalog.types.formats import FORMATS
from fwk_tui.source import ParseError, read_expression
from fwk_tui.source.textutil import plain
from fwk_tui.source.values import Code
from fwk_tui.tui.fields.input_editor import InputEditor, InvalidText
from fwk_tui.tui.fields.kinds import text_type
from fwk_tui.tui.fields.present import default_value, not_set
from fwk_tui.tui.fields.registry import register


@register("text")
class TextEditor(InputEditor):
    """A string in an input; ``regex`` values are written ``/pattern/flags``; the type's literals are suggested."""

    def prepare(self) -> None:
        super().prepare()
        found = text_type(self.type_) if self.type_ is not None else None
        self.format: StrType = found[0] if found else StrType()
        self._suggestions: list[str] = found[1] if found else []

    def suggestions(self) -> list[str]:
        out = list(self._suggestions)
        default = default_value(self.default)
        if isinstance(default, str) and default and default not in out:
            out.append(default)
        return out

    def placeholder(self) -> str:
        default = default_value(self.said_default)
        hint = FORMATS[self.format.format].hint
        if isinstance(default, str) and default:
            return f"default: {plain(default)}" + (f"  ({hint})" if hint else "")
        return hint or not_set(self.said_default)

    def text_of(self, value: Any) -> str:
        if isinstance(value, str):
            return value
        if isinstance(value, Code) and value.kind == "regex":
            return value.text
        return ""

    def read(self, text: str) -> Any:
        if self.format.format != "regex":
            return text
        if not text.strip().startswith("/"):
            raise InvalidText("expected a regular expression written /pattern/flags")
        try:
            value = read_expression(text)
        except ParseError as exc:
            raise InvalidText(f"not a regular expression: {exc.message}") from exc
        if not (isinstance(value, Code) and value.kind == "regex"):
            raise InvalidText("expected a regular expression written /pattern/flags")
        return value
