"""Which widget a type needs and what value starts a new one: pure functions, no Textual."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fwk_tui.catalog.models import Default
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
    describe,
    render,
)
from fwk_tui.source.values import UNDEFINED, Code
from fwk_tui.validate.typecheck import Issue, compile_type, same_literal

ANY = AnyType()


def enum_values(type_: TypeExpr) -> list[Any] | None:
    """The allowed values when ``type_`` is a closed set (literals, ``boolean``), else ``None``."""
    members = type_.options if isinstance(type_, UnionType) else (type_,)
    values: list[Any] = []
    for member in members:
        found: list[Any]
        if isinstance(member, BoolType):
            found = [True, False]
        elif isinstance(member, LiteralType):
            found = [member.value]
        else:
            return None
        values.extend(v for v in found if not any(same_literal(v, w) for w in values))
    # A lone boolean is a switch, not an enum.
    return None if isinstance(type_, BoolType) else values


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


def fits(type_: TypeExpr, value: Any) -> bool:
    """True when ``value`` is a right value of ``type_`` (no error from the type checker)."""
    issues: list[Issue] = []
    return compile_type(type_)(value, (), issues) and not any(i.severity == "error" for i in issues)


def first_error(type_: TypeExpr, value: Any) -> str | None:
    """The type checker's first error for ``value``, or ``None`` when it fits."""
    issues: list[Issue] = []
    compile_type(type_)(value, (), issues)
    return next((i.message for i in issues if i.severity == "error"), None)


def starter(type_: TypeExpr | None, default: Default | None = None) -> Any:
    """The value a new ``type_`` starts from: the default when it fits and means something, else empty."""
    if type_ is None or isinstance(type_, AnyType):
        return None
    if (
        default is not None
        and default.kind == "value"
        and default.value is not None
        and not isinstance(default.value, str)
        and not _placeholders(default.value)
        and fits(type_, default.value)
    ):
        return default.value
    if isinstance(type_, BoolType):
        return False
    if isinstance(type_, NumType):
        if type_.min is not None:
            return int(type_.min) if type_.integer or float(type_.min).is_integer() else type_.min
        if type_.max is not None and type_.max < 0:
            return int(type_.max) if float(type_.max).is_integer() else type_.max
        return 0
    if isinstance(type_, StrType):
        return Code("/(?:)/", kind="regex") if type_.format == "regex" else ""
    if isinstance(type_, LiteralType):
        return type_.value
    if isinstance(type_, ArrayType):
        return []
    if isinstance(type_, TupleType):
        return [starter(t) for t in type_.items]
    if isinstance(type_, RecordType):
        return {}
    if isinstance(type_, ObjectType):
        return {f.name: starter(f.type) for f in type_.fields if not f.optional}
    if isinstance(type_, CodeType):
        return Code("() => {}")
    assert isinstance(type_, UnionType)
    values = enum_values(type_)
    if values is not None:
        if default is not None and default.kind == "value" and any(same_literal(default.value, v) for v in values):
            return default.value
        return values[0]
    return starter(type_.options[0], default)


def _placeholders(value: Any) -> bool:
    """True when ``value`` holds a placeholder of the reference (``<rootDir>/app``): not a value to write."""
    if isinstance(value, str):
        return "<" in value and ">" in value
    if isinstance(value, dict):
        return any(_placeholders(v) for v in value.values())
    if isinstance(value, list):
        return any(_placeholders(v) for v in value)
    return False


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
    if isinstance(member, (ObjectType, RecordType)):
        return "options…"
    if isinstance(member, (ArrayType, TupleType)):
        return "list…"
    if isinstance(member, CodeType):
        return "function…" if member.function else "code…"
    if isinstance(member, AnyType):
        return "value…"
    if isinstance(member, NumType):
        return "whole number" if member.integer else "number"
    return describe(member)


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
    for t in members:
        if isinstance(t, StrType) and (isinstance(value, str) or (t.format == "regex" and isinstance(value, Code))):
            return True
        if isinstance(t, NumType) and isinstance(value, (int, float)) and not isinstance(value, bool):
            return True
        if isinstance(t, (ObjectType, RecordType)) and isinstance(value, dict):
            return True
        if isinstance(t, (ArrayType, TupleType)) and isinstance(value, list):
            return True
    return False
