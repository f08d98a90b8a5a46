"""Read literal syntax into Python values; everything else becomes ``Code``."""

from __future__ import annotations

from tree_sitter import Node

from fwk_tui.paths import OptionPath
from fwk_tui.source.errors import DocumentError
from fwk_tui.source.lines import LineIndex, line_index
from fwk_tui.source.literals import decode_number, decode_string, decode_template
from fwk_tui.source.nodes import Member, find_member, is_plain_template, layout, members, text_of
from fwk_tui.source.values import UNDEFINED, Code, Entry, JSValue, Span


def is_hooks_path(path: OptionPath) -> bool:
    """True for the ``hooks`` object, at the top or in a ``$env`` override."""
    if path == ("hooks",):
        return True
    return len(path) == 2 and path[1] == "hooks" and isinstance(path[0], str) and path[0].startswith("$")


def hook_members(obj: Node, prefix: str = "") -> list[tuple[str, Member]]:
    """Members of a hooks object under their flat names: ``build: { done }`` gives ``build:done``."""
    out: list[tuple[str, Member]] = []
    for member in members(obj):
        if member.key is None:
            continue
        name = prefix + member.key
        if member.kind == "pair" and member.value is not None and member.value.type == "object":
            # Hook handlers are functions, so an object literal here is a namespace.
            out.extend(hook_members(member.value, name + ":"))
        else:
            out.append((name, member))
    return out


def keyed_members(obj: Node, path: OptionPath, written: list[Member] | None = None) -> dict[str, Member]:
    """The effective member for each key of ``obj`` (last wins); hooks flattened. ``written``: its members when known."""
    if is_hooks_path(path):
        return dict(hook_members(obj))
    return {m.key: m for m in (members(obj) if written is None else written) if m.key is not None}


def keyed_member(obj: Node, path: OptionPath, key: str) -> Member | None:
    """``keyed_members(obj, path).get(key)``, without reading the other members of a plain object."""
    if is_hooks_path(path):
        return dict(hook_members(obj)).get(key)
    return find_member(obj, key)


def _repeats(written: list[Member]) -> bool:
    keys = [m.key for m in written if m.key is not None]
    return len(keys) != len(set(keys))


def _repeats_in_hooks(written: list[Member]) -> bool:
    """A key written twice in a hooks object or in any namespace object inside it."""
    if _repeats(written):
        return True
    inner = (m.value for m in written if m.kind == "pair" and m.value is not None and m.value.type == "object")
    return any(_repeats_in_hooks(members(obj)) for obj in inner)


class Reader:
    """Turns nodes of one source text into values, optionally recording entries.

    With ``whole_objects``, an object with a member that has no key of its own
    (``...spread``, ``[computed]: v``, ``__proto__: v``) reads as ``Code``: no member is dropped.
    """

    def __init__(self, data: bytes, entries: list[Entry] | None = None, *, whole_objects: bool = False) -> None:
        self._data = data
        self._entries = entries
        self._whole_objects = whole_objects
        self._lines: LineIndex | None = None
        self.repeats_keys = False
        """True once an object read so far writes a key twice (hooks: at any namespace level)."""

    def span(self, node: Node) -> Span:
        """The span of ``node`` with character columns."""
        lines = self._lines
        if lines is None:
            lines = self._lines = line_index(self._data)
        line, column = lines.line_col(node.start_byte)
        end_line, end_column = lines.line_col(node.end_byte)
        return Span(node.start_byte, node.end_byte, line, column, end_line, end_column)

    def value(self, node: Node, path: OptionPath = ()) -> JSValue:
        """The Python value of the expression ``node`` found at ``path``."""
        try:
            return self._value(node, path)
        except RecursionError:
            raise DocumentError("the config is nested too deeply to read") from None

    def member_value(self, member: Member, path: OptionPath) -> JSValue:
        """The value a member gives its key: methods and shorthands are code."""
        if member.kind in ("method", "shorthand"):
            value: JSValue = Code(text_of(member.node), "expr", self.span(member.node))
            self._record(path, value, member.node, member.key_node)
            return value
        assert member.value is not None
        return self._value(member.value, path, member.key_node)

    def _record(self, path: OptionPath, value: JSValue, node: Node, key: Node | None = None) -> None:
        if self._entries is not None and path:
            self._entries.append(Entry(path, value, self.span(node), self._key_span(key)))

    def _key_span(self, key: Node | None) -> Span | None:
        return self.span(key) if key is not None else None

    def _value(self, node: Node, path: OptionPath, key: Node | None = None) -> JSValue:
        kind = node.type
        slot = -1
        if self._entries is not None and path:
            slot = len(self._entries)
            self._entries.append(None)  # type: ignore[arg-type]  # filled below, keeps document order
        value = self._read(node, kind, path)
        if slot >= 0:
            assert self._entries is not None
            self._entries[slot] = Entry(path, value, self.span(node), self._key_span(key))
        return value

    def _read(self, node: Node, kind: str, path: OptionPath) -> JSValue:
        if kind == "string":
            return decode_string(text_of(node))
        if kind == "number":
            number = decode_number(text_of(node))
            return number if number is not None else self._code(node)
        if kind == "true":
            return True
        if kind == "false":
            return False
        if kind == "null":
            return None
        if kind == "undefined":
            return UNDEFINED
        if kind == "object":
            return self._object(node, path)
        if kind == "array":
            return self._array(node, path)
        if kind == "template_string" and is_plain_template(node):
            return decode_template(text_of(node))
        if kind == "unary_expression":
            return self._signed(node)
        if kind == "regex":
            return Code(text_of(node), "regex", self.span(node))
        return self._code(node)

    def _code(self, node: Node) -> Code:
        return Code(text_of(node), "expr", self.span(node))

    def _signed(self, node: Node) -> JSValue:
        operator = node.child_by_field_name("operator")
        argument = node.child_by_field_name("argument")
        if operator is not None and argument is not None and argument.type == "number":
            sign = text_of(operator)
            number = decode_number(text_of(argument))
            if number is not None and sign in ("-", "+"):
                if sign == "-" and number == 0:
                    return -0.0  # an int has no -0; JavaScript tells it from 0
                return -number if sign == "-" else number
        return self._code(node)

    def _object(self, node: Node, path: OptionPath) -> JSValue:
        written = members(node)
        if self._whole_objects and any(m.key is None for m in written):
            return self._code(node)
        if not self.repeats_keys:
            self.repeats_keys = _repeats_in_hooks(written) if is_hooks_path(path) else _repeats(written)
        out: dict[str, JSValue] = {}
        for key, member in keyed_members(node, path, written).items():
            out[key] = self.member_value(member, (*path, key))
        return out

    def _array(self, node: Node, path: OptionPath) -> list[JSValue]:
        parts = layout(node)
        if not parts.has_holes:
            return [self._element(item.node, (*path, i)) for i, item in enumerate(parts.items)]
        out: list[JSValue] = []
        expect_item = True
        for child in node.children[1:-1]:
            if child.type == "comment":
                continue
            if child.type == ",":
                if expect_item:
                    out.append(UNDEFINED)  # a hole reads as undefined
                expect_item = True
            else:
                out.append(self._element(child, (*path, len(out))))
                expect_item = False
        return out

    def _element(self, node: Node, path: OptionPath) -> JSValue:
        if node.type == "spread_element":
            value = Code(text_of(node), "expr", self.span(node))
            self._record(path, value, node)
            return value
        return self._value(node, path)
