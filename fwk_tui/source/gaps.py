"""Fill a gap: write a value at a path that does not exist yet, with the objects and arrays it needs."""

from __future__ import annotations

from tree_sitter import Node

from fwk_tui.paths import OptionPath, format_path
from fwk_tui.source.edit import Editor, Splice
from fwk_tui.source.errors import DocumentError
from fwk_tui.source.nodes import layout, members, text_of
from fwk_tui.source.read import is_hooks_path
from fwk_tui.source.slots import Gap
from fwk_tui.source.values import JSValue


def fill_gap(editor: Editor, gap: Gap, value: JSValue) -> list[Splice]:
    """The splices that add ``value`` where ``gap`` says the path stops existing."""
    container = gap.container
    first = gap.rest[0]
    built = _build(gap.container_path, gap.rest, value)
    count = len(layout(container).items)
    if container.type == "array":
        return editor.insert(container, count, built)
    assert isinstance(first, str)
    found = members(container)
    if found and all(m.kind == "spread" for m in found):
        where = format_path(gap.container_path) if gap.container_path else "the config"
        raise DocumentError(
            f"cannot add {format_path((*gap.container_path, first))}: {where} is built from "
            f"`{text_of(found[0].node)}`; edit that object instead"
        )
    key = first
    if is_hooks_path(gap.container_path):
        container, key = _hook_namespace(container, first)
        count = len(layout(container).items)
    return editor.insert(container, count, built, key=key)


def _build(base: OptionPath, rest: OptionPath, value: JSValue) -> JSValue:
    """``value`` wrapped in the objects and arrays that ``rest[1:]`` still needs."""
    for depth in range(len(rest) - 1, 0, -1):
        seg = rest[depth]
        if isinstance(seg, str):
            value = {seg: value}
        elif seg in (0, -1):
            value = [value]
        else:
            missing = format_path((*base, *rest[:depth]))
            raise DocumentError(f"cannot create {missing}[{seg}]: a new array starts at [0]")
    return value


def _hook_namespace(hooks: Node, name: str) -> tuple[Node, str]:
    """Where a new hook goes: inside ``build: {...}`` for ``build:x`` when the file nests hooks."""
    for member in reversed(members(hooks)):
        value = member.value
        if member.kind == "pair" and member.key and value is not None and value.type == "object":
            if name.startswith(member.key + ":") and len(name) > len(member.key) + 1:
                return _hook_namespace(value, name[len(member.key) + 1 :])
    return hooks, name
