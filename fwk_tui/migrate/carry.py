"""A move carried out on disk: the folders moved, the config written, and what undoes both kept beside it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from fwk_tui.migrate.folders import MoveError, move_back, move_folders
from fwk_tui.migrate.intent import drop_intent, record_intent
from fwk_tui.migrate.plan import FolderMove
from fwk_tui.migrate.preflight import MoveRefused, MoveStuck, config_problems
from fwk_tui.migrate.record import UndoError, backup_path, check_can_record, new_folders, record_move
from fwk_tui.source import MAX_BYTES
from fwk_tui.userfiles import UnreadableFile, read_file_bytes


@dataclass(frozen=True)
class Carried:
    """What was moved, and how to undo it (or why fwk-tui cannot)."""

    moved: list[FolderMove]
    undo: str


def carry_out(config: Path, before: bytes, moves: list[FolderMove], write: Callable[[], bytes]) -> Carried:
    """Move ``moves`` (all or nothing), then ``write`` the config (it returns the bytes written); when the write
    fails, every folder goes back before its error goes on. ``before`` is the config's bytes on disk before.

    Raises UndoError (a ``.bak`` fwk-tui did not write is in the way) or MoveError (the config changed on disk, or
    a precondition of the moves does not hold) before anything changes.
    """
    check_can_record(config)
    try:
        on_disk = read_file_bytes(config, MAX_BYTES)
    except UnreadableFile as exc:
        raise MoveRefused(str(exc)) from None
    if on_disk != before:  # the write would refuse it, after the folders moved: say so before
        raise MoveRefused(f"{config.name} changed on disk since it was read")
    problems = config_problems(config)
    if problems:
        raise MoveRefused(problems[0])
    root = config.resolve().parent
    created = new_folders(root, moves)
    recorded: list[bool] = []

    def intent(planned: list[FolderMove]) -> None:
        record_intent(config, before, planned, created)
        recorded.append(True)

    try:
        done = move_folders(root, moves, intent)
    except MoveError as exc:
        if recorded and not isinstance(exc, MoveStuck):  # else its record rolls it back
            drop_intent(config)
        raise
    try:
        written = write()
    except BaseException as exc:
        stuck = move_back(root, done, created)
        if not stuck:
            drop_intent(config)
        if stuck:  # the config is as it was, but not every folder is: say which, rather than the write's error
            words = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
            raise MoveStuck(
                f"writing {config.name} failed ({words}), and putting back what had moved failed too: "
                f"{'; '.join(stuck)}"
            ) from None
        raise
    try:
        record_move(config, before, written, done, created)
    except UndoError as exc:
        return Carried(done, f"note: {exc}; fwk-tui cannot undo this move (git can)")
    return Carried(done, f"undo: fwk-tui migrate --undo ({backup_path(config).name} keeps the config from before)")
