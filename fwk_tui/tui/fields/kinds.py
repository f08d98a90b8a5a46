"""Which widget a type needs and what value starts a new one: pure functions, no Textual.

Whether a value fits a type, its first error, a type's closed set of values and
the dispatch on a type's kind are the validator's (validate.typecheck,
validate.typekinds): the fields ask it, and re-export the names they import from here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fwk_tui.catalog.models import Default, has_placeholder
from fwk_tui.catalog.types import (
    AnyType,
    BoolType,
    LiteralType,
    NumType,
    StrType,
    TypeExpr,
    UnionType,
    describe,
    render,
)
from fwk_tui.source.values import UNDEFINED, Code
from fwk_tui.validate.framework_shape import field_error
from fwk_tui.validate.typecheck import first_error, fits
from fwk_tui.validate.typekinds import closed_values as enum_values
from fwk_tui.validate.typekinds import holds_kind, on_kind, same_literal

ANY = AnyType()

__all__ = [
    "ANY",
    "UnionKind",
    "enum_values",
    "field_error",
    "first_error",
    "fits",
    "kind_of_value",
    "starter",
    "text_type",
    "union_kinds",
]


def text_type(type_: TypeExpr) -> tuple[StrType, list[str]] | None:
    """``(format, suggestions)`` when a text input can hold every value of ``type_``.

    ``url | ''`` and ``'info' | 'silent' | string`` are text with suggestions;
    a union with another kind of member (a number, an object) is not.
    """
    if isinstance(type_, StrType):
        return type_, []
    if not isinstance(type_, UnionType):
        return None
    strings = [o for o in type_.options if isinstance(o, StrType)]
    if len(strings) != 1:
        return None
    suggestions: list[str] = []
    for member in type_.options:
        if isinstance(member, LiteralType) and isinstance(member.value, str):
            suggestions.append(member.value)
        elif not isinstance(member, StrType):
            return None
    return strings[0], [s for s in suggestions if s]


def starter(type_: TypeExpr | None, default: Default | None = None) -> Any:
    """The value a new ``type_`` starts from: the default when it fits and means something, else empty."""
    if type_ is None or isinstance(type_, AnyType):
        return None
    if (
        default is not None
        and default.kind == "value"
        and default.value is not None
        and not isinstance(default.value, str)
        and not has_placeholder(default.value)
        and fits(type_, default.value)
    ):
        return default.value
    return on_kind(type_, _STARTERS, lambda union: _union_starter(union, default))


def _number_starter(t: NumType) -> Any:
    if t.min is not None:
        return int(t.min) if t.integer or float(t.min).is_integer() else t.min
    if t.max is not None and t.max < 0:
        return int(t.max) if float(t.max).is_integer() else t.max
    return 0


def _union_starter(type_: UnionType, default: Default | None) -> Any:
    values = enum_values(type_)
    if values is not None:
        if default is not None and default.kind == "value" and any(same_literal(default.value, v) for v in values):
            return default.value
        return values[0]
    return starter(type_.options[0], default)


_STARTERS: dict[str, Callable[[Any], Any]] = {
    "boolean": lambda _: False,
    "number": _number_starter,
    "string": lambda t: Code("/(?:)/", kind="regex") if t.format == "regex" else "",
    "literal": lambda t: t.value,
    "array": lambda _: [],
    "tuple": lambda t: [starter(i) for i in t.items],
    "record": lambda _: {},
    "object": lambda t: {f.name: starter(f.type) for f in t.fields if not f.optional},
    "code": lambda _: Code("() => {}"),
}


@dataclass(frozen=True)
class UnionKind:
    """One choice of a union's kind picker: ``off``, ``on``, ``'build'``, ``path``, ``options…``.

    A fixed kind is one value (``value``); the others hold a widget of ``type_``.
    """

    label: str
    type_: TypeExpr
    fixed: bool = False
    value: Any = None

    def matches(self, value: Any) -> bool:
        if self.fixed:
            return same_literal(value, self.value)
        return fits(self.type_, value)


def _label(member: TypeExpr) -> str:
    return on_kind(member, _LABELS, describe)


_LABELS: dict[str, Callable[[Any], str]] = {
    "object": lambda _: "options…",
    "record": lambda _: "options…",
    "array": lambda _: "list…",
    "tuple": lambda _: "list…",
    "code": lambda t: "function…" if t.function else "code…",
    "any": lambda _: "value…",
    "number": lambda t: "whole number" if t.integer else "number",
}


def union_kinds(type_: UnionType) -> list[UnionKind]:
    """The kinds a picker offers for ``type_``, in the order of the type.

    ``boolean`` gives ``off`` and ``on``; string literals join the string
    member when there is one (they become its suggestions).
    """
    text = [o for o in type_.options if isinstance(o, StrType)]
    folded = len(text) == 1
    kinds: list[UnionKind] = []
    for member in type_.options:
        if isinstance(member, BoolType):
            kinds.append(UnionKind("off", member, fixed=True, value=False))
            kinds.append(UnionKind("on", member, fixed=True, value=True))
        elif isinstance(member, LiteralType):
            if folded and isinstance(member.value, str):
                continue
            kinds.append(UnionKind(render(member), member, fixed=True, value=member.value))
        elif isinstance(member, StrType) and folded:
            strings = [o for o in type_.options if isinstance(o, LiteralType) and isinstance(o.value, str)]
            inner: TypeExpr = UnionType((member, *strings)) if strings else member
            kinds.append(UnionKind(_label(member), inner))
        else:
            kinds.append(UnionKind(_label(member), member))
    labels = [k.label for k in kinds]
    # Two members of the same family (two object shapes) need telling apart.
    return [
        UnionKind(f"{k.label} {labels[: i + 1].count(k.label)}", k.type_, k.fixed, k.value)
        if labels.count(k.label) > 1
        else k
        for i, k in enumerate(kinds)
    ]


def kind_of_value(kinds: list[UnionKind], value: Any) -> int | None:
    """The index of the kind ``value`` is (the first that fits, then by JavaScript kind), or ``None``."""
    if value is UNDEFINED:
        return None
    for i, kind in enumerate(kinds):
        if kind.matches(value):
            return i
    for i, kind in enumerate(kinds):
        if not kind.fixed and _same_family(kind.type_, value):
            return i
    return None


def _same_family(type_: TypeExpr, value: Any) -> bool:
    members = type_.options if isinstance(type_, UnionType) else (type_,)
    if isinstance(value, Code):  # a regular expression, or code, goes to a regex string's input
        return any(isinstance(t, StrType) and t.format == "regex" for t in members)
    return any(holds_kind(t, value) for t in members)
