"""Where a package named in a config is installed: ``node_modules`` folders from the config's folder upward.

The one walk of the node resolution the framework's loader does for a name: a layer named as a package
(``extends: ['my-layer']``) and a module (``modules: ['@fwk/i18n']``) are found the same way. Nothing is run.
"""

from __future__ import annotations

from pathlib import Path


def split_package(source: str) -> tuple[str, str]:
    """``@org/name/sub/path`` as (``@org/name``, ``sub/path``); ``name/sub`` as (``name``, ``sub``)."""
    parts = source.split("/")
    count = 2 if source.startswith("@") else 1
    return "/".join(parts[:count]), "/".join(parts[count:])


FRAMEWORK_PACKAGE = "fwk"
"""The framework's own package, as package.json lists it."""


def package_root(name: str, folder: Path) -> Path | None:
    """The folder of the package ``name`` seen from ``folder``: ``node_modules/<name>`` there or in a folder above."""
    for parent in (folder, *folder.parents):
        root = parent / "node_modules" / name
        if root.is_dir():
            return root
    return None


def is_package_name(source: str) -> bool:
    """``source`` names a package (``@fwk/i18n``, ``color-mode``), not a path (``./modules/x``, ``~/m``, ``/abs``)."""
    return bool(source) and not source.startswith((".", "/", "~", "@/", "#")) and "\\" not in source
