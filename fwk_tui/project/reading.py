"""Reading what lies beside a config file on disk: its package.json and folder names.

The checks stay pure (no I/O); the CLI and the edit session read these files
and hand the checks plain values. What cannot be read is a note, never an error:
the checks then go on without it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from fwk_tui.oserrors import os_error_words
from fwk_tui.userfiles import MAX_PACKAGE_JSON_BYTES, FileNotThere, UnreadableFile, read_text_file
from fwk_tui.validate.surroundings import Layout, Package


def read_package(config: Path) -> tuple[Package | None, str | None]:
    """The package.json beside ``config``, and a note when it exists but cannot be used."""
    package = config.parent / "package.json"
    skipped = "package checks skipped"
    try:
        data = json.loads(read_text_file(package, MAX_PACKAGE_JSON_BYTES))
    except FileNotThere:
        return None, None
    except UnreadableFile as exc:
        return None, f"note: {exc}; {skipped}"
    except json.JSONDecodeError as exc:
        return None, f"note: {package}:{exc.lineno}:{exc.colno}: not valid JSON ({exc.msg}); {skipped}"
    except RecursionError:
        return None, f"note: {package}: nested too deeply to read; {skipped}"
    if not isinstance(data, dict):
        return None, f"note: {package} is not a JSON object; {skipped}"
    return Package.from_package_json(data), None


def read_layout(config: Path) -> Layout | None:
    """The names beside ``config`` and one level down in its folders (variant detection, the source folder)."""
    return read_layout_noted(config)[0]


def read_layout_noted(config: Path) -> tuple[Layout | None, str | None]:
    """:func:`read_layout`, and a note naming the folder that could not be listed."""
    folder = config.parent
    try:
        listed, dirs = _entries(folder)
    except OSError as exc:
        return None, f"note: {folder}: {os_error_words(exc)}; the layout is not detected from its files"
    names = listed or frozenset()
    folders: dict[str, frozenset[str]] = {}
    note = None
    looked = sorted(d for d in dirs if not d.startswith(".") and d != "node_modules")[:MAX_FOLDERS_LISTED]
    for name in looked:
        try:
            inside = _entries(folder / name, MAX_NAMES_LISTED)[0]
        except OSError as exc:
            if name == "app":
                note = f"note: {folder / name}: {os_error_words(exc)}; its files are not looked at"
            continue
        if inside is not None:
            folders[name] = inside
    return Layout.of(names, folders=folders), note


MAX_FOLDERS_LISTED = 200
"""Folders beside a config looked into (a project has a few dozen; past that, what is in them is unknown)."""
MAX_NAMES_LISTED = 5000
"""A folder holding more names than this is not kept: the checks treat what is in it as unknown."""


def _entries(folder: Path, limit: int | None = None) -> tuple[frozenset[str] | None, frozenset[str]]:
    """The names in ``folder`` (None past ``limit`` of them), and those of them that are folders (or links to one)."""
    names: list[str] = []
    dirs: list[str] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if limit is not None and len(names) >= limit:
                return None, frozenset()
            names.append(entry.name)
            try:
                if entry.is_dir():
                    dirs.append(entry.name)
            except OSError:
                pass  # a link into nowhere, a folder it may not look into: a name, no folder
    return frozenset(names), frozenset(dirs)
