"""Turn edits into byte splices that keep every byte outside the edited span."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tree_sitter import Node

from fwk_tui.source.nodes import Item, Layout, Member, layout, text_of
from fwk_tui.source.render import Renderer, is_method_source, rename_method
from fwk_tui.source.style import Style
from fwk_tui.source.textutil import (
    after_line,
    count_breaks,
    indent_of_line,
    is_blank,
    line_end,
    line_start,
    same_line,
    skip_spaces,
)
from fwk_tui.source.values import Code, JSValue

# Renders the inserted item for a given indentation, inline (one line) or not.
_ItemText = Callable[[str, bool], str]


@dataclass(frozen=True)
class Splice:
    """Replace ``data[start:end]`` with ``text``."""

    start: int
    end: int
    text: bytes


@dataclass(frozen=True)
class Carried:
    """Comments that travel with a moved array item: lines above it and a same-line tail."""

    lead: str = ""
    tail: str = ""


class Editor:
    """Computes splices on one source text in one style."""

    def __init__(self, data: bytes, style: Style) -> None:
        self.data = data
        self.style = style
        self.render = Renderer(style)
        self._nl = style.newline

    # -- replacing ---------------------------------------------------------------

    def replace_member(self, member: Member, container: Node, value: JSValue) -> list[Splice]:
        """Give an existing object member a new value, keeping its key as written."""
        inline = _single_line(self.data, container)
        if member.kind == "pair" and not _is_method(value):
            assert member.value is not None
            return self.replace_node(member.value, value, inline)
        key_node = member.key_node
        assert key_node is not None
        key_text = text_of(key_node)
        node = member.node
        if isinstance(value, Code) and _is_method(value):
            text = rename_method(value.text, key_text)
        else:
            indent = self._indent(node.start_byte)
            text = f"{key_text}: {self.render.value(value, indent, inline)}"
        return [self._splice(node.start_byte, node.end_byte, text)]

    def replace_node(self, node: Node, value: JSValue, inline: bool) -> list[Splice]:
        """Write ``value`` in place of the expression ``node``."""
        text = self.render.value(value, self._indent(node.start_byte), inline)
        return [self._splice(node.start_byte, node.end_byte, text)]

    def rename(self, member: Member, key: str) -> list[Splice]:
        """Give ``member`` a new key; its value is untouched."""
        rendered = self.render.key(key)
        if member.kind == "shorthand":
            text = f"{rendered}: {text_of(member.node)}"
            return [self._splice(member.node.start_byte, member.node.end_byte, text)]
        assert member.key_node is not None
        return [self._splice(member.key_node.start_byte, member.key_node.end_byte, rendered)]

    # -- inserting ---------------------------------------------------------------

    def insert(
        self,
        container: Node,
        index: int,
        value: JSValue,
        key: str | None = None,
        carried: Carried | None = None,
        more: Sequence[JSValue] = (),
    ) -> list[Splice]:
        """Insert ``value`` (a member named ``key`` in objects) as item ``index`` of ``container``.

        ``more`` values of an array follow it in the same splice, laid out like ``value``.
        """
        parts = layout(container)
        carried = carried or Carried()
        values = [value, *more]

        def item(indent: str, inline: bool) -> str:
            if key is None:
                between = ", " if inline else f",{self._nl}{indent}"
                return between.join(self.render.value(v, indent, inline) for v in values)
            return self.render.member(key, value, indent, inline)

        if not parts.items:
            return self._insert_into_empty(container, parts, item, values, key)
        if index >= len(parts.items):
            return self._append(container, parts, item, carried)
        return self._insert_before(container, parts, index, item, carried)

    def _insert_into_empty(
        self, container: Node, parts: Layout, item: _ItemText, values: list[JSValue], key: str | None
    ) -> list[Splice]:
        open_end = parts.open.end_byte
        interior = self.data[open_end : parts.close.start_byte]
        base = self._indent(container.start_byte)
        if count_breaks(interior):
            inner = base + self.style.indent
            tail = "," if self.style.trailing_commas else ""
            return [self._splice(open_end, open_end, f"{self._nl}{inner}{item(inner, False)}{tail}")]
        if parts.comments:
            return [self._splice(open_end, open_end, f" {item(base, True)}")]
        inline = _in_single_line_parent(self.data, container)
        whole: JSValue = {key: values[0]} if key is not None else values
        text = self.render.value(whole, base, inline)
        return [self._splice(container.start_byte, container.end_byte, text)]

    def _append(self, container: Node, parts: Layout, item: _ItemText, carried: Carried) -> list[Splice]:
        last = parts.items[-1]
        last_end = (last.comma or last.node).end_byte
        if _single_line(self.data, container) or same_line(self.data, last_end, parts.close.start_byte):
            text = f", {item(self._indent(last.node.start_byte), True)}"
            return [self._splice(last.node.end_byte, last.node.end_byte, text)]
        indent = self._indent(last.node.start_byte)
        at = self._line_tail(parts, last, None)
        comma = "," if last.comma is not None else ""
        tail = f" {carried.tail}" if carried.tail else ""
        text = f"{self._nl}{indent}{carried.lead}{item(indent, False)}{comma}{tail}"
        splices = []
        if last.comma is None:
            # Listed first: splices at one offset apply in list order.
            splices.append(self._splice(last.node.end_byte, last.node.end_byte, ","))
        splices.append(self._splice(at, at, text))
        return splices

    def _insert_before(
        self, container: Node, parts: Layout, index: int, item: _ItemText, carried: Carried
    ) -> list[Splice]:
        target = parts.items[index]
        start = target.node.start_byte
        indent = self._indent(start)
        if not _single_line(self.data, container) and self._starts_line(start):
            at = self._lead_start(parts, index)
            tail = f" {carried.tail}" if carried.tail else ""
            text = f"{indent}{carried.lead}{item(indent, False)},{tail}{self._nl}"
            return [self._splice(at, at, text)]
        return [self._splice(start, start, f"{item(indent, True)}, ")]

    # -- removing ----------------------------------------------------------------

    def remove(
        self, container: Node, index: int, collapse: bool, parts: Layout | None = None
    ) -> tuple[list[Splice], Carried]:
        """Remove item ``index`` with its comma, its line and the comments that belong to it.

        When it was the only item and ``collapse`` is set, the container becomes ``{}``/``[]``.
        Also returns the comments removed with it, for :meth:`insert` when moving. ``parts``: the
        container's layout, when the caller read it already (several removals from one container).
        """
        data = self.data
        parts = parts if parts is not None else layout(container)
        items = parts.items
        it = items[index]
        prev = items[index - 1] if index > 0 else None
        nxt = items[index + 1] if index + 1 < len(items) else None
        start = it.node.start_byte
        tail = self._line_tail(parts, it, nxt)
        alone = self._starts_line(start) and is_blank(data, tail, line_end(data, tail))
        if len(items) == 1 and (collapse or not alone):
            first = self._lead_start(parts, index) if alone else start
            if all(first <= c.start_byte < tail for c in parts.comments):
                return [Splice(parts.open.end_byte, parts.close.start_byte, b"")], Carried()
        if alone:
            block = self._lead_start(parts, index)
            end = after_line(data, tail)
            carried = Carried(
                lead=data[skip_spaces(data, block) : start].decode() if block < start else "",
                tail=data[skip_spaces(data, it.end) : tail].decode().strip(),
            )
            block, end = self._tidy_blank_lines(parts, block, end, prev is None, nxt is None)
            splices = [Splice(block, end, b"")]
            if it.comma is None and nxt is None and prev is not None and prev.comma is not None:
                # Keep the file's "no trailing comma": the new last item loses its comma.
                splices.append(Splice(prev.comma.start_byte, prev.comma.end_byte, b""))
            return splices, carried
        end_item = it.end
        if nxt is not None and not is_blank(data, end_item, line_end(data, end_item)):
            return [Splice(start, skip_spaces(data, end_item), b"")], Carried()
        if prev is not None:
            return [Splice(prev.node.end_byte, it.node.end_byte, b"")], Carried()
        return [Splice(start, skip_spaces(data, end_item), b"")], Carried()

    def remove_lines(self, parts: Layout, first: int, last: int) -> list[Splice] | None:
        """Items ``first`` to ``last`` of a container removed as one block, when each is alone on its line(s)
        and an item stays after them: their lines, the comments that belong to them, the blank lines between;
        None when one shares a line (remove those one at a time)."""
        data = self.data
        items = parts.items
        if last >= len(items) - 1:
            return None
        for index in range(first, last + 1):
            tail = self._line_tail(parts, items[index], items[index + 1])
            if not (self._starts_line(items[index].node.start_byte) and is_blank(data, tail, line_end(data, tail))):
                return None
        block = self._lead_start(parts, first)
        end = after_line(data, self._line_tail(parts, items[last], items[last + 1]))
        block, end = self._tidy_blank_lines(parts, block, end, first == 0, False)
        return [Splice(block, end, b"")]

    def _tidy_blank_lines(self, parts: Layout, start: int, end: int, first: bool, last: bool) -> tuple[int, int]:
        """Avoid leaving two blank lines, or a blank line against a bracket."""
        data = self.data
        above_start = line_start(data, start - 1) if start > 0 else 0
        above_blank = start > 0 and is_blank(data, above_start, start)
        below_blank = end < len(data) and is_blank(data, end, line_end(data, end)) and line_end(data, end) < len(data)
        closer_below = last and is_blank(data, end, parts.close.start_byte)
        opener_above = first and above_start <= parts.open.start_byte < start
        if above_blank and (below_blank or closer_below):
            return above_start, end
        if opener_above and below_blank:
            return start, after_line(data, end)
        return start, end

    # -- layout helpers ----------------------------------------------------------

    def _line_tail(self, parts: Layout, it: Item, nxt: Item | None) -> int:
        """End of an item's line content: after its comma and comments on the same line."""
        end = it.end
        row_end = (it.comma or it.node).end_byte
        limit = nxt.node.start_byte if nxt is not None else parts.close.start_byte
        for comment in parts.comments:
            if end <= comment.start_byte < limit and same_line(self.data, row_end, comment.start_byte):
                end = max(end, comment.end_byte)
        return end

    def _lead_start(self, parts: Layout, index: int) -> int:
        """Start of the line where item ``index`` begins, or of comment lines right above it."""
        data = self.data
        target = parts.items[index].node.start_byte
        start = line_start(data, target)
        floor = parts.items[index - 1].end if index > 0 else parts.open.end_byte
        above = [c for c in parts.comments if floor <= c.start_byte and c.end_byte <= target]
        for comment in reversed(above):
            gap = data[comment.end_byte : start]
            comment_line = line_start(data, comment.start_byte)
            if gap.strip() or count_breaks(gap) != 1 or not is_blank(data, comment_line, comment.start_byte):
                break
            if comment_line < floor:
                break
            start = comment_line
        return start

    def _starts_line(self, pos: int) -> bool:
        return is_blank(self.data, line_start(self.data, pos), pos)

    def _indent(self, pos: int) -> str:
        return indent_of_line(self.data, pos).decode()

    def _splice(self, start: int, end: int, text: str) -> Splice:
        return Splice(start, end, text.encode("utf-8"))


def _is_method(value: JSValue) -> bool:
    return isinstance(value, Code) and is_method_source(value.text)


def _single_line(data: bytes, container: Node) -> bool:
    return same_line(data, container.start_byte, container.end_byte)


def _in_single_line_parent(data: bytes, container: Node) -> bool:
    """True when ``container`` sits inside an object or array written on one line."""
    parent = container.parent
    if parent is not None and parent.type == "pair":
        parent = parent.parent
    if parent is None or parent.type not in ("object", "array"):
        return False
    return _single_line(data, parent)
