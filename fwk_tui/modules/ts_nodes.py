"""The pieces of a TypeScript declaration the reader takes apart: literals, unions, members, JSDoc, the walk."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from tree_sitter import Node

from fwk_tui.catalog.types.nodes import AnyType, BoolType, Field_, LiteralType, NumType, StrType, TypeExpr, UnionType

_DEFAULT = re.compile(r"@default(?:\s+(.*))?$")
MAX_TYPE_DEPTH = 24
"""Types nested deeper than this (or names leading through more than this) are *any*."""
ANY = AnyType()

PREDEFINED: dict[str, TypeExpr] = {
    "string": StrType(),
    "number": NumType(),
    "boolean": BoolType(),
    "any": ANY,
    "unknown": ANY,
    "null": LiteralType(None),
}
UNDEFINED = LiteralType("\0undefined")  # `undefined` in a union: the member is optional, not a value
NEVER = LiteralType("\0never")  # `keyof` an interface without members: no value; in a union, nothing


def literal(text: str) -> TypeExpr:
    if text in ("true", "false"):
        return LiteralType(text == "true")
    if text == "null":
        return LiteralType(None)
    if text == "undefined":
        return UNDEFINED
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"`":
        return LiteralType(text[1:-1])
    try:
        number = float(text)
    except ValueError:
        return ANY
    return LiteralType(int(number) if number.is_integer() and "." not in text else number)


def merge(fields: dict[str, Field_], more: Iterable[Field_]) -> None:
    """Add ``more`` to ``fields`` (by name), a member of the same name replaced where it stands (TypeScript's
    extends and ``&`` keep one member per name)."""
    for extra in more:
        fields[extra.name] = extra


def flat_union(options: list[TypeExpr]) -> Iterator[TypeExpr]:
    seen: list[TypeExpr] = []
    for option in options:
        for one in option.options if isinstance(option, UnionType) else (option,):
            if one not in seen:
                seen.append(one)
                yield one


def union_parts(node: Node) -> Iterator[Node]:
    for child in node.named_children:
        if child.type == "union_type":
            yield from union_parts(child)
        else:
            yield child


def unsplit(resolved: Node | None) -> Node | None:
    """A resolved union is not split member by member: its parts are read on their own."""
    return None if resolved is None or resolved.type == "union_type" else resolved


def member_type(resolved: Node, name: str, text: Callable[[Node], str]) -> Node | None:
    """The type ``resolved`` (an object type, an interface's body) gives its member ``name``."""
    return member_types(resolved, text).get(name)


def member_types(resolved: Node, text: Callable[[Node], str]) -> dict[str, Node]:
    """The type ``resolved`` (an object type, an interface's body) gives each of its members, by name (the first
    written of a name)."""
    out: dict[str, Node] = {}
    if resolved.type not in ("object_type", "interface_body"):
        return out
    for member in resolved.named_children:
        if member.type == "property_signature":
            key = member.child_by_field_name("name")
            written = member.child_by_field_name("type")
            if key is not None and written is not None and written.named_children:
                out.setdefault(text(key).strip("'\""), written.named_children[0])
    return out


def jsdoc(comment: str) -> tuple[str, str | None]:
    """The description of a ``/** ... */`` comment, and what its ``@default`` says (to the next tag: a value
    written over several lines, ``@default`` alone on its line and the value below, are read whole, on one
    line). The description's lines run on as one paragraph; a blank line starts another and a list item
    (``- x``, ``* x``, ``1. x``) a line of its own, as Markdown shows them."""
    if not comment.startswith("/**"):
        return "", None
    lines = [line.strip().lstrip("*").strip() for line in comment[3:-2].splitlines()]
    description: list[str] = []
    default: list[str] | None = None
    in_tags = in_default = False
    for line in lines:
        tag = _DEFAULT.match(line)
        if tag is not None:
            default, in_default = [(tag.group(1) or "").strip()], True
        elif line.startswith("@"):
            in_default = False
        elif in_default and default is not None:
            default.append(line)
        in_tags = in_tags or line.startswith("@")  # the description ends at the first tag (@see, @example...)
        if not in_tags:
            description.append(line)
    written = " ".join(part for part in default if part) if default is not None else ""
    return _paragraphs(description), written or None


_LIST_ITEM = re.compile(r"^(?:[-*+]|\d+[.)])\s")


def _paragraphs(lines: list[str]) -> str:
    text = ""
    for line in lines:
        if not line:
            text = text.rstrip(" ") + ("\n\n" if text and not text.endswith("\n\n") else "")
        elif _LIST_ITEM.match(line) and text and not text.endswith("\n"):
            text += "\n" + line
        else:
            text += (" " if text and not text.endswith("\n") else "") + line
    return text.strip()


def top_declarations(root: Node) -> Iterator[Node]:
    """Interfaces and type aliases of the file, at its top level (exported or not)."""
    for node in root.named_children:
        inner = node.named_children[-1] if node.type in ("export_statement", "ambient_declaration") else node
        for candidate in (node, inner):
            if candidate is not None and candidate.type in ("interface_declaration", "type_alias_declaration"):
                yield candidate
                break


_DECLARATIONS = ("lexical_declaration", "variable_declaration")


def top_declarators(root: Node) -> Iterator[Node]:
    """The ``const x: T`` of the file's top level (``declare const``, exported or not): not the whole tree's (a
    module's own type is a large object; walking it for declarators cost most of a read)."""
    for node in root.named_children:
        inner = node
        while inner.type in ("export_statement", "ambient_declaration") and inner.named_children:
            inner = inner.named_children[-1]
        if inner.type in _DECLARATIONS:
            yield from (c for c in inner.named_children if c.type == "variable_declarator")


def walk(node: Node, types: tuple[str, ...]) -> Iterator[Node]:
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in types:
            yield current
        stack.extend(reversed(current.named_children))


def first_of(node: Node | None, kind: str) -> Node | None:
    if node is None:
        return None
    if node.type == kind:
        return node
    return next((c for c in node.named_children if c.type == kind), None)
