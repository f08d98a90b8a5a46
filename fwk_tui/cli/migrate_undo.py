"""``fwk-tui migrate --undo``: the project as it was before the last move."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.catalog import load_catalog
from fwk_tui.cli.config_file import Stop
from fwk_tui.cli.migrate_view import say, say_err
from fwk_tui.exits import Exit
from fwk_tui.migrate.record import UndoError
from fwk_tui.migrate.undo import undo_move
from fwk_tui.project import Project
from fwk_tui.signals import deferred_signals
from fwk_tui.source import DocumentError, load_document
from fwk_tui.source.textutil import plain_line
from fwk_tui.validate.rules.sources import SOURCES_SPLIT

FINISHING_UNDO = "finishing the undo (all or nothing); it stops once whole"


def undo(file: Path) -> int:
    """``migrate --undo``: the project as it was before the last move, or a refusal that changes nothing."""
    with deferred_signals(FINISHING_UNDO):  # what it says is printed before a signal held off stops it
        try:
            return _undo_now(file)
        except Stop as stop:
            say_err(stop.message)
            return stop.code


def _undo_now(file: Path) -> int:
    try:
        undone = undo_move(file)
    except UndoError as exc:
        raise Stop(Exit.BAD_INPUT, f"{file}: {exc}") from None
    for m in undone.moved_back:
        say(f"moved {m.target} -> {m.source}")
        for fix in m.links:
            say(f"  link {fix.at(m.source, m.target)} -> {fix.before} again")
    for folder in undone.removed:
        say(f"removed {folder}/ (the move made it; it is empty again)")
    for folder in undone.kept:
        say(f"kept {folder}/ (the move made it, and it holds something new)")
    for note in undone.notes:
        say_err(f"note: {note}")
    say(f"{file}: back as it was before the move")
    for finding in _sources_misread(file):  # folders moved by hand since (git mv after --no-move) stay moved
        say_err(f"note: the undo moves back only what the move moved; {finding}")
    return Exit.OK


def _sources_misread(file: Path) -> list[str]:
    """What ``check`` says of the config just put back (layout B, which the move started from) about sources it does
    not read where they are: folders the undo did not move because the move did not (moved by hand since)."""
    try:
        doc = load_document(file)
    except DocumentError:
        return []
    result = Project.at(file).check(doc, load_catalog(), "B")
    return [f"{d.code}: {plain_line(d.message)}" for d in result.diagnostics if d.code == SOURCES_SPLIT]
