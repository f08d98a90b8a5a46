"""Removals: a value with every copy of its key, one copy, the objects a removal leaves empty, and many array
items or copies of a key removed at once: each as one removal would, in one splice of the text.

Removing them one at a time reads the whole container again for each (1,500 repeated modules: 1,500 reads of
1,500 items). Here each container is read once: every removal's splice is computed on the same text, the
last item's removal (which takes the comma of the item before it) comes after, on the text without the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

from tree_sitter import Node, Tree

from fwk_tui.paths import OptionPath, format_path
from fwk_tui.source.edit import Editor, Splice
from fwk_tui.source.nodes import Layout, layout, members, text_of
from fwk_tui.source.slots import Gap, Slot, edit_target
from fwk_tui.source.style import Style
from fwk_tui.source.written import emptied_member, object_starting_at, written_object, written_path


class _Document(Protocol):
    """What the removals use of a ConfigDocument (which calls them: no import of it here)."""

    @property
    def data(self) -> bytes: ...
    @property
    def style(self) -> Style: ...
    @property
    def tree(self) -> Tree: ...
    @property
    def config_node(self) -> Node | None: ...
    def _writable_root(self) -> Node: ...
    def _apply(self: Doc, splices: list[Splice]) -> Doc: ...
    def remove(self: Doc, path: OptionPath) -> Doc: ...
    def remove_occurrence(self: Doc, path: OptionPath, occurrence: int) -> Doc: ...


Doc = TypeVar("Doc", bound=_Document)

Place = tuple[OptionPath, int | None]
"""An array item (``(path, None)``) or the ``occurrence``-th copy (from 0) of the key at ``path`` as written."""


def remove_every_copy(doc: Doc, path: OptionPath) -> tuple[Doc, int]:
    """``doc`` without the value at ``path`` (every copy of its key: JS keeps the last, so all of them go or an
    older one shows up); also where its container starts (edits inside keep that offset). KeyError: none."""
    slot = slot_at(doc, path)
    copies = 1
    if slot.member is not None:
        copies = sum(1 for m in members(slot.container) if m.key == slot.member.key)
    if copies > 1:  # every copy at once: one read of the object, not one per copy
        return remove_places(doc, [(path, i) for i in range(copies)]), slot.container.start_byte
    root = doc._writable_root()  # noqa: SLF001
    items = layout(slot.container).items
    index = next(i for i, item in enumerate(items) if item.node.start_byte == slot.item.start_byte)
    splices, _ = Editor(doc.data, doc.style).remove(slot.container, index, collapse=slot.container.id != root.id)
    return doc._apply(splices), slot.container.start_byte  # noqa: SLF001


def remove_occurrence(doc: Doc, path: OptionPath, occurrence: int) -> Doc:
    """``doc`` without the ``occurrence``-th copy (from 0) of a key written more than once (``path`` as written);
    the other copies stay. KeyError when there is no such copy."""
    root = doc._writable_root()  # noqa: SLF001
    container = written_object(root, path[:-1])
    copies = [m for m in members(container) if m.key == path[-1]] if container is not None and path else []
    if not 0 <= occurrence < len(copies):
        raise KeyError(format_path(path))
    assert container is not None
    node = copies[occurrence].node
    index = next(i for i, item in enumerate(layout(container).items) if item.node.id == node.id)
    splices, _ = Editor(doc.data, doc.style).remove(container, index, collapse=container.id != root.id)
    return doc._apply(splices)  # noqa: SLF001


def prune(doc: Doc, start: int, keep: Mapping[OptionPath, str]) -> Doc:
    """``doc`` without the empty object starting at byte ``start``, then each object above it left empty; an object
    ``keep`` names stays (the one the pruning stops at, when empty, written back as its text there)."""
    while True:
        root = doc.config_node
        node = object_starting_at(doc.tree, start)
        if root is None or node is None or layout(node).items:
            return doc
        written = written_path(node, root)
        if written is not None and written in keep:
            return _restore(doc, node, keep[written])
        found = emptied_member(node, root)
        if found is None:
            return doc
        outer, index = found
        splices, _ = Editor(doc.data, doc.style).remove(outer, index, collapse=outer.id != root.id)
        doc = doc._apply(splices)  # noqa: SLF001
        start = outer.start_byte


def _restore(doc: Doc, node: Node, text: str) -> Doc:
    """Write the empty object ``node`` as ``text`` (its original spelling), unless it holds other comments."""
    if text_of(node) == text or any(text_of(c) not in text for c in layout(node).comments):
        return doc
    return doc._apply([Splice(node.start_byte, node.end_byte, text.encode("utf-8"))])  # noqa: SLF001


def slot_at(doc: _Document, path: OptionPath) -> Slot:
    """The slot of the value at ``path`` in a document that may be edited; KeyError when there is none."""
    target = edit_target(doc._writable_root(), path)  # noqa: SLF001
    if isinstance(target, Gap):
        raise KeyError(format_path(path))
    return target


def remove_places(doc: Doc, places: Sequence[Place]) -> Doc:
    """``doc`` without each place (as :meth:`ConfigDocument.remove` and :meth:`remove_occurrence` would remove
    them one by one, from the last up); KeyError when a place is not there."""
    root = doc._writable_root()  # noqa: SLF001 (the document's own helper)
    found = _Containers(root)
    by_container: dict[int, tuple[Node, set[int]]] = {}
    for path, occurrence in places:
        container, index = found.place(path, occurrence)
        by_container.setdefault(container.id, (container, set()))[1].add(index)
    editor = Editor(doc.data, doc.style)
    splices: list[Splice] = []
    last_items: list[tuple[int, int]] = []  # (container start, the index of its last item once the others go)
    for container, indexes in by_container.values():
        parts = found.layout(container)
        count = len(parts.items)
        collapse = container.id != root.id
        if count - 1 in indexes:
            last_items.append((container.start_byte, count - len(indexes)))
        for run in _runs(sorted(i for i in indexes if i != count - 1)):
            block = editor.remove_lines(parts, run[0], run[-1])  # a run of lines goes as one, tidied once
            if block is not None:
                splices += block
                continue
            for index in run:
                removal, _ = editor.remove(container, index, collapse, parts)
                splices += removal
    splices.sort(key=lambda s: s.start)
    if any(a.end > b.start for a, b in zip(splices, splices[1:])):
        return _one_by_one(doc, places)  # removals that touch each other: the careful way
    out = doc._apply(splices) if splices else doc  # noqa: SLF001
    for start, index in last_items:  # the last item goes with the comma before it, from the new text
        shift = sum(s.end - s.start - len(s.text) for s in splices if s.end <= start)
        container_now = _container_at(out, start - shift)
        if container_now is None:
            return _one_by_one(doc, places)
        is_root = container_now.id == out._writable_root().id  # noqa: SLF001
        removal, _ = Editor(out.data, out.style).remove(container_now, index, not is_root)
        out = out._apply(removal)  # noqa: SLF001
    return out


class _Containers:
    """The containers of the places, each read once: its items, and its copies of each key."""

    def __init__(self, root: Node) -> None:
        self.root = root
        self._by_path: dict[OptionPath, Node] = {}
        self._layouts: dict[int, Layout] = {}
        self._index: dict[int, dict[int, int]] = {}
        self._keyed: dict[int, dict[str, list[Node]]] = {}

    def layout(self, container: Node) -> Layout:
        found = self._layouts.get(container.id)
        if found is None:
            found = self._layouts[container.id] = layout(container)
            if found.has_holes:
                raise KeyError("an array with holes")  # indexes are not the items' places: one by one
            self._index[container.id] = {item.node.start_byte: i for i, item in enumerate(found.items)}
        return found

    def place(self, path: OptionPath, occurrence: int | None) -> tuple[Node, int]:
        """The container of a place and the index of its item there."""
        if not path:
            raise KeyError("")
        container = self._container(path[:-1], occurrence is None)
        if occurrence is None:
            index = path[-1]
            count = len(self.layout(container).items)
            if not isinstance(index, int) or container.type != "array" or not 0 <= index < count:
                raise KeyError(format_path(path))
            return container, index
        copies = self._copies(container, path[-1])
        if not 0 <= occurrence < len(copies):
            raise KeyError(format_path(path))
        self.layout(container)
        return container, self._index[container.id][copies[occurrence].start_byte]

    def _copies(self, container: Node, key: object) -> list[Node]:
        """The members of ``container`` written with ``key``, in order (the members read once)."""
        keyed = self._keyed.get(container.id)
        if keyed is None:
            keyed = self._keyed[container.id] = {}
            for member in members(container):
                if member.key is not None:
                    keyed.setdefault(member.key, []).append(member.node)
        return keyed.get(key, []) if isinstance(key, str) else []

    def _container(self, path: OptionPath, array: bool) -> Node:
        node = self._by_path.get(path)
        if node is None:
            if array:
                target = edit_target(self.root, path) if path else None
                node = target.value if target is not None and not isinstance(target, Gap) else None
            else:
                node = written_object(self.root, path)
            if node is None:
                raise KeyError(format_path(path))
            self._by_path[path] = node
        return node


def _runs(indexes: list[int]) -> list[list[int]]:
    """Sorted indexes cut into runs of consecutive ones."""
    runs: list[list[int]] = []
    for index in indexes:
        if runs and runs[-1][-1] == index - 1:
            runs[-1].append(index)
        else:
            runs.append([index])
    return runs


def _container_at(doc: _Document, start: int) -> Node | None:
    node = doc.tree.root_node.descendant_for_byte_range(start, start + 1)
    while node is not None and node.start_byte == start and node.type not in ("array", "object"):
        node = node.parent
    return node if node is not None and node.start_byte == start else None


def _one_by_one(doc: Doc, places: Sequence[Place]) -> Doc:
    """Each place removed in turn, the last in the file first (the paths of those before it hold)."""
    found = _Containers(doc._writable_root())  # noqa: SLF001

    def start(place: Place) -> int:
        try:
            container, index = found.place(*place)
            return found.layout(container).items[index].node.start_byte
        except KeyError:
            return -1  # the removal says so

    for path, occurrence in sorted(places, key=start, reverse=True):
        doc = doc.remove(path) if occurrence is None else doc.remove_occurrence(path, occurrence)
    return doc
