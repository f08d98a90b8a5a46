"""Type expressions: the type of an option, precise enough to validate a value
and to pick a widget.

The catalogue writes them as text, close to TypeScript::

    boolean
    integer(1..65535)
    'automatic' | 'automatic-immediate' | 'manual' | false
    array<string | regex>
    record<string>
    {src: path, mode?: 'client' | 'server'}
    boolean | {server?: boolean | 'hidden', client?: boolean | 'hidden'}
    [string, object]                    (a tuple)
    {id?: string, ...}                  (an object that accepts other keys)

Names: ``boolean string number integer date url path glob regex source code
function any object array<T> record<T>``. ``object`` alone is an object whose
fields are not listed. ``source`` is a layer source (``github:``, ``gh:``,
``gitlab:``, ``bitbucket:``, ``https:`` or a local path). Scalars and
``number``/``integer`` take an optional range ``(min..max)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal, Union

SCALAR_NAMES = ("string", "date", "url", "path", "glob", "regex", "source")
StrFormat = Literal["string", "date", "url", "path", "glob", "regex", "source"]

# Plain frozen dataclasses: the compiled catalogue rebuilds them at every
# start, and they cost nothing to import (the YAML is validated with pydantic
# at compile time, see schema.py).


@dataclass(frozen=True, slots=True)
class _Node:
    kind: ClassVar[str] = ""

    def __str__(self) -> str:
        return render(self)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class BoolType(_Node):
    kind: ClassVar[str] = "boolean"


@dataclass(frozen=True, slots=True)
class StrType(_Node):
    """A string; ``format`` narrows what it holds (a date, a URL, a glob...)."""

    format: StrFormat = "string"
    kind: ClassVar[str] = "string"


@dataclass(frozen=True, slots=True)
class NumType(_Node):
    integer: bool = False
    min: float | None = None
    max: float | None = None
    kind: ClassVar[str] = "number"


@dataclass(frozen=True, slots=True)
class LiteralType(_Node):
    value: str | bool | int | float | None = None
    kind: ClassVar[str] = "literal"

    def __eq__(self, other: object) -> bool:
        # 1 == True in Python; the literals `1` and `true` are different types.
        return isinstance(other, LiteralType) and type(self.value) is type(other.value) and self.value == other.value

    def __hash__(self) -> int:
        return hash((type(self.value), self.value))


@dataclass(frozen=True, slots=True)
class ArrayType(_Node):
    item: TypeExpr
    kind: ClassVar[str] = "array"


@dataclass(frozen=True, slots=True)
class TupleType(_Node):
    items: tuple[TypeExpr, ...]
    kind: ClassVar[str] = "tuple"


@dataclass(frozen=True, slots=True)
class RecordType(_Node):
    """An object with free string keys, each holding ``value``."""

    value: TypeExpr
    kind: ClassVar[str] = "record"


@dataclass(frozen=True, slots=True)
class Field_:
    name: str
    type: TypeExpr
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ObjectType(_Node):
    """An object with known ``fields``; ``open`` accepts other keys too."""

    fields: tuple[Field_, ...] = ()
    open: bool = True
    kind: ClassVar[str] = "object"

    def field(self, name: str) -> Field_ | None:
        return next((f for f in self.fields if f.name == name), None)


@dataclass(frozen=True, slots=True)
class UnionType(_Node):
    options: tuple[TypeExpr, ...]
    kind: ClassVar[str] = "union"


@dataclass(frozen=True, slots=True)
class CodeType(_Node):
    """A value that is code: a function, or any expression kept as source."""

    function: bool = True
    kind: ClassVar[str] = "code"


@dataclass(frozen=True, slots=True)
class AnyType(_Node):
    kind: ClassVar[str] = "any"


TypeExpr = Union[
    BoolType, StrType, NumType, LiteralType, ArrayType, TupleType, RecordType, ObjectType, UnionType, CodeType, AnyType
]


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


def parse_type(text: str) -> TypeExpr:
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

    def union(self) -> TypeExpr:
        options = [self.member()]
        while self.peek() == "|":
            self.take("|")
            options.append(self.member())
        if len(options) == 1:
            return options[0]
        return UnionType(options=tuple(options))

    def member(self) -> TypeExpr:
        node = self.atom()
        while self.peek() == "[" and self.i + 1 < len(self.tokens) and self.tokens[self.i + 1][1] == "]":
            self.take("[")
            self.take("]")
            node = ArrayType(item=node)
        return node

    def atom(self) -> TypeExpr:
        kind, value = self.take()
        if value == "(":
            node = self.union()
            self.take(")")
            return node
        if kind == "str":
            return LiteralType(value=_unquote(value))
        if kind == "num":
            number = float(value)
            return LiteralType(value=int(number) if number.is_integer() and "." not in value else number)
        if value == "{":
            return self.object_fields()
        if value == "[":
            items = [self.union()]
            while self.peek() == ",":
                self.take(",")
                items.append(self.union())
            self.take("]")
            return TupleType(items=tuple(items))
        if kind != "name":
            raise TypeSyntaxError(f"unexpected {value!r} in type {self.text!r}")
        return self.named(value)

    def named(self, name: str) -> TypeExpr:
        if name in ("true", "false"):
            return LiteralType(value=name == "true")
        if name in ("null", "undefined"):
            return LiteralType(value=None)
        if name == "boolean":
            return BoolType()
        if name in SCALAR_NAMES:
            return StrType(format=name)  # type: ignore[arg-type]
        if name in ("number", "integer"):
            lo, hi = self.range()
            return NumType(integer=name == "integer", min=lo, max=hi)
        if name in ("code", "function"):
            return CodeType(function=name == "function")
        if name == "any":
            return AnyType()
        if name == "object":
            return ObjectType(open=True)
        if name in ("array", "record"):
            self.take("<")
            inner = self.union()
            self.take(">")
            return ArrayType(item=inner) if name == "array" else RecordType(value=inner)
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

    def object_fields(self) -> ObjectType:
        fields: list[Field_] = []
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
                fields.append(Field_(name=key, type=self.union(), optional=optional))
            if self.peek() == ",":
                self.take(",")
            elif self.peek() != "}":
                raise TypeSyntaxError(f"expected ',' or '}}' in type {self.text!r}")
        self.take("}")
        return ObjectType(fields=tuple(fields), open=is_open)


def _unquote(token: str) -> str:
    body = token[1:-1]
    return re.sub(r"\\(.)", r"\1", body)


def _fmt_num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _quote(s: str) -> str:
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _field_key(name: str) -> str:
    return name if _IDENT.fullmatch(name) else _quote(name)


_IDENT = re.compile(r"[A-Za-z_$][\w$]*")


def render(node: TypeExpr) -> str:
    """The canonical text of ``node``; ``parse_type(render(t)) == t``."""
    if isinstance(node, BoolType):
        return "boolean"
    if isinstance(node, StrType):
        return node.format
    if isinstance(node, NumType):
        base = "integer" if node.integer else "number"
        if node.min is None and node.max is None:
            return base
        lo = "" if node.min is None else _fmt_num(node.min)
        hi = "" if node.max is None else _fmt_num(node.max)
        return f"{base}({lo}..{hi})"
    if isinstance(node, LiteralType):
        v = node.value
        if v is None:
            return "null"
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return _quote(v)
        return _fmt_num(v)
    if isinstance(node, ArrayType):
        return f"array<{render(node.item)}>"
    if isinstance(node, TupleType):
        return "[" + ", ".join(render(t) for t in node.items) + "]"
    if isinstance(node, RecordType):
        return f"record<{render(node.value)}>"
    if isinstance(node, ObjectType):
        if not node.fields:
            return "object"
        parts = [
            f"{_field_key(f.name)}{'?' if f.optional else ''}: {render(f.type)}"
            for f in node.fields
        ]
        if node.open:
            parts.append("...")
        return "{" + ", ".join(parts) + "}"
    if isinstance(node, UnionType):
        return " | ".join(
            f"({render(o)})" if isinstance(o, UnionType) else render(o) for o in node.options
        )
    if isinstance(node, CodeType):
        return "function" if node.function else "code"
    return "any"


def describe(node: TypeExpr) -> str:
    """A short human name for the kind of value (for labels and messages)."""
    if isinstance(node, UnionType):
        return " or ".join(describe(o) for o in node.options)
    if isinstance(node, LiteralType):
        return render(node)
    if isinstance(node, StrType):
        return {
            "string": "text",
            "date": "date (YYYY-MM-DD)",
            "url": "absolute URL",
            "path": "path",
            "glob": "glob pattern",
            "regex": "regular expression",
            "source": "layer source",
        }[node.format]
    if isinstance(node, NumType):
        return render(node).replace("integer", "whole number")
    if isinstance(node, ArrayType):
        return f"list of {describe(node.item)}"
    if isinstance(node, RecordType):
        return f"map of {describe(node.value)}"
    if isinstance(node, ObjectType):
        return "object"
    if isinstance(node, TupleType):
        return "tuple"
    if isinstance(node, CodeType):
        return "function" if node.function else "code"
    if isinstance(node, BoolType):
        return "boolean"
    return "any value"


def literal_values(node: TypeExpr) -> list[Any] | None:
    """The allowed values when ``node`` is an enum of literals, else ``None``."""
    if isinstance(node, LiteralType):
        return [node.value]
    if isinstance(node, UnionType) and all(isinstance(o, LiteralType) for o in node.options):
        return [o.value for o in node.options]  # type: ignore[union-attr]
    return None


def to_json(node: Any) -> Any:
    """The structured form of ``node`` for ``--json`` output."""
    if isinstance(node, tuple):
        return [to_json(n) for n in node]
    if isinstance(node, Field_):
        return {"name": node.name, "type": to_json(node.type), "optional": node.optional}
    if isinstance(node, _Node):
        out: dict[str, Any] = {"kind": node.kind}
        for f in fields(node):
            out[f.name] = to_json(getattr(node, f.name))
        return out
    return node



def from_json(data: Any) -> TypeExpr:
    """The type whose :func:`to_json` form is ``data``; ``ValueError`` when ``data`` is not one.

    Built by hand, kind by kind, so plain data from a file can only ever make these types.
    """
    if not isinstance(data, dict):
        raise ValueError(f"a type is an object, not {type(data).__name__}")
    kind = data.get("kind")
    if kind == "boolean":
        return BoolType()
    if kind == "string":
        fmt = data.get("format")
        if fmt not in SCALAR_NAMES:
            raise ValueError(f"unknown string format {fmt!r}")
        return StrType(format=fmt)
    if kind == "number":
        return NumType(integer=_flag(data, "integer"), min=_bound(data.get("min")), max=_bound(data.get("max")))
    if kind == "literal":
        value = data.get("value")
        if value is not None and not isinstance(value, (str, bool, int, float)):
            raise ValueError(f"a literal is a scalar, not {type(value).__name__}")
        return LiteralType(value=value)
    if kind == "array":
        return ArrayType(item=from_json(data.get("item")))
    if kind == "tuple":
        return TupleType(items=tuple(from_json(t) for t in _list(data, "items")))
    if kind == "record":
        return RecordType(value=from_json(data.get("value")))
    if kind == "object":
        return ObjectType(fields=tuple(_field_from_json(f) for f in _list(data, "fields")), open=_flag(data, "open"))
    if kind == "union":
        return UnionType(options=tuple(from_json(t) for t in _list(data, "options")))
    if kind == "code":
        return CodeType(function=_flag(data, "function"))
    if kind == "any":
        return AnyType()
    raise ValueError(f"unknown type kind {kind!r}")


def _field_from_json(data: Any) -> Field_:
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise ValueError("an object field has a name")
    return Field_(name=data["name"], type=from_json(data.get("type")), optional=_flag(data, "optional"))


def _flag(data: dict[str, Any], key: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise ValueError(f"{key} is true or false, not {value!r}")
    return value


def _bound(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"a bound is a number, not {value!r}")
    return float(value)


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise ValueError(f"{key} is a list")
    return value
