"""What an expression spread into an object gives, read from the file's own code (never run).

A local ``const`` object (through ``as``/``satisfies``), an object literal, a
condition of those (``cond ? {...} : {...}``, ``cond && {...}``) and spreads
inside them are read; an import, a call or a const that code changes is not,
and says why. :mod:`fwk_tui.source.spreads` (what an edit means beside a
spread) and the check of what spreads hold both read spreads through here.
"""

from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node

from fwk_tui.source.nodes import FUNCTIONS, TYPE_WRAPPERS, Member, members, text_of, unwrap_parens
from fwk_tui.source.summary import one_line

SHOWN = 40  # characters of a spread's or a value's text in a message
_MAX_DEPTH = 20  # spreads of spreads followed at most this deep


@dataclass(frozen=True)
class Definition:
    """What a spread gives a key: ``value`` (its text) when read in the file, ``None`` when it may give anything.

    ``defines`` is False when the spread was read and does not hold the key.
    """

    defines: bool
    value: str | None = None
    source: str | None = None  # "`base` (line 2)"
    when: str | None = None  # the condition under which the value is given
    reason: str | None = None  # why the spread cannot be read (with a value: why it may hold another)
    line: int | None = None  # where the value is written


@dataclass(frozen=True)
class Content:
    """What a spread adds in one branch of its conditions: ``obj`` (an object literal), nothing, or unreadable.

    ``reason`` says why it cannot be read; ``when`` is the condition of the branch taken;
    ``branches`` is True when another branch could add something else.
    """

    obj: Node | None = None
    reason: str | None = None
    when: str | None = None
    branches: bool = False


class SpreadReading:
    """What an expression spread into an object gives, read from the file's own code (never run)."""

    def __init__(self, program: Node, config: Node) -> None:
        self._program = program
        self._config = config
        self._top: _TopLevel | None = None  # read when a spread names a variable
        self._seen: set[str] = set()

    @classmethod
    def around(cls, obj: Node) -> SpreadReading:
        """A reading for the spreads of ``obj`` (the config object or one inside it)."""
        program = obj
        while program.parent is not None:
            program = program.parent
        return cls(program, statement_of(obj))

    def define(self, node: Node, key: str, depth: int, source: str | None = None) -> Definition:
        node = unwrap_parens(node)
        kind = node.type
        if depth > _MAX_DEPTH:
            return Definition(True, reason="spreads nested too deeply to follow")
        if kind in TYPE_WRAPPERS:
            inner = [c for c in node.named_children if c.type not in ("comment", "type_arguments")]
            return self.define(inner[0], key, depth + 1, source) if inner else _unread("code")
        if kind == "object":
            return self._object(node, key, depth, source)
        if kind in ("null", "undefined", "false", "true", "number", "string", "template_string"):
            return Definition(False, source=source)  # spreading these adds no key (a string adds indexes only)
        if kind == "identifier":
            return self._identifier(node, key, depth)
        if kind == "ternary_expression":
            return self._either(node, key, depth, source)
        if kind == "binary_expression" and _operator(node) == "&&":
            right = node.child_by_field_name("right")
            left = node.child_by_field_name("left")
            if right is None or left is None:
                return _unread("code")
            found = self.define(right, key, depth + 1, source)
            if found.defines and found.value is not None:
                return Definition(True, found.value, found.source, _and(text_of(left), found.when))
            return found
        if kind == "array":
            # An array spread into an object gives it the keys "0", "1"...: no named key.
            return _unread("an array") if key.isdigit() else Definition(False, source=source)
        if kind == "call_expression":
            return _unread("a call: its result is not in the file")
        if kind == "member_expression":
            return _unread("read at run time")
        return _unread("code")

    def content(self, node: Node, last: bool, depth: int = 0) -> Content:
        """The object literal ``node`` stands for when every condition takes its first branch (``last``: its last).

        A name is followed to a ``const`` of the file that no code changes; a call, an
        import or a read at run time cannot be read.
        """
        node = unwrap_parens(node)
        kind = node.type
        if depth > _MAX_DEPTH:
            return Content(reason="spreads nested too deeply to follow")
        if kind in TYPE_WRAPPERS:
            inner = [c for c in node.named_children if c.type not in ("comment", "type_arguments")]
            return self.content(inner[0], last, depth + 1) if inner else Content(reason="code")
        if kind == "object":
            return Content(node)
        if kind in ("null", "undefined", "false", "true", "number", "string", "template_string", "array"):
            return Content()  # no named key (a string or an array adds indexes only)
        if kind == "identifier":
            return self._named(node, last, depth)
        if kind == "ternary_expression" or (kind == "binary_expression" and _operator(node) == "&&"):
            return self._branch(node, last, depth)
        if kind == "call_expression":
            return Content(reason="a call: its result is not in the file")
        if kind == "member_expression":
            return Content(reason="read at run time")
        return Content(reason="code")

    def _branch(self, node: Node, last: bool, depth: int) -> Content:
        ternary = node.type == "ternary_expression"
        condition = node.child_by_field_name("condition" if ternary else "left")
        yes = node.child_by_field_name("consequence" if ternary else "right")
        no = node.child_by_field_name("alternative") if ternary else None
        if condition is None or yes is None or (ternary and no is None):
            return Content(reason="code")
        cond = one_line(text_of(condition), SHOWN)
        if last and no is None:
            return Content(when=f"not {cond}", branches=True)  # `cond && {...}` adds nothing when cond is false
        taken = no if last else yes
        assert taken is not None
        found = self.content(taken, last, depth + 1)
        when = _and(f"not {cond}" if last else cond, found.when)
        return Content(found.obj, found.reason, when, branches=True)

    def _named(self, node: Node, last: bool, depth: int) -> Content:
        name = text_of(node)
        if name == "undefined":
            return Content()
        top = self._top = self._top or _TopLevel(self._program, self._config)
        declarator = top.consts.get(name)
        if declarator is None:
            imported = name in top.imported
            return Content(reason=f"`{name}` is imported" if imported else f"`{name}` is not a const of this file")
        value = declarator.child_by_field_name("value")
        if value is None:
            return Content(reason=f"`{name}` has no value")
        changed = top.changed.get(name)
        if changed is not None:
            return Content(reason=f"`{name}` is changed by code on line {changed}")
        return self.content(value, last, depth + 1)

    def _object(self, obj: Node, key: str, depth: int, source: str | None) -> Definition:
        for member in reversed(members(obj)):
            if member.key == key:
                return Definition(True, _value_text(member), source, line=member.node.start_point[0] + 1)
            if member.kind == "computed":
                return Definition(True, source=source, reason="a computed key")
            if member.kind == "spread":
                inner = [c for c in member.node.named_children if c.type != "comment"]
                if not inner:
                    continue
                found = self.define(inner[0], key, depth + 1, source)
                if found.defines:
                    return found
        return Definition(False, source=source)

    def _either(self, node: Node, key: str, depth: int, source: str | None) -> Definition:
        condition = node.child_by_field_name("condition")
        yes = node.child_by_field_name("consequence")
        no = node.child_by_field_name("alternative")
        if condition is None or yes is None or no is None:
            return _unread("code")
        cond = one_line(text_of(condition), SHOWN)
        first = self.define(yes, key, depth + 1, source)
        second = self.define(no, key, depth + 1, source)
        if not first.defines and not second.defines:
            return Definition(False, source=source)
        for found in (first, second):
            if found.defines and found.value is None:
                return found  # a branch that may define anything
        if first.defines and second.defines:
            yes_when = _and(cond, first.when)
            no_when = f" when {second.when}" if second.when else ""
            return Definition(True, f"{first.value} when {yes_when}, else {second.value}{no_when}", source)
        if first.defines:
            return Definition(True, first.value, source, _and(cond, first.when))
        return Definition(True, second.value, source, _and(f"not {cond}", second.when))

    def _identifier(self, node: Node, key: str, depth: int) -> Definition:
        name = text_of(node)
        if name == "undefined":
            return Definition(False)
        if name in self._seen:
            return _unread(f"`{name}` refers to itself")
        top = self._top = self._top or _TopLevel(self._program, self._config)
        declarator = top.consts.get(name)
        if declarator is None:
            imported = name in top.imported
            return _unread(f"`{name}` is imported" if imported else f"`{name}` is not a const of this file")
        value = declarator.child_by_field_name("value")
        if value is None:
            return _unread(f"`{name}` has no value")
        self._seen.add(name)
        source = f"`{name}` (line {declarator.start_point[0] + 1})"
        try:
            found = self.define(value, key, depth + 1, source)
        finally:
            self._seen.discard(name)
        changed = top.changed.get(name)
        if changed is None:
            return found
        if found.defines and found.value is not None and not found.reason:
            # What the file writes, and that code may change it: both are true.
            why = f"is changed by code on line {changed}"
            return Definition(True, found.value, source, found.when, why, found.line)
        return _unread(f"`{name}` is changed by code on line {changed}")


def _unread(reason: str) -> Definition:
    return Definition(True, reason=reason)


def _and(first: str, second: str | None) -> str:
    return f"{first} and {second}" if second else first


def _operator(node: Node) -> str:
    op = node.child_by_field_name("operator")
    return text_of(op) if op is not None else ""


def _value_text(member: Member) -> str:
    if member.kind == "method":
        return "a method"
    node = member.value if member.value is not None else member.node
    return one_line(text_of(node), SHOWN)


class _TopLevel:
    """The file's top-level names, read in one pass: ``const`` declarators, imports, code that changes a name."""

    def __init__(self, program: Node, config: Node) -> None:
        self.consts: dict[str, Node] = {}
        self.imported: set[str] = set()
        self.changed: dict[str, int] = {}  # the first line of top-level code that may change what a name holds
        for stmt in program.named_children:
            if stmt.type == "import_statement":
                self.imported.update(_identifiers(stmt))
                continue
            decl = stmt.child_by_field_name("declaration") if stmt.type == "export_statement" else stmt
            if decl is not None and decl.type == "lexical_declaration" and decl.children[0].type == "const":
                for declarator in decl.named_children:
                    if declarator.type != "variable_declarator":
                        continue
                    target = declarator.child_by_field_name("name")
                    if target is not None and target.type == "identifier":
                        self.consts[text_of(target)] = declarator
            if stmt.id != config.id:  # code in the config's own statement runs in functions only
                self._find_changes(stmt)

    def _find_changes(self, stmt: Node) -> None:
        stack = [stmt]
        while stack:
            node = stack.pop()
            if node.type in FUNCTIONS:
                continue  # code in functions does not run while the config is built
            if node.type == "identifier" and _may_change(node):
                self.changed.setdefault(text_of(node), node.start_point[0] + 1)
            stack.extend(node.children)


def statement_of(node: Node) -> Node:
    """The top-level statement that holds ``node``."""
    while node.parent is not None and node.parent.parent is not None:
        node = node.parent
    return node


def _identifiers(root: Node) -> set[str]:
    found: set[str] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "identifier":
            found.add(text_of(node))
        stack.extend(node.children)
    return found


# Where a use of a name can change the object it holds: `base.x = 1`, `base.x.push(1)`,
# `Object.assign(base, ...)`, `delete base.x`, `base.n++`.
_WRITES = frozenset({"assignment_expression", "augmented_assignment_expression", "update_expression"})


def _may_change(use: Node) -> bool:
    node = use
    parent = node.parent
    while parent is not None and parent.type in ("member_expression", "subscript_expression", "non_null_expression"):
        holder = parent.child_by_field_name("object")
        if holder is not None and holder.id != node.id:
            return False  # `x[base]`: the name is the index, not the object
        node, parent = parent, parent.parent
    if parent is None:
        return False
    if parent.type in _WRITES:
        left = parent.child_by_field_name("left")
        return parent.type == "update_expression" or (left is not None and left.id == node.id)
    if parent.type == "unary_expression" and _operator(parent) == "delete":
        return True
    if parent.type == "call_expression":
        return node.id != use.id  # `base.x.push(1)`: a method of what `base` holds is called
    if parent.type == "arguments":
        return True  # passed to a function, which may change it
    return False
