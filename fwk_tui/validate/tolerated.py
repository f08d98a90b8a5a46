"""Shapes the framework accepts that the reference leaves out: warnings, not errors.

Real configs write these shapes and they work; failing CI on them would be a
false error. The catalogue follows the reference, so the validator says what
the reference documents and, where one exists, offers the documented form as
a fix. Each entry is named in the option's ``type_note`` (docs/type-decisions.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fwk_tui.catalog.types import ArrayType, TypeExpr, UnionType, parse_type
from fwk_tui.paths import OptionPath
from fwk_tui.validate.text import js_text
from fwk_tui.validate.typecheck import NO_FIX, Issue, check_value, compile_type

RULE = "undocumented-shape"


def _no_fix(value: Any) -> Any:
    return NO_FIX


@dataclass(frozen=True)
class Tolerance:
    """A ``shape`` that is a warning (``message``) where the option's type would make it an error.

    ``each_item``: the shape is one item of a list option (``modules: [['x']]``), and
    only that item is the warning; ``fix`` gives the documented form, or ``NO_FIX``.
    """

    shape: TypeExpr
    message: Callable[[Any], str]
    fix: Callable[[Any], Any] = _no_fix
    fix_title: str = ""
    each_item: bool = False


def _filenames(name: str) -> tuple[OptionPath, Tolerance]:
    return ("wbuild", "filenames", name), Tolerance(
        parse_type("string"),
        lambda v: (
            "the reference documents wbuild.filenames as functions; a file-name template string, which the "
            "bundler also takes, is not documented"
        ),
    )


TOLERATED: dict[OptionPath, Tolerance] = {
    ("components",): Tolerance(
        parse_type("boolean | array<any>"),
        lambda v: (
            "the reference documents components as an object {dirs: [...]}; a list of directories belongs in "
            "components.dirs"
            if isinstance(v, list)
            else "the reference documents components as an object {dirs: [...]}, not true or false"
        ),
        lambda v: {"dirs": v} if isinstance(v, list) else NO_FIX,
        "Put the list in components.dirs",
    ),
    ("telemetry",): Tolerance(
        parse_type("{enabled?: boolean, ...}"),
        lambda v: "the reference documents telemetry as true or false, not an object",
        lambda v: v["enabled"] if isinstance(v.get("enabled"), bool) else NO_FIX,
        "Write telemetry as true or false",
    ),
    ("modules",): Tolerance(
        parse_type("[string]"),
        lambda v: (
            f"a one-item [{js_text(v[0])}] is the same module as the string {js_text(v[0])}, "
            "the form the reference documents"
        ),
        lambda v: v[0],
        "Write the module as a string",
        each_item=True,
    ),
    ("extends",): Tolerance(
        parse_type("[source, object]"),
        lambda v: (
            "the reference documents extends as sources (strings); a [source, options] pair, which the layer "
            "loader takes, is not documented"
        ),
        each_item=True,
    ),
    ("cssproc", "order"): Tolerance(
        parse_type("string | array<string>"),
        lambda v: (
            "the reference documents cssproc.order as a function; "
            + ("a preset name" if isinstance(v, str) else "a list of plugin names")
            + ", which the CSS tool also takes, is not documented"
        ),
    ),
    ("future", "compatibilityVersion"): Tolerance(
        parse_type("integer(1..)"),
        lambda v: f"the reference describes compatibility versions 3 and 4 only, not {js_text(v)}",
    ),
    **dict(_filenames(n) for n in ("app", "chunk", "css", "font", "img", "video")),
}


def tolerated(canon: OptionPath, type_: TypeExpr, value: Any, path: OptionPath) -> list[Issue] | None:
    """The issues of ``value`` at ``path`` when a tolerated shape is in it (its warnings and any other
    problems); ``None`` when no tolerated shape is, and the plain type check has the say."""
    tolerance = TOLERATED.get(canon)
    if tolerance is None:
        return None
    if tolerance.each_item:
        array = _list_type(type_)
        if array is None or not isinstance(value, list):
            return None
        item_of = compile_type(array.item)
        out: list[Issue] = []
        found = False
        for i, item in enumerate(value):
            here = (*path, i)
            trial: list[Issue] = []
            if not item_of(item, here, trial) and _fits(tolerance, item, here):
                out.append(_warning(tolerance, item, here))
                found = True
            else:
                out.extend(trial)
        return out if found else None
    if not _has_error(check_value(type_, value, path)) or not _fits(tolerance, value, path):
        return None
    return [_warning(tolerance, value, path)]


def _list_type(type_: TypeExpr) -> ArrayType | None:
    """The list form of ``type_`` (``source | array<source>`` has one), if any."""
    if isinstance(type_, ArrayType):
        return type_
    if isinstance(type_, UnionType):
        return next((o for o in type_.options if isinstance(o, ArrayType)), None)
    return None


def _fits(tolerance: Tolerance, value: Any, path: OptionPath) -> bool:
    return not _has_error(check_value(tolerance.shape, value, path))


def _warning(tolerance: Tolerance, value: Any, path: OptionPath) -> Issue:
    fix_title = tolerance.fix_title or None
    return Issue(path, "warning", tolerance.message(value), tolerance.fix(value), rule=RULE, fix_title=fix_title)


def _has_error(issues: list[Issue]) -> bool:
    return any(i.severity == "error" for i in issues)
