"""What the checks know about the project around the config, as plain data.

The CLI reads the files (``package.json`` beside the config, the folder's
entries); the checks only receive these values, so they stay pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Project:
    """The package.json beside the config: which packages it lists."""

    dependencies: frozenset[str] = frozenset()
    dev_dependencies: frozenset[str] = frozenset()

    @classmethod
    def from_package_json(cls, data: Mapping[str, Any]) -> Project:
        """Read the dependency lists of a parsed package.json (other fields are ignored)."""
        return cls(_names(data.get("dependencies")), _names(data.get("devDependencies")))

    def lists(self, package: str) -> bool:
        """True when ``package`` is a dependency of any kind."""
        return package in self.dependencies or package in self.dev_dependencies


def _names(section: Any) -> frozenset[str]:
    return frozenset(section) if isinstance(section, Mapping) else frozenset()


@dataclass(frozen=True)
class Layout:
    """The names in the config's folder and in its ``app/`` folder (for variant detection)."""

    names: frozenset[str] = frozenset()
    app_names: frozenset[str] = frozenset()

    @classmethod
    def of(cls, names: Iterable[str], app_names: Iterable[str] = ()) -> Layout:
        return cls(frozenset(names), frozenset(app_names))
