"""Any value written as one line of JavaScript: ``'text'``, ``42``, ``true``, ``[1, 2]``, or an expression.

Where the type is unknown (a module's option, ``any``), plain words need no
quotes: the text is read by :func:`~fwk_tui.source.loose.read_loose`, and a
dim note under the input says what was taken (``as text``, ``as a number``...).
A number the file would write otherwise (``1.10``) is kept as text, and
:data:`AS_NUMBER_KEY` (a binding of the unknown value's editor) makes it the number.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from fwk_tui.catalog.types import AnyType
from fwk_tui.session import Edit
from fwk_tui.source import ParseError, read_expression
from fwk_tui.source.loose import read_loose
from fwk_tui.source.number_form import Reshaped
from fwk_tui.source.values import Code
from fwk_tui.tui.fields.input_editor import InputEditor, InvalidText
from fwk_tui.tui.fields.kinds import text_type
from fwk_tui.tui.fields.present import default_value, js, js_source
from fwk_tui.tui.fields.registry import register
from fwk_tui.tui.fields.value_editor import PreviewLine, is_missing
from fwk_tui.tui.widgets.safe_input import SafeInput
from fwk_tui.validate.typecheck import check_value, phrase

AS_NUMBER_KEY = "ctrl+n"
"""Turns text kept for its form (``1.10``) into the number it reads as (1.1). Ctrl+T is the unknown value's
editor's already (values or code)."""
AS_NUMBER_SHOWN = "Ctrl+N"


@register("expression")
class ExpressionEditor(InputEditor):
    """A value as a JavaScript literal in an input, written at each keystroke; another expression is code,
    written on Enter.

    Used for ``any``, for keys the catalogue does not know, and for a value of
    the wrong kind for its type (``ssr: 'yes'``): once the text is a right
    value, the field turns into that type's own editor.
    """

    SELECT_ON_FOCUS = True  # a starter such as `null` is replaced by what is typed

    _kept: bool = False
    """Whether the input's text is a number kept as text (the footer shows :data:`AS_NUMBER_KEY` then)."""

    @property
    def untyped(self) -> bool:
        """Any value goes here: plain words read as text (see :func:`~fwk_tui.source.loose.read_loose`)."""
        return self.type_ is None or isinstance(self.type_, AnyType)

    @property
    def text_like(self) -> bool:
        """A string type holding a value of another kind (``baseURL: 42``): plain words typed are its text."""
        if self.untyped or self.type_ is None:
            return False
        found = text_type(self.type_)
        return found is not None and found[0].format != "regex"

    def placeholder(self) -> str:
        default = default_value(self.said_default)
        if not is_missing(default):
            return f"default: {js(default)}"
        if self.untyped:
            return "text, or a value: 42, true, [ ], { }"
        if self.type_ is not None:
            return f"{phrase(self.type_)}, as JavaScript"
        return "a JavaScript value: 'text', 42, true, [ ], { }"

    def preview(self) -> list[PreviewLine]:
        if isinstance(self.value, Code) and "\n" in self.value.text:
            # The input would show one line with ␊ marks, cut at its width: fold it so the structure shows.
            return [(Text(js(self.value), end=""), True)]
        return super().preview()

    def text_of(self, value: Any) -> str:
        if is_missing(value):
            return ""
        if isinstance(value, Code):
            return value.text
        if self.untyped and isinstance(value, str) and value and read_loose(value).value == value:
            return value  # plain words, shown as typed: they read back as the same string
        return js_source(value)  # strings come out escaped: the text reads back as the same value

    def read(self, text: str) -> Any:
        if self.untyped:
            try:
                return read_loose(text).value
            except ParseError as exc:  # a literal or code not finished yet
                raise InvalidText(exc.message) from exc
        try:
            value = read_expression(text)
        except ParseError as exc:
            if self._as_text(text):
                return text
            raise InvalidText(exc.message) from exc
        if self._as_text(text) and self.type_ is not None and check_value(self.type_, value, ()):
            return text  # `/docs/` is a path here, not a regular expression; `Docs Site` a title
        if isinstance(value, Code) and value.kind == "expr":
            return Code(text.strip())
        return value

    def _as_text(self, text: str) -> bool:
        stripped = text.strip()
        return self.text_like and bool(stripped) and stripped[0] not in "'\"`[{("

    def reading_note(self, text: str) -> str | None:
        if self.text_like:
            try:
                return "as text" if isinstance(self.read(text), str) and self._as_text(text) else None
            except InvalidText:
                return None
        if not self.untyped:
            return None
        try:
            reading = read_loose(text)
        except ParseError:
            return None
        if reading.reshaped is not None:
            return f"{reading.note} · {AS_NUMBER_SHOWN}: number"
        return reading.note

    def kept_number(self) -> Reshaped | None:
        """The number the input's text reads as, when the text is kept as text for its form (``1.10``)."""
        if not self.untyped or not self.query_children(SafeInput):
            return None
        try:
            return read_loose(self.input.value).reshaped
        except ParseError:
            return None

    def take_number(self) -> None:
        """Put the number the kept text reads as in the input, as the file writes it (``1.1``): it is written."""
        found = self.kept_number()
        if found is not None:
            self.input.value = found.written  # read and written as if typed
            self.input.cursor_position = len(found.written)

    def text_changed(self, text: str) -> None:
        kept = self.kept_number() is not None
        if kept != self._kept:
            self._kept = kept
            self.refresh_bindings()  # the footer offers the number, or stops offering it

    def post(self, value: Any) -> None:
        if isinstance(value, Code) and value.kind == "expr":
            # Half-typed words (`t`, `tru`) read as code too: code waits for Enter.
            self._message("an expression, not a value: Enter writes it as code", note=True)
            return
        self.request_set(value, merge=True)

    def submit(self, text: str) -> None:
        value, problem = self.check(text)
        if problem is None and isinstance(value, Code) and value.kind == "expr" and value != self.value:
            self._message(None)
            self.request(Edit("set_code", self.path, value.text))
