"""The reference's type checks, judged by the framework's own type (catalog/framework.py).

An error means the framework refuses the value, or a rule of the reference is broken. The
type check follows the reference's words; where those are narrower than the framework's
published type, each error is judged where it is:

- the framework's type takes the value by a shape the reference leaves out (another
  literal, another kind: ``mode: 'all'``, ``devtools: true``): an info, with the reference's
  form as the fix when one is known;
- the value is of a kind both take, outside what the reference states and a type cannot
  say (a range, a URL's form, a field it needs): a warning, in the reference's words;
- the framework's type refuses it too, or does not say: the error stands.

A field the reference does not list inside a value, which the framework's type has, is an
info, without "did you mean". A plain value the reference's wider words take and the
framework's type refuses is a warning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

from fwk_tui.catalog.framework import KEPT, by_identity, framework_type, is_unknown
from fwk_tui.catalog.models import Variant
from fwk_tui.catalog.types import TypeExpr
from fwk_tui.catalog.types.nodes import (
    AnyType,
    ArrayType,
    Field_,
    LiteralType,
    NumType,
    ObjectType,
    RecordType,
    StrType,
    TupleType,
    UnionType,
)
from fwk_tui.paths import OptionPath, format_path
from fwk_tui.validate.phrases import phrase
from fwk_tui.validate.text import js_text
from fwk_tui.validate.typecheck import Checker, Issue, check_value, compile_type
from fwk_tui.validate.values import MISSING, lookup

RULE = "undocumented-shape"
REFUSED_RULE = "framework-refuses"
_MAX_REFUSED = 20  # warnings of one value


def framework_issues(framework: TypeExpr, value: Any, path: OptionPath) -> list[Issue]:
    """The issues of ``value`` against the framework's type, where the summary of it does not say nothing."""
    out: list[Issue] = []
    _checker(framework)(value, path, out)
    return out


def fits(framework: TypeExpr, value: Any) -> bool:
    """True when ``value`` has no error against the framework's type; where the summary of that type does
    not say (deeper than it goes), it is not said to refuse."""
    out: list[Issue] = []
    return _checker(framework)(value, (), out) and not any(i.severity == "error" for i in out)


@by_identity
def _checker(t: TypeExpr) -> Checker:
    return compile_type(_unsaid_as_any(t))


@cache
def _unsaid_as_any(t: TypeExpr) -> TypeExpr:
    return AnyType() if is_unknown(t) else _rebuilt(t, _unsaid_as_any)


def _rebuilt(t: TypeExpr, part: Callable[[TypeExpr], TypeExpr], *, loose: bool = False) -> TypeExpr:
    """``t`` with ``part`` applied to each type inside it (items, values, fields, members); ``loose``:
    every field optional, and the object open."""
    if isinstance(t, ArrayType):
        return ArrayType(part(t.item))
    if isinstance(t, TupleType):
        return TupleType(tuple(part(i) for i in t.items))
    if isinstance(t, RecordType):
        return RecordType(part(t.value))
    if isinstance(t, ObjectType):
        fields = tuple(Field_(f.name, part(f.type), f.optional or loose) for f in t.fields)
        return ObjectType(fields, t.open or loose)
    if isinstance(t, UnionType):
        return UnionType(tuple(part(o) for o in t.options))
    return t


def judged(
    issues: list[Issue], reference: TypeExpr, framework: TypeExpr | None, value: Any, at: OptionPath
) -> list[Issue]:
    """``issues`` (of ``value`` at ``at`` against the reference's type) as the framework's type judges them.

    Each error is judged where it is: when the framework's type there takes the value, an error that is
    only the reference's narrower words (another literal, another kind: ``'all'``, ``true``) becomes an
    info; one where the value is of the kind both take but outside what the reference states (a range, a
    URL's form, a field it needs: what a type cannot say) becomes a warning, keeping the reference's words.
    """
    if framework is None:
        return issues
    if not issues:  # the common case, kept cheap: a plain value or one to walk
        if isinstance(value, (dict, list)):
            return _refused(framework, value, at)
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            return issues
        if type(value).__name__ in _takes_every(framework) or is_unknown(framework):
            return issues
        return _refused(framework, value, at)
    kept: list[Issue] = []
    for issue in issues:
        if issue.severity == "error":
            verdict = _judge(issue, reference, framework, value, at)
            if verdict.rule == RULE and any(k.rule == RULE and k.path == verdict.path for k in kept):
                continue  # one word per place: `{ pfx }` misses key and cert, one other shape
            kept.append(verdict)
        elif issue.about_key and issue.rule == "type" and not is_unknown(within(framework, issue.path[len(at) :])):
            key = issue.path[-1]
            where = format_path(issue.path[:-1]) or "the object"
            message = f"{key} is not in the reference's list for {where}; the framework's own type has it"
            kept.append(Issue(issue.path, "info", message, about_key=True, rule=RULE))
        else:
            kept.append(issue)
    if not any(i.severity == "error" for i in issues):
        kept.extend(_refused(framework, value, at))
    return kept


def _judge(issue: Issue, reference: TypeExpr, framework: TypeExpr, value: Any, at: OptionPath) -> Issue:
    inner = issue.path[len(at) :]
    here = _said(within(framework, inner))
    found = lookup(value, inner)
    if here is None or found is MISSING or not fits(here, found):
        return issue  # the framework's type refuses it too, or does not say
    documented = within(reference, inner)
    if (
        documented is not None
        and fits(loosened(documented), found)
        and not _named(here, found)
        and not _other_keys(documented, here, found)
    ):
        return replace(issue, severity="warning")
    said = issue.message.replace("expected", "the reference expects", 1)
    if said == issue.message:
        said = f"the reference documents {phrase(documented or reference)} here ({issue.message})"
    message = f"{said}; the framework's own type takes this value"
    return Issue(issue.path, "info", message, issue.fix_value, rule=RULE, fix_title=issue.fix_title)


def _said(t: TypeExpr | None) -> TypeExpr | None:
    """What the summary of the framework's type says there: a union's members it knows (``false`` of
    ``false | Options``, where the options' type is a package's not installed here), or ``None``."""
    if t is None or not isinstance(t, UnionType):
        return t
    known = tuple(o for o in t.options if not is_unknown(o))
    if not known:
        return None
    return known[0] if len(known) == 1 else t if len(known) == len(t.options) else UnionType(known)


def _named(t: TypeExpr, value: Any) -> bool:
    """True when ``t`` takes ``value`` by name: one of its literals, or a date string it describes."""
    options = t.options if isinstance(t, UnionType) else (t,)
    return any(
        (isinstance(o, LiteralType) and o.value == value and type(o.value) is type(value))
        or (isinstance(o, StrType) and o.format != "string" and fits(o, value))
        for o in options
    )


def _other_keys(documented: TypeExpr, here: TypeExpr, value: Any) -> bool:
    """True when ``value`` is an object using keys the reference's shape lacks and the framework's has
    (``https: { pfx, passphrase }`` where the reference documents ``{key, cert}``): another shape."""
    if not isinstance(value, dict):
        return False
    listed = {field.name for shape in _objects(documented) for field in shape.fields}
    known = {field.name for shape in _objects(here) for field in shape.fields}
    return any(key not in listed and key in known for key in value)


def _objects(t: TypeExpr) -> list[ObjectType]:
    options = t.options if isinstance(t, UnionType) else (t,)
    return [o for o in options if isinstance(o, ObjectType)]


def loosened(t: TypeExpr) -> TypeExpr:
    """``t`` without what a type cannot say: no ranges, no string forms, every field optional."""
    if isinstance(t, NumType):
        return NumType()
    if isinstance(t, StrType):
        return StrType()
    return _rebuilt(t, loosened, loose=True)


def field_error(reference: TypeExpr, value: Any, path: OptionPath, variant: Variant) -> str | None:
    """Why an editor's field does not take ``value`` at ``path``, or ``None``: the reference's type, where
    the framework's own type takes a shape it leaves out (``'latest'``, ``mode: 'all'``), takes it too; a
    value outside what the reference states (a range, a URL's form) is still not taken, as before."""
    issues = check_value(reference, value, path)
    first = next((i for i in issues if i.severity == "error"), None)
    if first is None:
        return None
    framework = framework_at(path, variant)
    if framework is None:
        return first.message
    kept = judged(issues, reference, framework, value, path)
    left = next((i for i in kept if i.rule == "type" and i.severity in ("error", "warning")), None)
    return None if left is None else left.message


def framework_at(path: OptionPath, variant: Variant) -> TypeExpr | None:
    """The framework's own type at ``path``: from the nearest catalogued place above it, looked into."""
    for end in range(len(path), 0, -1):
        found = framework_type(path[:end], variant)
        if found is not None:
            inner = within(found, path[end:])
            return None if inner is None or is_unknown(inner) else inner
    return None


def _refused(framework: TypeExpr, value: Any, at: OptionPath) -> list[Issue]:
    """Each plain value (at any depth) the reference's type takes and the framework's own type does not
    (``logLevel: ''``, where the reference adds "or any string" to the framework's list): a warning, the
    framework's type as the evidence. Code is left alone (the summary of the framework's type does not
    see a function's signature), and so are keys (the key checker speaks of those). One walk of the value
    and the type together."""
    out: list[Issue] = []
    stack: list[tuple[OptionPath, Any, TypeExpr]] = [((), value, framework)]
    while stack and len(out) < _MAX_REFUSED:
        inner, item, expected = stack.pop()
        if is_unknown(expected) or isinstance(expected, AnyType):
            continue
        if isinstance(item, dict):
            for key, child in item.items():
                below = _step(expected, key)
                if below is not None:
                    stack.append(((*inner, key), child, below))
        elif isinstance(item, list):
            for index, child in enumerate(item):
                below = _step(expected, index)
                if below is not None:
                    stack.append(((*inner, index), child, below))
        elif (
            not isinstance(item, bool)
            and isinstance(item, (str, int, float))
            and type(item).__name__ not in _takes_every(expected)
            and not fits(expected, item)
        ):
            message = f"the framework's own type takes {phrase(expected)}, not {js_text(item)}"
            out.append(Issue((*at, *inner), "warning", message, rule=REFUSED_RULE))
    return out


@by_identity
def _takes_every(t: TypeExpr) -> frozenset[str]:
    """The Python kinds of plain value (``str``, ``int``, ``float``) ``t`` takes whatever their value."""
    options = t.options if isinstance(t, UnionType) else (t,)
    kinds: set[str] = set()
    for o in options:
        if isinstance(o, StrType) and o.format == "string":
            kinds.add("str")
        elif isinstance(o, NumType) and o.min is None and o.max is None and not o.integer:
            kinds.update(("int", "float"))
    return frozenset(kinds)


def within(t: TypeExpr, path: OptionPath) -> TypeExpr | None:
    """The part of ``t`` at ``path`` (fields, items, record values; a union is looked through)."""
    for segment in path:
        found = _step(t, segment)
        if found is None:
            return None
        t = found
    return t


_UNION_STEPS: dict[tuple[int, str | int], tuple[UnionType, TypeExpr | None]] = {}


def _union_step(t: UnionType, segment: str | int) -> TypeExpr | None:
    """The options of ``t`` at ``segment``, as one union: the same object each time for the same ``t``, so the
    answers kept by identity for it (:func:`by_identity`) are found again rather than kept anew at every check."""
    kept = _UNION_STEPS.get((id(t), segment))
    if kept is not None and kept[0] is t:
        return kept[1]
    found = [s for s in (_step(o, segment) for o in t.options) if s is not None]
    step = UnionType(tuple(found)) if len(found) > 1 else (found[0] if found else None)
    if len(_UNION_STEPS) >= KEPT:
        _UNION_STEPS.clear()
    _UNION_STEPS[(id(t), segment)] = (t, step)
    return step


def _step(t: TypeExpr, segment: str | int) -> TypeExpr | None:
    if isinstance(t, AnyType):
        return t
    if isinstance(t, UnionType):
        return _union_step(t, segment)
    if isinstance(t, ObjectType) and isinstance(segment, str):
        return next((f.type for f in t.fields if f.name == segment), None)
    if isinstance(t, RecordType) and isinstance(segment, str):
        return t.value
    if isinstance(t, ArrayType) and isinstance(segment, int):
        return t.item
    if isinstance(t, TupleType) and isinstance(segment, int) and segment < len(t.items):
        return t.items[segment]
    return None
