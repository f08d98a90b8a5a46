"""The catalogue's defaults, for the options the config and its layers set nowhere."""

from __future__ import annotations

from fwk_tui.catalog.models import Catalog, Variant
from fwk_tui.resolve.origin import Origin
from fwk_tui.resolve.tree import Leaf, Obj


def add_defaults(config: Obj, catalog: Catalog, variant: Variant) -> int:
    """Put each option's default of ``variant`` where nothing is set; how many were added.

    A default goes only where every object on its way is an object (or missing,
    then made): under a value that is code, text or a list, nothing is added.
    Options whose default is not a value (none, not shown, stated in words) are left out.
    """
    added = 0
    origin = Origin("default", detail=f"variant {variant}")
    for option in catalog.options:
        default = option.default_for(variant)
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
