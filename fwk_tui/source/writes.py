"""Whether a use of a name may change what it names: the difference between code that reads a value and code that
writes it (read without running anything).

JavaScript's own semantics decide: an assignment, an update (``x++``), ``delete``,
a call of a method that changes its object (the standard mutating methods of
arrays, maps and sets), and the standard functions that write into their
first argument (``Object.assign``) are writes; ``console.log(x)``, ``new URL(x)``,
`` `${x}` `` and ``x.map(...)`` only read. A call that receives the name as an
argument may change it when the caller says so (``calls_write``): code that
hands the config object itself to a function may build it.
"""

from __future__ import annotations

from tree_sitter import Node

from fwk_tui.source.nodes import text_of

MUTATING_METHODS = frozenset(
    [
        "push",
        "pop",
        "shift",
        "unshift",
        "splice",
        "sort",
        "reverse",
        "fill",
        "copyWithin",
        "set",
        "add",
        "delete",
        "clear",
    ]
)
"""Methods of the standard arrays, maps and sets that change their object."""
WRITING_FUNCTIONS = frozenset(
    {
        "Object.assign", "Object.defineProperty", "Object.defineProperties", "Object.setPrototypeOf",
        "Reflect.set", "Reflect.defineProperty", "Reflect.deleteProperty", "Reflect.setPrototypeOf",
    }
)  # fmt: skip
"""Standard functions that write into their first argument."""
_WRAPPERS = ("parenthesized_expression", "non_null_expression", "as_expression", "satisfies_expression")


def may_write(ident: Node, *, calls_write: bool = False) -> bool:
    """Whether this use of a name (an identifier node) may change the value it names."""
    node = ident
    parent = node.parent
    while parent is not None and (
        parent.type in _WRAPPERS
        or (
            parent.type in ("member_expression", "subscript_expression")
            and _is(parent.child_by_field_name("object"), node)
        )
    ):
        node, parent = parent, parent.parent
    if parent is None:
        return False
    kind = parent.type
    if kind in ("assignment_expression", "augmented_assignment_expression"):
        return _is(parent.child_by_field_name("left"), node)
    if kind == "update_expression":
        return True
    if kind == "unary_expression":
        return text_of(parent).lstrip().startswith("delete")
    if kind == "call_expression" and _is(parent.child_by_field_name("function"), node):
        if node.id == ident.id:
            return False  # x(...): a call of the name, not a change of it
        prop = node.child_by_field_name("property") if node.type == "member_expression" else None
        return prop is not None and text_of(prop) in MUTATING_METHODS
    if kind == "arguments":
        call = parent.parent
        if call is None or call.type != "call_expression":
            return False  # new URL(x): a read
        callee = call.child_by_field_name("function")
        first = parent.named_children[0] if parent.named_children else None
        if callee is not None and text_of(callee) in WRITING_FUNCTIONS and _is(first, node):
            return True
        return calls_write
    if kind in ("for_in_statement",):
        return _is(parent.child_by_field_name("left"), node)
    return False


def _is(a: Node | None, b: Node) -> bool:
    return a is not None and a.id == b.id
