"""TypeScript declarations read into the catalogue's type model: the reader behind :mod:`declarations`.

One :class:`Reader` per declaration file (its interfaces, type aliases, ``declare const`` types, imports and
exports); :class:`Files` holds the files one module's options lead through, each read once, and the notes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TypeAlias

from tree_sitter import Node

from fwk_tui.catalog.types.nodes import (
    ArrayType,
    CodeType,
    Field_,
    LiteralType,
    ObjectType,
    RecordType,
    StrType,
    TupleType,
    TypeExpr,
    UnionType,
)
from fwk_tui.modules.ts_lookups import indexed, member_names, values_of_const
from fwk_tui.modules.ts_nodes import (
    ANY,
    MAX_TYPE_DEPTH,
    NEVER,
    PREDEFINED,
    UNDEFINED,
    first_of,
    flat_union,
    jsdoc,
    literal,
    member_types,
    merge,
    top_declarations,
    top_declarators,
    union_parts,
    unsplit,
    walk,
)
from fwk_tui.source.parse import parse_bytes

MAX_DECLARATION_BYTES = 2 * 1024 * 1024
"""A declarations file past this is not read (a module's are some kilobytes)."""
MAX_EXPANSIONS = 5000
"""Times one module's options go into a declaration (an interface, an alias, a generic with its arguments): a real
module's take some hundreds; types that branch into each other many times over stop there."""
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


Binding: TypeAlias = "tuple[Reader, Node, int]"
"""What a type parameter stands for: a type written in a file (its reader, its node), read with the scopes up to
the given one (those of where it is written)."""
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
        self.expanding: set[tuple[str, int, tuple[tuple[str, int], ...]]] = set()
        """The declarations being read now (file, where, the arguments given): one met again holds itself."""
        self.expansions = 0
        """Declarations read so far (each time one is gone into): the reading stops at :data:`MAX_EXPANSIONS`."""
        self.scopes: list[dict[str, Binding | None]] = []
        """The type parameters of each declaration being read, innermost last: what each is bound to (None:
        nothing, it is *any*)."""

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
_OPTIONALITY = {"Partial": True, "Required": False}
"""The wrappers that change whether the members of the type they wrap are optional, and to what."""


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
        for declarator in top_declarators(self.root):
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
        self,
        node: Node,
        path: tuple[str, ...],
        resolved: Node | None,
        found: list[Option],
        depth: int,
        arguments: tuple[tuple[Reader, Node], ...] = (),
    ) -> tuple[TypeExpr, str]:
        """The type an interface or a type alias of this file declares, its type parameters taken as
        ``arguments`` (each read where it is written), their defaults, or *any*; one that holds itself
        (``overrides?: Partial<Options>`` inside ``Options``) is *any* where it comes again."""
        key = (self.filename, node.start_byte, tuple((r.filename, a.start_byte) for r, a in arguments))
        if key in self.files.expanding:  # (the same generic with other arguments is another type)
            name = node.child_by_field_name("name")
            return ANY, f"{self.text(name) if name is not None else 'a type'} (again, inside itself)"
        self.files.expansions += 1
        if self.files.expansions > MAX_EXPANSIONS:
            self.files.note(f"{'.'.join(path) or 'the options'}: types lead through more than {MAX_EXPANSIONS:,} "
                            "declarations: any")  # fmt: skip
            return ANY, "(too many declarations to read)"
        self.files.expanding.add(key)
        scopes = self.files.scopes
        caller = len(scopes)
        frame: dict[str, Binding | None] = {}
        parameters = node.child_by_field_name("type_parameters")
        for at, parameter in enumerate(parameters.named_children if parameters is not None else ()):
            name = parameter.child_by_field_name("name")
            if name is None:
                continue
            default = parameter.child_by_field_name("value")
            if at < len(arguments):
                frame[self.text(name)] = (*arguments[at], caller)  # read in the scope it is written in
            elif default is not None and default.named_children:
                frame[self.text(name)] = (self, default.named_children[0], caller + 1)  # in the declaration's
            else:
                frame[self.text(name)] = None
        scopes.append(frame)
        try:
            if node.type == "interface_declaration":
                return self.object_of(node, path, resolved, found, depth), ""
            value = node.child_by_field_name("value")
            return self.type_of(value, path, resolved, found, depth + 1)
        finally:
            scopes.pop()
            self.files.expanding.discard(key)

    def text(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def module_type(self) -> Node | None:
        """The first type argument of the module's own type (``declare const _default: X.FwkModule<{...}, ...>``)."""
        for node in top_declarators(self.root):
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
        fields: dict[str, Field_] = {}
        open_ = False
        for clause in (c for c in node.children if c.type == "extends_type_clause"):
            for base in clause.named_children:  # `interface ModuleOptions extends Base, Partial<Other>`
                kind, _ = self.type_of(base, path, resolved, found, depth + 1)
                if isinstance(kind, ObjectType):
                    merge(fields, kind.fields)
                    open_ = open_ or kind.open
                else:  # a base it cannot read (another package's): its members are unknown, not wrong
                    open_ = True
        doc = ""
        written_out = member_types(resolved, self.text) if resolved is not None else {}
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
                kind, declared = self.type_of(kind_node, (*path, name), written_out.get(name), found, depth + 1)
                description, default = jsdoc(doc)
                found.append(Option((*path, name), kind, optional, description, default, declared))
                fields[name] = Field_(name, kind, optional)
            doc = ""
        return ObjectType(tuple(fields.values()), open=open_)

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
            options = [o for o in options if o not in (UNDEFINED, NEVER)]
            if not options:
                return ANY, self.text(node)[:200]
            return (options[0] if len(options) == 1 else UnionType(tuple(flat_union(options)))), ""
        if kind == "intersection_type":
            parts = [self.type_of(c, path, resolved, found, depth + 1)[0] for c in node.named_children]
            objects = [p for p in parts if isinstance(p, ObjectType)]
            unknown = [p for p in parts if p == ANY]  # another package's type, say: it adds members unknown here
            if objects and len(objects) + len(unknown) == len(parts):
                joined: dict[str, Field_] = {}
                for part in objects:
                    merge(joined, part.fields)
                return ObjectType(tuple(joined.values()), open=bool(unknown) or any(o.open for o in objects)), ""
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
            values = values_of_const(self, node)
            if values is not None:
                parts = [self.type_of(v, path, None, [], depth + 1)[0] for v in values]
                return (parts[0] if len(parts) == 1 else UnionType(tuple(flat_union(parts)))), ""
            member = indexed(self, node, depth)
            if member is not None and isinstance(member[0], Reader):  # Options['screens']: a member of the package's
                return member[0].type_of(member[1], path, resolved, found, depth + 1)
        if kind == "index_type_query":  # keyof Options: the names of its members
            names = member_names(self, node.named_children[0] if node.named_children else None)
            if names is not None:
                keys = [LiteralType(n) for n in names]
                return (NEVER if not keys else keys[0] if len(keys) == 1 else UnionType(tuple(keys))), ""
        if kind == "template_literal_type":  # `/${string}`
            return StrType(), ""
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
            inner: list[Option] = []
            kind, declared = self.type_of(args[0], path, resolved, inner, depth + 1)
            keys = {self.text(k).strip("'\"") for k in union_parts(args[1])} if args[1].type != "literal_type" else {
                self.text(args[1]).strip("'\"")
            }

            def kept_name(key: str) -> bool:
                return (key in keys) == (name == "Pick")

            found.extend(o for o in inner if len(o.path) <= len(path) or kept_name(o.path[len(path)]))
            if isinstance(kind, ObjectType):
                kept = [f for f in kind.fields if kept_name(f.name)]
                return ObjectType(tuple(kept), kind.open), ""
            return kind, declared
        if name in _WRAPPERS and len(args) == 1:
            inner = []
            kind, declared = self.type_of(args[0], path, resolved, inner, depth + 1)
            if name in _OPTIONALITY:  # Partial<> / Required<>: its members' own options say so too
                optional = _OPTIONALITY[name]
                found.extend(replace(o, optional=optional) if len(o.path) == len(path) + 1 else o for o in inner)
                if isinstance(kind, ObjectType):
                    kind = ObjectType(tuple(Field_(f.name, f.type, optional) for f in kind.fields), kind.open)
            else:
                found.extend(inner)
            return kind, declared
        found_at = self.lookup(name)
        if found_at is not None:  # a generic alias or interface of the package, its parameters bound to the arguments
            reader, generic = found_at
            bound = tuple((self, argument) for argument in args)
            return reader.type_of_declared(generic, path, resolved, found, depth + 1, bound)
        if resolved is not None:
            return self.type_of(resolved, path, None, found, depth)
        return ANY, self.text(node)[:200]

    def name(
        self, name: str, path: tuple[str, ...], resolved: Node | None, found: list[Option], depth: int
    ) -> tuple[TypeExpr, str]:
        scopes = self.files.scopes
        if scopes and name in scopes[-1]:  # a type parameter of the declaration being read
            binding = scopes[-1][name]
            if binding is None:
                return ANY, name
            reader, written, keep = binding
            outer = scopes[keep:]
            del scopes[keep:]
            try:
                return reader.type_of(written, path, resolved, found, depth + 1)
            finally:
                scopes.extend(outer)
        found_at = self.lookup(name)
        if found_at is None:  # another package's type: the module's own type writes it out
            if resolved is not None:
                return self.type_of(resolved, path, None, found, depth)
            return ANY, name
        reader, declared = found_at
        return reader.type_of_declared(declared, path, resolved, found, depth + 1)

    def _note(self, text: str) -> None:
        self.files.note(text)
