"""What the checks know about the project around the config, as plain data.

The CLI reads the files (``package.json`` beside the config, the folder's
entries); the checks only receive these values, so they stay pure.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from fwk_tui.packages import FRAMEWORK_PACKAGE


@dataclass(frozen=True)
class Package:
    """The package.json beside the config: which packages it lists."""

    dependencies: frozenset[str] = frozenset()
    dev_dependencies: frozenset[str] = frozenset()
    framework: str | None = None
    """The version range package.json writes for the framework's package (``fwk``: ``^4.1.0``), when it does."""

    @classmethod
    def from_package_json(cls, data: Mapping[str, Any]) -> Package:
        """Read the dependency lists of a parsed package.json (other fields are ignored)."""
        lists = (data.get("dependencies"), data.get("devDependencies"))
        ranges = [s.get(FRAMEWORK_PACKAGE) for s in lists if isinstance(s, Mapping)]
        framework = next((r for r in ranges if isinstance(r, str)), None)
        return cls(_names(data.get("dependencies")), _names(data.get("devDependencies")), framework)

    def lists(self, package: str) -> bool:
        """True when ``package`` is a dependency of any kind."""
        return package in self.dependencies or package in self.dev_dependencies


def _names(section: Any) -> frozenset[str]:
    return frozenset(section) if isinstance(section, Mapping) else frozenset()


@dataclass(frozen=True)
class Layout:
    """The names in the config's folder and, one level down, in each of its folders.

    Two levels are what the checks of the source folder need (``app/pages``,
    ``src/server``); a deeper path is unknown to them, and a check that would
    need it says nothing.
    """

    names: frozenset[str] = frozenset()
    folders: Mapping[str, frozenset[str]] = field(default_factory=dict, hash=False)
    """The names in each folder beside the config that could be listed (``app``, ``src``...)."""

    @classmethod
    def of(
        cls, names: Iterable[str], app_names: Iterable[str] = (), folders: Mapping[str, Iterable[str]] | None = None
    ) -> Layout:
        listed = {name: frozenset(inside) for name, inside in (folders or {}).items()}
        app = frozenset(app_names)
        if app and "app" not in listed:
            listed["app"] = app
        return cls(frozenset(names), listed)

    @property
    def app_names(self) -> frozenset[str]:
        """The names in the ``app/`` folder (none when there is no such folder)."""
        return self.folders.get("app", frozenset())

    def exists(self, relative: str) -> bool | None:
        """Whether ``relative`` (a path from the config's folder) exists; None when it lies too deep to know."""
        parts = [p for p in posixpath.normpath(relative).split("/") if p not in ("", ".")]
        if not parts:
            return True
        if ".." in parts or len(parts) > 2:
            return None
        if len(parts) == 1:
            return parts[0] in self.names
        if parts[0] not in self.names:
            return False
        inside = self.folders.get(parts[0])
        return None if inside is None else parts[1] in inside

    def listing(self, relative: str) -> frozenset[str] | None:
        """The names inside the folder ``relative``: empty when it is not there, None when it was not listed."""
        parts = [p for p in posixpath.normpath(relative).split("/") if p not in ("", ".")]
        if not parts:
            return self.names
        if len(parts) > 1 or ".." in parts:
            return None
        if parts[0] not in self.names:
            return frozenset()
        return self.folders.get(parts[0])


@dataclass(frozen=True)
class ModuleOptions:
    """An installed module's options, as its package declares them: the top-level key they go under, the module
    (``@fwk/color-mode 4.0.1``) and their type. Declarations may be partial: what they refuse is a warning."""

    key: str | None
    """The top-level key its options go under; None: it declares none (only its compatibility is checked)."""
    label: str
    type: Any
    """An ``ObjectType`` of the catalogue's type model (any, to keep this module free of the catalogue)."""
    incompatible: str | None = None
    """Why the module's ``compatibility`` range shuts out the project's framework version (None: it does not,
    or either is unknown)."""
    listed_at: str = ""
    """The path of its entry in ``modules`` (``modules[2]``); "" when package.json alone installs it."""
