"""TypeScript declarations read into the catalogue's type model: the reader behind :mod:`declarations`.

One :class:`Reader` per declaration file (its interfaces, type aliases, ``declare const`` types, imports and
exports); :class:`Files` holds the files one module's options lead through, each read once, and the notes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tree_sitter import Node

from fwk_tui.catalog.types.nodes import (
    ArrayType,
    CodeType,
    Field_,
    ObjectType,
    RecordType,
    TupleType,
    TypeExpr,
    UnionType,
)
from fwk_tui.modules.ts_nodes import (
    ANY,
    PREDEFINED,
    UNDEFINED,
    first_of,
    flat_union,
    jsdoc,
    literal,
    member_type,
    merged,
    top_declarations,
    union_parts,
    unsplit,
    walk,
)
from fwk_tui.source.parse import parse_bytes

MAX_DECLARATION_BYTES = 2 * 1024 * 1024
"""A declarations file past this is not read (a module's are some kilobytes)."""
MAX_TYPE_DEPTH = 24
"""Types nested deeper than this (or names leading through more than this) are *any*."""
MAX_FILES = 16
"""Declaration files one module's options may lead through (its own and those it imports from its package)."""

@dataclass(frozen=True)
class Option:
    """One option of a module (a member of its options, at any depth): its type and what its JSDoc says."""

    path: tuple[str, ...]
    type: TypeExpr
    optional: bool
    doc: str = ""
    default: str | None = None
    """What ``@default`` says, as written (``'nuxt-color-mode'``, `` `system` ``, ``false``)."""
    declared: str = ""
    """The type as the declarations write it, where the catalogue's model cannot say it (it is then *any*)."""


Load = Callable[[str, str], "tuple[str, bytes] | None"]
"""``load(spec, filename)``: the declarations a relative import ``spec`` of ``filename`` names, as (its name, its
bytes), or None: the package reader finds them (``./shared/x.mjs`` is ``./shared/x.d.mts``) and caps them."""


def refused(data: bytes, filename: str) -> str:
    if len(data) > MAX_DECLARATION_BYTES:
        return f"{filename}: {len(data):,} bytes, more than a module's declarations hold: not read"
    if b"\0" in data:
        return f"{filename}: holds a NUL byte: not declarations"
    return ""


class Files:
    """The declaration files read for one module, each once, and the notes on what could not be read."""

    def __init__(self, load: Load | None) -> None:
        self.load = load
        self.readers: dict[str, Reader | None] = {}
        self.notes: list[str] = []
        self.expanding: set[tuple[str, int]] = set()
        """The declarations being read now (file, where): one met again holds itself."""

    def reader(self, filename: str, data: bytes) -> Reader:
        reader = Reader(data, parse_bytes(data).root_node, self, filename)
        self.readers[filename] = reader
        return reader

    def imported(self, spec: str, by: str) -> Reader | None:
        if self.load is None or not spec.startswith("."):
            return None  # another package's types: their members come from the module's own type
        found = self.load(spec, by)
        if found is None:
            return None
        name, data = found
        if name in self.readers:
            return self.readers[name]
        if len(self.readers) >= MAX_FILES:
            self.note(f"{by}: its types lead through more than {MAX_FILES} files: {spec} is not read")
            self.readers[name] = None
            return None
        problem = refused(data, name)
        if problem:
            self.note(problem)
            self.readers[name] = None
            return None
        return self.reader(name, data)

    def note(self, text: str) -> None:
        if text not in self.notes and len(self.notes) < 20:
            self.notes.append(text)


_WRAPPERS = {"Partial", "Required", "Readonly", "NonNullable"}


@dataclass
class Reader:
    data: bytes
    root: Node
    files: Files
    filename: str
    named: dict[str, Node] = field(default_factory=dict)
    imports: dict[str, tuple[str, str]] = field(default_factory=dict)
    """A name imported: the file it comes from and its name there (``import { a as ModuleOptions } from '...'``)."""
    exports: dict[str, str] = field(default_factory=dict)
    """A name exported under another (``export { X as a }``): the name it has in this file."""
    consts: dict[str, Node] = field(default_factory=dict)
    """The type of each ``declare const`` (``STRATEGIES: { readonly PREFIX: "prefix"; ... }``)."""

    def __post_init__(self) -> None:
        for node in top_declarations(self.root):
            name = node.child_by_field_name("name")
            if name is not None:
                self.named.setdefault(self.text(name), node)
        for declarator in walk(self.root, ("variable_declarator",)):
            name, annotation = declarator.child_by_field_name("name"), declarator.child_by_field_name("type")
            if name is not None and annotation is not None and annotation.named_children:
                self.consts.setdefault(self.text(name), annotation.named_children[0])
        for node in self.root.named_children:
            if node.type == "import_statement":
                source = node.child_by_field_name("source")
                spec = self.text(source).strip("'\"") if source is not None else ""
                for item in walk(node, ("import_specifier",)):
                    parts = [self.text(c) for c in item.named_children]
                    if parts:
                        self.imports[parts[-1]] = (spec, parts[0])
            elif node.type == "export_statement":
                for item in walk(node, ("export_specifier",)):
                    parts = [self.text(c) for c in item.named_children]
                    if parts:
                        self.exports[parts[-1]] = parts[0]

    def lookup(self, name: str, depth: int = 0) -> tuple[Reader, Node] | None:
        """Where ``name`` is declared: in this file, or in the file of the same package it is imported from."""
        local = self.exports.get(name, name) if name not in self.named else name
        if local in self.named:
            return self, self.named[local]
        if local not in self.imports or depth > MAX_TYPE_DEPTH:
            return None
        spec, there = self.imports[local]
        other = self.files.imported(spec, self.filename)
        return other.lookup(there, depth + 1) if other is not None else None

    def type_of_declared(
        self, node: Node, path: tuple[str, ...], resolved: Node | None, found: list[Option], depth: int
    ) -> tuple[TypeExpr, str]:
        """The type an interface or a type alias of this file declares; one that holds itself (``overrides?:
        Partial<Options>`` inside ``Options``) is *any* where it comes again."""
        key = (self.filename, node.start_byte)
        if key in self.files.expanding:
            name = node.child_by_field_name("name")
            return ANY, f"{self.text(name) if name is not None else 'a type'} (again, inside itself)"
        self.files.expanding.add(key)
        try:
            if node.type == "interface_declaration":
                return self.object_of(node, path, resolved, found, depth), ""
            value = node.child_by_field_name("value")
            return self.type_of(value, path, resolved, found, depth + 1)
        finally:
            self.files.expanding.discard(key)

    def text(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def module_type(self) -> Node | None:
        """The first type argument of the module's own type (``declare const _default: X.FwkModule<{...}, ...>``)."""
        for node in walk(self.root, ("variable_declarator",)):
            annotation = node.child_by_field_name("type")
            generic = first_of(annotation, "generic_type") if annotation is not None else None
            if generic is None or not self.text(generic.children[0]).endswith("Module"):
                continue
            arguments = first_of(generic, "type_arguments")
            kinds = [c for c in arguments.named_children] if arguments is not None else []
            if kinds:
                return kinds[0]
        return None

    # -- objects ---------------------------------------------------------------------------------

    def object_of(
        self, node: Node, path: tuple[str, ...], resolved: Node | None, found: list[Option], depth: int
    ) -> ObjectType:
        """The object type ``node`` (an interface, an object type) declares; each member an :class:`Option`."""
        body = node.child_by_field_name("body") if node.type == "interface_declaration" else node
        fields: list[Field_] = []
        open_ = False
        for clause in (c for c in node.children if c.type == "extends_type_clause"):
            for base in clause.named_children:  # `interface ModuleOptions extends Base, Partial<Other>`
                kind, _ = self.type_of(base, path, resolved, found, depth + 1)
                if isinstance(kind, ObjectType):
                    fields, open_ = merged(fields, kind.fields), open_ or kind.open
        doc = ""
        for member in body.named_children if body is not None else ():
            if member.type == "comment":
                doc = self.text(member)
                continue
            if member.type == "index_signature":
                open_ = True
            elif member.type == "property_signature":
                name_node = member.child_by_field_name("name")
                if name_node is None:
                    continue
                name = self.text(name_node).strip("'\"")
                optional = any(c.type == "?" for c in member.children)
                written = member.child_by_field_name("type")
                kind_node = written.named_children[0] if written is not None and written.named_children else None
                other = member_type(resolved, name, self.text) if resolved is not None else None
                kind, declared = self.type_of(kind_node, (*path, name), other, found, depth + 1)
                description, default = jsdoc(doc)
                found.append(Option((*path, name), kind, optional, description, default, declared))
                fields = merged(fields, (Field_(name, kind, optional),))
            doc = ""
        return ObjectType(tuple(fields), open=open_)

    # -- types -----------------------------------------------------------------------------------

    def type_of(
        self, node: Node | None, path: tuple[str, ...], resolved: Node | None, found: list[Option], depth: int
    ) -> tuple[TypeExpr, str]:
        """The type ``node`` writes, and (when it is *any* for want of a form) how it was written."""
        if node is None:
            return ANY, ""
        if depth > MAX_TYPE_DEPTH:
            self._note(f"{'.'.join(path)}: nested more than {MAX_TYPE_DEPTH} deep: any")
            return ANY, self.text(node)[:80]
        kind = node.type
        if kind == "predefined_type":
            return PREDEFINED.get(self.text(node), ANY), ""
        if kind == "literal_type":
            return literal(self.text(node)), ""
        if kind in ("parenthesized_type", "readonly_type"):
            inner = node.named_children[-1] if node.named_children else None
            return self.type_of(inner, path, resolved, found, depth)
        if kind == "union_type":
            options = [self.type_of(c, path, unsplit(resolved), found, depth)[0] for c in union_parts(node)]
            options = [o for o in options if o != UNDEFINED]
            return (options[0] if len(options) == 1 else UnionType(tuple(flat_union(options)))), ""
        if kind == "intersection_type":
            parts = [self.type_of(c, path, resolved, found, depth + 1)[0] for c in node.named_children]
            objects = [p for p in parts if isinstance(p, ObjectType)]
            if objects and len(objects) == len(parts):
                joined: list[Field_] = []
                for part in objects:
                    joined = merged(joined, part.fields)
                return ObjectType(tuple(joined), open=any(o.open for o in objects)), ""
            return next((p for p in parts if p != ANY), ANY), ""
        if kind == "array_type":
            item, _ = self.type_of(node.named_children[0], (*path, "[]"), None, [], depth + 1)
            return ArrayType(item), ""
        if kind == "tuple_type":
            items = [self.type_of(c, path, None, [], depth + 1)[0] for c in node.named_children]
            return TupleType(tuple(items)), ""
        if kind == "object_type":
            return self.object_of(node, path, resolved, found, depth), ""
        if kind == "lookup_type":  # (typeof STRATEGIES)[keyof typeof STRATEGIES]: the values of a const object
            values = self._values_of_const(node)
            if values is not None:
                parts = [self.type_of(v, path, None, [], depth + 1)[0] for v in values]
                return (parts[0] if len(parts) == 1 else UnionType(tuple(flat_union(parts)))), ""
        if kind == "function_type":
            return CodeType(), ""
        if kind == "generic_type":
            return self.generic(node, path, resolved, found, depth)
        if kind == "type_identifier":
            return self.name(self.text(node), path, resolved, found, depth)
        if resolved is not None:
            return self.type_of(resolved, path, None, found, depth)
        return ANY, self.text(node)[:200]

    def generic(
        self, node: Node, path: tuple[str, ...], resolved: Node | None, found: list[Option], depth: int
    ) -> tuple[TypeExpr, str]:
        name = self.text(node.children[0])
        arguments = first_of(node, "type_arguments")
        args = arguments.named_children if arguments is not None else []
        if name in ("Array", "ReadonlyArray") and len(args) == 1:
            return ArrayType(self.type_of(args[0], (*path, "[]"), None, [], depth + 1)[0]), ""
        if name == "Record" and len(args) == 2:
            return RecordType(self.type_of(args[1], (*path, "*"), None, [], depth + 1)[0]), ""
        if name in ("Omit", "Pick") and len(args) == 2:
            kind, declared = self.type_of(args[0], path, resolved, found, depth + 1)
            keys = {self.text(k).strip("'\"") for k in union_parts(args[1])} if args[1].type != "literal_type" else {
                self.text(args[1]).strip("'\"")
            }
            if isinstance(kind, ObjectType):
                kept = [f for f in kind.fields if (f.name in keys) == (name == "Pick")]
                return ObjectType(tuple(kept), kind.open), ""
            return kind, declared
        if name in _WRAPPERS and len(args) == 1:
            kind, declared = self.type_of(args[0], path, resolved, found, depth + 1)
            if name == "Partial" and isinstance(kind, ObjectType):
                kind = ObjectType(tuple(Field_(f.name, f.type, True) for f in kind.fields), kind.open)
            return kind, declared
        found_at = self.lookup(name)
        if found_at is not None:  # a generic alias or interface of the package: its parameters are taken as any
            reader, generic = found_at
            return reader.type_of_declared(generic, path, resolved, found, depth + 1)
        if resolved is not None:
            return self.type_of(resolved, path, None, found, depth)
        return ANY, self.text(node)[:200]

    def _values_of_const(self, node: Node) -> list[Node] | None:
        """The member types of the const object a ``(typeof X)[keyof typeof X]`` lookup names, or None."""
        queries = [self.text(q).removeprefix("typeof").strip() for q in walk(node, ("type_query",))]
        if len(queries) != 2 or queries[0] != queries[1] or queries[0] not in self.consts:
            return None
        shape = self.consts[queries[0]]
        if shape.type != "object_type":
            return None
        values = []
        for member in shape.named_children:
            written = member.child_by_field_name("type") if member.type == "property_signature" else None
            if written is not None and written.named_children:
                values.append(written.named_children[0])
        return values or None

    def name(
        self, name: str, path: tuple[str, ...], resolved: Node | None, found: list[Option], depth: int
    ) -> tuple[TypeExpr, str]:
        found_at = self.lookup(name)
        if found_at is None:  # another package's type: the module's own type writes it out
            if resolved is not None:
                return self.type_of(resolved, path, None, found, depth)
            return ANY, name
        reader, declared = found_at
        return reader.type_of_declared(declared, path, resolved, found, depth + 1)

    def _note(self, text: str) -> None:
        self.files.note(text)
