"""Edits that change how a document is laid out, not its values: a key renamed, an array item moved."""

from __future__ import annotations

from fwk_tui.paths import OptionPath, format_path
from fwk_tui.source.edit import Editor
from fwk_tui.source.errors import DocumentError
from fwk_tui.source.nodes import layout, text_of
from fwk_tui.source.read import keyed_members
from fwk_tui.source.removals import Doc, slot_at
from fwk_tui.source.slots import array_node, object_at
from fwk_tui.source.values import Code


def rename(doc: Doc, path: OptionPath, new_key: str) -> Doc:
    """``doc`` where the member at ``path`` is called ``new_key``; its value is kept."""
    slot = slot_at(doc, path)
    if slot.member is None:
        raise DocumentError(f"{format_path(path)} is an array item; it has no key to rename")
    if not isinstance(new_key, str):
        raise DocumentError(f"the new key must be a string, not {new_key!r}")
    parent = path[:-1]
    old = path[-1]
    assert isinstance(old, str)
    if new_key == old:
        return doc
    root = doc._writable_root()  # noqa: SLF001
    container = object_at(root, parent) if parent else root
    assert container is not None
    if new_key in keyed_members(container, parent):
        raise DocumentError(f"{format_path((*parent, new_key))} already exists")
    key = new_key
    member = slot.member
    if member.key != old:
        # A nested hook (`build: { done }` read as `build:done`): rename within its namespace.
        prefix = old[: len(old) - len(member.key or "")]
        if not new_key.startswith(prefix) or len(new_key) == len(prefix):
            raise DocumentError(f"{format_path(path)} is written nested; the new name must start with {prefix!r}")
        key = new_key[len(prefix) :]
    return doc._apply(Editor(doc.data, doc.style).rename(member, key))  # noqa: SLF001


def move(doc: Doc, path: OptionPath, new_index: int) -> Doc:
    """``doc`` where the array item at ``path`` sits at ``new_index`` (comments travel along)."""
    slot = slot_at(doc, path)
    if slot.index is None:
        raise DocumentError(f"{format_path(path)} is not an array item")
    count = len(layout(slot.container).items)
    target = new_index + count if new_index < 0 else new_index
    if not 0 <= target < count:
        raise DocumentError(f"{format_path(path[:-1])} has {count} items; cannot move to {new_index}")
    if target == slot.index:
        return doc
    text = text_of(slot.item)
    splices, carried = Editor(doc.data, doc.style).remove(slot.container, slot.index, collapse=False)
    removed = doc._apply(splices)  # noqa: SLF001
    array = array_node(slot_at(removed, path[:-1]), path[:-1])
    return removed._apply(Editor(removed.data, removed.style).insert(array, target, Code(text), carried=carried))  # noqa: SLF001
