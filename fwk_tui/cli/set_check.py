"""The check before ``set`` and ``unset`` write: the diagnostics an edit brings, the spreads that change its meaning."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from fwk_tui.cli.output import err, out, out_json
from fwk_tui.exits import Exit
from fwk_tui.paths import OptionPath, format_path
from fwk_tui.source import ConfigDocument
from fwk_tui.source.expression import dropped_code
from fwk_tui.source.spreads import COMPUTED_REASON, SpreadNote, spread_notes
from fwk_tui.source.summary import one_line
from fwk_tui.source.textutil import unified_diff
from fwk_tui.source.values import Code, JSValue

if TYPE_CHECKING:
    from fwk_tui.catalog.models import Variant
    from fwk_tui.validate import Diagnostic

_CODE_SHOWN = 60
"""Characters of a piece of code shown in the line that names it (folded to one line)."""


def checked_write(
    file: Path, old: ConfigDocument, new: ConfigDocument, path: OptionPath, ns: argparse.Namespace,
    save: Callable[[], None],
) -> int:
    """Check ``new`` like ``check``; write it with ``save`` unless the edit brings an error (and no --force)."""
    from fwk_tui.cli.check_cmds import diagnostic_json, text_block

    variant, found = _introduced(file, old, new, path, ns.variant)
    errors = sum(1 for d in found if d.severity == "error")
    notes = [n for n in spread_notes(old, new, path) if n.risky]
    code = replaced_code(old, new, path)
    refused = bool(errors or notes or code) and not ns.force
    diff = unified_diff(old.text, new.text, str(file))
    written = not refused and not ns.dry_run
    if written:
        save()
    if ns.json:
        data = {
            "file": str(file),
            "path": format_path(path),
            "variant": variant,
            "written": written,
            "refused": refused,
            "diff": diff,
            "diagnostics": [diagnostic_json(d) for d in found],
            "spreads": [_spread_json(n) for n in notes],
            "code": [_code_json(p, c) for p, c in code],
        }
        out_json(data)
    else:
        if ns.dry_run and diff:
            out(diff, end="")
        elif ns.dry_run:  # no diff to show: said, rather than nothing at all (the value is not: it may be private)
            err(f"{file}: note: {format_path(path)} already has this value; nothing would change")
        for d in found:
            if d.severity != "info":
                err(text_block(str(file), new, d))
        if errors:
            err(_verdict(errors, variant, refused, ns.dry_run))
        print_spreads(file, notes, ns.force, ns.dry_run)
        print_code(file, code, removing=False, forced=ns.force, dry_run=ns.dry_run)
    return Exit.FINDINGS if refused else Exit.OK


def replaced_code(old: ConfigDocument, new: ConfigDocument | None, path: OptionPath) -> list[tuple[OptionPath, Code]]:
    """The code at or under ``path`` in ``old`` (with its path) that ``new`` no longer has there; ``new`` None:
    the key is removed. Code written over by code is an edit of the code, not in it."""
    try:
        before = old.get(path)
    except KeyError:
        return []
    after: JSValue = None  # removed: as a value, it keeps no code
    if new is not None:
        try:
            after = new.get(path)
        except KeyError:
            pass
    where = _absolute(old, path)
    return [((*where, *inner), code) for inner, code in dropped_code(before, after)]


def print_code(
    file: Path, found: list[tuple[OptionPath, Code]], *, removing: bool, forced: bool, dry_run: bool
) -> None:
    """Each piece of code the edit replaces (or removes) as ``file:line:col: PATH is code: ...``, then the verdict:
    what code gives is known only when the config runs, so a value in its place may change what the app gets."""
    if not found:
        return
    for path, code in found:
        where = f"{file}:{code.span.line}:{code.span.column}" if code.span is not None else str(file)
        err(f"{where}: {format_path(path)} is code: {one_line(code.text, _CODE_SHOWN)}")
    if forced:
        if removing:
            err(f"{'would be removed' if dry_run else 'removed'} with its code (--force)")
        else:
            err(f"{'would be written' if dry_run else 'written'} over the code (--force)")
        return
    head = "would not be written" if dry_run else "nothing written"
    what = "removing it removes code" if removing else "the new value replaces code"
    err(f"{head}: {what} (what it gives is known only when the config runs); "
        f"--force {'removes' if removing else 'writes'} it anyway")


def _code_json(path: OptionPath, code: Code) -> dict[str, object]:
    span = code.span
    return {
        "path": format_path(path),
        "text": code.text,
        "line": span.line if span is not None else None,
        "column": span.column if span is not None else None,
    }


def print_spreads(file: Path, notes: list[SpreadNote], forced: bool, dry_run: bool) -> None:
    """Each spread that changes what the edit means at run time as ``file:line:col: ...``, then the verdict."""
    if not notes:
        return
    for note in notes:
        err(f"{file}:{note.line}:{note.column}: {note.message()}")
    if forced:
        err(f"{'would be written' if dry_run else 'written'} despite the spread (--force)")
    else:
        head = "would not be written" if dry_run else "nothing written"
        what = "a spread" if any(n.definition.reason != COMPUTED_REASON for n in notes) else "a computed key"
        err(f"{head}: {what} of the same object defines the key too; --force writes it anyway")


def _spread_json(note: SpreadNote) -> dict[str, object]:
    return {
        "key": format_path(note.key_path),
        "spread": note.spread,
        "line": note.line,
        "column": note.column,
        "outcome": note.outcome,
        "message": note.message(),
    }


def _verdict(errors: int, variant: str, refused: bool, dry_run: bool) -> str:
    count = f"{errors} error{'' if errors == 1 else 's'}"
    if refused:
        head = "would not be written" if dry_run else "nothing written"
        return f"{head}: the new value brings {count} (checked as variant {variant}); --force writes it anyway"
    return f"{'would be written' if dry_run else 'written'} despite {count} (--force)"


def _introduced(
    file: Path, old: ConfigDocument, new: ConfigDocument, path: OptionPath, variant: Variant | None
) -> tuple[str, list[Diagnostic]]:
    """The variant ``new`` is checked as, and its diagnostics that the edit brought.

    Those are the diagnostics at or below ``path`` (the value just written) and
    any other one ``old`` did not have: errors elsewhere in the file stay theirs.
    """
    from fwk_tui.catalog import load_catalog
    from fwk_tui.project import Project
    from fwk_tui.validate import within

    catalog = load_catalog()
    project = Project.at(file)
    before = project.check(old, catalog, variant, positions=False)
    after = project.check(new, catalog, variant)
    known = {_key(d) for d in before.diagnostics}
    where = format_path(_absolute(new, path))
    found = [d for d in after.diagnostics if within(d.path, where) or _key(d) not in known]
    return after.variant.variant, found


def _key(d: Diagnostic) -> tuple[str, str, str, str]:
    return (d.severity, d.rule, d.path, d.message)


def _absolute(doc: ConfigDocument, path: OptionPath) -> OptionPath:
    """``path`` with negative indexes (``meta[-1]``) counted from the end of their array."""
    out: list[str | int] = []
    for seg in path:
        if isinstance(seg, int) and seg < 0:
            try:
                items = doc.get(tuple(out))
            except KeyError:
                return path
            if not isinstance(items, list):
                return path
            seg = len(items) + seg
        out.append(seg)
    return tuple(out)
