"""What a field says of the effective configuration: the value the app gets when it is not the file's, and where from.

Plain functions of :class:`fwk_tui.resolve.effective.Effective` (no Textual): the
editor shows their lines under each field, the language server's hover says the same. A value comes from a layer, an
environment section, or an ``FWK_`` variable that replaces it at run time; a
private ``runtimeConfig`` value is masked, whoever gives it, as ``fwk-tui resolve`` masks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fwk_tui.paths import PathError, format_path, parse_path
from fwk_tui.resolve.effective import Effective
from fwk_tui.resolve.origin import Origin
from fwk_tui.resolve.tree import Arr, Leaf, Node, node_at, plain, walk
from fwk_tui.resolve.variables import masked, private_value
from fwk_tui.source import STARTER_STYLE
from fwk_tui.source.render import Renderer
from fwk_tui.source.summary import one_line
from fwk_tui.source.values import JSValue
from fwk_tui.validate.env import MASK

VALUE_WIDTH = 40
"""A value shown in a note is cut to this many characters."""


@dataclass(frozen=True)
class EffectiveNote:
    """One line under a field: ``kind`` is ``"layer"`` (a layer or a section gives the value) or ``"runtime"``."""

    kind: str
    text: str


def shown_value(value: JSValue, width: int = VALUE_WIDTH) -> str:
    """``value`` as code on one short line."""
    return one_line(Renderer(STARTER_STYLE).value(value), width)


def shown_node(node: Node, path: Sequence[str | int], show: bool = False, width: int = VALUE_WIDTH) -> str:
    """``node`` (at ``path``) on one short line, its private values masked as ``resolve`` masks them (``show``:
    none): ``****`` for a private leaf, ``{ apiSecret: '****', ... }`` for an object holding one."""
    value = masked(node, path, show)
    return MASK if isinstance(node, Leaf) and value == MASK else shown_value(value, width)


def field_notes(effective: Effective, path_text: str, file_value: object, missing: object) -> list[EffectiveNote]:
    """The lines under the field of ``path_text``, whose value in the file is ``file_value`` (``missing``: not set)."""
    try:
        path = parse_path(path_text)
    except PathError:
        return []
    notes: list[EffectiveNote] = []
    node = node_at(effective.resolved.config, path)
    if node is not None:
        value = plain(node)
        if file_value is missing or value != file_value:
            others = _other_origins(node)
            if others:
                lead = "not set here: the app gets" if file_value is missing else "the app gets"
                notes.append(EffectiveNote("layer", f"{lead} {shown_node(node, path)} {_from(node, others)}"))
    for override in effective.runtime.overrides:
        try:
            target = parse_path(override.target.path)
        except PathError:
            continue
        if target[: len(path)] != path:
            continue
        private = private_value(target, override.variable.origin())
        value_text = MASK if private else shown_value(override.value)
        where = override.variable.origin().where()
        source = f" in {where.split(':')[0]}" if where else " in the environment"
        inner = "" if target == path else f" ({format_path(target[len(path) :]).lstrip('.')})"
        notes.append(
            EffectiveNote("runtime", f"{override.variable.name}{source} overrides at run time{inner}: {value_text}")
        )
    return notes


def _other_origins(node: Node) -> list[Origin]:
    """The origins of the values inside ``node`` that are not the config file itself, each once, in order."""
    found: list[Origin] = []
    seen: set[str] = set()
    for _, child in walk(node):
        origin = child.origin
        if not isinstance(child, Leaf) or origin is None or origin.kind == "file":
            continue
        key = origin.describe() if isinstance(node, Leaf) else _source_of(origin)
        if key not in seen:
            seen.add(key)
            found.append(origin)
    return found


def _source_of(origin: Origin) -> str:
    """A layer or a section, without the line: one per source under an object or a list."""
    if origin.kind == "layer":
        return f"layer {origin.detail} ({origin.file})"
    if origin.kind == "env-section":
        return f"{origin.detail} section ({origin.file})"
    return origin.describe()


def _from(node: Node, others: list[Origin]) -> str:
    if isinstance(node, Leaf):
        return "from " + others[0].describe()
    names = [_source_of(o) for o in others]
    what = "items from" if isinstance(node, Arr) else "merged with"
    shown = ", ".join(names[:2]) + (f" and {len(names) - 2} more" if len(names) > 2 else "")
    return f"({what} {shown})"
