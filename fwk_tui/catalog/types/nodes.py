"""What a type expression is: one plain frozen dataclass per kind of value; and its forms.

Its canonical text (:func:`render`, what ``str()`` gives), in words for people
(:func:`describe`), and as plain JSON data (:func:`to_json`, :func:`from_json`)
for ``--json`` output and the compiled catalogue. Reading the text is ``parse.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Union

from fwk_tui.catalog.types.formats import FORMATS

StrFormat = str
"""A key of :data:`~fwk_tui.catalog.types.formats.FORMATS`: ``string``, ``date``, ``url``..."""

# Plain frozen dataclasses: the compiled catalogue rebuilds them at every
# start, and they cost nothing to import (the YAML is validated with pydantic
# at compile time, see schema.py).


@dataclass(frozen=True, slots=True)
class _Node:
    kind: ClassVar[str] = ""
    """The kind's name in the JSON form, given in the class line: ``class ArrayType(_Node, kind="array")``."""

    def __init_subclass__(cls, kind: str | None = None, **rest: Any) -> None:
        super(_Node, cls).__init_subclass__(**rest)  # (the class slots=True made, not the one written)
        if kind is not None:  # None: the copy ``dataclass(slots=True)`` makes, which keeps it
            cls.kind = kind

    def __str__(self) -> str:
        return render(self)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class BoolType(_Node, kind="boolean"):
    """``true`` or ``false``."""


@dataclass(frozen=True, slots=True)
class StrType(_Node, kind="string"):
    """A string; ``format`` narrows what it holds (a date, a URL, a glob...)."""

    format: StrFormat = "string"


@dataclass(frozen=True, slots=True)
class NumType(_Node, kind="number"):
    """A number (a whole one when ``integer``), within ``min``..``max`` where given."""

    integer: bool = False
    min: float | None = None
    max: float | None = None


@dataclass(frozen=True, slots=True)
class LiteralType(_Node, kind="literal"):
    """Exactly ``value`` (a string, a boolean, a number or null)."""

    value: str | bool | int | float | None = None

    def __eq__(self, other: object) -> bool:
        # 1 == True in Python; the literals `1` and `true` are different types.
        return isinstance(other, LiteralType) and type(self.value) is type(other.value) and self.value == other.value

    def __hash__(self) -> int:
        return hash((type(self.value), self.value))


@dataclass(frozen=True, slots=True)
class ArrayType(_Node, kind="array"):
    """A list whose items are all of type ``item``."""

    item: TypeExpr


@dataclass(frozen=True, slots=True)
class TupleType(_Node, kind="tuple"):
    """A list of a fixed length, item ``i`` of type ``items[i]``."""

    items: tuple[TypeExpr, ...]


@dataclass(frozen=True, slots=True)
class RecordType(_Node, kind="record"):
    """An object with free string keys, each holding ``value``."""

    value: TypeExpr


@dataclass(frozen=True, slots=True)
class Field_:
    """A known field of an object type; ``optional`` when it may be left out."""

    name: str
    type: TypeExpr
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ObjectType(_Node, kind="object"):
    """An object with known ``fields``; ``open`` accepts other keys too."""

    fields: tuple[Field_, ...] = ()
    open: bool = True

    def field(self, name: str) -> Field_ | None:
        return next((f for f in self.fields if f.name == name), None)


@dataclass(frozen=True, slots=True)
class UnionType(_Node, kind="union"):
    """A value of any one of ``options``."""

    options: tuple[TypeExpr, ...]


@dataclass(frozen=True, slots=True)
class CodeType(_Node, kind="code"):
    """A value that is code: a function, or any expression kept as source."""

    function: bool = True


@dataclass(frozen=True, slots=True)
class AnyType(_Node, kind="any"):
    """Any value at all."""


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


def describe(node: TypeExpr) -> str:
    """A short human name for the kind of value (for labels and messages)."""
    if isinstance(node, UnionType):
        return " or ".join(describe(o) for o in node.options)
    if isinstance(node, LiteralType):
        return render(node)
    if isinstance(node, StrType):
        return FORMATS[node.format].words
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
        if not isinstance(fmt, str) or fmt not in FORMATS:
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


__all__ = [
    "AnyType",
    "ArrayType",
    "BoolType",
    "CodeType",
    "Field_",
    "LiteralType",
    "NumType",
    "ObjectType",
    "RecordType",
    "StrFormat",
    "StrType",
    "TupleType",
    "TypeExpr",
    "UnionType",
    "describe",
    "from_json",
    "literal_values",
    "render",
    "to_json",
]
