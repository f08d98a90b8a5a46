"""Find the config object literal behind ``export default`` or ``module.exports``.

A config is editable when the export leads to an object literal through wrappers
(parentheses, ``satisfies``/``as``, a one-argument call such as ``defineFwkConfig``),
untouched top-level constants, and functions whose body only returns it
(``() => ({...})``, ``async () => { return {...} }``). Anything else is built by
code: fwk-tui never runs code, so such a config is read-only and not fully checked.
"""

from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node, Tree

from fwk_tui.source.errors import DocumentError
from fwk_tui.source.nodes import FUNCTIONS, TYPE_WRAPPERS, text_of, unwrap_parens
from fwk_tui.source.summary import one_line
from fwk_tui.source.writes import may_write

# Functions whose result is what they return; a generator returns an iterator.
_PLAIN_FUNCTIONS = frozenset({"arrow_function", "function_expression", "function_declaration", "function"})
_NOT_CODE = frozenset({"comment", "empty_statement"})


@dataclass(frozen=True)
class BuiltByCode:
    """Code that makes (or may change) the config: where it is and, in a few words, what it does."""

    node: Node
    what: str

    @property
    def line(self) -> int:
        """The 1-based line of the code."""
        return self.node.start_point[0] + 1


@dataclass(frozen=True)
class Located:
    """The config object (None when there is no literal to show) and the code that builds it, if any."""

    node: Node | None
    built: BuiltByCode | None = None

    @property
    def read_only(self) -> str | None:
        """None when the literal is the whole config, else in one line why it cannot be edited."""
        if self.built is None:
            return None
        return f"the config is built by code: {self.built.what} (line {self.built.line})"


def locate_config(tree: Tree, filename: str) -> Located:
    """Follow the default export to its object literal; raise when there is no export."""
    program = tree.root_node
    target = _export_target(program)
    if target is None:
        raise DocumentError(
            f"{filename or '<text>'}: no `export default` or `module.exports =` found, "
            "so there is no config object to read"
        )
    follower = _Follower(program)
    node = follower.follow(target)
    return Located(node, follower.built)


def _export_target(program: Node) -> Node | None:
    found: Node | None = None
    for stmt in program.named_children:
        if stmt.type == "export_statement":
            kinds = {c.type for c in stmt.children}
            if "default" in kinds:
                found = stmt.child_by_field_name("value") or stmt.child_by_field_name("declaration")
            elif "=" in kinds:  # TypeScript's `export = {...}`
                found = stmt.named_children[-1] if stmt.named_children else None
        elif stmt.type == "expression_statement":
            expr = stmt.named_children[0] if stmt.named_children else None
            if expr is not None and expr.type == "assignment_expression":
                left = expr.child_by_field_name("left")
                if left is not None and _is_module_exports(left):
                    found = expr.child_by_field_name("right")
    return found


def _is_module_exports(node: Node) -> bool:
    compact = "".join(text_of(node).split())
    return compact in ("module.exports", "exports.default", "module.exports.default")


class _Follower:
    """Walks from the exported expression through wrappers, constants and functions to the object.

    A loop, not recursion: a chain of thousands of constants is a long walk, not a crash.
    :attr:`built` keeps the first code met on the way (the outermost: it runs first).
    """

    def __init__(self, program: Node) -> None:
        self._program = program
        self._seen: set[str] = set()
        self._locals: set[str] = set()  # names a function on the way binds: not the top-level ones
        self._index: _Index | None = None  # built once, when the first name is followed
        self.built: BuiltByCode | None = None

    def follow(self, node: Node | None) -> Node | None:
        while node is not None:
            node = unwrap_parens(node)
            if node.type == "object":
                return node
            node = self._step(node)
        return None

    def _step(self, node: Node) -> Node | None:
        """The expression that gives ``node`` its value, or None (with :attr:`built` set) when code does."""
        kind = node.type
        if kind in TYPE_WRAPPERS:
            inner = [c for c in node.named_children if c.type not in ("comment", "type_arguments")]
            return inner[0] if inner else self._code(node, f"the default export is `{_short(node)}`")
        if kind == "call_expression":
            return self._call(node)
        if kind == "identifier":
            return self._identifier(node)
        if kind in _PLAIN_FUNCTIONS:
            return self._function(node)
        if kind in FUNCTIONS:
            return self._code(node, "a generator function makes it")
        return self._code(node, f"the default export is `{_short(node)}`, not an object literal")

    def _code(self, node: Node, what: str) -> Node | None:
        """Note that code at ``node`` makes the config (the first note wins); None: a walk stopped here ends."""
        if self.built is None:
            self.built = BuiltByCode(node, what)
        return None

    def _call(self, node: Node) -> Node | None:
        args = node.child_by_field_name("arguments")
        params = [c for c in args.named_children if c.type != "comment"] if args is not None else []
        if len(params) != 1 or args is None or args.type != "arguments":
            return self._code(node, f"`{_short(node)}` makes it")
        return params[0]

    def _identifier(self, node: Node) -> Node | None:
        name = text_of(node)
        if name in self._locals:
            return self._code(node, f"`{name}` is bound inside the function (a parameter or a local name)")
        if name in self._seen:
            return self._code(node, f"`{name}` is defined by itself")
        self._seen.add(name)
        if self._index is None:
            self._index = _Index(self._program)
        declared = self._index.declarations.get(name)
        if declared is None:
            imported = self._index.imports.get(name)
            if imported is not None:
                return self._code(imported, f"`{name}` is imported from {_source(imported)}")
            return self._code(node, f"`{name}` is not defined in this file")
        declarator, statement = declared
        value = declarator if declarator.type in FUNCTIONS else declarator.child_by_field_name("value")
        if value is None:
            return self._code(declarator, f"`{name}` has no initial value")
        use = self._index.first_use(name, skip=statement, exclude=node)
        if use is not None:
            self._code(use, f"`{_short(use)}` may change `{name}` after it is written")
        return value

    def _function(self, fn: Node) -> Node | None:
        """The literal a function only returns; anything more it does is code that builds the config."""
        body = fn.child_by_field_name("body")
        if body is None:
            return self._code(fn, "a function makes it")
        others: list[Node] = []
        if body.type == "statement_block":
            statements = [c for c in body.named_children if c.type not in _NOT_CODE]
            returns = [s for s in statements if s.type == "return_statement"]
            values = [c for c in returns[0].named_children if c.type != "comment"] if len(returns) == 1 else []
            if not values:
                return self._code(fn, "a function's code decides what it returns")
            others = [s for s in statements if s.id != returns[0].id]
            result = values[0]
        else:
            result = body
        if others:
            self._code(others[0], f"the function runs `{_short(others[0])}` before it returns the config")
        for part in (fn.child_by_field_name("parameters"), fn.child_by_field_name("parameter"), *others):
            if part is not None:
                self._locals |= _identifiers(part)
        return result


class _Index:
    """The program's top-level declarations, imports and uses of names, read in one walk."""

    def __init__(self, program: Node) -> None:
        # name -> (declarator or function declaration, statement); the last wins
        self.declarations: dict[str, tuple[Node, Node]] = {}
        self.imports: dict[str, Node] = {}
        self._uses: dict[str, list[tuple[Node, Node]]] = {}  # name -> (statement, identifier), in order
        for stmt in program.named_children:
            if stmt.type == "comment":
                continue
            if stmt.type == "import_statement":
                for name in _identifiers(stmt):
                    self.imports.setdefault(name, stmt)
                continue
            self._declare(stmt)
            for ident in _uses(stmt):
                self._uses.setdefault(text_of(ident), []).append((stmt, ident))

    def _declare(self, stmt: Node) -> None:
        decl = stmt
        if stmt.type == "export_statement":
            inner = stmt.child_by_field_name("declaration")
            if inner is None:
                return
            decl = inner
        if decl.type in ("function_declaration", "generator_function_declaration"):  # `function config() {...}`
            name = decl.child_by_field_name("name")
            if name is not None:
                self.declarations[text_of(name)] = (decl, stmt)
            return
        if decl.type not in ("lexical_declaration", "variable_declaration"):
            return
        for declarator in decl.named_children:
            if declarator.type != "variable_declarator":
                continue
            target = declarator.child_by_field_name("name")
            if target is not None and target.type == "identifier":
                self.declarations[text_of(target)] = (declarator, stmt)

    def change_of(self, name: str, config: Node) -> Node | None:
        """The first statement that may change top-level ``name`` after it is written (uses inside ``config`` aside)."""
        declared = self.declarations.get(name)
        if declared is None:
            return None
        for stmt, ident in self._uses.get(name, ()):
            inside = config.start_byte <= ident.start_byte < config.end_byte
            if stmt.id != declared[1].id and not inside and may_write(ident):
                return stmt  # a write: reads (console.log(x), `${x}`, new URL(x)) change nothing
        return None

    def first_use(self, name: str, skip: Node, exclude: Node) -> Node | None:
        """The first top-level statement outside ``skip`` that uses ``name`` (uses in function bodies aside)."""
        for stmt, ident in self._uses.get(name, ()):
            if stmt.id != skip.id and ident.id != exclude.id and may_write(ident, calls_write=True):
                return stmt  # the config object handed to a function may be built there; a read builds nothing
        return None


def top_level_names(tree: Tree) -> _Index:
    """The file's top-level declarations, imports and the statements that use each name."""
    return _Index(tree.root_node)


def _uses(root: Node) -> list[Node]:
    """The identifiers in ``root`` outside function bodies (code in functions does not run while the config is built)."""
    found: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        kind = node.type
        if kind in FUNCTIONS:
            continue
        if kind in ("identifier", "shorthand_property_identifier"):
            found.append(node)
        stack.extend(reversed(node.children))
    return found


def _identifiers(root: Node) -> set[str]:
    """Every name written in ``root`` (nested functions aside): what a function may bind or change."""
    names: set[str] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in FUNCTIONS and node.id != root.id:
            continue
        if node.type in ("identifier", "shorthand_property_identifier_pattern", "shorthand_property_identifier"):
            names.add(text_of(node))
        stack.extend(node.children)
    return names


def _source(import_statement: Node) -> str:
    source = import_statement.child_by_field_name("source")
    return text_of(source) if source is not None else "another module"


def _short(node: Node) -> str:
    return one_line(text_of(node), 40)
