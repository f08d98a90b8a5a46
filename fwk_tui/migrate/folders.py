"""Moving the source folders into the new source folder: all or nothing, links kept pointing where they did."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import NoReturn

from fwk_tui.migrate.links import LinkFailed, LinkPlan, set_links
from fwk_tui.migrate.plan import FolderMove
from fwk_tui.migrate.preflight import MoveError, MoveRefused, MoveStuck, preflight
from fwk_tui.oserrors import os_error_words
from fwk_tui.source.textutil import shell_quote


def git_commands(moves: list[FolderMove]) -> list[str]:
    """The ``git mv`` commands that make ``moves`` (for a person to run)."""
    made = sorted({os.path.dirname(m.target) for m in moves if os.path.dirname(m.target)})
    return [f"mkdir -p {shell_quote(d)}" for d in made] + [
        f"git mv {shell_quote(m.source)} {shell_quote(m.target)}" for m in moves
    ]


def check_moves(root: Path, moves: list[FolderMove]) -> LinkPlan:
    """The links ``moves`` rewrite; MoveRefused naming the first thing that stops them (and how many more there
    are), before anything is moved or written."""
    problems, links = preflight(root, moves)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise MoveRefused(f"{problems[0]}{more}")
    return links


def move_folders(
    root: Path, moves: list[FolderMove], before_first: Callable[[list[FolderMove]], None] | None = None
) -> list[FolderMove]:
    """Move each source to its target under ``root``, rewriting the links that would point elsewhere from there;
    on any failure, undo what was done and raise MoveError. Returns the moves made, each with its rewritten links.

    Every precondition (:func:`preflight`) is checked before anything moves; then ``before_first`` is given the
    moves with the links each will rewrite (to record them before the first rename).
    """
    links = check_moves(root, moves)
    if before_first is not None:
        before_first([replace(m, links=tuple(f)) for m, f in zip(moves, links.fixes, strict=True)])
    created: list[Path] = []
    done: list[FolderMove] = []
    for move, fixes in zip(moves, links.fixes, strict=True):
        try:
            parent = (root / move.target).parent
            if not parent.exists():
                parent.mkdir(parents=True)
                created.append(parent)
            os.rename(root / move.source, root / move.target)
        except OSError as exc:
            _fail(root, done, created, f"moving {move.source} to {move.target} failed ({os_error_words(exc)})")
        done.append(replace(move, links=tuple(fixes)))
    try:
        for n, move in enumerate(done):
            set_links(str(root), list(move.links), forth=True)
    except LinkFailed as exc:
        # the links of the moves before this one were all set; of this one, those in exc.done
        done[n] = replace(done[n], links=tuple(exc.done))
        _fail(root, done[: n + 1], created, f"rewriting the link {exc}", links_of=n + 1)
    return done


def _fail(root: Path, done: list[FolderMove], created: list[Path], what: str, links_of: int = 0) -> NoReturn:
    """Put everything back and raise MoveError naming ``what`` failed (and anything that could not go back)."""
    stuck = _back(root, done, created, links_of)
    if stuck:
        raise MoveStuck(f"{what}, and putting back what had moved failed too: {'; '.join(stuck)}") from None
    raise MoveError(f"{what}: every folder is back where it was") from None


def move_back(root: Path, done: list[FolderMove], created: list[str]) -> list[str]:
    """Put back what :func:`move_folders` did (when what came after it failed): the links as they were, the moves
    undone, and the folders it made (``created``, from the config's folder) removed when empty again. What could
    not go back, in words (empty when all did)."""
    return _back(root, done, [root / c for c in created], len(done))


def _back(root: Path, done: list[FolderMove], created: list[Path], links_of: int) -> list[str]:
    stuck: list[str] = []
    for move in done[:links_of]:
        for fix in move.links:
            try:
                set_links(str(root), [fix], forth=False)
            except LinkFailed as exc:
                stuck.append(f"the link {exc} (it should point to {fix.before})")
    for move in reversed(done):
        try:
            os.rename(root / move.target, root / move.source)
        except OSError as exc:
            stuck.append(f"{move.source} is still at {move.target} ({os_error_words(exc)})")
    for folder in sorted(created, key=lambda p: len(p.parts), reverse=True):
        try:
            folder.rmdir()
        except OSError:
            pass  # not empty (or gone): left as it is
    return stuck
