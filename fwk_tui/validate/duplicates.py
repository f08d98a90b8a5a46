"""A key written twice in one object: JavaScript keeps the later, so the earlier does nothing.

The values as read keep only the later copy, so this reads the document. Spellings
that name the same key (``port``, ``'port'``, ``"port"``, ``['port']``) are one key.
A spread between two copies may itself supply the key: that case is left to the
spread checks. A getter and a setter of one name make one property, not two.
"""

from __future__ import annotations

from tree_sitter import Node

from fwk_tui.paths import OptionPath, format_path
from fwk_tui.source.document import ConfigDocument
from fwk_tui.source.locate import locate_config
from fwk_tui.source.nodes import FUNCTIONS, Member, layout, members, text_of
from fwk_tui.source.read import Reader
from fwk_tui.validate.diagnostics import Diagnostic, Fix

RULE = "duplicate-key"

# What runs when the earlier value is evaluated: removing it would drop that effect.
_EFFECTS = frozenset(
    {
        "call_expression",
        "new_expression",
        "assignment_expression",
        "augmented_assignment_expression",
        "update_expression",
        "await_expression",
        "yield_expression",
    }
)


def duplicate_keys(doc: ConfigDocument) -> list[Diagnostic]:
    """A warning at each earlier copy of a key that a later copy in the same object overrides."""
    root = locate_config(doc.tree, doc.filename).node
    if root is None:
        return []
    reader = Reader(doc.data)
    found: list[Diagnostic] = []
    stack: list[tuple[Node, OptionPath]] = [(root, ())]
    while stack:
        node, path = stack.pop()
        if node.type == "array":
            parts = layout(node)
            if not parts.has_holes:
                stack.extend((item.node, (*path, i)) for i, item in enumerate(parts.items))
            continue
        if node.type != "object":
            continue
        written = members(node)
        found.extend(_overridden(written, path, reader))
        last = {m.key: m for m in written if m.key is not None}
        # Only the copy that counts is walked: what an overridden copy holds never reaches the app.
        stack.extend((m.value, (*path, key)) for key, m in last.items() if m.value is not None)
    return found


def _overridden(written: list[Member], path: OptionPath, reader: Reader) -> list[Diagnostic]:
    """The diagnostics of the copies in ``written`` that a later copy replaces with no spread between."""
    seen: dict[str, list[int]] = {}
    for i, member in enumerate(written):
        if member.key is not None:
            seen.setdefault(member.key, []).append(i)
    out: list[Diagnostic] = []
    for key, places in seen.items():
        if len(places) < 2:
            continue
        for n, i in enumerate(places[:-1]):
            j = next((k for k in places[n + 1 :] if not _pair(written[i], written[k])), None)
            if j is None or any(m.kind == "spread" for m in written[i + 1 : j]):
                continue
            out.append(_diagnostic(written[i], written[j], n, (*path, key), reader))
    return out


def _diagnostic(earlier: Member, later: Member, occurrence: int, path: OptionPath, reader: Reader) -> Diagnostic:
    key = str(path[-1])
    where = f"in {format_path(path[:-1])}" if len(path) > 1 else "in the config object"
    line = reader.span(later.key_node or later.node).line
    message = f"{key} is written again {where} at line {line}: the later one wins, so this one has no effect"
    fix = None
    if not _has_effects(earlier.value):
        fix = Fix("remove-duplicate", format_path(path), f"Remove the earlier {key}", occurrence=occurrence)
    span = reader.span(earlier.key_node or earlier.node)
    return Diagnostic("warning", format_path(path), message, RULE, fix, about_key=True).at(span)


def _pair(a: Member, b: Member) -> bool:
    """True for a getter and a setter of one name: together they make one property."""
    kinds = {_accessor(a), _accessor(b)}
    return kinds == {"get", "set"}


def _accessor(member: Member) -> str | None:
    if member.kind != "method":
        return None
    return next((c.type for c in member.node.children if c.type in ("get", "set")), None)


def _has_effects(value: Node | None) -> bool:
    """True when evaluating ``value`` does something (a call, an assignment), not counting function bodies."""
    stack = [value] if value is not None else []
    while stack:
        node = stack.pop()
        if node.type in _EFFECTS or (node.type == "unary_expression" and text_of(node).startswith("delete")):
            return True
        if node.type not in FUNCTIONS:
            stack.extend(node.named_children)
    return False
