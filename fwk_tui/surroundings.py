"""What lies beside a config file on disk: its package.json and folder names.

The checks stay pure (no I/O); the CLI and the edit session read these files
and hand the checks plain values. What cannot be read is a note, never an error:
the checks then go on without it.
"""

from __future__ import annotations

import json
from pathlib import Path

from fwk_tui.oserrors import os_error_words
from fwk_tui.userfiles import FileNotThere, UnreadableFile, read_text_file
from fwk_tui.validate.project import Layout, Project

MAX_PACKAGE_BYTES = 10 * 1024 * 1024
"""A package.json above this size is not read (a real one is a few kilobytes)."""


def read_project(config: Path) -> tuple[Project | None, str | None]:
    """The package.json beside ``config``, and a note when it exists but cannot be used."""
    package = config.parent / "package.json"
    skipped = "package checks skipped"
    try:
        data = json.loads(read_text_file(package, MAX_PACKAGE_BYTES))
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
    return Project.from_package_json(data), None


def read_layout(config: Path) -> Layout | None:
    """The names beside ``config`` and in its app/ folder (for variant detection)."""
    return read_layout_noted(config)[0]


def read_layout_noted(config: Path) -> tuple[Layout | None, str | None]:
    """:func:`read_layout`, and a note naming the folder that could not be listed."""
    folder = config.parent
    try:
        names = [p.name for p in folder.iterdir()]
    except OSError as exc:
        return None, f"note: {folder}: {os_error_words(exc)}; the layout is not detected from its files"
    app = folder / "app"
    try:
        app_names = [p.name for p in app.iterdir()] if app.is_dir() else []
    except OSError as exc:
        return Layout.of(names), f"note: {app}: {os_error_words(exc)}; its files are not looked at"
    return Layout.of(names, app_names), None
