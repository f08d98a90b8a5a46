"""Text typed where any value goes, read the way a person means it: plain words are a string.

Where the type of a value is unknown (a module's option, ``any``, a key of
``runtimeConfig``), a value typed without JavaScript quotes reads as:

- a number, ``true``/``false``, ``null``, a quoted string, a list ``[...]`` or
  an object ``{...}`` when the text is one of those literals; but a number
  literal the file would write otherwise (``1.10`` as 1.1, ``2.0`` as 2, ``1e3``
  as 1000: :mod:`fwk_tui.source.number_form`) is text, kept as typed (a
  version, a code), and :attr:`Reading.reshaped` says the number it would be;
- code when it is unmistakably code: a call (``resolve('x')``), ``new``, a
  function, a template literal, ``undefined``/``NaN``/``Infinity``, or a member
  of a well-known global (``process.env.API``, ``import.meta.env.X``,
  ``Math.max``), or arithmetic on literals (``60 * 60``);
- text otherwise: words (``Docs Site``), a host (``example.com``, whose
  ``example`` is no known global), a path (``/api``, ``/api/``), a bare name
  (``isProd``: the field cannot see what the file declares, and says that it
  took text).

Text that begins as a literal (``[``, ``{``, a quote, a back-tick, ``(``) or
as code (a known global then ``.``, ``(`` or ``[``; a name then ``(``) but
does not parse is unfinished, not text: :func:`read_loose` raises the
parser's ``ParseError``, so half-typed ``[1, 2`` or ``process.env.`` is never
written as a string.

:func:`read_loose` says which it took, so the editor can say it too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from tree_sitter import Node

from fwk_tui.source.errors import ParseError
from fwk_tui.source.expression import check_expression, read_expression
from fwk_tui.source.number_form import Reshaped, reshaped_number
from fwk_tui.source.parse import parse_bytes
from fwk_tui.source.values import Code, JSValue

Taken = Literal[
    "text", "number_text", "number", "boolean", "null", "undefined", "string", "list", "object", "code"
]

NOTES: dict[Taken, str] = {
    "text": "as text",
    "number_text": "kept as text",
    "number": "as a number",
    "boolean": "as a boolean",
    "null": "as null",
    "undefined": "as undefined",
    "string": "as a quoted string",
    "list": "as a list",
    "object": "as an object",
    "code": "an expression, not a value: Enter writes it as code",
}

# Roots of member expressions that are code, not a host name: globals a config reads.
KNOWN_GLOBALS = frozenset(
    {
        "process", "globalThis", "window", "document", "Date", "Math", "JSON", "Number", "String",
        "Boolean", "Object", "Array", "console", "Symbol", "URL", "Intl", "BigInt", "Promise",
        "Buffer", "Reflect", "require", "module", "exports", "__dirname", "__filename",
    }
)  # fmt: skip
_CODE_WORDS = frozenset({"undefined", "NaN", "Infinity"})
# Nodes that are code wherever they appear.
_CODE_NODES = frozenset(
    {
        "call_expression", "new_expression", "arrow_function", "function_expression", "function",
        "template_string", "await_expression", "class", "assignment_expression",
        "augmented_assignment_expression", "update_expression", "meta_property", "import",
        "this", "super", "subscript_expression", "spread_element",
    }
)  # fmt: skip


_STARTS_AS_CODE = re.compile(r"\s*(?:[\[{'\"`(]|(?P<name>[A-Za-z_$][\w$]*)(?P<after>\s*[.\[]|\())")


def _starts_as_code(text: str) -> bool:
    found = _STARTS_AS_CODE.match(text)
    if found is None:
        return False
    name = found.group("name")
    return name is None or name in KNOWN_GLOBALS or name == "import" or found.group("after") == "("  # `Docs (beta)` is words


@dataclass(frozen=True)
class Reading:
    """What typed text stands for, and which kind of value was taken."""

    value: JSValue
    taken: Taken
    reshaped: Reshaped | None = None
    """For ``number_text``: the number the text would be, and how the file would write it."""

    @property
    def note(self) -> str:
        """What was taken, in words: ``as a number``; ``kept as text (as a number: 1.1)`` for ``1.10``."""
        if self.reshaped is not None:
            return f"{NOTES[self.taken]} (as a number: {self.reshaped.written})"
        return NOTES[self.taken]


def read_loose(text: str) -> Reading:
    """The value ``text`` stands for where any value goes (see the module's rules).

    Raises ``ParseError`` only for unfinished literals and code.
    """
    if not text.strip():
        return Reading(text, "text")
    try:
        stripped = check_expression(text)
    except ParseError:
        if _starts_as_code(text):
            raise
        return Reading(text, "text")
    data = b"(" + stripped.encode("utf-8") + b")"
    expr = parse_bytes(data).root_node.named_children[0].named_children[0]
    node = next(c for c in expr.named_children if c.type != "comment")
    while node.type == "parenthesized_expression":
        node = next(c for c in node.named_children if c.type != "comment")
    literal = _literal_kind(node)
    if literal == "number" and (reshaped := reshaped_number(stripped)) is not None:
        return Reading(text, "number_text", reshaped)
    if literal is not None:
        value = read_expression(_text(node, data))
        if isinstance(value, Code) and value.kind == "expr":  # `{...base}`: no literal holds it whole
            return Reading(Code(stripped), "code")
        return Reading(value, literal)
    if node.type == "undefined":
        return Reading(read_expression("undefined"), "undefined")
    if node.type == "regex":
        return Reading(text, "text")  # `/api/` is a path far more often than a pattern
    if node.type == "identifier" and _text(node, data) in KNOWN_GLOBALS:
        return Reading(Code(stripped), "code")  # `process`: code on its way (`process.env.X`)
    if _is_code(node, data):
        value = read_expression(stripped)
        return Reading(value if not isinstance(value, Code) else Code(stripped), "code")
    return Reading(text, "text")


def _literal_kind(node: Node) -> Taken | None:
    kind = node.type
    if kind == "number" or (
        kind == "unary_expression" and node.child_count == 2 and node.children[0].type in ("-", "+")
        and node.children[1].type == "number"
    ):
        return "number"
    if kind in ("true", "false"):
        return "boolean"
    if kind == "null":
        return "null"
    if kind == "string":
        return "string"
    if kind == "array":
        return "list"
    if kind == "object":
        return "object"
    return None


def _is_code(node: Node, data: bytes) -> bool:
    """True when ``node`` is code (see the module's rules), False when it reads better as text."""
    names: list[str] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type == "call_expression" and _words_in_parentheses(n, data):
            names.append(_text(n, data))
            continue
        if n.type in _CODE_NODES:
            return True
        if n.type == "member_expression":
            root = n
            while root.type in ("member_expression", "subscript_expression", "parenthesized_expression"):
                inner = root.child_by_field_name("object") or (root.named_children[0] if root.named_children else None)
                if inner is None:
                    break
                root = inner
            if root.type in _CODE_NODES:
                return True
            if root.type == "identifier" and _text(root, data) in KNOWN_GLOBALS:
                return True
            names.append(_text(root, data))
            continue
        if n.type in ("identifier", "shorthand_property_identifier"):
            if _text(n, data) in _CODE_WORDS:
                return True
            names.append(_text(n, data))
            continue
        stack.extend(n.named_children)
    # Arithmetic or logic on literals alone (`60 * 60`, `!true`) is code; with a bare name in it, text.
    return not names


def _words_in_parentheses(call: Node, data: bytes) -> bool:
    """``Docs (beta)``: a bare name, a space, then parentheses; code writes ``f(x)``."""
    fn, args = call.child_by_field_name("function"), call.child_by_field_name("arguments")
    return (
        fn is not None and args is not None and fn.type == "identifier"
        and _text(fn, data) not in KNOWN_GLOBALS and args.start_byte > fn.end_byte
    )


def _text(node: Node, data: bytes) -> str:
    return data[node.start_byte : node.end_byte].decode("utf-8", "replace")


__all__ = ["NOTES", "Reading", "Taken", "read_loose"]
