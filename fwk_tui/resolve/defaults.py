"""The catalogue's defaults, for the options the config and its layers set nowhere."""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from dataclasses import dataclass

from fwk_tui.catalog.models import Catalog, Default, Option, Variant
from fwk_tui.resolve.origin import Origin
from fwk_tui.resolve.tree import Leaf, Obj
from fwk_tui.source.values import JSValue
from fwk_tui.validate.sources import SourceFolder, inside_source_folder

SOURCE_FOLDER = "srcDir"


def source_default(folder: SourceFolder | None, variant: Variant) -> tuple[Default, Origin] | None:
    """The source folder the framework picks for a config that does not set ``srcDir`` (with the folder beside it
    read), as a default and its origin: ``'.'`` when it falls back to the config's folder, and why."""
    if folder is None or folder.set or folder.path is None:
        return None
    reason = f"variant {variant}: {folder.reason}"
    if folder.fallback:
        reason = f"variant {variant}: the app uses the config's folder as its source folder because {folder.reason}"
    return Default("value", folder.path), Origin("default", detail=reason)


def option_default(option: Option, variant: Variant, folder: SourceFolder | None) -> tuple[Default | None, Origin]:
    """The default of ``option`` in ``variant`` for this project, and its origin: the catalogue's, with the source
    folder the framework uses (``folder``, when read) where the default is made from it (``srcDir`` itself,
    ``dir.pages``, ``alias.~``)."""
    default = option.default_for(variant)
    origin = Origin("default", detail=f"variant {variant}")
    if folder is None or folder.path is None:
        return default, origin
    picked = source_default(folder, variant) if option.path == SOURCE_FOLDER else None
    if picked is not None:
        return picked
    inside = inside_source_folder(option)
    if inside is not None:  # dir.pages: in the folder in use
        return Default("value", posixpath.normpath(posixpath.join(folder.path, inside))), origin
    if variant == "A" and default is not None:
        return _from_source_folder(default, folder.path), origin  # alias.~: the source folder in use, not app/
    return default, origin


def add_defaults(config: Obj, catalog: Catalog, variant: Variant, folder: SourceFolder | None = None) -> int:
    """Put each option's default of ``variant`` where nothing is set; how many were added.

    A default goes only where every object on its way is an object (or missing,
    then made): under a value that is code, text or a list, nothing is added.
    Options whose default is not a value (none, not shown, stated in words) are left out.
    ``folder`` is the source folder the framework picks (see :func:`source_default`), when the folder was read.
    """
    added = 0
    for option in catalog.options:
        default, origin = option_default(option, variant, folder)
        if not option.in_variant(variant) or default is None or default.kind != "value":
            continue
        segments = option.segments
        if not segments or not all(isinstance(s, str) for s in segments):
            continue
        node = config
        for segment in segments[:-1]:
            child = node.members.get(str(segment))
            if child is None:
                child = node.members[str(segment)] = Obj()
            if not isinstance(child, Obj):
                break
            node = child
        else:
            last = str(segments[-1])
            if last not in node.members:
                node.members[last] = Leaf(default.value, origin)
                added += 1
    return added


APP_FOLDER = "<rootDir>/app"
"""How the catalogue writes layout A's source folder inside a default made from it (``alias.~``, the bundler's
allowed folders): the framework makes such a value from ``srcDir``, whatever folder that is."""


def _from_source_folder(default: Default, folder: str) -> Default:
    """``default`` (of layout A) with its source folder, ``app``, the folder in use instead."""
    if default.kind != "value" or posixpath.normpath(folder) == "app":
        return default
    where = posixpath.normpath(posixpath.join("<rootDir>", folder))

    def moved(value: object) -> object:
        if isinstance(value, str) and (value == APP_FOLDER or value.startswith(APP_FOLDER + "/")):
            return where + value[len(APP_FOLDER) :]
        if isinstance(value, list):
            return [moved(v) for v in value]
        if isinstance(value, dict):
            return {k: moved(v) for k, v in value.items()}
        return value

    return Default("value", moved(default.value))


@dataclass(frozen=True)
class ModuleDefault:
    """A default an installed module gives: the path (under its key), the value, the module (``@fwk/x 1.2.0``)."""

    path: tuple[str, ...]
    value: JSValue
    module: str
    built: bool = False
    """From the module's own ``defaults`` object (its built code): the objects holding it are the module's
    defaults too. Else from ``@default`` of its declarations: it applies where the config gives its object."""


def add_module_defaults(config: Obj, defaults: Sequence[ModuleDefault]) -> int:
    """Put each module default where nothing is set (as :func:`add_defaults` does the catalogue's); how many.

    A declared default of a member nested in an option applies where that option's object is given: the module's
    key is there as soon as the module is installed, an object below it only when the config (or the module's
    own defaults) gives it (``i18n.overrides.defaultLocale`` is no value of a config that sets no
    ``overrides``)."""
    added = 0
    for default in defaults:
        path, value, label = default.path, default.value, default.module
        node = config
        for depth, segment in enumerate(path[:-1]):
            child = node.members.get(segment)
            if child is None and depth > 0 and not default.built:
                break
            if child is None:
                child = node.members[segment] = Obj()
            if not isinstance(child, Obj):
                break
            node = child
        else:
            if path and path[-1] not in node.members:
                node.members[path[-1]] = Leaf(value, Origin("module-default", detail=label))
                added += 1
    return added
