"""What lies beside a config file on disk: its package.json and folder names.

The checks stay pure (no I/O); the CLI and the edit session read these files
and hand the checks plain values.
"""

from __future__ import annotations

import json
from pathlib import Path

from fwk_tui.validate.project import Layout, Project


def read_project(config: Path) -> tuple[Project | None, str | None]:
    """The package.json beside ``config``, and a note when it exists but cannot be used."""
    package = config.parent / "package.json"
    try:
        data = json.loads(package.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return None, f"note: {package} cannot be read ({exc}); package checks skipped"
    if not isinstance(data, dict):
        return None, f"note: {package} is not a JSON object; package checks skipped"
    return Project.from_package_json(data), None


def read_layout(config: Path) -> Layout | None:
    """The names beside ``config`` and in its app/ folder (for variant detection)."""
    folder = config.parent
    try:
        names = [p.name for p in folder.iterdir()]
    except OSError:
        return None
    app = folder / "app"
    app_names = [p.name for p in app.iterdir()] if app.is_dir() else []
    return Layout.of(names, app_names)
