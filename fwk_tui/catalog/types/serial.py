"""A type expression as plain JSON data (``--json`` output, the compiled catalogue) and back."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from fwk_tui.catalog.types.nodes import (
    SCALAR_NAMES,
    AnyType,
    ArrayType,
    BoolType,
    CodeType,
    Field_,
    LiteralType,
    NumType,
    ObjectType,
    RecordType,
    StrType,
    TupleType,
    TypeExpr,
    UnionType,
    _Node,
)


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
