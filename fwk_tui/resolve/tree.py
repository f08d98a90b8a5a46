"""Values that remember their origin, and the loader's merge (defu) over them.

The framework's loader merges a config with its layers and environment sections
by the rules of ``defu``: the left side wins; objects merge key by key; arrays
join (left items first); ``null`` and ``undefined`` on the left are skipped;
``__proto__`` and ``constructor`` keys are never copied. These functions follow
that code step by step (its quirks included: the first object of a merge is
copied as is, nulls and all), so what they give equals what the loader gives.
Code (anything the engine does not evaluate) is never taken for an object: it
replaces, as any other value that is not a plain object or an array.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from fwk_tui.paths import OptionPath
from fwk_tui.resolve.origin import Origin
from fwk_tui.source.values import UNDEFINED, JSValue


@dataclass(slots=True)
class Leaf:
    """A value that is not an object or an array (or code), and where it was written."""

    value: JSValue
    origin: Origin


@dataclass(slots=True)
class Obj:
    """An object: its members in order, and where it was written (None: made by a merge)."""

    members: dict[str, Node] = field(default_factory=dict)
    origin: Origin | None = None


@dataclass(slots=True)
class Arr:
    """An array: its items, each with its own origin."""

    items: list[Node] = field(default_factory=list)
    origin: Origin | None = None


Node = Leaf | Obj | Arr

_NEVER_COPIED = ("__proto__", "constructor")


def tag(value: JSValue, origin_at: Callable[[OptionPath], Origin], path: OptionPath = ()) -> Node:
    """``value`` (read at ``path``) with ``origin_at(path)`` on every object, array and leaf inside it."""
    origin = origin_at(path)
    if isinstance(value, dict):
        return Obj({k: tag(v, origin_at, (*path, k)) for k, v in value.items()}, origin)
    if isinstance(value, list):
        return Arr([tag(v, origin_at, (*path, i)) for i, v in enumerate(value)], origin)
    return Leaf(value, origin)


def _is_nullish(node: Node | None) -> bool:
    return isinstance(node, Leaf) and (node.value is None or node.value is UNDEFINED)


def defu_pair(base: Node | None, defaults: Node | None, arrays: dict[int, bool] | None = None) -> Obj:
    """``_defu(base, defaults)``: ``base`` wins, ``defaults`` fills (both objects, or treated as empty).

    ``arrays`` remembers which objects hold an array (by ``id``, for the objects of one merge).
    """
    base_obj = base if isinstance(base, Obj) else Obj()
    if not isinstance(defaults, Obj):
        return defu_pair(base_obj, Obj(), arrays)
    merged: dict[str, Node] = dict(defaults.members)
    for key, value in base_obj.members.items():
        if key in _NEVER_COPIED or _is_nullish(value):
            continue
        current = merged.get(key)
        if isinstance(value, Arr) and isinstance(current, Arr):
            merged[key] = Arr([*value.items, *current.items], value.origin)
        elif isinstance(value, Obj) and isinstance(current, Obj):
            # An object merged with itself (a layer listed again) is itself unless arrays inside it join.
            same = value is current and arrays is not None and not _holds_array(value, arrays)
            merged[key] = value if same else defu_pair(value, current, arrays)
        else:
            merged[key] = value
    return Obj(merged, base_obj.origin or defaults.origin)


def _holds_array(node: Obj, arrays: dict[int, bool]) -> bool:
    known = arrays.get(id(node))
    if known is None:
        known = any(
            isinstance(v, Arr) or (isinstance(v, Obj) and _holds_array(v, arrays)) for v in node.members.values()
        )
        arrays[id(node)] = known
    return known


def defu(*sources: Node | None) -> Obj:
    """``defu(a, b, c, ...)``: the first wins, each later one fills what is still missing."""
    out = Obj()
    arrays: dict[int, bool] = {}  # the sources outlive this call: their ids stay theirs
    for source in sources:
        out = defu_pair(out, source, arrays)
    return out


def plain(node: Node) -> JSValue:
    """The values without their origins."""
    if isinstance(node, Obj):
        return {k: plain(v) for k, v in node.members.items()}
    if isinstance(node, Arr):
        return [plain(v) for v in node.items]
    return node.value


def node_at(node: Node | None, path: OptionPath) -> Node | None:
    """The node at ``path`` under ``node``, or None where nothing is."""
    for segment in path:
        if isinstance(node, Obj) and isinstance(segment, str):
            node = node.members.get(segment)
        elif isinstance(node, Arr) and isinstance(segment, int) and 0 <= segment < len(node.items):
            node = node.items[segment]
        else:
            return None
    return node


def walk(node: Node, path: OptionPath = ()) -> Iterator[tuple[OptionPath, Node]]:
    """Every (path, node) of ``node``, parents before children, in order."""
    yield path, node
    if isinstance(node, Obj):
        for key, value in node.members.items():
            yield from walk(value, (*path, key))
    elif isinstance(node, Arr):
        for i, value in enumerate(node.items):
            yield from walk(value, (*path, i))
