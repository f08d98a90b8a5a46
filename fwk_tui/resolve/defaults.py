"""The catalogue's defaults, for the options the config and its layers set nowhere."""

from __future__ import annotations

import posixpath

from fwk_tui.catalog.models import Catalog, Default, Variant
from fwk_tui.resolve.origin import Origin
from fwk_tui.resolve.tree import Leaf, Obj
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


def add_defaults(config: Obj, catalog: Catalog, variant: Variant, folder: SourceFolder | None = None) -> int:
    """Put each option's default of ``variant`` where nothing is set; how many were added.

    A default goes only where every object on its way is an object (or missing,
    then made): under a value that is code, text or a list, nothing is added.
    Options whose default is not a value (none, not shown, stated in words) are left out.
    ``folder`` is the source folder the framework picks (see :func:`source_default`), when the folder was read.
    """
    added = 0
    plain_origin = Origin("default", detail=f"variant {variant}")
    picked = source_default(folder, variant)
    for option in catalog.options:
        default = option.default_for(variant)
        origin = plain_origin
        if option.path == SOURCE_FOLDER and picked is not None:
            default, origin = picked
        inside = inside_source_folder(option) if folder is not None and folder.path is not None else None
        if inside is not None and folder is not None and folder.path is not None:  # dir.pages: in the folder in use
            default = Default("value", posixpath.normpath(posixpath.join(folder.path, inside)))
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
