"""The project's ``.gitignore`` keeps ``.env`` out of version control: the wizard adds it when it writes a ``.env``.

A new ``.gitignore`` holds the line ``.env``; an existing one gets it at its end,
every line kept, unless its own patterns already ignore the file (``.env``,
``/.env``, ``*.env``, ``.env*``, ``**/.env``... and no later ``!.env``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

from fwk_tui.userfiles import FileNotThere, UnreadableFile, leads_out_of, read_text_file

ENV = ".env"


def ignores_env(text: str) -> bool:
    """Whether the ``.gitignore`` ``text``, at the project's root, ignores the file ``.env`` beside it.

    Git's rules for a file at the root: the last pattern that matches decides, ``!`` re-includes, a
    pattern ending in ``/`` matches folders only, one with a ``/`` before its end is anchored at the root.
    """
    ignored = False
    for line in text.splitlines():
        pattern = _pattern(line)
        if pattern is None:
            continue
        negated = pattern.startswith("!")
        if negated:
            pattern = pattern[1:]
        elif pattern.startswith("\\!"):
            pattern = pattern[1:]
        if pattern.endswith("/") or not pattern:
            continue  # a folder's pattern: .env here is a file
        while pattern.startswith("**/"):
            pattern = pattern[3:]  # any number of folders, none included
        pattern = pattern.removeprefix("/")
        if "/" not in pattern and fnmatchcase(ENV, pattern):
            ignored = not negated
    return ignored


def _pattern(line: str) -> str | None:
    """The pattern of a line (``None``: blank or a comment), its unescaped trailing spaces dropped."""
    if line.startswith("#"):
        return None
    stripped = line.rstrip(" \t\r")
    if stripped.endswith("\\") and len(stripped) < len(line):
        stripped += " "  # `\ ` keeps the space it escapes
    if stripped.startswith("\\#"):
        stripped = stripped[1:]
    return stripped or None


def with_env(before: str | None) -> str | None:
    """The ``.gitignore`` that ignores ``.env``: a new one, or ``before`` with the line added at its end (its own
    last line ended first when it was not); ``None`` when ``before`` ignores it already."""
    if before is None:
        return f"{ENV}\n"
    if ignores_env(before):
        return None
    return before + ("" if before.endswith("\n") or not before else "\n") + f"{ENV}\n"


@dataclass
class GitignorePlan:
    """What happens to the project's ``.gitignore``: the text to write (``None``: nothing), or why it is left."""

    path: Path
    before: str | None
    text: str | None
    unread: str | None = None
    """Why it is left alone (it cannot be read, or leads out of the project): then ``.env`` is not added."""


def plan_gitignore(folder: Path) -> GitignorePlan:
    """The plan for ``folder/.gitignore`` to ignore ``.env``."""
    path = folder / ".gitignore"
    outside = leads_out_of(path, folder)
    if outside is not None:
        return GitignorePlan(path, None, None, unread=f"it leads to {outside}, outside the project")
    try:
        before: str | None = read_text_file(path)
    except FileNotThere:
        before = None
    except UnreadableFile as exc:
        return GitignorePlan(path, None, None, unread=str(exc))
    return GitignorePlan(path, before, with_env(before))
