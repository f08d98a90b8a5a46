"""A type expression as a JSON Schema (draft 2020-12) fragment: what a JSON or YAML file may hold there.

The same meaning as the type checker's (``validate/typecheck.py``), within
what JSON can say: a union of literals is an ``enum``; ``open`` objects take
other keys and closed ones do not (``additionalProperties: false``); a field
is ``required`` where the type says so. Code (a function) cannot be written in
JSON: it drops out of a union that has other members, and alone it accepts
nothing. String formats become the standard ``format`` words where there is
one (``date``, ``uri``, ``regex``), with the two checks every fwk-tui check
also makes (a date is YYYY-MM-DD, a URL absolute, a glob and a layer
source not empty).
"""

from __future__ import annotations

from typing import Any

from fwk_tui.catalog.types.formats import FORMATS
from fwk_tui.catalog.types.nodes import (
    AnyType,
    ArrayType,
    BoolType,
    CodeType,
    LiteralType,
    NumType,
    ObjectType,
    RecordType,
    StrType,
    TupleType,
    TypeExpr,
    UnionType,
)

Schema = dict[str, Any]

CODE_COMMENT = "code (a function) can be written in fwk.config.ts only"


def type_schema(node: TypeExpr) -> Schema:
    """The JSON Schema of values of ``node`` (a fresh dict: callers may add annotations to it)."""
    if isinstance(node, BoolType):
        return {"type": "boolean"}
    if isinstance(node, StrType):
        return _string(node)
    if isinstance(node, NumType):
        return _number(node)
    if isinstance(node, LiteralType):
        return {"const": node.value}
    if isinstance(node, ArrayType):
        return {"type": "array", "items": type_schema(node.item)}
    if isinstance(node, TupleType):
        n = len(node.items)
        return {"type": "array", "prefixItems": [type_schema(t) for t in node.items], "minItems": n, "maxItems": n}
    if isinstance(node, RecordType):
        if isinstance(node.value, AnyType):
            return {"type": "object"}
        return {"type": "object", "additionalProperties": type_schema(node.value)}
    if isinstance(node, ObjectType):
        return _object(node)
    if isinstance(node, UnionType):
        return _union(node)
    if isinstance(node, CodeType):
        return {"$comment": CODE_COMMENT, "not": {}}
    return {}


def _string(node: StrType) -> Schema:
    return {"type": "string", **FORMATS[node.format].schema}


def _number(node: NumType) -> Schema:
    out: Schema = {"type": "integer" if node.integer else "number"}
    if node.min is not None:
        out["minimum"] = _plain_number(node.min)
    if node.max is not None:
        out["maximum"] = _plain_number(node.max)
    return out


def _plain_number(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


def _object(node: ObjectType) -> Schema:
    out: Schema = {"type": "object"}
    if not node.fields:
        return out  # `object`: the reference lists no fields, so any keys
    out["properties"] = {f.name: type_schema(f.type) for f in node.fields}
    required = [f.name for f in node.fields if not f.optional]
    if required:
        out["required"] = required
    if not node.open:
        out["additionalProperties"] = False
    return out


def _members(node: UnionType) -> list[TypeExpr]:
    found: list[TypeExpr] = []
    for option in node.options:
        found.extend(_members(option) if isinstance(option, UnionType) else [option])
    return found


def _union(node: UnionType) -> Schema:
    members = _members(node)
    written = [m for m in members if not isinstance(m, CodeType)] or members[:1]
    literals = [m.value for m in written if isinstance(m, LiteralType)]
    others = [type_schema(m) for m in written if not isinstance(m, LiteralType)]
    if literals:
        others.append({"enum": literals} if len(literals) > 1 else {"const": literals[0]})
    if len(others) == 1:
        return others[0]
    return {"anyOf": others}

