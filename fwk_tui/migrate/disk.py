"""What a move finds on disk: the sources that move into the new source folder, and what they import through ``~/``.

Files are read, never run: a bounded scan of the moving files for ``'~/name``
and ``'@/name`` (imports, ``url()``s, component paths). Under layout A, ``~`` is
app/: a name that stays beside the config is then no longer found, so it moves
with the sources (as projects that moved by hand did with ``types/`` and
``constants/``), unless the config names it from its place or it is one of the
folders layout A keeps beside the config (then the plan says which files to
change).
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from fwk_tui.migrate.links import LinkFix
from fwk_tui.userfiles import UnreadableFile, read_file_bytes
from fwk_tui.validate.sources import APP_FOLDER_ONLY, ROOT_FOLDERS, SOURCE_ENTRIES

MAX_FILES_SCANNED = 20_000
"""Files of the moving sources read for imports; past that, the rest are not read (and the plan says so)."""
MAX_FILE_BYTES = 1024 * 1024
"""A source file above this size is not read for imports."""
SKIPPED = frozenset({"node_modules", ".git", ".fwk", ".output"})
_IMPORT = re.compile(rb"""['"`(](?:~|@)/([A-Za-z0-9_.@-][^/'"`\s)]*)""")
IMPORT_EXTENSIONS = ("", ".ts", ".js", ".mjs", ".vue", ".json", ".d.ts", ".tsx", ".jsx")
"""What an import without its extension may name (``~/types`` for ``types.ts``)."""


@dataclass(frozen=True)
class FolderMove:
    """A file or folder of the source that moves into the new source folder."""

    name: str
    source: str  # relative to the config's folder
    target: str
    imported_by: tuple[str, ...] = ()
    """For a folder that moves because moving files import it through ``~/``: some of them."""
    links: tuple[LinkFix, ...] = ()
    """Once made: the links in it (or itself) given a new target to keep pointing where they did."""


@dataclass
class Imports:
    """Root entries that moving files import through ``~/``: those that move with them, those that cannot."""

    move: list[FolderMove] = field(default_factory=list)
    stay: dict[str, list[str]] = field(default_factory=dict)
    """Entry -> files importing it, for entries that stay beside the config (layout A's own, or named by the config)."""
    unread: int = 0
    """Files not read (over the caps)."""
    staying: frozenset[str] = frozenset()
    """Every name beside the config that neither the sources nor what follows them take into app/."""


def root_entry(name: str, names: Collection[str]) -> str | None:
    """The entry of ``names`` that ``~/name`` names: itself, or a file of it with an extension (``types.ts``)."""
    if not name or name in (".", ".."):
        return None
    return next((name + ext for ext in IMPORT_EXTENSIONS if name + ext in names), None)


def source_moves(root: Path, src_b: str, src_a: str) -> tuple[list[FolderMove], list[FolderMove]]:
    """What moves into the new source folder, and what cannot (its target exists: two copies to merge by hand)."""
    base = root / src_b
    moves: list[FolderMove] = []
    conflicts: list[FolderMove] = []
    for name in SOURCE_ENTRIES:
        if (base / name).exists():
            source = posixpath.normpath(posixpath.join(src_b, name))
            move = FolderMove(name, source, posixpath.join(src_a, name))
            target = root / move.target
            (conflicts if target.exists() or target.is_symlink() else moves).append(move)
    return moves, conflicts


def holds_app_files(folder: Path) -> bool:
    """Whether ``folder`` holds more than what the framework ignores when it picks the source folder."""
    try:
        return any(not p.name.startswith(APP_FOLDER_ONLY) for p in folder.iterdir())
    except OSError:
        return False


def imported_roots(root: Path, moves: list[FolderMove], src_a: str, config_text: str) -> Imports:
    """The root entries that the files of ``moves`` import through ``~/`` or ``@/`` and that would stay behind."""
    moving = {m.source.split("/", 1)[0] for m in moves}
    try:
        beside = {p.name for p in root.iterdir()}
    except OSError:
        return Imports()
    found: dict[str, list[str]] = {}
    unread = _scan(root, moves, beside - moving, found)
    imports = Imports(unread=unread)
    for entry, files in sorted(found.items()):
        target = posixpath.join(src_a, entry)
        if entry in ROOT_FOLDERS or _named_by_config(entry, config_text) or (root / target).exists():
            imports.stay[entry] = files
        else:
            imports.move.append(FolderMove(entry, entry, target, tuple(files[:3])))
    imports.staying = frozenset(beside - moving - {m.source for m in imports.move})
    return imports


def _scan(root: Path, moves: list[FolderMove], candidates: set[str], found: dict[str, list[str]]) -> int:
    """Read the moving files for ``~/name``; record the candidates they name. Returns how many were not read."""
    budget = MAX_FILES_SCANNED
    unread = 0
    for move in moves:
        for file in _files(root / move.source):
            if budget <= 0:
                unread += 1
                continue
            budget -= 1
            try:
                data = read_file_bytes(file, MAX_FILE_BYTES)
            except UnreadableFile:
                unread += 1
                continue
            for name in {m.group(1).decode("utf-8", "replace") for m in _IMPORT.finditer(data)}:
                entry = root_entry(name, candidates)
                if entry is not None:
                    where = file.relative_to(root).as_posix()
                    found.setdefault(entry, []).append(where)
    return unread


def _files(start: Path) -> list[Path]:
    """The regular files at or under ``start`` (links not followed, build and package folders skipped)."""
    if start.is_symlink():
        return []
    if start.is_file():
        return [start]
    out: list[Path] = []
    for folder, dirs, files in os.walk(start, followlinks=False):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED)
        base = Path(folder)
        out += [base / f for f in sorted(files) if not (base / f).is_symlink()]
        if len(out) > MAX_FILES_SCANNED:
            break
    return out


def _named_by_config(entry: str, text: str) -> bool:
    """Whether the config names ``entry`` from its place (``./config/pwa``, ``'~~/types'``): moving it would break
    that, so it stays and the plan says what to change."""
    stem = re.escape(entry)
    return re.search(rf"""(?:\./|~~/|@@/|['"`]){stem}(?:[/'"`.]|$)""", text) is not None
