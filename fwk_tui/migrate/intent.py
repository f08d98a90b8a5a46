"""The record written before a move's first rename, so that a move stopped part-way (the process killed, the
power lost) can still be taken back by ``migrate --undo``.

It says what the move is about to do (each rename and the links it rewrites)
and keeps the config from before in ``<config>.bak``; once the move is whole,
the full record (with what was moved, fingerprinted) replaces it. Rolling back
from it undoes whatever part was done: a link back to its old target where it
holds the new one, each folder back where it was, the folders made removed when
empty, the config's bytes from before.
"""

from __future__ import annotations

import glob
import os
import posixpath
from pathlib import Path
from typing import Any

from fwk_tui.atomic import write_bytes_atomically
from fwk_tui.migrate.disk import FolderMove
from fwk_tui.migrate.links import retarget
from fwk_tui.migrate.record import (
    UndoError,
    added_entries,
    backup_path,
    check_inside,
    link_entry,
    new_record,
    record_path,
    recorded_moves,
    said,
    sha256,
    write_backup,
    write_record,
)
from fwk_tui.oserrors import os_error_words
from fwk_tui.source import MAX_BYTES
from fwk_tui.userfiles import UnreadableFile, read_file_bytes

MOVING = "moving"
"""The record's ``state`` while the move runs: a move that may be part-way."""


def record_intent(config: Path, before: bytes, moves: list[FolderMove], created: list[str]) -> None:
    """Before the first rename: keep ``before`` in the ``.bak`` and say what the move will do (``moves`` with the
    links each rewrites, ``created`` the folders it makes). UndoError when either cannot be written."""
    record = {**new_record(config, before, before, _entries(moves), created), "state": MOVING}
    try:
        write_backup(config, before)
        write_record(config, record)
    except OSError as exc:
        drop_intent(config)
        raise UndoError(f"{said(exc, record_path(config))}: the move was not made") from None


def record_more_intent(
    config: Path, record: dict[str, Any] | None, moves: list[FolderMove], created: list[str]
) -> None:
    """Before the first rename of folder moves on a config already in layout A: they are added to ``record`` (that
    of the move that wrote the config, kept as the record read before; None: recorded on their own, the config as
    it is now). A move stopped part-way is then taken back whole by ``--undo``, that earlier move included."""
    if record is None:
        try:
            now = read_file_bytes(config, MAX_BYTES)
        except UnreadableFile as exc:
            raise UndoError(f"{exc}: the folder moves were not made") from None
        record_intent(config, now, moves, created)
        return
    all_moves, all_created = added_entries(record, _entries(moves), created)
    ahead = {**record, "state": MOVING, "moves": all_moves, "created": all_created}
    try:
        write_record(config, ahead)
    except OSError as exc:
        raise UndoError(f"{said(exc, record_path(config))}: the folder moves were not made") from None


def withdraw_more_intent(config: Path, record: dict[str, Any] | None) -> None:
    """The folder moves :func:`record_more_intent` announced did not happen (they failed, everything went back):
    the record as it was before them (none, when there was none)."""
    if record is None:
        drop_intent(config)
        return
    try:
        write_record(config, record)
    except OSError:
        pass  # the record says the moves were under way: --undo takes back what it finds done (nothing) and the move


def _entries(moves: list[FolderMove]) -> list[dict[str, Any]]:
    """The record's entries of moves about to be made: what moves where, and the links each rewrites."""
    entries: list[dict[str, Any]] = []
    for move in moves:
        entry: dict[str, Any] = {"name": move.name, "source": move.source, "target": move.target, "fingerprint": {}}
        if move.links:
            entry["links"] = [link_entry(f) for f in move.links]
        entries.append(entry)
    return entries


def drop_intent(config: Path) -> None:
    """The record of a move that did not happen (it failed and everything went back), and its ``.bak``, removed."""
    for leftover in (record_path(config), backup_path(config)):
        try:
            os.unlink(leftover)
        except OSError:
            pass


def roll_back(config: Path, record: dict[str, Any]) -> tuple[list[FolderMove], list[str]]:
    """Undo whatever part of the recorded move was done; the moves put back and the folders removed. UndoError,
    naming the path, when something could not go back (what could, did)."""
    root = config.parent
    moves, _, created = recorded_moves(record)
    for path in [p for m in moves for p in (m.source, m.target, *(f.path for f in m.links))] + created:
        check_inside(root, path)
    bak = backup_path(config)
    try:
        before = read_file_bytes(bak, MAX_BYTES)
    except UnreadableFile as exc:
        raise UndoError(f"{exc}: the config from before the move is gone; nothing was undone") from None
    if sha256(before) != record["backup_sha256"]:
        raise UndoError(f"{bak.name} changed since the move began: nothing was undone")
    stuck: list[str] = []
    back: list[FolderMove] = []
    for move in reversed(moves):
        moved = os.path.lexists(root / move.target) and not os.path.lexists(root / move.source)
        for fix in move.links:
            where = fix.path if moved or not fix.moves else fix.at(move.source, move.target)
            stuck += _link_back(root / where, fix.after, fix.before)
        if moved:
            try:
                os.rename(root / move.target, root / move.source)
                back.append(move)
            except OSError as exc:
                stuck.append(f"{move.source} is still at {move.target} ({os_error_words(exc)})")
    removed = []
    for folder in sorted(created, key=lambda p: (-p.count("/"), p)):
        try:
            os.rmdir(root / folder)
            removed.append(folder)
        except OSError:
            pass  # not there, or holds something: left
    try:
        if read_file_bytes(config, MAX_BYTES) != before:
            write_bytes_atomically(config, before)
    except (OSError, UnreadableFile) as exc:
        stuck.append(said(exc, config) if isinstance(exc, OSError) else str(exc))
    if stuck:
        raise UndoError(f"rolling back the move stopped part-way: {'; '.join(stuck)}")
    drop_intent(config)
    return back, removed


def _link_back(path: Path, after: str, before: str) -> list[str]:
    """The link at ``path`` pointed at ``before`` again where it holds ``after``; a spare link the move left beside
    it (a name of its own) removed."""
    folder, name = os.path.split(path)
    for spare in glob.glob(os.path.join(glob.escape(folder), f".{glob.escape(name)}.*.fwk-tui")):
        if os.path.islink(spare):
            try:
                os.unlink(spare)
            except OSError:
                pass
    try:
        if os.readlink(path) == after:
            retarget(str(path), before)
    except FileNotFoundError:
        pass
    except OSError as exc:
        return [f"the link {posixpath.basename(str(path))}: {os_error_words(exc)} (it should point to {before})"]
    return []
