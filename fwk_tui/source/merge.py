"""Merge one object literal into another: the members of a misspelt ``devServr: {...}`` join ``devServer: {...}``.

Each member that moves is copied as it is written (its key, its value, the
comment lines above it and a comment after it on its line) to the end of the
other object, laid out as that object's members are; then the first object
goes, as an unset removes a key. Objects written in both are merged key by
key in turn. A key written in both keeps the value ``prefer`` names: the
one already there, or the moved one (written over it unless both are written alike).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from fwk_tui.paths import OptionPath, format_path
from fwk_tui.source.edit import Carried, Editor, Splice
from fwk_tui.source.errors import DocumentError
from fwk_tui.source.nodes import Member, layout, members, text_of
from fwk_tui.source.read import is_hooks_path
from fwk_tui.source.removals import Doc, remove_every_copy, slot_at
from fwk_tui.source.textutil import is_blank, line_end
from fwk_tui.source.values import Code

if TYPE_CHECKING:
    from tree_sitter import Node

Prefer = Literal["existing", "moved"]
"""Which value a key written in both objects keeps: the one already in the target (``existing``) or the moved one."""


def merge(doc: Doc, source: OptionPath, target: OptionPath, prefer: Prefer) -> Doc:
    """``doc`` where the members of the object at ``source`` have joined the object at ``target``, and ``source``
    is gone. KeyError when either is missing; DocumentError when either is not an object literal that can be
    merged key by key (a spread or a computed key in it), or one lies inside the other."""
    if source[: len(target)] == target or target[: len(source)] == source:
        raise DocumentError(f"cannot merge {format_path(source)} into {format_path(target)}: one holds the other")
    if any(is_hooks_path(p[:i]) for p in (source, target) for i in range(1, len(p))):
        raise DocumentError("hooks are merged by their names; move them by hand")
    merged = _merge_members(doc, source, target, prefer)
    return remove_every_copy(merged, source)[0]


def _merge_members(doc: Doc, source: OptionPath, target: OptionPath, prefer: Prefer) -> Doc:
    moved = _object(doc, source)
    into = _object(doc, target)
    if not members(into) and not layout(into).comments:
        # An empty target takes the whole object as written.
        return doc._apply([_splice(into, text_of(moved))])  # noqa: SLF001
    for key in [m.key for m in members(moved)]:
        assert key is not None  # _object refused the members without a name
        member = _member(_object(doc, source), key)
        there = _member_or_none(_object(doc, target), key)
        if there is None:
            doc = _append(doc, source, member, target)
        elif _both_objects(member, there):
            doc = _merge_members(doc, (*source, key), (*target, key), prefer)
        elif prefer == "moved" and text_of(there.node) != text_of(member.node):
            doc = _take(doc, source, member, target, there)
    return doc


def _object(doc: Doc, path: OptionPath) -> Node:
    """The object literal at ``path``, whose members all have a name."""
    slot = slot_at(doc, path)
    node = slot.value
    if slot.member is None or slot.member.kind != "pair" or node.type != "object":
        raise DocumentError(f"{format_path(path)} is not an object literal; merge it by hand")
    for m in members(node):
        if m.key is None:
            raise DocumentError(f"{format_path(path)} holds `{text_of(m.node)}`, which has no key; merge it by hand")
    return node


def _member(obj: Node, key: str) -> Member:
    found = _member_or_none(obj, key)
    assert found is not None
    return found


def _member_or_none(obj: Node, key: str) -> Member | None:
    found = [m for m in members(obj) if m.key == key]
    return found[-1] if found else None  # JavaScript keeps the last copy


def _both_objects(a: Member, b: Member) -> bool:
    return all(m.kind == "pair" and m.value is not None and m.value.type == "object" for m in (a, b))


def _append(doc: Doc, source: OptionPath, member: Member, target: OptionPath) -> Doc:
    """``doc`` with ``member`` (of the object at ``source``) copied, with its comments, to the end of ``target``."""
    carried = _carried(doc, source, member)
    into = _object(doc, target)
    count = len(layout(into).items)
    insert = Editor(doc.data, doc.style).insert(into, count, Code(text_of(member.node)), carried=carried)
    return doc._apply(insert)  # noqa: SLF001


def _take(doc: Doc, source: OptionPath, member: Member, target: OptionPath, there: Member) -> Doc:
    """``doc`` with the value of ``member`` written over the one of ``there``; the comment after ``member`` on its
    line comes along when the line of ``there`` ends with it (no comment, no other member after it there)."""
    splices = [_replaced(there, member)]
    tail = _carried(doc, source, member).tail
    if tail:
        item = next(i for i in layout(_object(doc, target)).items if i.node.start_byte == there.node.start_byte)
        end = item.end
        if is_blank(doc.data, end, line_end(doc.data, end)):
            splices.append(Splice(end, end, f" {tail}".encode()))
    return doc._apply(splices)  # noqa: SLF001


def _carried(doc: Doc, source: OptionPath, member: Member) -> Carried:
    """The comments that travel with ``member`` of the object at ``source``: the lines above it, one after it."""
    container = _object(doc, source)
    index = next(i for i, item in enumerate(layout(container).items) if item.node.start_byte == member.node.start_byte)
    return Editor(doc.data, doc.style).remove(container, index, collapse=False)[1]  # nothing is removed: only read


def _replaced(there: Member, member: Member) -> Splice:
    """The value of ``member`` written over the one of ``there`` (the whole member when either is a method)."""
    if there.kind == "pair" and member.kind == "pair" and there.value is not None and member.value is not None:
        return _splice(there.value, text_of(member.value))
    return _splice(there.node, text_of(member.node))


def _splice(node: Node, text: str) -> Splice:
    return Splice(node.start_byte, node.end_byte, text.encode("utf-8"))
