"""What must hold before a move touches anything: checked all at once, so a move is refused before the config is
written rather than failing half-way.

Each problem is one line naming the path: a source gone, a file where a folder
must be, a target taken (or two moves onto one), a folder that cannot be
renamed (permissions, the immutable or append-only flag, a read-only file
system), a target on another file system, links that cannot be kept pointing
where they did, and a config that cannot be rewritten.
"""

from __future__ import annotations

import os
import posixpath
import stat
import sys
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Protocol

from fwk_tui.migrate.disk import SKIPPED
from fwk_tui.migrate.links import LinkPlan, plan_links

_FS_IOC_GETFLAGS = 0x80086601
_FS_IMMUTABLE_FL = 0x10
_FS_APPEND_FL = 0x20
_BSD_FLAGS = getattr(stat, "UF_IMMUTABLE", 0) | getattr(stat, "SF_IMMUTABLE", 0) | getattr(stat, "UF_APPEND", 0)


class MoveError(Exception):
    """A move that could not be made; every folder moved before it was moved back (or nothing was moved)."""


class MoveRefused(MoveError):
    """A move refused before anything moved (a precondition that does not hold)."""


class MoveStuck(MoveError):
    """A move that failed part-way and could not all be put back: its write-ahead record is what takes it back
    (``migrate --undo``), so it stays."""


class Move(Protocol):
    @property
    def source(self) -> str: ...
    @property
    def target(self) -> str: ...


def preflight(root: Path, moves: Sequence[Move]) -> tuple[list[str], LinkPlan]:
    """What stops ``moves`` (paths from ``root``) from being made, one line each; and the links they rewrite."""
    problems: list[str] = []
    targets: dict[str, str] = {}
    blocked: _Blocked = {}
    for move in moves:
        problems += _place(root, move, targets, blocked)
    problems += _blocked_words(blocked)
    if problems:
        return problems, LinkPlan([], [], set())
    links = plan_links(str(root), [(m.source, m.target) for m in moves], SKIPPED)
    return [*links.problems, *renamable(root, moves, links.folders)], links


def renamable(root: Path, moves: Sequence[Move], link_folders: Collection[str] = ()) -> list[str]:
    """What stops each source of ``moves`` from being renamed to its target (the folders on the way to it are
    there or can be made), and the links in ``link_folders`` from being rewritten: one line each."""
    problems: list[str] = []
    writable: dict[str, tuple[str, bool]] = {}  # folder -> what must be renamed or written in it, only added to
    for move in moves:
        _need(writable, posixpath.dirname(move.source), f"{move.source} cannot be moved out of it", False)
        made_in = _existing(root, posixpath.dirname(move.target))
        _need(writable, made_in, f"{move.target} cannot be made in it", True)
        problems += _movable(root, move)
    for folder in sorted(link_folders):
        _need(writable, folder, "the links in it cannot be rewritten", False)
    for folder, (what, append_ok) in writable.items():
        problems += _writable(root, folder, what, append_ok)
    return problems


def config_problems(config: Path) -> list[str]:
    """What stops the config from being rewritten in place (the immutable or append-only flag, which only shows
    when the write fails: after the folders moved)."""
    real = Path(os.path.realpath(config))
    try:
        st = os.stat(real)
    except OSError:
        return []  # not there: reading it says so
    if _flagged(real, st):
        return [f"{config.name}: immutable or append-only (chattr +i or +a): it cannot be rewritten"]
    return []


def in_the_way(root: Path, moves: Sequence[Move]) -> list[str]:
    """The files (or links to files, or to nothing) where a folder ``moves`` need must be: a config that reads its
    sources from there cannot be written, even when the sources are left to move later."""
    blocked: _Blocked = {}
    for move in moves:
        _place(root, move, {}, blocked)
    return _blocked_words(blocked)


_Blocked = dict[tuple[str, str], list[str]]
"""(folder, what is there instead) -> the sources that cannot move into it."""


def _blocked_words(blocked: _Blocked) -> list[str]:
    return [
        f"{folder}: {kind}, not a folder: {', '.join(sources)} cannot move into {folder}/"
        for (folder, kind), sources in blocked.items()
    ]


def _need(writable: dict[str, tuple[str, bool]], folder: str, what: str, append_ok: bool) -> None:
    """Note that ``folder`` must be writable for ``what`` (the first reason named; only added to if all agree)."""
    said, ok = writable.get(folder, (what, True))
    writable[folder] = (said, ok and append_ok)


def _place(root: Path, move: Move, targets: dict[str, str], blocked: _Blocked) -> list[str]:
    """The source is there, and the target is free, with only folders on the way to it (else the source is noted
    in ``blocked``)."""
    if not os.path.lexists(root / move.source):
        return [f"{move.source}: not there any more"]
    if move.target in targets:
        return [f"{move.target}: both {targets[move.target]} and {move.source} would move there"]
    targets[move.target] = move.source
    parts = move.target.split("/")
    for n in range(1, len(parts)):
        folder = "/".join(parts[:n])
        path = root / folder
        if not os.path.lexists(path):
            break
        if not path.is_dir():
            kind = "a link to " + ("a file" if path.exists() else "nothing") if path.is_symlink() else "a file"
            blocked.setdefault((folder, kind), []).append(move.source)
            return []
    outside = _outside(root, move)
    if outside:
        return [outside]
    if os.path.lexists(root / move.target):
        return [f"{move.target}: exists already: {move.source} would replace it"]
    return []


def _outside(root: Path, move: Move) -> str:
    """Why ``move`` would carry its source out of the project (a folder on the way to its target links outside),
    or ``""``."""
    real_root = os.path.realpath(root)
    folder = _existing(root, posixpath.dirname(move.target))
    real = os.path.realpath(root / folder)
    if real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep):
        return ""
    return f"{folder} links to {real}, outside the project: {move.source} would leave it"


def _movable(root: Path, move: Move) -> list[str]:
    """The source itself can be renamed there: not flagged immutable, not a mount point or on another file
    system, and (a folder changing parent) writable, for its ``..`` changes."""
    path = root / move.source
    try:
        st = os.lstat(path)
        dest = os.stat(root / _existing(root, posixpath.dirname(move.target)))
    except OSError as exc:
        return [f"{move.source}: {exc.strerror or exc}"]
    if _flagged(path, st):
        return [f"{move.source}: immutable or append-only (chattr +i or +a): it cannot be moved"]
    if stat.S_ISDIR(st.st_mode) and os.path.isfile(path / ".git") and not os.path.islink(path / ".git"):
        # a submodule (or a worktree): its .git file and the repository's own record name its place
        return [
            f"{move.source}: a git submodule: moved by fwk-tui, git would lose it; move it with "
            f"`git mv {move.source} {move.target}`, then run migrate again"
        ]
    if st.st_dev != dest.st_dev:
        there = posixpath.dirname(move.target) or "."
        return [f"{move.source}: on another file system than {there}/: it cannot be renamed into it"]
    changes_parent = posixpath.dirname(move.source) != posixpath.dirname(move.target)
    if stat.S_ISDIR(st.st_mode) and changes_parent and not os.access(path, os.W_OK, follow_symlinks=False):
        return [f"{move.source}: not writable (permission denied): a folder needs that to move into another"]
    return []


def _writable(root: Path, folder: str, what: str, append_ok: bool) -> list[str]:
    path = root / folder if folder else root
    shown = f"{folder}/" if folder else "the config's folder"
    try:
        st = os.stat(path)
        read_only = bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError as exc:
        return [f"{shown}: {exc.strerror or exc}: {what}"]
    if read_only:
        return [f"{shown}: on a read-only file system: {what}"]
    if _flagged(path, st, append_ok=append_ok):
        return [f"{shown}: immutable or append-only (chattr +i or +a): {what}"]
    if not os.access(path, os.W_OK | os.X_OK):
        return [f"{shown}: not writable (permission denied): {what}"]
    return []


def _existing(root: Path, relative: str) -> str:
    """``relative``, or its nearest ancestor that exists ('' for the config's folder)."""
    while relative and not os.path.lexists(root / relative):
        relative = posixpath.dirname(relative)
    return relative


def _flagged(path: Path, st: os.stat_result, *, append_ok: bool = False) -> bool:
    """Whether ``path`` carries the immutable or append-only flag (which even root cannot rename past); with
    ``append_ok``, the immutable flag only (a folder only added to)."""
    if getattr(st, "st_flags", 0) & _BSD_FLAGS:
        return True
    if not sys.platform.startswith("linux") or not (stat.S_ISDIR(st.st_mode) or stat.S_ISREG(st.st_mode)):
        return False
    import fcntl

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
    except OSError:
        return False  # unreadable: the rename says why, and everything moved goes back
    try:
        buf = bytearray(8)
        fcntl.ioctl(fd, _FS_IOC_GETFLAGS, buf, True)
    except OSError:
        return False  # a file system without these flags
    finally:
        os.close(fd)
    flags = int.from_bytes(buf[:4], sys.byteorder)
    return bool(flags & (_FS_IMMUTABLE_FL if append_ok else _FS_IMMUTABLE_FL | _FS_APPEND_FL))
