"""The record of a move kept beside the config (``.fwk-tui-move.json``): its name, its entries, writing it (with the
config from before in ``<config>.bak``) once the move is made, and reading it back with every path checked to lie
inside the config's folder."""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import stat
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from fwk_tui.atomic import write_bytes_atomically
from fwk_tui.migrate.disk import FolderMove
from fwk_tui.migrate.fingerprint import fingerprint
from fwk_tui.migrate.links import LinkFix
from fwk_tui.oserrors import os_error_words
from fwk_tui.source import MAX_BYTES
from fwk_tui.userfiles import FileNotThere, UnreadableFile, read_file_bytes

RECORD_NAME = ".fwk-tui-move.json"
RECORD_KIND = "fwk-tui folder move"
RECORD_VERSION = 1
LINKS_VERSION = 2
"""A record that rewrote links: an fwk-tui that cannot put them back refuses it rather than undo half."""
MAX_RECORD_BYTES = 1024 * 1024


class UndoError(Exception):
    """A move that cannot be recorded or undone; ``str()`` is one line saying why and what is where."""


def backup_path(config: Path) -> Path:
    """Where the config from before the move is kept: ``fwk.config.ts.bak`` beside it."""
    return config.with_name(config.name + ".bak")


def write_backup(config: Path, before: bytes) -> None:
    """Keep ``before`` (the config's bytes before the move) in ``<config>.bak``, atomically, with the config's mode;
    OSError when it cannot be written."""
    try:
        like: os.stat_result | None = os.stat(config)
    except OSError:
        like = None
    write_bytes_atomically(backup_path(config), before, like=like, follow_symlinks=False)


def record_path(config: Path) -> Path:
    return config.with_name(RECORD_NAME)


def record_bytes(record: dict[str, Any]) -> bytes:
    """The record as written, its version saying whether it holds links to put back."""
    has_links = any(entry.get("links") for entry in record["moves"])
    record["version"] = LINKS_VERSION if has_links else RECORD_VERSION
    return (json.dumps(record, indent=2) + "\n").encode("utf-8")


def read_record(config: Path) -> dict[str, Any]:
    path = record_path(config)
    try:
        data = read_file_bytes(path, MAX_RECORD_BYTES)
    except FileNotThere:
        raise UndoError(f"no move to undo: {RECORD_NAME} is not beside {config.name}") from None
    except UnreadableFile as exc:
        raise UndoError(str(exc)) from None
    try:
        record = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise UndoError(f"{RECORD_NAME}: not a move record fwk-tui can read (not JSON)") from None
    except RecursionError:
        raise UndoError(f"{RECORD_NAME}: not a move record fwk-tui can read (nested too deeply)") from None
    if not isinstance(record, dict) or record.get("record") != RECORD_KIND:
        raise UndoError(f"{RECORD_NAME}: not a move record fwk-tui can read")
    if record.get("version") not in (RECORD_VERSION, LINKS_VERSION):
        raise UndoError(f"{RECORD_NAME}: a record of version {record.get('version')!r}, which this fwk-tui cannot read")
    texts = ("config", "config_sha256", "backup", "backup_sha256")
    if not all(isinstance(record.get(k), str) for k in texts):
        raise UndoError(f"{RECORD_NAME}: not a move record fwk-tui can read (a field is missing)")
    return record


def recorded_moves(record: dict[str, Any]) -> tuple[list[FolderMove], list[Any], list[str]]:
    """The moves of ``record`` (with their links), their fingerprints, and the folders the move created."""
    bad = UndoError(f"{RECORD_NAME}: not a move record fwk-tui can read (its moves)")
    moves, fingerprints = [], []
    entries, created = record.get("moves"), record.get("created", [])
    if not isinstance(entries, list) or not isinstance(created, list):
        raise bad
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("fingerprint"), dict):
            raise bad
        name, source, target = entry.get("name"), entry.get("source"), entry.get("target")
        if not isinstance(name, str) or not isinstance(source, str) or not isinstance(target, str):
            raise bad
        target = check_relative(target)
        links = tuple(_link(link, target, bad) for link in entry.get("links", []))
        moves.append(FolderMove(name, check_relative(source), target, links=links))
        fingerprints.append(entry["fingerprint"])
    if not all(isinstance(f, str) for f in created):
        raise bad
    return moves, fingerprints, [check_relative(f) for f in created]


def _link(link: Any, target: str, bad: UndoError) -> LinkFix:
    if not isinstance(link, dict) or not all(isinstance(link.get(k), str) for k in ("path", "before", "after")):
        raise bad
    path, moves = check_relative(link["path"]), link.get("moves", True) is not False
    if moves and path != target and not path.startswith(target + "/"):
        raise UndoError(f"{RECORD_NAME}: the link {path!r} is not in {target}, which it records it in")
    return LinkFix(path, link["before"], link["after"], moves)


def check_relative(path: str) -> str:
    """``path`` when it names a place under the config's folder (``app/pages``); UndoError otherwise."""
    posix = PurePosixPath(path)
    if (
        not path
        or posix.is_absolute()
        or PureWindowsPath(path).is_absolute()
        or PureWindowsPath(path).drive
        or any(part in ("..", ".") for part in path.split("/"))
        or posixpath.normpath(path) != path
    ):
        raise UndoError(f"{RECORD_NAME}: {path!r} is not a path inside the config's folder")
    return path


def check_inside(root: Path, path: str) -> None:
    """UndoError unless ``path`` (relative, checked by :func:`check_relative`) lies inside ``root`` where it really
    is: its parent folders' links resolved, so a folder linked to elsewhere cannot carry a move out of the project."""
    real_root = os.path.realpath(root)
    parent = os.path.realpath(root / posixpath.dirname(path)) if posixpath.dirname(path) else real_root
    if parent != real_root and not parent.startswith(real_root.rstrip(os.sep) + os.sep):
        raise UndoError(f"{RECORD_NAME}: {path!r} lies outside the config's folder (in {parent}): nothing was undone")


def entries(root: Path, moves: list[FolderMove]) -> list[dict[str, Any]]:
    """The record's entry of each move just made: where from, where to, the links it rewrote, and a fingerprint of
    what is there now."""
    out = []
    for move in moves:
        check_relative(move.source)
        check_relative(move.target)
        tree = fingerprint_or_error(root, move.target)
        entry: dict[str, Any] = {"name": move.name, "source": move.source, "target": move.target, "fingerprint": tree}
        if move.links:
            entry["links"] = [link_entry(f) for f in move.links]
        out.append(entry)
    return out


def added_entries(
    record: dict[str, Any], new: list[dict[str, Any]], created: list[str]
) -> tuple[list[dict[str, Any]], list[str]]:
    """The record's moves and created folders with ``new`` moves (and the folders they made) added. A folder moved
    back by hand and moved again is one move: its earlier entry goes (the undo would move it back twice)."""
    again = {(e["source"], e["target"]) for e in new}
    kept = [e for e in record["moves"] if (e.get("source"), e.get("target")) not in again]
    made = list(record.get("created", []))
    return [*kept, *new], made + [c for c in created if c not in made]


def new_record(
    config: Path, written: bytes, before: bytes, moves: list[dict[str, Any]], created: list[str]
) -> dict[str, Any]:
    """A record of ``moves`` (entries) that made ``created``: ``config`` holds ``written``, its ``.bak`` ``before``."""
    return {
        "record": RECORD_KIND,
        "version": RECORD_VERSION,
        "config": config.name,
        "config_sha256": sha256(written),
        "backup": backup_path(config).name,
        "backup_sha256": sha256(before),
        "moves": moves,
        "created": list(created),
    }


def write_record(config: Path, record: dict[str, Any]) -> None:
    """Write ``record`` beside ``config``, atomically, never through a link (OSError when it cannot be)."""
    write_bytes_atomically(record_path(config), record_bytes(record), follow_symlinks=False)


def link_entry(fix: LinkFix) -> dict[str, Any]:
    """The record's entry of one link rewritten: where it is, its target before and after."""
    entry: dict[str, Any] = {"path": fix.path, "before": fix.before, "after": fix.after}
    if not fix.moves:
        entry["moves"] = False  # elsewhere in the project, pointing into what moved: it stays where it is
    return entry


def fingerprint_or_error(root: Path, relative: str) -> dict[str, Any]:
    try:
        return fingerprint(root / relative)
    except OSError as exc:
        where = os.fsdecode(exc.filename) if exc.filename else str(root / relative)
        try:
            where = Path(where).relative_to(root).as_posix()
        except ValueError:
            pass
        raise UndoError(f"{where}: {os_error_words(exc)}") from None


def said(exc: OSError, path: Path, name: str | None = None) -> str:
    """``name: words`` (the file's name by default), naming the folder too when the error is about it."""
    shown = name or path.name
    other = os.fsdecode(exc.filename) if isinstance(exc.filename, (str, bytes, os.PathLike)) else ""
    if other and os.path.realpath(other) != os.path.realpath(path):
        return f"{shown}: {other}: {os_error_words(exc)}"
    return f"{shown}: {os_error_words(exc)}"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def has_record(config: Path) -> bool:
    """Whether a move of this config's folder is recorded (and so may be undone)."""
    return os.path.lexists(record_path(config))


def new_folders(root: Path, moves: list[FolderMove]) -> list[str]:
    """The folders moving ``moves`` will create (``app`` when it is not there): call it before the move, for
    ``record_move``'s ``created``. Shallow first."""
    made: set[str] = set()
    for move in moves:
        parent = posixpath.dirname(move.target)
        while parent and not os.path.lexists(root / parent):
            made.add(parent)
            parent = posixpath.dirname(parent)
    return sorted(made, key=lambda p: (p.count("/"), p))


def check_can_record(config: Path) -> None:
    """UndoError when ``record_move`` would refuse or fail: a ``.bak`` beside the config that fwk-tui did not write,
    a folder (or another non-file) where the record goes.

    Call it before moving anything, so the move is not made without its way back.
    """
    try:
        kind = os.lstat(record_path(config)).st_mode
    except OSError:
        kind = None
    if kind is not None and not (stat.S_ISREG(kind) or stat.S_ISLNK(kind)):
        raise UndoError(
            f"{RECORD_NAME} is not a file (a folder?): rename or delete it, so that fwk-tui can record the move there"
        )
    bak = backup_path(config)
    if os.path.lexists(bak) and not _backup_is_ours(config):
        raise UndoError(
            f"{bak.name} exists already and fwk-tui did not write it: rename or delete it, so that fwk-tui can keep "
            f"the config from before the move there"
        )


def record_move(
    config: Path, before: bytes, written: bytes, moves: list[FolderMove], created: list[str] | None = None
) -> None:
    """Record the move just made: ``config`` holds ``written`` now (``before`` until the move), ``moves`` are done
    (paths relative to the config's folder) and ``created`` the folders the move made (``new_folders``).

    Writes ``<config>.bak`` (``before``, atomically) and the record; an earlier
    ``.bak`` is replaced only when an earlier record of ours vouches for it.
    """
    root = config.parent
    check_can_record(config)
    made = entries(root, moves)
    for folder in created or []:
        check_relative(folder)
    bak = backup_path(config)
    data = record_bytes(new_record(config, written, before, made, created or []))
    if len(data) > MAX_RECORD_BYTES:
        raise UndoError(f"{RECORD_NAME}: the record of this move would be too big ({len(moves)} moves): not written")
    try:
        write_backup(config, before)
    except OSError as exc:
        raise UndoError(f"{said(exc, bak)}: no way back from the move was recorded") from None
    try:
        write_bytes_atomically(record_path(config), data, follow_symlinks=False)
    except OSError as exc:
        for leftover in (bak, record_path(config)):  # an earlier record would not match the new .bak
            _unlink_quietly(leftover)
        raise UndoError(f"{said(exc, record_path(config))}: no way back from the move was recorded") from None


def check_can_record_more(config: Path) -> dict[str, Any] | None:
    """UndoError when :func:`record_more_moves` would refuse (call it before moving anything, so no move is made
    without its way back); else the record the moves will be added to (None: a new one)."""
    try:
        now = read_file_bytes(config, MAX_BYTES)
    except UnreadableFile as exc:
        raise UndoError(f"{exc}: the folder moves could not be recorded") from None
    if not has_record(config):
        check_can_record(config)
        return None
    record = read_record(config)
    if sha256(now) != record["config_sha256"]:
        raise UndoError(
            f"{config.name} changed since the move {RECORD_NAME} records, so these folder moves cannot be added to "
            f"it: undo that move first (migrate --undo), or delete {RECORD_NAME} and {backup_path(config).name}"
        )
    return record


def record_more_moves(config: Path, moves: list[FolderMove], created: list[str], record: dict[str, Any] | None) -> None:
    """Record folder moves made after the config was written (``migrate --move-folders`` on a config in layout A):
    added to ``record``, that of the move that wrote it, as :func:`check_can_record_more` read it before the moves,
    else (None) recorded on their own (the config kept as it is now). UndoError when neither can be."""
    if record is None:
        now = read_file_bytes(config, MAX_BYTES)
        record_move(config, now, now, moves, created)
        return
    root = config.parent
    all_moves, all_created = added_entries(record, entries(root, moves), created)
    data = record_bytes({**record, "moves": all_moves, "created": all_created})
    if len(data) > MAX_RECORD_BYTES:
        raise UndoError(f"{RECORD_NAME}: the record would be too big: these folder moves were not added to it")
    try:
        write_bytes_atomically(record_path(config), data, follow_symlinks=False)
    except OSError as exc:
        raise UndoError(f"{said(exc, record_path(config))}: these folder moves were not recorded") from None


def _backup_is_ours(config: Path) -> bool:
    """Whether the ``.bak`` is the one an earlier record of ours vouches for (a regular file with its hash)."""
    bak = backup_path(config)
    try:
        record = read_record(config)
        if record["backup"] != bak.name or not stat.S_ISREG(os.lstat(bak).st_mode):
            return False
        return sha256(read_file_bytes(bak, MAX_BYTES)) == record["backup_sha256"]
    except (UndoError, UnreadableFile, OSError):
        return False


def _unlink_quietly(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
