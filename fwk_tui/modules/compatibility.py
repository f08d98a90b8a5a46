"""Whether an installed module works with the project's framework version, as its ``module.json`` says.

The module builder writes ``compatibility: {fwk: '^3.0.0 || ^4.0.0'}`` (an npm range) into ``dist/module.json``;
the framework compares it with its own version at start and warns (or stops, with
``experimental.enforceModuleCompatibility``). The project's version is the installed framework's
(``node_modules/fwk/package.json``): what the app runs; without it, the lowest version the range package.json
writes lets in (what an install would at least give). Either unknown: nothing is said.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from fwk_tui.modules.installed import InstalledModule
from fwk_tui.packages import FRAMEWORK_PACKAGE, package_root
from fwk_tui.semver import Version, lowest, parse_version, satisfies
from fwk_tui.userfiles import UnreadableFile, read_text_file

MAX_PACKAGE_JSON_BYTES = 1024 * 1024


@dataclass(frozen=True)
class FrameworkVersion:
    """The project's framework version and where it was read (``node_modules/fwk``, ``package.json ^4.1.0``)."""

    version: Version
    source: str


def framework_version(folder: Path, written: str | None) -> FrameworkVersion | None:
    """The framework version of the project in ``folder``: installed, else the lowest ``written`` lets in."""
    root = package_root(FRAMEWORK_PACKAGE, folder)
    if root is not None:
        try:
            data = json.loads(read_text_file(root / "package.json", MAX_PACKAGE_JSON_BYTES))
        except (UnreadableFile, ValueError, RecursionError):
            data = None
        found = (
            parse_version(data["version"]) if isinstance(data, dict) and isinstance(data.get("version"), str) else None
        )
        if found is not None:
            return FrameworkVersion(found, f"node_modules/{FRAMEWORK_PACKAGE}")
    if written is not None:
        least = lowest(written)
        if least is not None:
            return FrameworkVersion(least, f"the lowest version package.json's range {written!r} allows")
    return None


def incompatible(module: InstalledModule, framework: FrameworkVersion | None) -> str | None:
    """Why ``module`` does not work with ``framework`` (its range and the version, named), or None."""
    if framework is None or module.compatibility is None:
        return None
    if satisfies(framework.version, module.compatibility) is not False:
        return None  # it fits, or the range does not read: nothing is guessed
    return (
        f"{module.label} works with {FRAMEWORK_PACKAGE} {module.compatibility} (its module.json); this project has "
        f"{FRAMEWORK_PACKAGE} {framework.version} ({framework.source})"
    )
