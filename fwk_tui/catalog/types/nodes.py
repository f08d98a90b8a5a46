"""The nodes of a type expression, one plain frozen dataclass per kind of value, and their canonical text."""

from __future__ import annotations

import re
from dataclasses import dataclass
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


def literal_values(node: TypeExpr) -> list[Any] | None:
    """The allowed values when ``node`` is an enum of literals, else ``None``."""
    if isinstance(node, LiteralType):
        return [node.value]
    if isinstance(node, UnionType) and all(isinstance(o, LiteralType) for o in node.options):
        return [o.value for o in node.options]  # type: ignore[union-attr]
    return None


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
        parts = [f"{_field_key(f.name)}{'?' if f.optional else ''}: {render(f.type)}" for f in node.fields]
        if node.open:
            parts.append("...")
        return "{" + ", ".join(parts) + "}"
    if isinstance(node, UnionType):
        return " | ".join(f"({render(o)})" if isinstance(o, UnionType) else render(o) for o in node.options)
    if isinstance(node, CodeType):
        return "function" if node.function else "code"
    return "any"
