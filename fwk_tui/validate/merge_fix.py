"""The merge fix: a misspelt object's keys join the object of the key it meant, which the config writes too.

``devServr: { port: 3000 }`` beside ``devServer: { host: 'x' }``: renaming would
write ``devServer`` twice, and removing the misspelt copy would lose its
values; the merge gives ``devServer: { host: 'x', port: 3000 }``. A key both
write with different values is a conflict: the fix names it and waits for a
choice (:func:`choices` gives one fix per answer).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fwk_tui.paths import OptionPath, format_path, parse_path
from fwk_tui.validate.fix import Fix, Prefer

_LISTED = 3


def merge_fix(moved_at: OptionPath, into: OptionPath, moved: dict[str, Any], existing: dict[str, Any]) -> Fix:
    """The fix that merges the object ``moved`` (at ``moved_at``) into ``existing`` (at ``into``)."""
    conflicts = tuple(format_path(p) for p in _conflicts(moved, existing, ()))
    key, near = str(moved_at[-1]), str(into[-1])
    title = f"Merge {key} into {near}"
    if conflicts:
        title += f" ({_listed(conflicts)} {'is' if len(conflicts) == 1 else 'are'} set in both: choose which to keep)"
    return Fix(
        "merge",
        format_path(moved_at),
        title,
        new_path=format_path(into),
        keeps_behaviour=False,  # the misspelt keys start to count
        conflicts=conflicts,
    )


def chosen(fix: Fix, prefer: Prefer) -> Fix:
    """``fix`` with its conflicts settled as ``prefer`` says, titled so."""
    if not fix.conflicts:
        return replace(fix, prefer=prefer)
    assert fix.new_path is not None
    key, near = _last(fix.path), _last(fix.new_path)
    whose, what = (near, "keeping") if prefer == "existing" else (key, "taking")
    title = f"Merge {key} into {near}, {what} {whose}'s {_listed(fix.conflicts)}"
    return replace(fix, prefer=prefer, title=title)


def choices(fix: Fix) -> list[Fix]:
    """The fixes a person may choose among for ``fix``: itself, or for a merge waiting for a choice one per answer,
    the value already in the meant object first (it is the one the app reads today)."""
    if not fix.needs_choice:
        return [fix]
    return [chosen(fix, "existing"), chosen(fix, "moved")]


def _conflicts(moved: dict[str, Any], existing: dict[str, Any], where: OptionPath) -> list[OptionPath]:
    out: list[OptionPath] = []
    for key, value in moved.items():
        if key not in existing:
            continue
        there = existing[key]
        if isinstance(value, dict) and isinstance(there, dict):
            out += _conflicts(value, there, (*where, key))
        elif not _same(value, there):
            out.append((*where, key))
    return out


def _same(a: Any, b: Any) -> bool:
    """Equal as JavaScript values: ``1`` is not ``true`` (Python says it is), ``1`` is ``1.0``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b or isinstance(a, (int, float)) and isinstance(b, (int, float)) and a == b


def _listed(paths: tuple[str, ...]) -> str:
    shown = ", ".join(paths[:_LISTED])
    return shown + (f" and {len(paths) - _LISTED} more" if len(paths) > _LISTED else "")


def _last(path: str) -> str:
    return str(parse_path(path)[-1])
