"""Symbolic links that move with the sources: which must be rewritten to keep pointing where they did.

A relative link resolves from its own folder: when a folder moves into app/, a
link inside it that points outside it (``pages/x.vue -> ../../shared/s.vue``),
or a moved entry that is itself a relative link (``layouts -> ../extpages``),
would point elsewhere; so would a link elsewhere in the project that points
into what moves (``server/x.vue -> ../pages/index.vue``). Each such link gets
the target that reaches the same place from where it is then. Links that stay
inside what moves, and absolute links to what does not move, are left as they
are. Links are read, never followed: a walk never leaves the project.

A moved entry that is itself a link moves as a link, its target rewritten, and
what it points to stays where it is: the framework reads ``app/layouts``
through it as it read ``layouts``, and what it points to (often outside the
project, or shared with another) is not the move's to carry.
"""

from __future__ import annotations

import errno
import os
import posixpath
import secrets
import stat
from collections.abc import Collection
from dataclasses import dataclass

MAX_ENTRIES = 500_000
"""Entries walked for links, in the moving folders and in the rest of the project (each); past that, the move is
refused (its links unchecked)."""


@dataclass(frozen=True)
class LinkFix:
    """A link rewritten by the move: where it is after the move (from the config's folder), its target before and
    after; ``moves`` False for a link that stays where it is (elsewhere in the project, pointing into what moves)."""

    path: str
    before: str
    after: str
    moves: bool = True

    def at(self, source: str, target: str) -> str:
        """Where this link is when the move of ``source`` to ``target`` (the one it is recorded with) is undone."""
        return source + self.path[len(target) :] if self.moves else self.path


@dataclass
class LinkPlan:
    """Per move, the links to rewrite (those it moves, and those elsewhere that point into it); and what makes the
    move unsafe (one line each, naming the link)."""

    fixes: list[list[LinkFix]]
    problems: list[str]
    folders: set[str]
    """Folders (from the config's folder, before the move) holding a link to rewrite: they must be writable."""


def plan_links(root: str, moves: list[tuple[str, str]], skipped: Collection[str] = ()) -> LinkPlan:
    """The links that need a new target when ``moves`` ((source, target) from ``root``, a real path) are made:
    those inside what moves, and those elsewhere in the project (but in folders named in ``skipped``) that point
    into it."""
    root = os.path.realpath(root)  # the links' folders are compared as the system resolves them
    places = [(_physical(root, s), _physical(root, t)) for s, t in moves]
    plan = LinkPlan([[] for _ in moves], [], set())
    budget = [MAX_ENTRIES]
    found = [
        (link, problem, n) for n, (source, _) in enumerate(moves) for link, problem in _links(root, source, budget)
    ]
    found += [(link, problem, -1) for link, problem in _links_beside(root, moves, skipped, [MAX_ENTRIES])]
    for link, problem, n in found:
        if problem:
            plan.problems.append(problem)
            continue
        if n >= 0:
            source, target = moves[n]
            before, after = places[n][0] + link[len(source) :], places[n][1] + link[len(source) :]
            fix, into, problem = _rewrite(root, link, before, after, target + link[len(source) :], places)
        else:
            where = posixpath.join(root, link)
            fix, into, problem = _rewrite(root, link, where, where, link, places)
            n = into
        if problem:
            plan.problems.append(problem)
        elif fix is not None:
            plan.fixes[n].append(fix)
            plan.folders.add(posixpath.dirname(link))
    return plan


def _links(root: str, source: str, budget: list[int]) -> list[tuple[str, str]]:
    """The links at or under ``source`` (relative paths), never followed; or a problem saying why they cannot be
    listed."""
    top = os.path.join(root, source)
    try:
        if stat.S_ISLNK(os.lstat(top).st_mode):
            return [(source, "")]
    except OSError:
        return []
    if not os.path.isdir(top):
        return []
    return _walk(root, source, budget, set())


def _links_beside(
    root: str, moves: list[tuple[str, str]], skipped: Collection[str], budget: list[int]
) -> list[tuple[str, str]]:
    """The links elsewhere in the project (not in what moves, nor in build and package folders); a folder that
    cannot be read is passed by (its links cannot be listed, and nothing in it moves: a database volume owned by
    another user must not stop the move)."""
    return _walk(root, "", budget, {s for s, _ in moves}, skipped, strict=False)


def _walk(
    root: str,
    start: str,
    budget: list[int],
    pruned: set[str],
    skipped: Collection[str] = (),
    *,
    strict: bool = True,
) -> list[tuple[str, str]]:
    top = os.path.join(root, start) if start else root
    found: list[tuple[str, str]] = []
    unreadable: list[OSError] = []
    for folder, dirs, files in os.walk(top, onerror=unreadable.append, followlinks=False):
        budget[0] -= len(dirs) + len(files)
        if budget[0] < 0:
            return [
                ("", f"{start or 'the project'}: more than {MAX_ENTRIES:,} entries: its links cannot all be checked")
            ]
        relative = os.path.relpath(folder, root).replace(os.sep, "/")
        relative = "" if relative == "." else relative
        names = dirs + files
        dirs[:] = [d for d in dirs if d not in skipped and posixpath.join(relative, d) not in pruned]
        for name in names:
            path = posixpath.join(relative, name)
            if path not in pruned and os.path.islink(os.path.join(folder, name)):
                found.append((path, ""))
    for exc in unreadable if strict else []:
        where = os.path.relpath(os.fsdecode(exc.filename or top), root)
        found.append(("", f"{where}: cannot be read ({exc.strerror or exc}): its links cannot be checked"))
    return found


def _rewrite(
    root: str, link: str, before: str, after: str, after_path: str, places: list[tuple[str, str]]
) -> tuple[LinkFix | None, int, str]:
    """The new target of ``link`` (its real path ``before`` the move, ``after`` it; from the config's folder
    ``after_path``), None when it needs none; the move its target lies in (-1: none); or a problem."""
    try:
        written = os.readlink(os.path.join(root, link))
    except OSError as exc:
        return None, -1, f"{link}: a link that cannot be read ({exc.strerror or exc})"
    parts = [p for p in written.split("/") if p not in ("", ".")]
    ups = len(parts) - len(_after_ups(parts))
    folder, new_folder = posixpath.dirname(before), posixpath.dirname(after)
    pointed = posixpath.normpath(posixpath.join(folder, written))  # an absolute target: itself
    then, into = _moved(pointed, places)
    if written.startswith("/"):
        if then == pointed:
            return None, into, ""  # absolute, to what does not move: it points where it did from anywhere
        new = then
    elif posixpath.normpath(posixpath.join(new_folder, written)) == then:
        return None, into, ""  # it points inside what moves with it, as before
    else:
        new = posixpath.relpath(then, new_folder)
    if ".." in parts[ups:] or (written.startswith("/") and ".." in parts):
        # ``a/../b`` resolves through ``a`` on disk, which may itself be a link: no rewrite is sure to be right
        return (
            None,
            into,
            f"{link} -> {written}: a link whose target climbs back (..) after a folder: cannot be rewritten",
        )
    new += "/" if written.endswith("/") and not new.endswith("/") else ""
    return LinkFix(after_path, written, new, moves=before != after), into, ""


def _after_ups(parts: list[str]) -> list[str]:
    for n, part in enumerate(parts):
        if part != "..":
            return parts[n:]
    return []


def _moved(path: str, places: list[tuple[str, str]]) -> tuple[str, int]:
    """Where ``path`` (real) is after the moves, and the index of the move that takes it (-1: none)."""
    for n, (source, target) in enumerate(places):
        if path == source or path.startswith(source + "/"):
            return target + path[len(source) :], n
    return path, -1


def _physical(root: str, relative: str) -> str:
    """The real path of ``relative`` under ``root``, its last part not followed (a folder not there yet: its
    nearest existing ancestor's real path and the rest)."""
    head, name = posixpath.split(relative)
    missing: list[str] = []
    while head and not os.path.lexists(os.path.join(root, head)):
        head, part = posixpath.split(head)
        missing.insert(0, part)
    base = os.path.realpath(os.path.join(root, head)) if head else root
    return posixpath.join(base, *missing, name)


class LinkFailed(Exception):
    """A link that could not be set; ``done`` the ones set before it."""

    def __init__(self, fix: LinkFix, error: OSError, done: list[LinkFix]) -> None:
        super().__init__(f"{fix.path}: {error.strerror or error}")
        self.fix, self.error, self.done = fix, error, done


def set_links(root: str, fixes: list[LinkFix], *, forth: bool, back_at: tuple[str, str] | None = None) -> None:
    """Point each link at its new target (``forth``) or its old one; LinkFailed at the first that cannot be.

    ``back_at`` (source, target): the links are where they were before the move (the move was undone).
    """
    done: list[LinkFix] = []
    for fix in fixes:
        path = fix.at(*back_at) if back_at else fix.path
        try:
            retarget(os.path.join(root, path), fix.after if forth else fix.before)
        except OSError as exc:
            raise LinkFailed(fix, exc, done) from None
        done.append(fix)


def retarget(path: str, target: str) -> None:
    """Replace the link at ``path`` by one to ``target``, in one step (a new link renamed over it), keeping its
    owner where it can."""
    owner = os.lstat(path)
    if not stat.S_ISLNK(owner.st_mode):  # something else took its place: never replaced
        raise OSError(errno.EEXIST, "not a link any more", path)
    while True:  # a name of our own beside it: whatever the project keeps there is never touched
        spare = os.path.join(os.path.dirname(path), f".{os.path.basename(path)}.{secrets.token_hex(4)}.fwk-tui")
        try:
            os.symlink(target, spare)
            break
        except FileExistsError:
            continue
    try:
        try:
            os.lchown(spare, owner.st_uid, owner.st_gid)
        except OSError:
            pass  # not ours to give away: the new link is the user's own
        os.replace(spare, path)
    except OSError:
        try:
            os.unlink(spare)
        except OSError:
            pass
        raise
