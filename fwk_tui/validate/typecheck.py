"""Check a value against an option's type expression.

Each type expression is compiled once into a checker (a closure), cached per
type: validating a config then costs a few calls per value and builds
nothing. The checkers work on the document engine's values, which follow
JavaScript, not Python: ``True`` is not a number, ``4e3`` is a whole number,
``undefined`` means "not set", and :class:`Code` is either a regular
expression literal (checked as one) or an expression nobody can evaluate
(reported as "not checked", never as wrong).

Why not pydantic TypeAdapters: the messages are the product ("expected a
whole number from 1 to 65535, got 70000"), and pydantic's union and
strictness errors would have to be rewritten one by one into them; the JS
value model above would need a custom validator per type anyway. These
closures are the "compiled once, cached" equivalent, and validating imports
nothing heavy. The words of the messages are :mod:`fwk_tui.validate.phrases`;
the string formats, :mod:`fwk_tui.catalog.types.formats`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from fwk_tui.catalog.types import (
    AnyType,
    ArrayType,
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
from fwk_tui.catalog.types.formats import FORMATS
from fwk_tui.paths import OptionPath, format_path
from fwk_tui.source.values import UNDEFINED, Code
from fwk_tui.validate.fix import Severity
from fwk_tui.validate.phrases import got, num_phrase, phrase, union_phrase
from fwk_tui.validate.text import closest, js_text, quote_list
from fwk_tui.validate.typekinds import holds_kind, is_number, kind_of, on_kind, same_literal

__all__ = [
    "NO_FIX",
    "Checker",
    "Issue",
    "accepts_code",
    "check_value",
    "compile_type",
    "first_error",
    "fits",
    "phrase",
    "same_literal",
]

NO_FIX: Any = object()


@dataclass(frozen=True, slots=True)
class Issue:
    """A problem found inside a value; ``fix_value`` is a value that would be right.

    ``about_key``: the problem is the key at ``path`` (an unknown field), not its value.
    ``rule``: the diagnostic's rule id; ``fix_title``: the fix's words, when not "Set PATH to VALUE".
    """

    path: OptionPath
    severity: Severity
    message: str
    fix_value: Any = NO_FIX
    new_key: str | None = None
    about_key: bool = False
    rule: str = "type"
    fix_title: str | None = None


# A checker appends issues for ``value`` at ``path`` and returns False when the
# value does not conform (an error); infos and warnings leave it True.
Checker = Callable[[Any, OptionPath, list[Issue]], bool]


def check_value(type_: TypeExpr, value: Any, path: OptionPath) -> list[Issue]:
    """Every issue of ``value`` against ``type_``."""
    out: list[Issue] = []
    compile_type(type_)(value, path, out)
    return out


def fits(type_: TypeExpr, value: Any) -> bool:
    """True when ``value`` is a right value of ``type_`` (no error from the type checker)."""
    issues: list[Issue] = []
    return compile_type(type_)(value, (), issues) and not any(i.severity == "error" for i in issues)


def first_error(type_: TypeExpr, value: Any) -> str | None:
    """The type checker's first error for ``value``, or ``None`` when it fits."""
    issues: list[Issue] = []
    compile_type(type_)(value, (), issues)
    return next((i.message for i in issues if i.severity == "error"), None)


@lru_cache(maxsize=None)
def compile_type(type_: TypeExpr) -> Checker:
    """The checker of ``type_``, built on first use and kept."""
    inner = _compile(type_)
    takes_code = accepts_code(type_)
    wanted = phrase(type_)

    def check(value: Any, path: OptionPath, out: list[Issue]) -> bool:
        if value is UNDEFINED:
            return True  # `key: undefined` is the same as leaving the key out
        if isinstance(value, Code) and value.kind == "expr":
            if not takes_code:
                out.append(Issue(path, "info", f"not checked (code); expected {wanted}", rule="code-value"))
            return True
        return inner(value, path, out)

    return check


def accepts_code(type_: TypeExpr) -> bool:
    """True when any code is a fine value (functions, ``any``)."""
    if isinstance(type_, (CodeType, AnyType)):
        return True
    if isinstance(type_, UnionType):
        return any(accepts_code(o) for o in type_.options)
    return False


# -- compiling --------------------------------------------------------------------


def _compile(t: TypeExpr) -> Checker:
    return on_kind(t, _COMPILERS, lambda _: _any)


def _any(value: Any, path: OptionPath, out: list[Issue]) -> bool:
    return True


def _bool(value: Any, path: OptionPath, out: list[Issue]) -> bool:
    if isinstance(value, bool):
        return True
    fix = {"true": True, "false": False}.get(value.strip().lower(), NO_FIX) if isinstance(value, str) else NO_FIX
    out.append(Issue(path, "error", f"expected true or false, {got(value)}", fix))
    return False


def _number(t: NumType) -> Checker:
    wanted = num_phrase(t)

    def fits(x: float) -> bool:
        if t.integer and not float(x).is_integer():
            return False
        return (t.min is None or x >= t.min) and (t.max is None or x <= t.max)

    def check(value: Any, path: OptionPath, out: list[Issue]) -> bool:
        if is_number(value) and fits(value):
            return True
        fix = NO_FIX
        if isinstance(value, str):
            # A number written as text ('3000') is a common slip with a sure fix.
            try:
                number = float(value.strip())
            except ValueError:
                number = None
            if number is not None and fits(number):
                fix = int(number) if number.is_integer() else number
        out.append(Issue(path, "error", f"expected {wanted}, {got(value)}", fix))
        return False

    return check


def _string(t: StrType) -> Checker:
    fmt = t.format
    wanted = FORMATS[fmt].phrase
    has_problem = FORMATS[fmt].problem

    def check(value: Any, path: OptionPath, out: list[Issue]) -> bool:
        if fmt == "regex":
            if isinstance(value, Code) and value.kind == "regex":
                return True
            out.append(Issue(path, "error", f"expected a regular expression /.../, {got(value)}"))
            return False
        if not isinstance(value, str):
            out.append(Issue(path, "error", f"expected {wanted}, {got(value)}"))
            return False
        problem = has_problem(value, js_text(value)) if has_problem is not None else None
        if problem is not None:
            out.append(Issue(path, "error", problem))
            return False
        return True

    return check


def _literal(t: LiteralType) -> Checker:
    def check(value: Any, path: OptionPath, out: list[Issue]) -> bool:
        if same_literal(value, t.value):
            return True
        out.append(Issue(path, "error", f"expected {render(t)}, {got(value)}"))
        return False

    return check


def _array(t: ArrayType) -> Checker:
    wanted = phrase(t)
    item_of = compile_type(t.item)

    def check(value: Any, path: OptionPath, out: list[Issue]) -> bool:
        if not isinstance(value, list):
            out.append(Issue(path, "error", f"expected {wanted}, {got(value)}"))
            return False
        ok = True
        for i, item in enumerate(value):
            ok = item_of(item, (*path, i), out) and ok
        return ok

    return check


def _tuple(t: TupleType) -> Checker:
    wanted = phrase(t)
    items = [compile_type(i) for i in t.items]

    def check(value: Any, path: OptionPath, out: list[Issue]) -> bool:
        if not isinstance(value, list):
            out.append(Issue(path, "error", f"expected {wanted}, {got(value)}"))
            return False
        if len(value) != len(items):
            count = f"{len(value)} item{'' if len(value) == 1 else 's'}"
            out.append(Issue(path, "error", f"expected {wanted} of {len(items)} items, got {count}"))
            return False
        ok = True
        for i, (item, item_of) in enumerate(zip(value, items)):
            ok = item_of(item, (*path, i), out) and ok
        return ok

    return check


def _record(t: RecordType) -> Checker:
    wanted = phrase(t)
    value_of = compile_type(t.value)
    free = isinstance(t.value, AnyType)

    def check(value: Any, path: OptionPath, out: list[Issue]) -> bool:
        if not isinstance(value, dict):
            out.append(Issue(path, "error", f"expected {wanted}, {got(value)}"))
            return False
        if free:
            return True
        ok = True
        for key, item in value.items():
            ok = value_of(item, (*path, key), out) and ok
        return ok

    return check


def _object(t: ObjectType) -> Checker:
    wanted = phrase(t)
    fields = {f.name: (compile_type(f.type), f.optional) for f in t.fields}
    required = [f.name for f in t.fields if not f.optional]
    names = [f.name for f in t.fields]

    def check(value: Any, path: OptionPath, out: list[Issue]) -> bool:
        if not isinstance(value, dict):
            out.append(Issue(path, "error", f"expected {wanted}, {got(value)}"))
            return False
        ok = True
        for name in required:
            if name not in value or value[name] is UNDEFINED:
                out.append(Issue(path, "error", f"missing {name} (expected {wanted})"))
                ok = False
        for key, item in value.items():
            known = fields.get(key)
            if known is not None:
                ok = known[0](item, (*path, key), out) and ok
            elif not t.open:
                out.append(_unknown_field(path, key, names))
        return ok

    return check


def _unknown_field(path: OptionPath, key: str, names: list[str]) -> Issue:
    where = format_path(path) or "the object"
    near = closest(key, names)
    if near is not None:
        message = f"unknown field {key} in {where}; did you mean {near}?"
        return Issue((*path, key), "warning", message, new_key=near, about_key=True)
    message = f"unknown field {key} in {where}; the reference lists {quote_list(names)}"
    return Issue((*path, key), "warning", message, about_key=True)


def _union(t: UnionType) -> Checker:
    members = [(o, compile_type(o)) for o in t.options]
    wanted = union_phrase(t)
    enum = [o for o in t.options if isinstance(o, LiteralType) and isinstance(o.value, str)]

    def check(value: Any, path: OptionPath, out: list[Issue]) -> bool:
        attempts: list[tuple[TypeExpr, list[Issue]]] = []
        for option, member in members:
            trial: list[Issue] = []
            if member(value, path, trial):
                out.extend(trial)
                return True
            attempts.append((option, trial))
        candidates = [
            (o, issues)
            for o, issues in attempts
            if holds_kind(o, value) and not (isinstance(o, StrType) and o.format == "string")
        ]
        if len(candidates) == 1 and not _all_literal_or_plain(t, kind_of(value)):
            out.extend(candidates[0][1])  # the one member this kind of value was meant for says what is wrong
            return False
        out.append(Issue(path, "error", f"expected {wanted}, {got(value)}", _enum_fix(value, enum)))
        return False

    return check


def _all_literal_or_plain(t: UnionType, kind: str) -> bool:
    """True when a string member is a plain literal set: the enum message is the clearest then."""
    if kind != "string":
        return False
    return any(isinstance(o, LiteralType) and isinstance(o.value, str) for o in t.options)


def _enum_fix(value: Any, enum: list[LiteralType]) -> Any:
    """The allowed string ``value`` meant, when it differs only by case or a typo."""
    if not isinstance(value, str) or not enum:
        return NO_FIX
    names = [str(o.value) for o in enum]
    near = closest(value, names)
    return near if near is not None else NO_FIX


def _code(t: CodeType) -> Checker:
    wanted = phrase(t)

    def check(value: Any, path: OptionPath, out: list[Issue]) -> bool:
        out.append(Issue(path, "error", f"expected {wanted}, {got(value)}"))
        return False

    return check


_COMPILERS: dict[str, Callable[[Any], Checker]] = {
    "boolean": lambda _: _bool,
    "number": _number,
    "string": _string,
    "literal": _literal,
    "array": _array,
    "tuple": _tuple,
    "record": _record,
    "object": _object,
    "union": _union,
    "code": _code,
}
