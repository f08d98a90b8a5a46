"""A move carried out on disk: the folders moved, the config written, and what undoes both kept beside it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from fwk_tui.migrate.folders import move_back, move_folders
from fwk_tui.migrate.plan import FolderMove
from fwk_tui.migrate.undo import UndoError, backup_path, check_can_record, new_folders, record_move


@dataclass(frozen=True)
class Carried:
    """What was moved, and how to undo it (or why fwk-tui cannot)."""

    moved: list[FolderMove]
    undo: str


def carry_out(config: Path, before: bytes, moves: list[FolderMove], write: Callable[[], bytes]) -> Carried:
    """Move ``moves`` (all or nothing), then ``write`` the config (it returns the bytes written); when the write
    fails, every folder goes back before its error goes on. ``before`` is the config's bytes on disk before.

    Raises UndoError (a ``.bak`` fwk-tui did not write is in the way) or MoveError before anything changes.
    """
    check_can_record(config)
    root = config.resolve().parent
    created = new_folders(root, moves)
    done = move_folders(root, moves)
    try:
        written = write()
    except BaseException:
        move_back(root, done, created)
        raise
    try:
        record_move(config, before, written, done, created)
    except UndoError as exc:
        return Carried(done, f"note: {exc}; fwk-tui cannot undo this move (git can)")
    return Carried(done, f"undo: fwk-tui migrate --undo ({backup_path(config).name} keeps the config from before)")
