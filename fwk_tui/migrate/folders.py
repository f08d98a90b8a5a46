"""Moving the source folders into the new source folder: all or nothing."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from fwk_tui.migrate.plan import FolderMove


class MoveError(Exception):
    """A move that could not be made; every folder moved before it was moved back."""


def git_commands(moves: list[FolderMove]) -> list[str]:
    """The ``git mv`` commands that make ``moves`` (for a person to run)."""
    made = sorted({os.path.dirname(m.target) for m in moves if os.path.dirname(m.target)})
    return [f"mkdir -p {shlex.quote(d)}" for d in made] + [
        f"git mv {shlex.quote(m.source)} {shlex.quote(m.target)}" for m in moves
    ]


def move_folders(root: Path, moves: list[FolderMove]) -> list[FolderMove]:
    """Move each source to its target under ``root``; on any failure, undo what was done and raise MoveError.

    A target that exists is refused before anything moves.
    """
    taken = [m.target for m in moves if (root / m.target).exists() or (root / m.target).is_symlink()]
    if taken:
        raise MoveError(f"{', '.join(taken)} exists already: nothing was moved")
    missing = [m.source for m in moves if not (root / m.source).exists()]
    if missing:
        raise MoveError(f"{', '.join(missing)} is not there any more: nothing was moved")
    created: list[Path] = []
    done: list[FolderMove] = []
    try:
        for move in moves:
            parent = (root / move.target).parent
            if not parent.exists():
                parent.mkdir(parents=True)
                created.append(parent)
            os.rename(root / move.source, root / move.target)
            done.append(move)
    except OSError as exc:
        _back(root, done, created)
        raise MoveError(
            f"moving {move.source} failed ({exc.strerror or exc}): every folder is back where it was"
        ) from None
    return done


def move_back(root: Path, done: list[FolderMove], created: list[str]) -> None:
    """Put back what :func:`move_folders` moved (when what came after it failed), and remove the folders it made
    (``created``, from the config's folder) when they are empty again."""
    _back(root, done, [root / c for c in created])


def _back(root: Path, done: list[FolderMove], created: list[Path]) -> None:
    for move in reversed(done):
        os.rename(root / move.target, root / move.source)
    for folder in sorted(created, key=lambda p: len(p.parts), reverse=True):
        try:
            folder.rmdir()
        except OSError:
            pass  # not empty (or gone): left as it is
