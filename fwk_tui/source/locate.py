"""Find the config object literal behind ``export default`` or ``module.exports``."""

from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node, Tree

from fwk_tui.source.errors import DocumentError
from fwk_tui.source.nodes import FUNCTIONS, TYPE_WRAPPERS, text_of, unwrap_parens


@dataclass(frozen=True)
class Located:
    """The config object (None when there is no literal to show) and why it is read-only."""

    node: Node | None
    read_only: str | None


def locate_config(tree: Tree, filename: str) -> Located:
    """Follow the default export to its object literal; raise when there is no export."""
    program = tree.root_node
    target = _export_target(program)
    if target is None:
        raise DocumentError(
            f"{filename or '<text>'}: no `export default` or `module.exports =` found, "
            "so there is no config object to read"
        )
    return _Follower(program).follow(target)


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
    """Walks from the exported expression through wrappers and constants to the object."""

    def __init__(self, program: Node) -> None:
        self._program = program
        self._seen: set[str] = set()
        self._read_only: str | None = None

    def follow(self, node: Node) -> Located:
        node = unwrap_parens(node)
        kind = node.type
        if kind == "object":
            return Located(node, self._read_only)
        if kind in TYPE_WRAPPERS:
            inner = [c for c in node.named_children if c.type not in ("comment", "type_arguments")]
            return self.follow(inner[0]) if inner else self._nothing(node)
        if kind == "call_expression":
            return self._call(node)
        if kind == "identifier":
            return self._identifier(node)
        if kind in FUNCTIONS and "class" not in kind:
            return self._function(node)
        return self._nothing(node)

    def _call(self, node: Node) -> Located:
        callee = node.child_by_field_name("function")
        args = node.child_by_field_name("arguments")
        name = text_of(callee) if callee is not None else "a function"
        params = [c for c in args.named_children if c.type != "comment"] if args is not None else []
        if len(params) != 1:
            return Located(
                None,
                f"the config is built by calling `{name}(...)` with {len(params)} arguments "
                f"(line {node.start_point[0] + 1}); fwk-tui edits object literals only",
            )
        return self.follow(params[0])

    def _identifier(self, node: Node) -> Located:
        name = text_of(node)
        if name in self._seen:
            return self._nothing(node)
        self._seen.add(name)
        declarator, statement = self._declaration(name)
        if declarator is None or statement is None:
            source = self._import_source(name)
            where = f"imported from {source}" if source else "not defined in this file"
            return Located(None, f"the config `{name}` is {where}; fwk-tui can only edit a literal object")
        value = declarator.child_by_field_name("value")
        if value is None:
            return Located(None, f"`{name}` has no initial value")
        mutated = self._first_use(name, skip=(statement,), exclude=node)
        if mutated is not None and self._read_only is None:
            self._read_only = (
                f"`{name}` is changed by code on line {mutated.start_point[0] + 1}, "
                "so the file does not show the whole config; edit it by hand"
            )
        return self.follow(value)

    def _function(self, node: Node) -> Located:
        reason = (
            f"the config is returned by a function (line {node.start_point[0] + 1}); "
            "fwk-tui shows what it can read but edits only a plain object"
        )
        body = node.child_by_field_name("body")
        result: Node | None = None
        if body is not None and body.type != "statement_block":
            result = body
        elif body is not None:
            returns = [c for c in body.named_children if c.type == "return_statement"]
            if len(returns) == 1 and returns[0].named_children:
                result = returns[0].named_children[0]
        if result is not None:
            self._read_only = self._read_only or reason
            found = self.follow(result)
            return Located(found.node, reason)
        return Located(None, reason)

    def _nothing(self, node: Node) -> Located:
        line = node.start_point[0] + 1
        return Located(
            None,
            f"the default export is `{_short(text_of(node))}` (line {line}), not an object literal",
        )

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

    def _import_source(self, name: str) -> str | None:
        for stmt in self._program.named_children:
            if stmt.type == "import_statement" and _mentions(stmt, name):
                source = stmt.child_by_field_name("source")
                return text_of(source) if source is not None else "another module"
        return None

    def _first_use(self, name: str, skip: tuple[Node, ...], exclude: Node) -> Node | None:
        """The first use of ``name`` in top-level code outside ``skip`` (function bodies aside)."""
        skip_ids = {s.id for s in skip}
        for stmt in self._program.named_children:
            if stmt.id in skip_ids or stmt.type in ("import_statement", "comment"):
                continue
            hit = _find_identifier(stmt, name, exclude)
            if hit is not None:
                return hit
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


def _mentions(node: Node, name: str) -> bool:
    return _find_identifier(node, name, node) is not None


def _short(text: str) -> str:
    one_line = " ".join(text.split())
    return one_line if len(one_line) <= 40 else one_line[:39] + "…"
