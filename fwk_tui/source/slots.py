"""Walk a path from the config object to the node that holds its value."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tree_sitter import Node

from fwk_tui.paths import OptionPath, Segment, format_path, parse_path
from fwk_tui.source.errors import DocumentError
from fwk_tui.source.nodes import Member, layout, text_of
from fwk_tui.source.parse import MAX_NESTING
from fwk_tui.source.read import Reader, keyed_member
from fwk_tui.source.summary import one_line
from fwk_tui.source.values import Code, JSValue


@dataclass(frozen=True)
class Slot:
    """An existing value: the object member or array element that holds it."""

    path: OptionPath
    container: Node
    item: Node
    member: Member | None
    index: int | None

    @property
    def value(self) -> Node:
        """The node the value is written as (the whole method for methods and shorthands)."""
        if self.member is not None and self.member.value is not None:
            return self.member.value
        return self.item


@dataclass(frozen=True)
class Gap:
    """A missing path: the deepest object or array that exists and the segments still missing."""

    container: Node
    container_path: OptionPath
    rest: OptionPath


class NotFound(Exception):
    """The path does not lead to a value; ``reason`` says where it stops."""

    def __init__(self, reason: str, holes: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.holes = holes


def resolve(root: Node, path: OptionPath) -> Slot | Gap:
    """Follow ``path`` from ``root``: a Slot when it exists, a Gap when a tail is missing.

    Raises NotFound when the path runs through something that is not an object or
    array literal (code, a string, an array holes) or indexes past an array's end.
    """
    if not path:
        raise NotFound("the empty path names the whole config")
    node = root
    for depth, seg in enumerate(path):
        here = path[:depth]
        last = depth == len(path) - 1
        if node.type == "object":
            if not isinstance(seg, str):
                raise NotFound(f"{_name(here)} is an object: use a key, not [{seg}]")
            member = keyed_member(node, here, seg)
            if member is None:
                return Gap(node, here, path[depth:])
            assert member.node.parent is not None
            slot = Slot(path[: depth + 1], member.node.parent, member.node, member, None)
            if last:
                return slot
            if member.value is None:
                raise NotFound(f"{_name(path[: depth + 1])} is code (`{_short(member.node)}`), not an object")
            node = member.value
        elif node.type == "array":
            if not isinstance(seg, int):
                raise NotFound(f"{_name(here)} is an array: use an index like [0], not {seg!r}")
            parts = layout(node)
            if parts.has_holes:
                raise NotFound(f"{_name(here)} is an array with holes (`[1, , 2]`); edit it by hand", holes=True)
            count = len(parts.items)
            index = seg + count if seg < 0 else seg
            if index == count:
                return Gap(node, here, (count, *path[depth + 1 :]))
            if not 0 <= index < count:
                raise NotFound(f"{_name(here)} has {count} items; there is no [{seg}]")
            item = parts.items[index].node
            slot = Slot((*here, index), node, item, None, index)
            if last:
                return slot
            node = item
        else:
            raise NotFound(f"{_name(here)} is `{_short(node)}`, not an object or array")
    raise AssertionError("unreachable")


def _name(path: OptionPath) -> str:
    return format_path(path) if path else "the config"


def _short(node: Node) -> str:
    return one_line(text_of(node), 40)


def require(root: Node, path: OptionPath) -> Slot:
    """The Slot at ``path``; KeyError when nothing is there."""
    try:
        found = resolve(root, path)
    except NotFound as exc:
        raise KeyError(format_path(path)) from exc
    if isinstance(found, Gap):
        raise KeyError(format_path(path))
    return found


def edit_target(root: Node, path: OptionPath) -> Slot | Gap:
    """Like :func:`resolve`, but a path that cannot hold a value is a DocumentError."""
    try:
        return resolve(root, path)
    except NotFound as exc:
        raise DocumentError(f"cannot edit {format_path(path) if path else 'the config'}: {exc.reason}") from None


def slot_value(slot: Slot, reader: Reader) -> JSValue:
    """The value ``slot`` holds, read by ``reader`` (a method, a shorthand or a spread item is code)."""
    if slot.member is not None:
        return reader.member_value(slot.member, slot.path)
    if slot.item.type == "spread_element":
        return Code(text_of(slot.item), "expr", reader.span(slot.item))
    return reader.value(slot.item, slot.path)


def array_node(slot: Slot, path: OptionPath) -> Node:
    """The array literal ``slot`` holds; DocumentError when it is something else or has holes."""
    node = slot.value
    if node.type != "array":
        raise DocumentError(f"{format_path(path)} is not an array")
    if layout(node).has_holes:
        raise DocumentError(f"{format_path(path)} is an array with holes; edit it by hand")
    return node


def object_at(root: Node, path: OptionPath) -> Node | None:
    """The object literal at ``path`` from ``root``, or None (missing, or something else)."""
    try:
        found = resolve(root, path)
    except NotFound:
        return None
    if isinstance(found, Gap):
        return None
    return found.value if found.value.type == "object" else None


def checked_path(path: str | Sequence[Segment]) -> OptionPath:
    """``path`` as keys and indexes (parsed when text); DocumentError for a segment of another type or too many."""
    out = parse_path(path) if isinstance(path, str) else tuple(path)
    if len(out) > MAX_NESTING:
        raise DocumentError(f"the path has {len(out)} keys; a config nests at most {MAX_NESTING} levels")
    for seg in out:
        if isinstance(seg, bool) or not isinstance(seg, (str, int)):
            raise DocumentError(f"path segments are keys (str) or indexes (int), not {seg!r}")
    return out
