"""What a name of a package's declarations stands for, where a type reaches into another: the members of
``X`` and of ``X['k']``, the names ``keyof X`` gives, the values of a const object a lookup names."""

from __future__ import annotations

from typing import Protocol

from tree_sitter import Node

from fwk_tui.modules.ts_nodes import MAX_TYPE_DEPTH, member_type, walk


class Scope(Protocol):
    """A declaration file as the lookups need it (the reader of :mod:`ts_reader` is one)."""

    consts: dict[str, Node]

    def lookup(self, name: str, depth: int = 0) -> tuple[Scope, Node] | None: ...

    def text(self, node: Node) -> str: ...


def body_of(scope: Scope, node: Node | None, depth: int) -> tuple[Scope, Node] | None:
    """The members ``node`` (a name of the package, ``X['k']``) stands for: its reader and object type or
    interface body."""
    if node is None or depth > MAX_TYPE_DEPTH:
        return None
    if node.type == "type_identifier":
        found_at = scope.lookup(scope.text(node))
        if found_at is None:
            return None
        reader, declared = found_at
        if declared.type == "interface_declaration":
            body = declared.child_by_field_name("body")
        else:
            body = declared.child_by_field_name("value")
            if body is not None and body.type != "object_type":
                return body_of(reader, body, depth + 1)
        return (reader, body) if body is not None else None
    if node.type == "lookup_type":
        member = indexed(scope, node, depth + 1)
        return body_of(member[0], member[1], depth + 1) if member is not None else None
    if node.type == "object_type":
        return scope, node
    return None

def indexed(scope: Scope, node: Node, depth: int) -> tuple[Scope, Node] | None:
    """The type written for member ``k`` of ``X['k']``, where ``X`` is a type of the package; or None."""
    parts = node.named_children
    if len(parts) != 2 or parts[1].type != "literal_type":
        return None
    key = scope.text(parts[1])
    if len(key) < 2 or key[0] != key[-1] or key[0] not in "'\"":
        return None
    body = body_of(scope, parts[0], depth + 1)
    if body is None:
        return None
    reader, members = body
    written = member_type(members, key[1:-1], reader.text)
    return (reader, written) if written is not None else None

def member_names(scope: Scope, node: Node | None) -> list[str] | None:
    """The names of the members of ``node`` (a name of the package), or None where they are not known."""
    body = body_of(scope, node, 0) if node is not None and node.type == "type_identifier" else None
    if body is None:
        return None
    reader, members = body
    names = []
    for member in members.named_children:
        if member.type == "index_signature":
            return None
        key = member.child_by_field_name("name") if member.type == "property_signature" else None
        if key is not None:
            names.append(reader.text(key).strip("'\""))
    return names

def values_of_const(scope: Scope, node: Node) -> list[Node] | None:
    """The member types of the const object a ``(typeof X)[keyof typeof X]`` lookup names, or None."""
    queries = [scope.text(q).removeprefix("typeof").strip() for q in walk(node, ("type_query",))]
    if len(queries) != 2 or queries[0] != queries[1] or queries[0] not in scope.consts:
        return None
    shape = scope.consts[queries[0]]
    if shape.type != "object_type":
        return None
    values = []
    for member in shape.named_children:
        written = member.child_by_field_name("type") if member.type == "property_signature" else None
        if written is not None and written.named_children:
            values.append(written.named_children[0])
    return values or None
