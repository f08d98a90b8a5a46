"""The kinds of types and of values: one dispatch on a type's kind, shared by validation and the editor's fields.

A type expression's ``kind`` (``boolean``, ``number``, ``string``, ``literal``,
``array``, ``tuple``, ``record``, ``object``, ``union``, ``code``, ``any``) picks
what to do with it: the type checker picks a checker, the phrases the words,
the fields a widget and a value to start from. A value has a JavaScript kind
too (:func:`kind_of`), and :func:`holds_kind` says which types are meant for it.
The closed sets (:func:`closed_values`) and JavaScript's equality of literals
(:func:`same_literal`) are asked of the validator here, never copied.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from fwk_tui.catalog.types import TypeExpr, UnionType
from fwk_tui.source.values import Code

R = TypeVar("R")


def on_kind(type_: TypeExpr, cases: Mapping[str, Callable[[Any], R]], otherwise: Callable[[Any], R]) -> R:
    """``cases[kind](type_)`` for the kind of ``type_``, or ``otherwise(type_)`` for a kind it does not name."""
    case = cases.get(type_.kind)
    return case(type_) if case is not None else otherwise(type_)


def kind_of(value: Any) -> str:
    """The JavaScript kind of a value: boolean, number, string, null, array, object, regex, code."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if value is None:
        return "null"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, Code):
        return "regex" if value.kind == "regex" else "code"
    return "undefined"


# The kinds of type meant for a value of each JavaScript kind (a regular expression is a string option's).
_HOLDERS: dict[str, frozenset[str]] = {
    "object": frozenset({"object", "record"}),
    "array": frozenset({"array", "tuple"}),
    "string": frozenset({"string"}),
    "number": frozenset({"number"}),
    "regex": frozenset({"string"}),
}


def holds_kind(type_: TypeExpr, value: Any) -> bool:
    """True when ``type_`` is of the family meant for values of ``value``'s kind (a list type for a list)."""
    return type_.kind in _HOLDERS.get(kind_of(value), frozenset())


def is_number(value: Any) -> bool:
    """A JavaScript number: an int or a float, not a boolean."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def same_literal(a: Any, b: Any) -> bool:
    """JS equality of two literals: ``1`` and ``true`` differ, ``1`` and ``1.0`` do not."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if is_number(a) and is_number(b):
        return bool(a == b)
    return type(a) is type(b) and a == b


def closed_values(type_: TypeExpr) -> list[Any] | None:
    """The allowed values when ``type_`` is a closed set (literals, ``boolean``), else ``None``.

    A lone ``boolean`` is a switch, not a set: ``None``.
    """
    members = type_.options if isinstance(type_, UnionType) else (type_,)
    values: list[Any] = []
    for member in members:
        found = on_kind(member, _CLOSED, _open)
        if found is None:
            return None
        values.extend(v for v in found if not any(same_literal(v, w) for w in values))
    return None if type_.kind == "boolean" else values


_CLOSED: dict[str, Callable[[Any], list[Any] | None]] = {
    "boolean": lambda t: [True, False],
    "literal": lambda t: [t.value],
}


def _open(type_: TypeExpr) -> None:
    return None
