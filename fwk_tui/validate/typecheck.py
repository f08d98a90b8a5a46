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
nothing heavy.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

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
from fwk_tui.paths import Path, format_path
from fwk_tui.source.values import UNDEFINED, Code
from fwk_tui.validate.diagnostics import Severity
from fwk_tui.validate.text import closest, js_text, quote_list

NO_FIX: Any = object()


@dataclass(frozen=True, slots=True)
class Issue:
    """A problem found inside a value; ``fix_value`` is a value that would be right.

    ``about_key``: the problem is the key at ``path`` (an unknown field), not its value.
    ``rule``: the diagnostic's rule id; ``fix_title``: the fix's words, when not "Set PATH to VALUE".
    """

    path: Path
    severity: Severity
    message: str
    fix_value: Any = NO_FIX
    new_key: str | None = None
    about_key: bool = False
    rule: str = "type"
    fix_title: str | None = None


# A checker appends issues for ``value`` at ``path`` and returns False when the
# value does not conform (an error); infos and warnings leave it True.
Checker = Callable[[Any, Path, list[Issue]], bool]


def check_value(type_: TypeExpr, value: Any, path: Path) -> list[Issue]:
    """Every issue of ``value`` against ``type_``."""
    out: list[Issue] = []
    compile_type(type_)(value, path, out)
    return out


@lru_cache(maxsize=None)
def compile_type(type_: TypeExpr) -> Checker:
    """The checker of ``type_``, built on first use and kept."""
    inner = _compile(type_)
    takes_code = accepts_code(type_)
    wanted = phrase(type_)

    def check(value: Any, path: Path, out: list[Issue]) -> bool:
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


# -- describing types and values --------------------------------------------------


def phrase(type_: TypeExpr) -> str:
    """What a value of ``type_`` is, in words: ``a whole number from 1 to 65535``."""
    if isinstance(type_, BoolType):
        return "true or false"
    if isinstance(type_, NumType):
        return _num_phrase(type_)
    if isinstance(type_, StrType):
        return _STR_PHRASE[type_.format]
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
        return _union_phrase(type_)
    return "any value"


_STR_PHRASE = {
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
        return _num_phrase(type_).replace("a whole number", "whole numbers").replace("a number", "numbers")
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


def _num_phrase(t: NumType) -> str:
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


def _union_phrase(t: UnionType) -> str:
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


def _got(value: Any) -> str:
    return f"got {js_text(value)}"


# -- compiling --------------------------------------------------------------------


def _compile(t: TypeExpr) -> Checker:
    if isinstance(t, BoolType):
        return _bool
    if isinstance(t, NumType):
        return _number(t)
    if isinstance(t, StrType):
        return _string(t)
    if isinstance(t, LiteralType):
        return _literal(t)
    if isinstance(t, ArrayType):
        return _array(t)
    if isinstance(t, TupleType):
        return _tuple(t)
    if isinstance(t, RecordType):
        return _record(t)
    if isinstance(t, ObjectType):
        return _object(t)
    if isinstance(t, UnionType):
        return _union(t)
    if isinstance(t, CodeType):
        return _code(t)
    return _any


def _any(value: Any, path: Path, out: list[Issue]) -> bool:
    return True


def _bool(value: Any, path: Path, out: list[Issue]) -> bool:
    if isinstance(value, bool):
        return True
    fix = {"true": True, "false": False}.get(value.strip().lower(), NO_FIX) if isinstance(value, str) else NO_FIX
    out.append(Issue(path, "error", f"expected true or false, {_got(value)}", fix))
    return False


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _number(t: NumType) -> Checker:
    wanted = _num_phrase(t)

    def fits(x: float) -> bool:
        if t.integer and not float(x).is_integer():
            return False
        return (t.min is None or x >= t.min) and (t.max is None or x <= t.max)

    def check(value: Any, path: Path, out: list[Issue]) -> bool:
        if _is_number(value) and fits(value):
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
        out.append(Issue(path, "error", f"expected {wanted}, {_got(value)}", fix))
        return False

    return check


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]+):")  # two letters at least: C:\ is a path
SOURCE_PREFIXES = ("github", "gh", "gitlab", "bitbucket", "https")


def _string(t: StrType) -> Checker:
    fmt = t.format
    wanted = _STR_PHRASE[fmt]

    def check(value: Any, path: Path, out: list[Issue]) -> bool:
        if fmt == "regex":
            if isinstance(value, Code) and value.kind == "regex":
                return True
            out.append(Issue(path, "error", f"expected a regular expression /.../, {_got(value)}"))
            return False
        if not isinstance(value, str):
            out.append(Issue(path, "error", f"expected {wanted}, {_got(value)}"))
            return False
        problem = _FORMAT_CHECKS[fmt](value) if fmt in _FORMAT_CHECKS else None
        if problem is not None:
            out.append(Issue(path, "error", problem))
            return False
        return True

    return check


def _date_problem(text: str) -> str | None:
    if not _DATE.fullmatch(text):
        return f"expected a date written YYYY-MM-DD, got {js_text(text)}"
    try:
        datetime.date(int(text[:4]), int(text[5:7]), int(text[8:10]))
    except ValueError:
        return f"{js_text(text)} is not a real date (YYYY-MM-DD)"
    return None


def _url_problem(text: str) -> str | None:
    parts = urlsplit(text)
    if parts.scheme and parts.netloc and "://" in text:
        return None
    return f"expected an absolute URL such as https://cdn.example.com/, got {js_text(text)}"


def _glob_problem(text: str) -> str | None:
    if not text:
        return "an empty glob pattern matches nothing"
    depth = {"{": 0, "[": 0}
    closing = {"}": "{", "]": "["}
    escaped = False
    for ch in text:
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch in depth:
            depth[ch] += 1
        elif ch in closing:
            depth[closing[ch]] -= 1
            if depth[closing[ch]] < 0:
                return f"glob pattern {js_text(text)} has a {ch} without its opening {closing[ch]}"
    for opener, n in depth.items():
        if n > 0:
            return f"glob pattern {js_text(text)} has an unclosed {opener}"
    return None


def _source_problem(text: str) -> str | None:
    if not text.strip():
        return "expected a layer source (github:, gh:, gitlab:, bitbucket:, https: or a local path), got ''"
    m = _SCHEME.match(text)
    if m and m.group(1).lower() not in SOURCE_PREFIXES:
        return (
            f"unknown source prefix {m.group(1)}: in {js_text(text)}; expected github:, gh:, gitlab:, "
            "bitbucket:, https: (theme only) or a local path"
        )
    return None


_FORMAT_CHECKS: dict[str, Callable[[str], str | None]] = {
    "date": _date_problem,
    "url": _url_problem,
    "glob": _glob_problem,
    "source": _source_problem,
}


def same_literal(a: Any, b: Any) -> bool:
    """JS equality of two literals: ``1`` and ``true`` differ, ``1`` and ``1.0`` do not."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if _is_number(a) and _is_number(b):
        return bool(a == b)
    return type(a) is type(b) and a == b


def _literal(t: LiteralType) -> Checker:
    def check(value: Any, path: Path, out: list[Issue]) -> bool:
        if same_literal(value, t.value):
            return True
        out.append(Issue(path, "error", f"expected {render(t)}, {_got(value)}"))
        return False

    return check


def _array(t: ArrayType) -> Checker:
    wanted = phrase(t)
    item_of = compile_type(t.item)

    def check(value: Any, path: Path, out: list[Issue]) -> bool:
        if not isinstance(value, list):
            out.append(Issue(path, "error", f"expected {wanted}, {_got(value)}"))
            return False
        ok = True
        for i, item in enumerate(value):
            ok = item_of(item, (*path, i), out) and ok
        return ok

    return check


def _tuple(t: TupleType) -> Checker:
    wanted = phrase(t)
    items = [compile_type(i) for i in t.items]

    def check(value: Any, path: Path, out: list[Issue]) -> bool:
        if not isinstance(value, list):
            out.append(Issue(path, "error", f"expected {wanted}, {_got(value)}"))
            return False
        if len(value) != len(items):
            got = f"{len(value)} item{'' if len(value) == 1 else 's'}"
            out.append(Issue(path, "error", f"expected {wanted} of {len(items)} items, got {got}"))
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

    def check(value: Any, path: Path, out: list[Issue]) -> bool:
        if not isinstance(value, dict):
            out.append(Issue(path, "error", f"expected {wanted}, {_got(value)}"))
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

    def check(value: Any, path: Path, out: list[Issue]) -> bool:
        if not isinstance(value, dict):
            out.append(Issue(path, "error", f"expected {wanted}, {_got(value)}"))
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


def _unknown_field(path: Path, key: str, names: list[str]) -> Issue:
    where = format_path(path) or "the object"
    near = closest(key, names)
    if near is not None:
        message = f"unknown field {key} in {where}; did you mean {near}?"
        return Issue((*path, key), "warning", message, new_key=near, about_key=True)
    message = f"unknown field {key} in {where}; the reference lists {quote_list(names)}"
    return Issue((*path, key), "warning", message, about_key=True)


# Which member kinds can hold a value of a JS kind: the member to explain in
# detail when a union fails.
_KIND_MEMBERS: dict[str, tuple[type, ...]] = {
    "object": (ObjectType, RecordType),
    "array": (ArrayType, TupleType),
    "string": (StrType,),
    "number": (NumType,),
    "regex": (StrType,),
}


def _union(t: UnionType) -> Checker:
    members = [(o, compile_type(o)) for o in t.options]
    wanted = _union_phrase(t)
    enum = [o for o in t.options if isinstance(o, LiteralType) and isinstance(o.value, str)]

    def check(value: Any, path: Path, out: list[Issue]) -> bool:
        attempts: list[tuple[TypeExpr, list[Issue]]] = []
        for option, member in members:
            trial: list[Issue] = []
            if member(value, path, trial):
                out.extend(trial)
                return True
            attempts.append((option, trial))
        kind = kind_of(value)
        candidates = [
            (o, issues)
            for o, issues in attempts
            if isinstance(o, _KIND_MEMBERS.get(kind, ())) and not (isinstance(o, StrType) and o.format == "string")
        ]
        if len(candidates) == 1 and not _all_literal_or_plain(t, kind):
            out.extend(candidates[0][1])  # the one member this kind of value was meant for says what is wrong
            return False
        out.append(Issue(path, "error", f"expected {wanted}, {_got(value)}", _enum_fix(value, enum)))
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

    def check(value: Any, path: Path, out: list[Issue]) -> bool:
        out.append(Issue(path, "error", f"expected {wanted}, {_got(value)}"))
        return False

    return check
