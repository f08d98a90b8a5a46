"""Objects found by their path as written (keys and indexes in the source), not as JavaScript reads them."""

from __future__ import annotations

from tree_sitter import Node, Tree

from fwk_tui.paths import OptionPath, Segment
from fwk_tui.source.nodes import find_member, layout, members, static_key, text_of


def empty_objects(root: Node) -> dict[OptionPath, str]:
    """The object literals under ``root`` without members (comments allowed), by path as written, with their text."""
    found: dict[OptionPath, str] = {}
    stack: list[tuple[Node, OptionPath]] = [(root, ())]
    while stack:
        node, where = stack.pop()
        parts = layout(node)
        inside: list[tuple[Segment | None, Node | None]]
        if node.type == "object":
            if not parts.items:
                found[where] = text_of(node)
            inside = [(m.key, m.value) for m in members(node) if m.kind == "pair"]
        elif parts.has_holes:
            continue
        else:
            inside = [(i, item.node) for i, item in enumerate(parts.items)]
        for seg, child in inside:
            if seg is not None and child is not None and child.type in ("object", "array"):
                stack.append((child, (*where, seg)))
    return found


def object_starting_at(tree: Tree, start: int) -> Node | None:
    """The object literal that starts at byte ``start`` of ``tree``, or None."""
    node: Node | None = tree.root_node.descendant_for_byte_range(start, start + 1)
    while node is not None and node.start_byte == start:
        if node.type == "object":
            return node
        node = node.parent
    return None


def written_object(root: Node, path: OptionPath) -> Node | None:
    """The object literal at ``path`` as written from ``root`` (the last copy of each key), or None."""
    node: Node | None = root
    for seg in path:
        if node is None:
            return None
        if node.type == "object" and isinstance(seg, str):
            member = find_member(node, seg)
            node = member.value if member is not None else None
        elif node.type == "array" and isinstance(seg, int):
            items = layout(node).items
            node = items[seg].node if not layout(node).has_holes and 0 <= seg < len(items) else None
        else:
            return None
    return node if node is not None and node.type == "object" else None


def written_path(node: Node, root: Node) -> OptionPath | None:
    """The keys and indexes from ``root`` down to ``node``, as written; None when it is not reached that way."""
    segments: list[Segment] = []
    while node.id != root.id:
        parent = node.parent
        if parent is None:
            return None
        if parent.type == "pair":
            key_node = parent.child_by_field_name("key")
            key = static_key(key_node) if key_node is not None else None
            outer = parent.parent
            if key is None or outer is None:
                return None
            segments.append(key)
            node = outer
        elif parent.type == "array":
            index = next((i for i, item in enumerate(layout(parent).items) if item.node.id == node.id), None)
            if index is None:
                return None
            segments.append(index)
            node = parent
        else:
            return None
    return tuple(reversed(segments))


def emptied_member(node: Node, root: Node) -> tuple[Node, int] | None:
    """The object and item index of the member whose value is the empty object ``node``, when it may go.

    None when ``node`` keeps comments, is the config object, is not a member's
    value, or its key is written more than once (removing one copy would let an
    older one show).
    """
    pair = node.parent
    outer = pair.parent if pair is not None and pair.type == "pair" else None
    if layout(node).comments or node.id == root.id or pair is None or outer is None or outer.type != "object":
        return None
    key_node = pair.child_by_field_name("key")
    key = static_key(key_node) if key_node is not None else None
    if key is None or sum(1 for m in members(outer) if m.key == key) > 1:
        return None
    index = next(i for i, item in enumerate(layout(outer).items) if item.node.id == pair.id)
    return outer, index
