"""Write Python values as JavaScript source in a file's style."""

from __future__ import annotations

import math
import re
from functools import lru_cache

from tree_sitter import Node

from fwk_tui.source.errors import DocumentError
from fwk_tui.source.nodes import PROTO, static_key, text_of
from fwk_tui.source.parse import parse_bytes
from fwk_tui.source.style import Style
from fwk_tui.source.textutil import first_surrogate
from fwk_tui.source.values import UNDEFINED, Code, JSValue

_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
# Quotes and backslash are handled per quote style; the rest are always escaped.
_ESCAPES = {
    "\\": "\\\\",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "\b": "\\b",
    "\f": "\\f",
    "\v": "\\v",
    "\u2028": "\\u2028",
    "\u2029": "\\u2029",
}
_NEEDS_ESCAPE = re.compile(r"[\\\n\r\t\b\f\v\u2028\u2029\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_ONE_LINE_ARRAY_WIDTH = 80


class Renderer:
    """Renders values, keys and members as code in one file's style."""

    def __init__(self, style: Style) -> None:
        self.style = style

    def string(self, value: str) -> str:
        """A string literal, in the file's quotes unless the other needs fewer escapes."""
        quote = self.style.quote
        other = '"' if quote == "'" else "'"
        if value.count(quote) > value.count(other):
            quote = other
        body = _NEEDS_ESCAPE.sub(_escape_char, value).replace(quote, "\\" + quote)
        return f"{quote}{body}{quote}"

    def key(self, key: str) -> str:
        """A property name: bare when it is a plain identifier, quoted otherwise; ``['__proto__']`` computed."""
        if key == PROTO:
            return f"[{self.string(key)}]"  # bare or quoted, JavaScript would set the prototype instead
        return key if _IDENTIFIER.fullmatch(key) else self.string(key)

    def member(self, key: str, value: JSValue, indent: str, inline: bool = False) -> str:
        """``key: value`` (or a method named ``key``), for a line indented by ``indent``."""
        if isinstance(value, Code) and is_method_source(value.text):
            return rename_method(value.text, self.key(key))
        return f"{self.key(key)}: {self.value(value, indent, inline)}"

    def value(self, value: JSValue, indent: str = "", inline: bool = False) -> str:
        """``value`` as an expression; multi-line parts are indented from ``indent``."""
        if value is None:
            return "null"
        if value is UNDEFINED:
            return "undefined"
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, int):
            return str(value)
        if isinstance(value, float):
            return _number(value)
        if isinstance(value, str):
            return self.string(value)
        if isinstance(value, Code):
            return value.text
        if isinstance(value, dict):
            return self._object(value, indent, inline)
        if isinstance(value, (list, tuple)):
            return self._array(list(value), indent, inline)
        raise DocumentError(f"cannot write a {type(value).__name__} value as JavaScript")

    def _object(self, value: dict[str, JSValue], indent: str, inline: bool) -> str:
        if not value:
            return "{}"
        for key in value:
            if not isinstance(key, str):
                raise DocumentError(f"object keys must be strings, not {key!r}")
        if inline:
            pad = " " if self.style.brace_spaces else ""
            body = ", ".join(self.member(k, v, indent, True) for k, v in value.items())
            return f"{{{pad}{body}{pad}}}"
        inner = indent + self.style.indent
        lines = [inner + self.member(k, v, inner) for k, v in value.items()]
        return self._block("{", lines, "}", indent)

    def _array(self, value: list[JSValue], indent: str, inline: bool) -> str:
        if not value:
            return "[]"
        scalars = all(not isinstance(v, (dict, list, tuple)) for v in value)
        if inline or scalars:
            parts = [self.value(v, indent, True) for v in value]
            one_line = f"[{', '.join(parts)}]"
            fits = len(indent) + len(one_line) <= _ONE_LINE_ARRAY_WIDTH and "\n" not in one_line
            if inline or fits:
                return one_line
        inner = indent + self.style.indent
        lines = [inner + self.value(v, inner) for v in value]
        return self._block("[", lines, "]", indent)

    def _block(self, open_: str, lines: list[str], close: str, indent: str) -> str:
        nl = self.style.newline
        tail = "," if self.style.trailing_commas else ""
        return f"{open_}{nl}{(',' + nl).join(lines)}{tail}{nl}{indent}{close}"


def _escape_char(match: re.Match[str]) -> str:
    ch = match.group()
    known = _ESCAPES.get(ch)
    if known is not None:
        return known
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _number(value: float) -> str:
    if value == 0 and math.copysign(1, value) < 0:
        return "-0"  # JavaScript tells -0 from 0 (Object.is, 1 / x)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    return ("-" if value < 0 else "") + _js_digits(abs(value))


def _js_digits(value: float) -> str:
    """A positive number as JavaScript prints it (``1000``, ``1e-7``, ``1.5e+300``), not Python (``1000.0``, ``1e-07``)."""
    if value == 0:
        return "0"
    mantissa, _, exp = repr(value).partition("e")
    whole, _, fraction = mantissa.partition(".")
    both = whole + fraction.rstrip("0")
    digits = both.lstrip("0")
    # value = 0.<digits> x 10^point, the form ECMAScript's Number::toString starts from.
    point = len(whole) + int(exp or 0) - (len(both) - len(digits))
    digits = digits.rstrip("0")
    k = len(digits)
    if k <= point <= 21:
        return digits + "0" * (point - k)
    if 0 < point <= 21:
        return f"{digits[:point]}.{digits[point:]}"
    if -6 < point <= 0:
        return "0." + "0" * -point + digits
    e = point - 1
    head = digits if k == 1 else f"{digits[0]}.{digits[1:]}"
    return f"{head}e{'+' if e > 0 else '-'}{abs(e)}"


@lru_cache(maxsize=256)
def is_method_source(text: str) -> bool:
    """True when ``text`` is an object method (``async setup() {}``), not an expression."""
    if first_surrogate(text) is not None:
        return False  # not source text at all
    raw = text.encode("utf-8")
    if not parse_bytes(b"(" + raw + b"\n)").root_node.has_error:
        return False
    tree = parse_bytes(b"({\n" + raw + b"\n})")
    return not tree.root_node.has_error and _first_method(tree.root_node) is not None


def method_name(text: str) -> str | None:
    """The key an object method's source defines (``'build:done'(b) {}`` → ``build:done``)."""
    if not is_method_source(text):
        return None
    method = _first_method(parse_bytes(b"({\n" + text.encode() + b"\n})").root_node)
    name = method.child_by_field_name("name") if method is not None else None
    return static_key(name) if name is not None else None


def rename_method(text: str, key: str) -> str:
    """Method source ``text`` with its name replaced by ``key`` (already rendered)."""
    wrapped = b"({\n" + text.encode() + b"\n})"
    tree = parse_bytes(wrapped)
    method = _first_method(tree.root_node)
    if method is None or tree.root_node.has_error:
        raise DocumentError(f"not an object method: {text[:60]!r}")
    name = method.child_by_field_name("name")
    assert name is not None
    start, end = name.start_byte - 3, name.end_byte - 3
    raw = text.encode()
    if text_of(name) == key:
        return text
    return (raw[:start] + key.encode() + raw[end:]).decode()


def _first_method(root: Node) -> Node | None:
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "object":
            members = [c for c in node.named_children if c.type != "comment"]
            if len(members) == 1 and members[0].type == "method_definition":
                return members[0]
            return None
        stack.extend(reversed(node.named_children))
    return None
