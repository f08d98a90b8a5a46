"""Types and values in words: ``a whole number from 1 to 65535``, ``got 'yes'``.

What the type checker's messages say, and what the editor's fields show as a
field's expected value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fwk_tui.catalog.types import AnyType, BoolType, LiteralType, NumType, ObjectType, TypeExpr, UnionType, render
from fwk_tui.catalog.types.formats import FORMATS
from fwk_tui.validate.text import js_text, quote_list
from fwk_tui.validate.typekinds import on_kind


def phrase(type_: TypeExpr) -> str:
    """What a value of ``type_`` is, in words: ``a whole number from 1 to 65535``."""
    return on_kind(type_, _PHRASES, lambda _: "any value")


def _object_phrase(t: ObjectType) -> str:
    if not t.fields:
        return "an object"
    return "an object {" + ", ".join(f.name for f in t.fields) + (", ..." if t.open else "") + "}"


def _plural(type_: TypeExpr) -> str:
    """``phrase`` for many values: ``a list of paths``, ``an object of glob patterns``."""
    return on_kind(type_, _PLURALS, lambda _: "values")


def _union_plural(t: UnionType) -> str:
    if all(_literals(o) is not None for o in t.options):
        return quote_list([v for o in t.options for v in _literals(o) or []], "or")
    return quote_list([_plural(o) for o in t.options], "or")


def num_phrase(t: NumType) -> str:
    noun = "a whole number" if t.integer else "a number"
    lo, hi = t.min, t.max
    if lo is not None and hi is not None:
        return f"{noun} from {_num(lo)} to {_num(hi)}"
    if lo is not None:
        return f"{noun} of {_num(lo)} or more"
    if hi is not None:
        return f"{noun} of {_num(hi)} or less"
    return noun


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _literals(type_: TypeExpr) -> list[str] | None:
    """The allowed values as JS text when ``type_`` is a closed set (booleans count)."""
    if isinstance(type_, BoolType):
        return ["true", "false"]
    if isinstance(type_, LiteralType):
        return [render(type_)]
    return None


def union_phrase(t: UnionType) -> str:
    enum: list[str] = []
    others: list[str] = []
    for option in t.options:
        values = _literals(option)
        if values is None:
            others.append(phrase(option))
        else:
            enum.extend(v for v in values if v not in enum)
    if not others:
        return "one of " + ", ".join(enum)
    return quote_list(enum + others, "or")


def got(value: Any) -> str:
    """``got 70000``: the value a message quotes."""
    return f"got {js_text(value)}"


_PHRASES: dict[str, Callable[[Any], str]] = {
    "boolean": lambda _: "true or false",
    "number": num_phrase,
    "string": lambda t: FORMATS[t.format].phrase,
    "literal": render,
    "array": lambda t: f"a list of {_plural(t.item)}",
    "tuple": lambda t: f"a list {render(t)}",
    "record": lambda t: "an object" if isinstance(t.value, AnyType) else f"an object of {_plural(t.value)}",
    "object": _object_phrase,
    "code": lambda t: "a function" if t.function else "code",
    "union": union_phrase,
}

_PLURALS: dict[str, Callable[[Any], str]] = {
    "string": lambda t: FORMATS[t.format].plural,
    "number": lambda t: num_phrase(t).replace("a whole number", "whole numbers").replace("a number", "numbers"),
    "boolean": lambda _: "true or false",
    "array": lambda _: "lists",
    "tuple": lambda _: "lists",
    "object": lambda _: "objects",
    "record": lambda _: "objects",
    "code": lambda t: "functions" if t.function else "code",
    "union": _union_plural,
    "literal": render,
}
