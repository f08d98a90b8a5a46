"""Skeleton projects for tests: real folder and file names, empty files."""

from __future__ import annotations

from pathlib import Path


def lay_out(folder: Path, *entries: str) -> Path:
    """Make ``folder`` with each entry in it: a folder for ``a/``, an empty file (and its folders) otherwise."""
    folder.mkdir(parents=True, exist_ok=True)
    for entry in entries:
        path = folder / entry
        if entry.endswith("/"):
            path.mkdir(parents=True, exist_ok=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.touch()
    return folder
