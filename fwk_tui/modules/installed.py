"""A module a config names, as its package is installed: ``dist/module.json`` and the options its declarations give.

A module built with the framework's module builder ships ``dist/module.json`` (``name``, ``version``,
``configKey``, ``compatibility``) and its declarations (``dist/module.d.mts``, ``module.d.ts``, ``types.d.*``).
Both are read as fwk-tui reads every file a user's project holds (a regular file, capped); a file of the package
that leads out of it (a link) is not followed. What is not installed is said, never guessed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from fwk_tui.modules.built_defaults import MAX_BUILT_BYTES, built_defaults
from fwk_tui.modules.declarations import MAX_DECLARATION_BYTES, Declarations, read_declarations, unread
from fwk_tui.modules.ts_reader import Load
from fwk_tui.packages import is_package_name, package_root
from fwk_tui.userfiles import FileNotThere, UnreadableFile, read_file_bytes, read_text_file

MAX_MODULE_JSON_BYTES = 64 * 1024
BUILT_NAMES = ("module.mjs", "module.js", "module.cjs")
"""Where the builder writes a module's code, in ``dist/``: its ``defaults`` are read from it."""
DECLARATION_NAMES = ("module.d.mts", "module.d.ts", "module.d.cts", "types.d.mts", "types.d.ts")
"""Where the builder writes a module's declarations, in ``dist/``, in the order they are looked for."""


@dataclass(frozen=True)
class InstalledModule:
    """A module whose package is installed: what its ``module.json`` and its declarations say."""

    name: str
    version: str
    config_key: str | None
    """The top-level key of the config its options go under (``colorMode``); None: the module says none."""
    folder: Path
    declarations: Declarations
    compatibility: str | None = None
    """The framework versions it says it works with (``>=3.0.0``), when it says."""
    built: Path | None = None
    """Its built code (``dist/module.mjs``), where its own ``defaults`` are written."""

    @cached_property
    def defaults(self) -> dict[str, Any]:
        """The plain defaults its built code gives its options (read on first use: ``check`` needs none)."""
        if self.built is None:
            return {}
        inside = os.path.realpath(self.folder)
        if os.path.commonpath([os.path.realpath(self.built), inside]) != inside:
            return {}  # a link out of the package: not its code
        try:
            return built_defaults(read_file_bytes(self.built, MAX_BUILT_BYTES))
        except UnreadableFile:
            return {}

    @property
    def label(self) -> str:
        """``@fwk/color-mode 3.5.2``: how an origin or a header names it."""
        return f"{self.name} {self.version}".strip()


@dataclass(frozen=True)
class NotInstalled:
    """A module named but not readable here, and why, in words a user acts on."""

    name: str
    words: str


def modules_of(
    values: dict[str, Any],
    folder: Path,
    dependencies: Iterable[str] = (),
    in_layers: Iterable[tuple[str, Path]] = (),
) -> tuple[list[InstalledModule], list[NotInstalled]]:
    """The modules of a config: those its ``modules`` lists by package name (``'@fwk/i18n'``,
    ``['@fwk/image', {...}]``), those its layers list (``in_layers``: each name with the layer's folder, its
    package looked for from there), and those of its package.json ``dependencies`` that are modules (they give
    ``dist/module.json``), read from ``folder`` upward; a listed one that cannot be read says why."""
    wanted: dict[str, Path] = dict.fromkeys(module_names(values), folder)
    for name, where in in_layers:
        wanted.setdefault(name, where)
    listed = {name: where for name, where in wanted.items() if is_package_name(name)}
    installed: list[InstalledModule] = []
    missing: list[NotInstalled] = []
    looked = [*listed.items(), *((d, folder) for d in dependencies if d not in listed)][:MAX_MODULES]
    for name, where in looked:
        found = read_module(name, where)
        if isinstance(found, InstalledModule):
            if all(m is not found for m in installed):  # one package, listed by the config and a layer
                installed.append(found)
        elif name in listed:
            missing.append(found)
    return installed, missing


def module_names(values: dict[str, Any]) -> Iterator[str]:
    """The names ``modules`` lists (``'@fwk/i18n'``, ``['@fwk/image', {...}]``), in order."""
    listed = values.get("modules")
    for entry in listed if isinstance(listed, list) else ():
        name = entry[0] if isinstance(entry, list) and entry else entry
        if isinstance(name, str):
            yield name


MAX_MODULES = 200
"""Packages looked at for one config (a project lists some dozens)."""
_READ: dict[tuple[str, int, int], InstalledModule | NotInstalled] = {}
"""Packages read, by their folder and the time and size of their module.json: read once per version."""


def read_module(name: str, folder: Path) -> InstalledModule | NotInstalled:
    """The module ``name`` as installed for the config in ``folder`` (looked for from there upward)."""
    root = package_root(name, folder)
    if root is None:
        return NotInstalled(
            name,
            f"{name} is not installed here (no node_modules/{name}): install the project's packages to check its "
            "options",
        )
    dist = root / "dist"
    try:  # a package is read again when its module.json changes (or, without one, when the package does)
        stat = os.stat(dist / "module.json")
    except OSError:
        try:
            stat = os.stat(root)
        except OSError:
            return _read(name, root, dist)
    key = (os.path.realpath(root), stat.st_mtime_ns, stat.st_size)
    kept = _READ.get(key)
    if kept is None:
        if len(_READ) > 4 * MAX_MODULES:
            _READ.clear()
        kept = _READ[key] = _read(name, root, dist)
    return kept


def _read(name: str, root: Path, dist: Path) -> InstalledModule | NotInstalled:
    try:
        manifest = json.loads(read_text_file(dist / "module.json", MAX_MODULE_JSON_BYTES))
    except FileNotThere:
        return NotInstalled(name, f"{name} has no dist/module.json: not a module the module builder made")
    except UnreadableFile as exc:
        return NotInstalled(name, f"{name}: {exc}")
    except (ValueError, RecursionError):
        return NotInstalled(name, f"{name}: its dist/module.json is not JSON")
    if not isinstance(manifest, dict):
        return NotInstalled(name, f"{name}: its dist/module.json is not a JSON object")
    declarations = _declarations(name, dist)
    compatibility = manifest.get("compatibility")
    framework = compatibility.get("fwk") if isinstance(compatibility, dict) else None
    key = manifest.get("configKey")
    return InstalledModule(
        str(manifest.get("name") or name),
        str(manifest.get("version") or ""),
        key if isinstance(key, str) and key else None,
        root,
        declarations,
        framework if isinstance(framework, str) else None,
        next((dist / n for n in BUILT_NAMES if (dist / n).is_file()), None),
    )


def _declarations(name: str, dist: Path) -> Declarations:
    inside = os.path.realpath(dist.parent)
    for candidate in DECLARATION_NAMES:
        real = os.path.realpath(dist / candidate)
        if os.path.commonpath([real, inside]) != inside:
            return unread(f"{name}: dist/{candidate} leads out of its package (a link): not read")
        try:
            data = read_file_bytes(dist / candidate, MAX_DECLARATION_BYTES)
        except FileNotThere:
            continue
        except UnreadableFile as exc:
            return unread(f"{name}: {exc}")
        return read_declarations(data, candidate, _loader(dist))
    return unread(f"{name}: no declarations in dist/ (its options are unknown)")


def _loader(dist: Path) -> Load:
    """``load(spec, by)`` for :func:`read_declarations`: the declarations a relative import of a file of ``dist``
    names, inside the package (a link out of it is not followed)."""
    inside = os.path.realpath(dist.parent)

    def load(spec: str, by: str) -> tuple[str, bytes] | None:
        base = os.path.normpath(os.path.join(os.path.dirname(by), spec))
        stem = base
        for ext in (".mjs", ".cjs", ".js", ".mts", ".cts", ".ts"):
            if stem.endswith(ext):
                stem = stem[: -len(ext)]
                break
        for candidate in (f"{stem}.d.mts", f"{stem}.d.ts", f"{stem}.d.cts", os.path.join(stem, "index.d.ts")):
            path = dist / candidate
            real = os.path.realpath(path)
            if os.path.commonpath([real, inside]) != inside:
                continue  # a link out of the package: not its declarations
            try:
                return candidate, read_file_bytes(path, MAX_DECLARATION_BYTES)
            except UnreadableFile:
                continue  # not there, or not a regular file: the next spelling
        return None

    return load
