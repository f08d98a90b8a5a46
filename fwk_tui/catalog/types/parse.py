"""Read a type expression from the catalogue's text (``array<string | regex>``, ``{src: path, ...}``)."""

from __future__ import annotations

import re

import fwk_tui.catalog.types.nodes as nodes
from fwk_tui.catalog.types.formats import FORMATS


class TypeSyntaxError(ValueError):
    """A type expression that does not follow the grammar."""


_TOKEN = re.compile(
    r"""\s*(?:
      (?P<str>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")
    | (?P<num>-?\d+(?:\.\d+)?(?:e\d+)?)
    | (?P<name>[A-Za-z_$][\w$-]*)
    | (?P<punct>\.\.\.|\.\.|[|<>(){}\[\],:?])
    )""",
    re.VERBOSE,
)


def parse_type(text: str) -> nodes.TypeExpr:
    """Parse a type expression; raise :class:`TypeSyntaxError` when malformed."""
    tokens: list[tuple[str, str]] = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if m is None:
            raise TypeSyntaxError(f"cannot read {text[pos:]!r} in type {text!r}")
        kind = m.lastgroup or ""
        tokens.append((kind, m.group(kind)))
        pos = m.end()
    parser = _Parser(tokens, text)
    node = parser.union()
    if parser.i != len(tokens):
        raise TypeSyntaxError(f"unexpected {tokens[parser.i][1]!r} in type {text!r}")
    return node


class _Parser:
    def __init__(self, tokens: list[tuple[str, str]], text: str) -> None:
        self.tokens, self.text, self.i = tokens, text, 0

    def peek(self) -> str | None:
        return self.tokens[self.i][1] if self.i < len(self.tokens) else None

    def take(self, expected: str | None = None) -> tuple[str, str]:
        if self.i >= len(self.tokens):
            raise TypeSyntaxError(f"type {self.text!r} ends too early")
        tok = self.tokens[self.i]
        if expected is not None and tok[1] != expected:
            raise TypeSyntaxError(f"expected {expected!r}, found {tok[1]!r} in type {self.text!r}")
        self.i += 1
        return tok

    def union(self) -> nodes.TypeExpr:
        options = [self.member()]
        while self.peek() == "|":
            self.take("|")
            options.append(self.member())
        if len(options) == 1:
            return options[0]
        return nodes.UnionType(options=tuple(options))

    def member(self) -> nodes.TypeExpr:
        node = self.atom()
        while self.peek() == "[" and self.i + 1 < len(self.tokens) and self.tokens[self.i + 1][1] == "]":
            self.take("[")
            self.take("]")
            node = nodes.ArrayType(item=node)
        return node

    def atom(self) -> nodes.TypeExpr:
        kind, value = self.take()
        if value == "(":
            node = self.union()
            self.take(")")
            return node
        if kind == "str":
            return nodes.LiteralType(value=_unquote(value))
        if kind == "num":
            number = float(value)
            return nodes.LiteralType(value=int(number) if number.is_integer() and "." not in value else number)
        if value == "{":
            return self.object_fields()
        if value == "[":
            items = [self.union()]
            while self.peek() == ",":
                self.take(",")
                items.append(self.union())
            self.take("]")
            return nodes.TupleType(items=tuple(items))
        if kind != "name":
            raise TypeSyntaxError(f"unexpected {value!r} in type {self.text!r}")
        return self.named(value)

    def named(self, name: str) -> nodes.TypeExpr:
        if name in ("true", "false"):
            return nodes.LiteralType(value=name == "true")
        if name in ("null", "undefined"):
            return nodes.LiteralType(value=None)
        if name == "boolean":
            return nodes.BoolType()
        if name in FORMATS:
            return nodes.StrType(format=name)
        if name in ("number", "integer"):
            lo, hi = self.range()
            return nodes.NumType(integer=name == "integer", min=lo, max=hi)
        if name in ("code", "function"):
            return nodes.CodeType(function=name == "function")
        if name == "any":
            return nodes.AnyType()
        if name == "object":
            return nodes.ObjectType(open=True)
        if name in ("array", "record"):
            self.take("<")
            inner = self.union()
            self.take(">")
            return nodes.ArrayType(item=inner) if name == "array" else nodes.RecordType(value=inner)
        raise TypeSyntaxError(f"unknown type name {name!r} in type {self.text!r}")

    def range(self) -> tuple[float | None, float | None]:
        if self.peek() != "(":
            return None, None
        self.take("(")
        lo = hi = None
        if self.peek() != "..":
            lo = float(self.take()[1])
        self.take("..")
        if self.peek() != ")":
            hi = float(self.take()[1])
        self.take(")")
        return lo, hi

    def object_fields(self) -> nodes.ObjectType:
        fields: list[nodes.Field_] = []
        is_open = False
        while self.peek() != "}":
            if self.peek() == "...":
                self.take("...")
                is_open = True
            else:
                kind, name = self.take()
                if kind not in ("name", "str"):
                    raise TypeSyntaxError(f"expected a field name, found {name!r} in type {self.text!r}")
                optional = False
                if self.peek() == "?":
                    self.take("?")
                    optional = True
                self.take(":")
                key = _unquote(name) if kind == "str" else name
                fields.append(nodes.Field_(name=key, type=self.union(), optional=optional))
            if self.peek() == ",":
                self.take(",")
            elif self.peek() != "}":
                raise TypeSyntaxError(f"expected ',' or '}}' in type {self.text!r}")
        self.take("}")
        return nodes.ObjectType(fields=tuple(fields), open=is_open)


def _unquote(token: str) -> str:
    body = token[1:-1]
    return re.sub(r"\\(.)", r"\1", body)
