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
from fwk_tui.source.spreads import COMPUTED_REASON, SpreadNote, spread_notes
from fwk_tui.source.textutil import unified_diff

if TYPE_CHECKING:
    from fwk_tui.catalog.models import Variant
    from fwk_tui.validate import Diagnostic


def checked_write(
    file: Path, old: ConfigDocument, new: ConfigDocument, path: OptionPath, ns: argparse.Namespace,
    save: Callable[[], None],
) -> int:
    """Check ``new`` like ``check``; write it with ``save`` unless the edit brings an error (and no --force)."""
    from fwk_tui.cli.check_cmds import diagnostic_json, text_block

    variant, found = _introduced(file, old, new, path, ns.variant)
    errors = sum(1 for d in found if d.severity == "error")
    notes = [n for n in spread_notes(old, new, path) if n.risky]
    refused = bool(errors or notes) and not ns.force
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
        }
        out_json(data)
    else:
        if ns.dry_run and diff:
            out(diff, end="")
        for d in found:
            if d.severity != "info":
                err(text_block(str(file), new, d))
        if errors:
            err(_verdict(errors, variant, refused, ns.dry_run))
        print_spreads(file, notes, ns.force, ns.dry_run)
    return Exit.FINDINGS if refused else Exit.OK


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
