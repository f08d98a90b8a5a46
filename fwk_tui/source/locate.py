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

    :attr:`built` keeps the first code met on the way (the outermost: it runs first).
    """

    def __init__(self, program: Node) -> None:
        self._program = program
        self._seen: set[str] = set()
        self._locals: set[str] = set()  # names a function on the way binds: not the top-level ones
        self.built: BuiltByCode | None = None

    def follow(self, node: Node) -> Node | None:
        node = unwrap_parens(node)
        kind = node.type
        if kind == "object":
            return node
        if kind in TYPE_WRAPPERS:
            inner = [c for c in node.named_children if c.type not in ("comment", "type_arguments")]
            return self.follow(inner[0]) if inner else self._code(node, f"the default export is `{_short(node)}`")
        if kind == "call_expression":
            return self._call(node)
        if kind == "identifier":
            return self._identifier(node)
        if kind in _PLAIN_FUNCTIONS:
            return self._function(node)
        if kind in FUNCTIONS:
            return self._code(node, "a generator function makes it")
        return self._code(node, f"the default export is `{_short(node)}`, not an object literal")

    def _code(self, node: Node, what: str) -> None:
        if self.built is None:
            self.built = BuiltByCode(node, what)

    def _call(self, node: Node) -> Node | None:
        args = node.child_by_field_name("arguments")
        params = [c for c in args.named_children if c.type != "comment"] if args is not None else []
        if len(params) != 1 or args is None or args.type != "arguments":
            return self._code(node, f"`{_short(node)}` makes it")
        return self.follow(params[0])

    def _identifier(self, node: Node) -> Node | None:
        name = text_of(node)
        if name in self._locals:
            return self._code(node, f"`{name}` is bound inside the function (a parameter or a local name)")
        if name in self._seen:
            return self._code(node, f"`{name}` is defined by itself")
        self._seen.add(name)
        declarator, statement = self._declaration(name)
        if declarator is None or statement is None:
            imported = self._import(name)
            if imported is not None:
                return self._code(imported, f"`{name}` is imported from {_source(imported)}")
            return self._code(node, f"`{name}` is not defined in this file")
        value = declarator.child_by_field_name("value")
        if value is None:
            return self._code(declarator, f"`{name}` has no initial value")
        use = self._first_use(name, skip=statement, exclude=node)
        if use is not None:
            self._code(use, f"`{_short(use)}` may change `{name}` after it is written")
        return self.follow(value)

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
        return self.follow(result)

    def _declaration(self, name: str) -> tuple[Node | None, Node | None]:
        found: tuple[Node | None, Node | None] = (None, None)
        for stmt in self._program.named_children:
            decl = stmt
            if stmt.type == "export_statement":
                inner = stmt.child_by_field_name("declaration")
                if inner is None:
                    continue
                decl = inner
            if decl.type not in ("lexical_declaration", "variable_declaration"):
                continue
            for declarator in decl.named_children:
                if declarator.type != "variable_declarator":
                    continue
                target = declarator.child_by_field_name("name")
                if target is not None and target.type == "identifier" and text_of(target) == name:
                    found = (declarator, stmt)
        return found

    def _import(self, name: str) -> Node | None:
        for stmt in self._program.named_children:
            if stmt.type == "import_statement" and _find_identifier(stmt, name, stmt) is not None:
                return stmt
        return None

    def _first_use(self, name: str, skip: Node, exclude: Node) -> Node | None:
        """The first top-level statement outside ``skip`` that uses ``name`` (uses in function bodies aside)."""
        for stmt in self._program.named_children:
            if stmt.id == skip.id or stmt.type in ("import_statement", "comment"):
                continue
            if _find_identifier(stmt, name, exclude) is not None:
                return stmt
        return None


def _find_identifier(root: Node, name: str, exclude: Node) -> Node | None:
    encoded = name.encode()
    stack = [root]
    while stack:
        node = stack.pop()
        kind = node.type
        if kind in FUNCTIONS:
            continue  # code in functions does not run while the config is built
        if kind in ("identifier", "shorthand_property_identifier") and node.text == encoded:
            if node.id != exclude.id:
                return node
        stack.extend(reversed(node.children))
    return None


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
    one_line = " ".join(text_of(node).split())
    return one_line if len(one_line) <= 40 else one_line[:39] + "…"
