"""A module's options, read from its type declarations (``dist/module.d.mts``, ``types.d.ts``...): nothing is run.

The module builder writes, into the declarations of a built module, its ``ModuleOptions`` interface (members with
their JSDoc: a description and ``@default``) and the type of the module itself, ``FwkModule<Options, ...>``, whose
first argument is the options as the builder resolved them (types imported from elsewhere written out). Both are
read with tree-sitter's TypeScript grammar into the catalogue's own type model:

- interfaces and object types (optional members, nested objects), type aliases and interfaces of the same file;
- ``string``, ``number``, ``boolean``, literal types and their unions, arrays (``T[]``, ``Array<T>``,
  ``readonly T[]``), tuples, ``Record<string, T>`` and index signatures, ``Partial<T>``, ``Required<T>``;
- a name the file does not declare (imported) takes the type the module's own type gives the same member;
- anything else is *any*, and says what it was declared as (``declared`` of :class:`Option`): never an error.

Capped like a config: the size of the text, how deep types nest, how many names one type goes through.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from tree_sitter import Node

from fwk_tui.catalog.types.nodes import (
    AnyType,
    ArrayType,
    BoolType,
    CodeType,
    Field_,
    LiteralType,
    NumType,
    ObjectType,
    RecordType,
    StrType,
    TupleType,
    TypeExpr,
    UnionType,
)
from fwk_tui.source.parse import parse_bytes

OPTIONS_NAME = "ModuleOptions"
MAX_DECLARATION_BYTES = 2 * 1024 * 1024
"""A declarations file past this is not read (a module's are some kilobytes)."""
MAX_TYPE_DEPTH = 24
"""Types nested deeper than this (or names leading through more than this) are *any*."""


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


@dataclass(frozen=True)
class Declarations:
    """What a module's declarations say of its options: their type, each option (nested ones too), and notes on
    what could not be read."""

    type: ObjectType
    options: tuple[Option, ...]
    notes: tuple[str, ...] = ()

    def option(self, path: tuple[str, ...]) -> Option | None:
        return next((o for o in self.options if o.path == path), None)


Load = Callable[[str, str], "tuple[str, bytes] | None"]
"""``load(spec, filename)``: the declarations a relative import ``spec`` of ``filename`` names, as (its name, its
bytes), or None: the package reader finds them (``./shared/x.mjs`` is ``./shared/x.d.mts``) and caps them."""
MAX_FILES = 16
"""Declaration files one module's options may lead through (its own and those it imports from its package)."""


def read_declarations(data: bytes, filename: str = "module.d.ts", load: Load | None = None) -> Declarations:
    """The options the declarations in ``data`` give (none, with a note, when they give no ``ModuleOptions``);
    ``load`` finds the files of the same package they import from."""
    problem = _refused(data, filename)
    if problem:
        return unread(problem)
    files = _Files(load)
    reader = files.reader(filename, data)
    options = reader.lookup(OPTIONS_NAME)
    resolved = reader.module_type()
    if options is None and resolved is None:
        return unread(f"{filename}: declares no {OPTIONS_NAME}")
    found: list[Option] = []
    if options is not None:
        kind, _ = options[0].type_of_declared(options[1], (), resolved, found, 0)
    else:
        assert resolved is not None
        kind, _ = reader.type_of(resolved, (), None, found, 0)
    if not isinstance(kind, ObjectType):
        kind = ObjectType((), open=True)
    last = {o.path: o for o in found}  # a member redeclared (by extends, &) counts once, as declared last
    return Declarations(kind, tuple(last.values()), tuple(files.notes))


def _refused(data: bytes, filename: str) -> str:
    if len(data) > MAX_DECLARATION_BYTES:
        return f"{filename}: {len(data):,} bytes, more than a module's declarations hold: not read"
    if b"\0" in data:
        return f"{filename}: holds a NUL byte: not declarations"
    return ""


class _Files:
    """The declaration files read for one module, each once, and the notes on what could not be read."""

    def __init__(self, load: Load | None) -> None:
        self.load = load
        self.readers: dict[str, _Reader | None] = {}
        self.notes: list[str] = []
        self.expanding: set[tuple[str, int]] = set()
        """The declarations being read now (file, where): one met again holds itself."""

    def reader(self, filename: str, data: bytes) -> _Reader:
        reader = _Reader(data, parse_bytes(data).root_node, self, filename)
        self.readers[filename] = reader
        return reader

    def imported(self, spec: str, by: str) -> _Reader | None:
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
        problem = _refused(data, name)
        if problem:
            self.note(problem)
            self.readers[name] = None
            return None
        return self.reader(name, data)

    def note(self, text: str) -> None:
        if text not in self.notes and len(self.notes) < 20:
            self.notes.append(text)


def unread(note: str) -> Declarations:
    """No options known, and why (``note``)."""
    return Declarations(ObjectType((), open=True), (), (note,))


_DEFAULT = re.compile(r"@default\s+(.*)")
_WRAPPERS = {"Partial", "Required", "Readonly", "NonNullable"}
_ANY = AnyType()


@dataclass
class _Reader:
    data: bytes
    root: Node
    files: _Files
    filename: str
    named: dict[str, Node] = field(default_factory=dict)
    imports: dict[str, tuple[str, str]] = field(default_factory=dict)
    """A name imported: the file it comes from and its name there (``import { a as ModuleOptions } from '...'``)."""
    exports: dict[str, str] = field(default_factory=dict)
    """A name exported under another (``export { X as a }``): the name it has in this file."""
    consts: dict[str, Node] = field(default_factory=dict)
    """The type of each ``declare const`` (``STRATEGIES: { readonly PREFIX: "prefix"; ... }``)."""

    def __post_init__(self) -> None:
        for node in _declarations(self.root):
            name = node.child_by_field_name("name")
            if name is not None:
                self.named.setdefault(self.text(name), node)
        for declarator in _walk(self.root, ("variable_declarator",)):
            name, annotation = declarator.child_by_field_name("name"), declarator.child_by_field_name("type")
            if name is not None and annotation is not None and annotation.named_children:
                self.consts.setdefault(self.text(name), annotation.named_children[0])
        for node in self.root.named_children:
            if node.type == "import_statement":
                source = node.child_by_field_name("source")
                spec = self.text(source).strip("'\"") if source is not None else ""
                for item in _walk(node, ("import_specifier",)):
                    parts = [self.text(c) for c in item.named_children]
                    if parts:
                        self.imports[parts[-1]] = (spec, parts[0])
            elif node.type == "export_statement":
                for item in _walk(node, ("export_specifier",)):
                    parts = [self.text(c) for c in item.named_children]
                    if parts:
                        self.exports[parts[-1]] = parts[0]

    def lookup(self, name: str, depth: int = 0) -> tuple[_Reader, Node] | None:
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
            return _ANY, f"{self.text(name) if name is not None else 'a type'} (again, inside itself)"
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
        for node in _walk(self.root, ("variable_declarator",)):
            annotation = node.child_by_field_name("type")
            generic = _first(annotation, "generic_type") if annotation is not None else None
            if generic is None or not self.text(generic.children[0]).endswith("Module"):
                continue
            arguments = _first(generic, "type_arguments")
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
                    fields, open_ = _merged(fields, kind.fields), open_ or kind.open
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
                other = _member(resolved, name, self) if resolved is not None else None
                kind, declared = self.type_of(kind_node, (*path, name), other, found, depth + 1)
                description, default = _jsdoc(doc)
                found.append(Option((*path, name), kind, optional, description, default, declared))
                fields = _merged(fields, (Field_(name, kind, optional),))
            doc = ""
        return ObjectType(tuple(fields), open=open_)

    # -- types -----------------------------------------------------------------------------------

    def type_of(
        self, node: Node | None, path: tuple[str, ...], resolved: Node | None, found: list[Option], depth: int
    ) -> tuple[TypeExpr, str]:
        """The type ``node`` writes, and (when it is *any* for want of a form) how it was written."""
        if node is None:
            return _ANY, ""
        if depth > MAX_TYPE_DEPTH:
            self._note(f"{'.'.join(path)}: nested more than {MAX_TYPE_DEPTH} deep: any")
            return _ANY, self.text(node)[:80]
        kind = node.type
        if kind == "predefined_type":
            return _PREDEFINED.get(self.text(node), _ANY), ""
        if kind == "literal_type":
            return _literal(self.text(node)), ""
        if kind in ("parenthesized_type", "readonly_type"):
            inner = node.named_children[-1] if node.named_children else None
            return self.type_of(inner, path, resolved, found, depth)
        if kind == "union_type":
            options = [self.type_of(c, path, _pick(resolved), found, depth)[0] for c in _union_parts(node)]
            options = [o for o in options if o != _UNDEFINED]
            return (options[0] if len(options) == 1 else UnionType(tuple(_flat(options)))), ""
        if kind == "intersection_type":
            parts = [self.type_of(c, path, resolved, found, depth + 1)[0] for c in node.named_children]
            objects = [p for p in parts if isinstance(p, ObjectType)]
            if objects and len(objects) == len(parts):
                merged: list[Field_] = []
                for part in objects:
                    merged = _merged(merged, part.fields)
                return ObjectType(tuple(merged), open=any(o.open for o in objects)), ""
            return next((p for p in parts if p != _ANY), _ANY), ""
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
                return (parts[0] if len(parts) == 1 else UnionType(tuple(_flat(parts)))), ""
        if kind == "function_type":
            return CodeType(), ""
        if kind == "generic_type":
            return self.generic(node, path, resolved, found, depth)
        if kind == "type_identifier":
            return self.name(self.text(node), path, resolved, found, depth)
        if resolved is not None:
            return self.type_of(resolved, path, None, found, depth)
        return _ANY, self.text(node)[:200]

    def generic(
        self, node: Node, path: tuple[str, ...], resolved: Node | None, found: list[Option], depth: int
    ) -> tuple[TypeExpr, str]:
        name = self.text(node.children[0])
        arguments = _first(node, "type_arguments")
        args = arguments.named_children if arguments is not None else []
        if name in ("Array", "ReadonlyArray") and len(args) == 1:
            return ArrayType(self.type_of(args[0], (*path, "[]"), None, [], depth + 1)[0]), ""
        if name == "Record" and len(args) == 2:
            return RecordType(self.type_of(args[1], (*path, "*"), None, [], depth + 1)[0]), ""
        if name in ("Omit", "Pick") and len(args) == 2:
            kind, declared = self.type_of(args[0], path, resolved, found, depth + 1)
            keys = {self.text(k).strip("'\"") for k in _union_parts(args[1])} if args[1].type != "literal_type" else {
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
        return _ANY, self.text(node)[:200]

    def _values_of_const(self, node: Node) -> list[Node] | None:
        """The member types of the const object a ``(typeof X)[keyof typeof X]`` lookup names, or None."""
        queries = [self.text(q).removeprefix("typeof").strip() for q in _walk(node, ("type_query",))]
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
            return _ANY, name
        reader, declared = found_at
        return reader.type_of_declared(declared, path, resolved, found, depth + 1)

    def _note(self, text: str) -> None:
        self.files.note(text)


_PREDEFINED: dict[str, TypeExpr] = {
    "string": StrType(),
    "number": NumType(),
    "boolean": BoolType(),
    "any": _ANY,
    "unknown": _ANY,
    "null": LiteralType(None),
}
_UNDEFINED = LiteralType("\0undefined")  # `undefined` in a union: the member is optional, not a value


def _literal(text: str) -> TypeExpr:
    if text in ("true", "false"):
        return LiteralType(text == "true")
    if text == "null":
        return LiteralType(None)
    if text == "undefined":
        return _UNDEFINED
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"`":
        return LiteralType(text[1:-1])
    try:
        number = float(text)
    except ValueError:
        return _ANY
    return LiteralType(int(number) if number.is_integer() and "." not in text else number)


def _merged(fields: list[Field_], more: tuple[Field_, ...]) -> list[Field_]:
    """``fields`` with ``more`` added, a member of the same name replaced where it stands (TypeScript's extends and
    ``&`` keep one member per name)."""
    out = list(fields)
    for extra in more:
        at = next((n for n, f in enumerate(out) if f.name == extra.name), None)
        if at is None:
            out.append(extra)
        else:
            out[at] = extra
    return out


def _flat(options: list[TypeExpr]) -> Iterator[TypeExpr]:
    seen: list[TypeExpr] = []
    for option in options:
        for one in option.options if isinstance(option, UnionType) else (option,):
            if one not in seen:
                seen.append(one)
                yield one


def _union_parts(node: Node) -> Iterator[Node]:
    for child in node.named_children:
        if child.type == "union_type":
            yield from _union_parts(child)
        else:
            yield child


def _pick(resolved: Node | None) -> Node | None:
    """A resolved union is not split member by member: its parts are read on their own."""
    return None if resolved is None or resolved.type == "union_type" else resolved


def _member(resolved: Node, name: str, reader: _Reader) -> Node | None:
    """The type ``resolved`` (an object type) gives its member ``name``."""
    if resolved.type != "object_type":
        return None
    for member in resolved.named_children:
        if member.type == "property_signature":
            key = member.child_by_field_name("name")
            if key is not None and reader.text(key).strip("'\"") == name:
                written = member.child_by_field_name("type")
                return written.named_children[0] if written is not None and written.named_children else None
    return None


def _jsdoc(comment: str) -> tuple[str, str | None]:
    """The description of a ``/** ... */`` comment, and what its ``@default`` says."""
    if not comment.startswith("/**"):
        return "", None
    lines = [line.strip().lstrip("*").strip() for line in comment[3:-2].splitlines()]
    description: list[str] = []
    default = None
    in_tags = False
    for line in lines:
        tag = _DEFAULT.match(line)
        if tag is not None:
            default = tag.group(1).strip() or None
        in_tags = in_tags or line.startswith("@")  # the description ends at the first tag (@see, @example...)
        if line and not in_tags:
            description.append(line)
    return " ".join(description), default


def _declarations(root: Node) -> Iterator[Node]:
    """Interfaces and type aliases of the file, at its top level (exported or not)."""
    for node in root.named_children:
        inner = node.named_children[-1] if node.type in ("export_statement", "ambient_declaration") else node
        for candidate in (node, inner):
            if candidate is not None and candidate.type in ("interface_declaration", "type_alias_declaration"):
                yield candidate
                break


def _walk(node: Node, types: tuple[str, ...]) -> Iterator[Node]:
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in types:
            yield current
        stack.extend(reversed(current.named_children))


def _first(node: Node | None, kind: str) -> Node | None:
    if node is None:
        return None
    if node.type == kind:
        return node
    return next((c for c in node.named_children if c.type == kind), None)


def default_value(written: str | None) -> object:
    """The value an ``@default`` writes (``'nuxt-color-mode'``, `` `system` ``, ``false``, ``3``, ``[]``), or
    ``MISSING_DEFAULT`` when it is words or code (``the locale of the browser``, ``process.env.X``)."""
    if written is None:
        return MISSING_DEFAULT
    text = written.strip().rstrip(".")
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"`":
        inner = text[1:-1]
        if text[0] == "`" and len(inner) >= 2 and inner[0] == inner[-1] and inner[0] in "'\"":
            inner = inner[1:-1]  # `'x'`: the quotes are the value's own
        return inner
    words: dict[str, object] = {"true": True, "false": False, "null": None, "[]": [], "{}": {}}
    if text in words:
        return words[text]
    try:
        number = float(text)
    except ValueError:
        return MISSING_DEFAULT
    return int(number) if number.is_integer() and "." not in text else number


MISSING_DEFAULT = object()
"""What :func:`default_value` gives for an ``@default`` that is no plain value."""
