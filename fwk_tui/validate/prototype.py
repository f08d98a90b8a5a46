"""``__proto__: {...}`` in the config: JavaScript sets the object's prototype, so the framework sees no such key."""

from __future__ import annotations

from fwk_tui.paths import OptionPath, format_path
from fwk_tui.source.document import ConfigDocument
from fwk_tui.source.locate import locate_config
from fwk_tui.source.nodes import members
from fwk_tui.source.read import Reader
from fwk_tui.validate.diagnostics import Diagnostic

RULE = "prototype-key"


def prototype_setters(doc: ConfigDocument) -> list[Diagnostic]:
    """A warning at each ``__proto__: x`` (bare or quoted key) of the config object and the objects in it."""
    if b"__proto__" not in doc.data:
        return []
    objects: dict[int, OptionPath] = {e.span.start: e.path for e in doc.entries() if isinstance(e.value, dict)}
    root = locate_config(doc.tree, doc.filename).node
    if root is not None:
        objects[root.start_byte] = ()
    reader = Reader(doc.data)
    found: list[Diagnostic] = []
    for start, path in objects.items():
        node = root if path == () else None
        if node is None:
            node = doc.tree.root_node.descendant_for_byte_range(start, start + 1)
            node = node.parent if node is not None and node.type == "{" else node
        if node is None or node.type != "object":
            continue
        for member in members(node):
            if member.kind == "prototype" and member.key_node is not None:
                where = format_path(path) or "the config object"
                message = (
                    f"__proto__ here sets the prototype of {where} in JavaScript, not a key: the framework "
                    "never sees it; write ['__proto__'] for a key of that name, or spread the object (...{})"
                )
                shown = format_path((*path, "__proto__"))
                found.append(Diagnostic("warning", shown, message, RULE).at(reader.span(member.key_node)))
    return found
