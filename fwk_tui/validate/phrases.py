"""Types and values in words: ``a whole number from 1 to 65535``, ``got 'yes'``.

What the type checker's messages say, and what the editor's fields show as a
field's expected value.
"""

from __future__ import annotations

from typing import Any

from fwk_tui.catalog.types import (
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
    render,
)
from fwk_tui.source.values import Code
from fwk_tui.validate.text import js_text, quote_list


def phrase(type_: TypeExpr) -> str:
    """What a value of ``type_`` is, in words: ``a whole number from 1 to 65535``."""
    if isinstance(type_, BoolType):
        return "true or false"
    if isinstance(type_, NumType):
        return num_phrase(type_)
    if isinstance(type_, StrType):
        return STR_PHRASE[type_.format]
    if isinstance(type_, LiteralType):
        return render(type_)
    if isinstance(type_, ArrayType):
        return f"a list of {_plural(type_.item)}"
    if isinstance(type_, TupleType):
        return f"a list {render(type_)}"
    if isinstance(type_, RecordType):
        return "an object" if isinstance(type_.value, AnyType) else f"an object of {_plural(type_.value)}"
    if isinstance(type_, ObjectType):
        if not type_.fields:
            return "an object"
        return "an object {" + ", ".join(f.name for f in type_.fields) + (", ..." if type_.open else "") + "}"
    if isinstance(type_, CodeType):
        return "a function" if type_.function else "code"
    if isinstance(type_, UnionType):
        return union_phrase(type_)
    return "any value"


STR_PHRASE = {
    "string": "a string",
    "date": "a date written YYYY-MM-DD",
    "url": "an absolute URL such as https://cdn.example.com/",
    "path": "a path",
    "glob": "a glob pattern",
    "regex": "a regular expression",
    "source": "a layer source (github:, gh:, gitlab:, bitbucket:, https: or a local path)",
}


_STR_PLURAL = {
    "string": "strings",
    "date": "dates written YYYY-MM-DD",
    "url": "absolute URLs",
    "path": "paths",
    "glob": "glob patterns",
    "regex": "regular expressions",
    "source": "layer sources",
}


def _plural(type_: TypeExpr) -> str:
    """``phrase`` for many values: ``a list of paths``, ``an object of glob patterns``."""
    if isinstance(type_, StrType):
        return _STR_PLURAL[type_.format]
    if isinstance(type_, NumType):
        return num_phrase(type_).replace("a whole number", "whole numbers").replace("a number", "numbers")
    if isinstance(type_, BoolType):
        return "true or false"
    if isinstance(type_, (ArrayType, TupleType)):
        return "lists"
    if isinstance(type_, (ObjectType, RecordType)):
        return "objects"
    if isinstance(type_, CodeType):
        return "functions" if type_.function else "code"
    if isinstance(type_, UnionType):
        if all(_literals(o) is not None for o in type_.options):
            return quote_list([v for o in type_.options for v in _literals(o) or []], "or")
        return quote_list([_plural(o) for o in type_.options], "or")
    if isinstance(type_, LiteralType):
        return render(type_)
    return "values"


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


def got(value: Any) -> str:
    """``got 70000``: the value a message quotes."""
    return f"got {js_text(value)}"
