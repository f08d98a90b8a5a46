"""Where a project's sources are expected and where they are: the one home of the source layout.

From the reference's ``srcDir`` row: what lives inside the source folder
(``assets/ components/ ... app.vue error.vue``) and what beside it (``server/
shared/ public/ modules/ layers/``); ``serverDir`` and the ``public`` alias are
``<srcDir>/...`` in layout B and ``<rootDir>/...`` in layout A.

Beyond the reference, from the framework's own schema (``srcDir``'s resolver,
versions 3.12+ with compatibility version 4, and 4.x): without ``srcDir``,
layout A reads ``app/`` only when that folder exists and holds more than
``router.options.*`` or ``spa-loading-template.html``; otherwise, when the root
holds ``app.vue`` (or ``App.vue``) or one of the ``dir.assets``, ``dir.layouts``,
``dir.middleware``, ``dir.pages``, ``dir.plugins`` folders under their default
names (the schema reads its own defaults there, not the config's), the root is
the source folder; and when no ``app/`` exists at all, the root is too. The
``dir.*`` folders are read inside the source folder; ``serverDir`` and
``dir.public`` and ``dir.modules`` are taken from the config's folder under A whatever ``srcDir`` is.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from typing import Any

from fwk_tui.catalog.models import Option, Variant
from fwk_tui.validate.surroundings import Layout
from fwk_tui.validate.values import MISSING, lookup

SOURCE_FOLDERS = ("assets", "components", "composables", "layouts", "middleware", "pages", "plugins", "utils")
"""Folders of the source folder in both layouts (the ``srcDir`` row)."""
SOURCE_FILES = ("app.config.ts", "app.vue", "error.vue")
"""Files of the source folder."""
SOURCE_ENTRIES = SOURCE_FOLDERS + SOURCE_FILES
"""Everything the source folder holds, in the reference's order."""
ROOT_FOLDERS = ("server", "shared", "public", "modules", "layers")
READ_BESIDE = (("server", "serverDir"), ("public", "dir.public"), ("modules", "dir.modules"))
"""Folders layout B reads inside the source folder and layout A beside it (the framework's schema: a relative
``serverDir`` is taken from the config's folder in both; ``dir.public`` and ``dir.modules`` from the source folder
under B and from the config's folder under A)."""
"""Folders layout A keeps beside the source folder."""
B_EXTRA_SOURCE_FOLDERS = ("store", "public", "server")
"""Folders layout B's example (with ``src/``) also lists inside the source folder."""
DIR_OPTIONS = ("assets", "layouts", "middleware", "pages", "plugins")
"""Source folders whose name a ``dir.*`` option sets (read inside the source folder), and the folders whose
presence at the root makes the framework fall back to the root."""
APP_FOLDER_ONLY = ("spa-loading-template.html", "router.options")
"""What ``app/`` may hold while the framework still falls back to the root (``router.options.*`` by prefix)."""
APP_FILES_AT_ROOT = ("app.vue", "App.vue")

ROOT = "."


@dataclass(frozen=True)
class SourceFolder:
    """The source folder the app uses, from the config's folder (``app``, ``.``, ``src``); None when code decides."""

    path: str | None
    set: bool
    """True when the config sets ``srcDir``."""
    fallback: bool = False
    """Layout A without ``srcDir``, using the root because app/ holds nothing of the app."""
    reason: str = ""

    @property
    def shown(self) -> str:
        """The folder as a person reads it: ``app/``, ``the config's folder``."""
        return "the config's folder" if self.path == ROOT else f"{self.path}/"


@dataclass(frozen=True)
class Place:
    """One entry of the layout: where the app reads it and whether it is there, or only at the other layout's place."""

    name: str
    """``pages``, ``app.vue``, ``server``, ``public``."""
    option: str
    """The option that decides where it is read (``srcDir``, ``dir.pages``, ``serverDir``, ``dir.public``)."""
    expected: str
    """Where the app reads it, from the config's folder."""
    found: bool | None
    """Whether it is there (None: too deep to know)."""
    elsewhere: str | None = None
    """Where it is instead (the other layout's place) when it is not where the app reads it."""

    @property
    def missed(self) -> bool:
        """The app does not see it: it is not where the app reads it, but at the other place."""
        return self.found is False and self.elsewhere is not None


def inside_source_folder(option: Option) -> str | None:
    """``pages`` for ``dir.pages`` (the reference: A ``app/pages``, B ``pages``): a folder the framework reads inside
    the source folder, whichever it is; None for any other option."""
    a, b = option.default_for("A"), option.default_for("B")
    if a is None or b is None or a.kind != "value" or b.kind != "value":
        return None
    if isinstance(a.value, str) and isinstance(b.value, str) and a.value == f"app/{b.value}":
        return b.value
    return None


def folder_path(value: Any) -> str | None:
    """A folder option's string as a path from the config's folder (``./src/`` -> ``src``); None for anything else."""
    if not isinstance(value, str) or value.startswith("/") or (len(value) > 1 and value[1] == ":"):
        return None
    normal = posixpath.normpath(value.strip() or ROOT)
    return None if normal.startswith("..") else normal


def source_folder(values: dict[str, Any], variant: Variant, layout: Layout | None) -> SourceFolder:
    """The source folder the framework uses for ``values`` in ``variant``, with the reason in words."""
    written = lookup(values, ("srcDir",))
    if written is not MISSING:
        path = folder_path(written)
        return SourceFolder(path, True, reason="srcDir is set" if path is not None else "srcDir is not a plain path")
    if variant == "B":
        return SourceFolder(ROOT, False, reason="layout B reads the sources beside the config")
    if layout is None:
        return SourceFolder("app", False, reason="layout A's source folder (the folder was not looked at)")
    if "app" not in layout.names:
        return SourceFolder(ROOT, False, True, "no app/ folder exists")
    inside = layout.listing("app")
    if inside is None:
        return SourceFolder("app", False, reason="layout A's source folder")
    if any(not name.startswith(APP_FOLDER_ONLY) for name in inside):
        return SourceFolder("app", False, reason="layout A reads app/")
    signs = [name for name in APP_FILES_AT_ROOT if name in layout.names]
    # the framework looks for the default names here, whatever dir.* says (its schema reads its own defaults)
    signs += [f"{d}/" for d in DIR_OPTIONS if layout.exists(d)]
    if signs:
        held = "nothing" if not inside else "only " + ", ".join(sorted(inside))
        return SourceFolder(ROOT, False, True, f"app/ holds {held} and {signs[0]} is beside the config")
    return SourceFolder("app", False, reason="layout A reads app/")


def source_places(
    values: dict[str, Any], variant: Variant, layout: Layout | None, folder: SourceFolder | None = None
) -> list[Place]:
    """Each entry of the layout: where the app reads it and whether it is there (empty when unknown). ``folder`` is
    :func:`source_folder`'s answer when the caller has it."""
    if folder is None:
        folder = source_folder(values, variant, layout)
    src = folder.path
    if layout is None or src is None:
        return []
    places = []
    for name in SOURCE_ENTRIES:
        sub = _dir_name(values, name) if name in DIR_OPTIONS else name
        if sub is None:
            continue
        option = f"dir.{name}" if name in DIR_OPTIONS and lookup(values, ("dir", name)) is not MISSING else "srcDir"
        expected = _join(src, sub)
        other = _join(ROOT, sub) if src != ROOT else _join("app", sub)
        places.append(_place(layout, name, option, expected, other))
    for name, option in READ_BESIDE:
        written = lookup(values, tuple(option.split(".")))
        place = name if written is MISSING else folder_path(written)
        if place is None:
            continue  # code, or a path from elsewhere: unknown
        # serverDir is taken from the config's folder in both layouts; dir.public and dir.modules only under A
        from_root = variant == "A" or (option == "serverDir" and written is not MISSING)
        at = place if from_root else _join(src, place)
        old = _join(src, place) if variant == "A" else (name if option == "serverDir" else place)
        places.append(_place(layout, name, option, at, old))
    return places


def _place(layout: Layout, name: str, option: str, expected: str, other: str) -> Place:
    found = layout.exists(expected)
    elsewhere = other if found is False and other != expected and layout.exists(other) else None
    return Place(name, option, expected, found, elsewhere)


def _dir_name(values: dict[str, Any], name: str) -> str | None:
    """The folder ``dir.<name>`` names inside the source folder (its default: ``name``); None when code decides."""
    written = lookup(values, ("dir", name))
    return name if written is MISSING else folder_path(written)


def _join(folder: str, name: str) -> str:
    return posixpath.normpath(posixpath.join(folder, name))


SOURCE_ALIASES = ("~/", "@/")
"""Path prefixes that name the source folder (the ``~`` and ``@`` aliases); ``~~/`` and ``@@/`` name the root."""
ROOT_ALIAS = "~~/"


@dataclass(frozen=True)
class AliasPath:
    """A string of the config that starts with ``~/`` or ``@/``: where it points from the config's folder."""

    path: tuple[str | int, ...]
    text: str
    rest: str
    """What follows the alias: ``modules/x`` for ``~/modules/x``."""

    def at_root(self) -> str:
        """The same path through the root's alias (``~~/modules/x``)."""
        return ROOT_ALIAS + self.rest


def alias_paths(values: Any, here: tuple[str | int, ...] = ()) -> list[AliasPath]:
    """Every string of ``values`` (the config as read) that names a path inside the source folder by its alias."""
    found: list[AliasPath] = []
    path: list[str | int] = list(here)

    def walk(value: Any) -> None:  # nesting is capped when the file is read: recursion stays shallow
        if isinstance(value, str):
            if value.startswith(SOURCE_ALIASES) and len(value) > 2:
                found.append(AliasPath(tuple(path), value, value[2:]))
            return
        if isinstance(value, dict):
            items: Any = ((k, v) for k, v in value.items() if not str(k).startswith("$"))
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            return
        for key, item in items:
            if isinstance(item, (str, dict, list)):
                path.append(key)
                walk(item)
                path.pop()

    walk(values)
    return found


def alias_path_misses(values: dict[str, Any], folder: SourceFolder, layout: Layout | None) -> list[AliasPath]:
    """The ``~/`` paths that point at nothing inside the source folder (``folder``, see :func:`source_folder`) while
    the same path exists beside the config (``~/modules/x`` under layout A, ``modules/`` at the root): ``~~/`` is
    what they mean."""
    if layout is None or folder.path is None or folder.path == ROOT:
        return []
    misses = []
    for found in alias_paths(values):
        first = found.rest.split("/", 1)[0]
        if not first or first in ("..", "."):
            continue
        if layout.exists(_join(folder.path, first)) is False and layout.exists(first):
            misses.append(found)
    return misses
