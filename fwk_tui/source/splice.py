"""Apply an edit's splices to source bytes, re-parsing only what they touched."""

from __future__ import annotations

from tree_sitter import Tree

from fwk_tui.source.edit import Splice
from fwk_tui.source.errors import DocumentError
from fwk_tui.source.parse import parse_bytes, syntax_error, too_deep
from fwk_tui.source.textutil import points


def apply_splices(data: bytes, tree: Tree, splices: list[Splice], filename: str) -> tuple[bytes, Tree]:
    """The bytes after ``splices`` and their tree; DocumentError when they would not parse.

    The checks after the re-parse (:func:`reparse_spliced`) look only at the written
    bytes: a syntax error there (or anywhere in a tree with one), what JavaScript
    refuses on those lines, nesting that grew too deep.
    """
    new_data, new_tree, low, high = reparse_spliced(data, tree, splices)
    error = syntax_error(new_tree, new_data, filename, within=(low, high))
    if error is not None:
        raise DocumentError(
            f"the edit would not leave valid code ({error.message} at line {error.line}); nothing was changed"
        )
    deep = too_deep(new_tree, low, high)
    if deep is not None:
        raise DocumentError(f"the edit would leave {deep[1]}; nothing was changed")
    return new_data, new_tree


def reparse_spliced(data: bytes, tree: Tree, splices: list[Splice]) -> tuple[bytes, Tree, int, int]:
    """The bytes after ``splices``, their tree, and the range of new bytes they wrote (unchecked).

    ``tree`` (of ``data``) is told where the bytes changed, so tree-sitter parses
    again only the edited range and reuses the rest. The tree may hold syntax
    errors: what is to be refused is the caller's to say.
    """
    ordered = sorted(splices, key=lambda s: (s.start, s.end))
    for before, after in zip(ordered, ordered[1:]):
        if after.start < before.end:
            raise AssertionError("overlapping splices")
    low, high = ordered[0].start, max(s.end for s in ordered)
    parts: list[bytes] = []
    cursor = low
    for splice in ordered:
        parts.append(data[cursor : splice.start])
        parts.append(splice.text)
        cursor = splice.end
    parts.append(data[cursor:high])
    middle = b"".join(parts)
    view = memoryview(data)  # no copies of the bytes around the edit before the one join
    new_data = b"".join((view[:low], middle, view[high:]))
    edited = tree.copy()
    start_point, old_end = _points(tree, data, low, high)
    if b"\n" in middle:
        new_end = (start_point[0] + middle.count(b"\n"), len(middle) - middle.rfind(b"\n") - 1)
    else:
        new_end = (start_point[0], start_point[1] + len(middle))
    edited.edit(low, high, low + len(middle), start_point, old_end, new_end)
    return new_data, parse_bytes(new_data, edited), low, low + len(middle)


def _points(tree: Tree, data: bytes, low: int, high: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """:func:`points` of ``low`` and ``high``, read off the tree's nodes there when they start and end at them.

    An edit mostly replaces whole nodes: their points cost a look-up, not a count
    of the lines before them.
    """
    root = tree.root_node
    first = root.descendant_for_byte_range(low, low)
    last = root.descendant_for_byte_range(max(low, high - 1), high)
    if first is not None and last is not None and first.start_byte == low and last.end_byte == high:
        return first.start_point, last.end_point
    return points(data, low, high)
