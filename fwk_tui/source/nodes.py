"""Structural views of object and array literals: members, items, commas, comments."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from tree_sitter import Node

from fwk_tui.source.literals import decode_name, decode_number, decode_string, decode_template, number_key

MemberKind = Literal["pair", "method", "shorthand", "spread", "computed", "prototype"]
# `__proto__: x` (bare or quoted, not computed) sets the object's prototype in
# JavaScript: no key. `['__proto__']: x`, a shorthand or a method make a key.
PROTO = "__proto__"

# Wrappers that do not change which object literal an expression stands for.
TYPE_WRAPPERS = frozenset({"satisfies_expression", "as_expression", "non_null_expression", "type_assertion"})
FUNCTIONS = frozenset(
    {
        "arrow_function",
        "function_expression",
        "function_declaration",
        "function",
        "generator_function",
        "generator_function_declaration",
        "method_definition",
        "class",
        "class_declaration",
        "abstract_class_declaration",
    }
)


def comments_in(root: Node) -> Iterator[Node]:
    """Every comment node under ``root``, in source order."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "comment":
            yield node
        elif node.child_count:
            stack.extend(reversed(node.children))


def text_of(node: Node) -> str:
    """The source text of ``node``."""
    return (node.text or b"").decode("utf-8")


@dataclass(frozen=True)
class Member:
    """One entry of an object literal; ``key`` is None when it has no static name."""

    key: str | None
    kind: MemberKind
    node: Node
    key_node: Node | None
    value: Node | None


@dataclass(frozen=True)
class Item:
    """A member or array element with the comma that follows it, if any."""

    node: Node
    comma: Node | None

    @property
    def end(self) -> int:
        """End of the item including its comma."""
        return self.comma.end_byte if self.comma is not None else self.node.end_byte


@dataclass(frozen=True)
class Layout:
    """The parts of a bracketed literal: brackets, items in order, comments, holes."""

    open: Node
    close: Node
    items: list[Item]
    comments: list[Node]
    has_holes: bool


def layout(container: Node) -> Layout:
    """Split an ``object`` or ``array`` node into its items, commas and comments."""
    children = container.children
    items: list[Item] = []
    comments: list[Node] = []
    holes = False
    pending: Node | None = None
    expect_item = True
    for child in children[1:-1]:
        kind = child.type
        if kind == "comment":
            comments.append(child)
        elif kind == ",":
            if expect_item:
                holes = True
            elif pending is not None:
                items.append(Item(pending, child))
                pending = None
            expect_item = True
        else:
            if pending is not None:
                items.append(Item(pending, None))
            pending = child
            expect_item = False
    if pending is not None:
        items.append(Item(pending, None))
    return Layout(children[0], children[-1], items, comments, holes)


def members(obj: Node) -> list[Member]:
    """The entries of an object literal, in source order, duplicates included."""
    found = (_member(child) for child in obj.named_children)
    return [m for m in found if m is not None]


def find_member(obj: Node, key: str) -> Member | None:
    """The member that defines ``key`` (the last one, as in JavaScript)."""
    children = _spelling_it(obj, key)
    spelled = key.encode("utf-8", "surrogatepass")  # a lone surrogate can only be written as an escape
    for child in reversed(children if children is not None else obj.named_children):
        if child.type == "pair":  # a plain name that spells another key is told without reading the member
            name = child.child_by_field_name("key")
            if name is not None and name.type == "property_identifier":
                text = name.text or b""
                if text != spelled and b"\\" not in text:
                    continue
        member = _member(child)  # from the end: the last copy is the first found
        if member is not None and member.key == key:
            return member
    return None


# Fewer members than this are all read: looking for the key's text would cost more;
# so would it in an object whose members are big on average (a deep path through
# big objects would read the same bytes again at each level).
_FEW_MEMBERS = 24
_BYTES_PER_MEMBER = 2048


def _spelling_it(obj: Node, key: str) -> list[Node] | None:
    """The children of a big ``obj`` whose text could spell ``key``, in source order; None: read them all.

    Without a backslash, a key written as a name, a string or a template holds its
    own text (a template with a line break may write it CRLF: those keys are read
    the long way, as are the ones a number can spell: ``1e3`` is ``1000``).
    """
    if not key or "\n" in key or key[0] in "0123456789." or key.startswith(("inf", "nan")):
        return None
    count = obj.named_child_count
    if count < _FEW_MEMBERS or obj.end_byte - obj.start_byte > _BYTES_PER_MEMBER * count:
        return None
    text = obj.text
    if text is None:
        return None
    found: dict[int, Node] = {}
    base = obj.start_byte
    for needle in (key.encode("utf-8", "surrogatepass"), b"\\"):
        at = text.find(needle)
        while at != -1:
            child = obj.first_named_child_for_byte(base + at)
            if child is not None and child.start_byte <= base + at:
                found[child.start_byte] = child
                at = text.find(needle, child.end_byte - base)  # one look per child
            else:
                at = text.find(needle, at + 1)
    return [found[start] for start in sorted(found)]


def _member(child: Node) -> Member | None:
    """The object entry ``child`` is, or None for what is not one (a comment)."""
    kind = child.type
    if kind == "pair":
        key_node = child.child_by_field_name("key")
        value = child.child_by_field_name("value")
        key = static_key(key_node) if key_node is not None else None
        if key == PROTO and key_node is not None and key_node.type != "computed_property_name":
            return Member(None, "prototype", child, key_node, value)
        return Member(key, "pair" if key is not None else "computed", child, key_node, value)
    if kind == "method_definition":
        name = child.child_by_field_name("name")
        key = static_key(name) if name is not None else None
        return Member(key, "method" if key is not None else "computed", child, name, None)
    if kind == "shorthand_property_identifier":
        return Member(decode_name(text_of(child)), "shorthand", child, child, None)
    if kind == "spread_element":
        return Member(None, "spread", child, None, None)
    return None


def elements(array: Node) -> list[Node]:
    """The elements of an array literal (without holes)."""
    return [c for c in array.named_children if c.type != "comment"]


def static_key(node: Node) -> str | None:
    """The property name a key node spells, or None for a computed expression."""
    kind = node.type
    if kind in ("property_identifier", "identifier", "private_property_identifier"):
        return decode_name(text_of(node))
    if kind == "string":
        return decode_string(text_of(node))
    if kind == "number":
        value = decode_number(text_of(node))
        return number_key(value) if value is not None else text_of(node).replace("_", "")[:-1]
    if kind == "computed_property_name":
        inner = [c for c in node.named_children if c.type != "comment"]
        if len(inner) == 1:
            only = inner[0]
            if only.type == "template_string" and not _has_substitution(only):
                return decode_template(text_of(only))
            if only.type in ("string", "number"):
                return static_key(only)
        return None
    return None


def _has_substitution(node: Node) -> bool:
    return any(c.type == "template_substitution" for c in node.named_children)


def is_plain_template(node: Node) -> bool:
    """A template literal with no ``${...}``: a string in backticks."""
    return node.type == "template_string" and not _has_substitution(node)


def unwrap_parens(node: Node) -> Node:
    """The expression inside any number of parentheses."""
    while node.type == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        if len(inner) != 1:
            break
        node = inner[0]
    return node
