"""The way back from a move: the undo that checks the move's record and reverses it.

After the move wrote the config and moved the folders, ``record.record_move`` keeps
the config's bytes from before in ``<config>.bak`` and writes ``.fwk-tui-move.json``
beside the config: the hashes of the config the move wrote and of the backup,
each move with a fingerprint of what it moved, and the folders it created.
``undo_move`` reverses the move only when all of that still holds, so it never
loses a change made since: otherwise it refuses before touching anything.
"""

from __future__ import annotations

import contextlib
import os
import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fwk_tui.atomic import write_bytes_atomically
from fwk_tui.migrate.disk import FolderMove
from fwk_tui.migrate.intent import MOVING, roll_back
from fwk_tui.migrate.links import LinkFailed, LinkFix, set_links
from fwk_tui.migrate.preflight import config_problems, renamable
from fwk_tui.migrate.record import (
    RECORD_NAME,
    UndoError,
    backup_path,
    check_inside,
    fingerprint_or_error,
    read_record,
    record_path,
    recorded_moves,
    said,
    sha256,
    write_record,
)
from fwk_tui.oserrors import os_error_words
from fwk_tui.source import MAX_BYTES
from fwk_tui.userfiles import FileNotThere, UnreadableFile, read_file_bytes

STOPPED = "the move had stopped part-way (its process was killed); what it had done was rolled back"
UNDOING = "undoing"
"""The record's ``state`` while an undo runs: one killed part-way is finished by the next ``--undo``."""
UNDO_STOPPED = "an earlier undo had stopped part-way (its process was killed); it is finished now"


@dataclass
class Undone:
    """What an undo restored."""

    config: Path  # its bytes are those from before the move again
    moved_back: list[FolderMove] = field(default_factory=list)  # in the order moved back (target -> source)
    removed: list[str] = field(default_factory=list)  # folders the move created, removed (empty again)
    kept: list[str] = field(default_factory=list)  # folders the move created, left: something else is in them now
    notes: list[str] = field(default_factory=list)  # leftovers that could not be deleted (the undo itself is done)


def undo_move(config: Path) -> Undone:
    """Put the config and the folders back as they were before the recorded move; UndoError, with nothing touched,
    when anything changed since (the config, a moved folder, a source place taken again, the backup)."""
    root = config.parent
    record = read_record(config)
    state = record.get("state")
    if state in (MOVING, UNDOING):  # a move or an undo stopped part-way: whatever the move did goes back
        back, gone = roll_back(config, record)
        return Undone(config, moved_back=back, removed=gone, notes=[STOPPED if state == MOVING else UNDO_STOPPED])
    moves, fingerprints, created = recorded_moves(record)
    paths = [p for m in moves for p in (m.source, m.target, *(fix.path for fix in m.links))]
    for path in [*paths, *created]:
        check_inside(root, path)
    before = _check_state(config, record, moves, fingerprints)
    links = [fix for move in moves for fix in move.links]
    for fix in links:  # those elsewhere in the project are not in the fingerprints
        if _target(root / fix.path) != fix.after:
            raise UndoError(f"{fix.path} changed since the move (a link to {fix.after} then): nothing was undone")
    back = [FolderMove(m.name, m.target, m.source) for m in moves]
    problems = config_problems(config) + renamable(root, back, {posixpath.dirname(fix.path) for fix in links})
    if problems:
        raise UndoError(f"{problems[0]}: nothing was undone")
    _write_record(config, {**record, "state": UNDOING})  # a kill from here on leaves what finishes the undo
    try:
        undone = _put_back(config, record, moves, links, created, before)
    except UndoError:
        with contextlib.suppress(UndoError):
            _write_record(config, record)  # everything is as the move left it again
        raise
    for leftover in (backup_path(config), record_path(config)):  # the .bak first: a record alone refuses
        try:
            os.unlink(leftover)
        except FileNotFoundError:
            pass
        except OSError as exc:
            undone.notes.append(f"{said(exc, leftover)}: delete it by hand")
    return undone


def _write_record(config: Path, record: dict[str, Any]) -> None:
    try:
        write_record(config, record)
    except OSError as exc:
        raise UndoError(f"{said(exc, record_path(config))}: nothing was undone") from None


def _put_back(
    config: Path,
    record: dict[str, Any],
    moves: list[FolderMove],
    links: list[LinkFix],
    created: list[str],
    before: bytes,
) -> Undone:
    """The links, the folders and the config as they were before the move (checked by :func:`undo_move`); on
    UndoError, everything is as the move left it."""
    root = config.parent
    undone = Undone(config)
    stuck = _set_all(root, links, forth=False)
    if stuck:
        stuck += _set_all(root, links, forth=True)
        raise UndoError(f"{stuck[0]}: the links are as the move set them; nothing was undone")
    try:
        _move_back(root, moves)
    except UndoError as exc:
        stuck = _set_all(root, links, forth=True)
        raise UndoError(f"{exc}{'; '.join(['', *stuck])}") from None
    undone.moved_back = list(reversed(moves))
    removed: list[str] = []
    for folder in sorted(created, key=lambda p: (-p.count("/"), p)):  # deepest first
        try:
            os.rmdir(root / folder)
            removed.append(folder)
        except FileNotFoundError:
            pass
        except OSError:
            if os.path.isdir(root / folder):
                undone.kept.append(folder)
    undone.removed = removed
    try:
        if read_file_bytes(config, MAX_BYTES) != before:
            write_bytes_atomically(config, before)
    except (OSError, UnreadableFile) as exc:
        words = said(exc, config) if isinstance(exc, OSError) else str(exc)
        _redo(root, moves, removed, words)
        raise UndoError(f"{words}: the folders are back where the move put them; nothing was undone") from None
    return undone


def _check_state(config: Path, record: dict[str, Any], moves: list[FolderMove], fingerprints: list[Any]) -> bytes:
    """The bytes from before the move, once everything is as the move left it; else UndoError saying what is not."""
    root = config.parent
    if record["config"] != config.name:
        raise UndoError(f"{RECORD_NAME} records a move of {record['config']}, not of {config.name}")
    try:
        now = read_file_bytes(config, MAX_BYTES)
    except FileNotThere:
        raise UndoError(f"{config.name} is not there any more: nothing was undone") from None
    except UnreadableFile as exc:
        raise UndoError(f"{exc}: nothing was undone") from None
    # Back to its bytes from before already (an editor's undo, saved): only the folders are left to move back.
    if sha256(now) != record["config_sha256"] and sha256(now) != record["backup_sha256"]:
        raise UndoError(
            f"{config.name} changed since the move: undoing would lose that edit; nothing was undone "
            f"({backup_path(config).name} holds the config from before the move)"
        )
    bak = backup_path(config)
    try:
        before = read_file_bytes(bak, MAX_BYTES) if not os.path.islink(bak) else None
    except FileNotThere:
        raise UndoError(f"{bak.name} is missing: the config from before the move is gone; nothing was undone") from None
    except UnreadableFile as exc:
        raise UndoError(f"{exc}: nothing was undone") from None
    if before is None or sha256(before) != record["backup_sha256"]:
        raise UndoError(
            f"{bak.name} changed since the move: it no longer holds the config from before; nothing was undone"
        )
    changed: list[str] = []
    for move, then in zip(moves, fingerprints, strict=True):
        if not os.path.lexists(root / move.target):
            raise UndoError(f"{move.target} is missing: it was moved there from {move.source}; nothing was undone")
        if os.path.lexists(root / move.source):
            raise UndoError(
                f"{move.source} exists again: moving {move.target} back would replace it; nothing was undone"
            )
        folder = posixpath.dirname(move.source)
        if folder and not os.path.isdir(root / folder):
            raise UndoError(f"{folder}/ is not there any more: {move.target} cannot go back; nothing was undone")
        now_print = fingerprint_or_error(root, move.target)
        if now_print != then:
            changed.append(_what_changed(root, move.target, then, now_print))
    if changed:  # every one named at once: the person sees all they have to look at
        them = "it" if len(changed) == 1 else "them"
        raise UndoError(
            f"changed since the move: {'; '.join(changed)}: nothing was undone; move {them} back by hand, or put "
            f"{them} as the move left {them} and undo again"
        )
    return before


def _what_changed(root: Path, target: str, then: dict[str, Any], now: dict[str, Any]) -> str:
    """A moved folder or file that is no longer as the move left it, in words."""
    if not os.path.isdir(root / target):
        return f"{target} (edited)"
    if now.get("entries") != then.get("entries"):
        return f"{target} ({then.get('entries')} entries then, {now.get('entries')} now)"
    return f"{target} (files in it edited)"


def _move_back(root: Path, moves: list[FolderMove]) -> None:
    """Each target back to its source, the last move first; on an OS error, the ones moved back go forth again."""
    done: list[FolderMove] = []
    for move in reversed(moves):
        try:
            os.rename(root / move.target, root / move.source)
        except OSError as exc:
            words = os_error_words(exc)
            stuck = _rename_all([(m.source, m.target) for m in reversed(done)], root)
            if stuck:
                raise UndoError(
                    f"moving {move.target} back to {move.source} failed ({words}), and so did putting back what had "
                    f"moved: {'; '.join(stuck)}"
                ) from None
            raise UndoError(
                f"moving {move.target} back to {move.source} failed ({words}): every folder is where the move put "
                f"it; nothing was undone"
            ) from None
        done.append(move)


def _redo(root: Path, moves: list[FolderMove], removed: list[str], words: str) -> None:
    """The folders moved forth again after the config could not be restored; UndoError if that fails too."""
    stuck: list[str] = []
    for folder in reversed(removed):  # shallow first
        try:
            os.mkdir(root / folder)
        except FileExistsError:
            pass
        except OSError as exc:
            stuck.append(said(exc, root / folder, folder))
    stuck += _rename_all([(m.source, m.target) for m in moves], root)
    stuck += _set_all(root, [fix for m in moves for fix in m.links], forth=True)
    if stuck:
        raise UndoError(
            f"{words}; then putting the folders back where the move put them failed: {'; '.join(stuck)} "
            f"(the config still holds what the move wrote)"
        )


def _rename_all(pairs: list[tuple[str, str]], root: Path) -> list[str]:
    """Rename each pair, carrying on past failures; what failed, in words."""
    stuck = []
    for source, target in pairs:
        try:
            os.rename(root / source, root / target)
        except OSError as exc:
            stuck.append(f"{source} is still not at {target} ({os_error_words(exc)})")
    return stuck


def _target(path: Path) -> str | None:
    try:
        return os.readlink(path)
    except OSError:
        return None


def _set_all(root: Path, links: list[LinkFix], *, forth: bool) -> list[str]:
    """Point each link (where the move put it) at its target after the move (``forth``) or before, carrying on past
    failures; what failed, in words."""
    stuck = []
    for fix in links:
        try:
            set_links(str(root), [fix], forth=forth)
        except LinkFailed as exc:
            stuck.append(f"the link {exc} (it should point to {fix.after if forth else fix.before})")
    return stuck


__all__ = ["RECORD_NAME", "UndoError", "Undone", "backup_path", "undo_move"]
