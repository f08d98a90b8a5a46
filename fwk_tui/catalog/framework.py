"""The framework's own config types, in the catalogue's type language: what the app really takes.

The reference summarises the framework; where its words are narrower than the framework's
published types (a date that may also be ``'latest'``, a plugin ``mode: 'all'``, ``devtools:
true``), the framework is what the user's app runs on. ``framework_types.json`` holds, per
variant (A: the framework's schema of major 4, B: of major 3), the type the framework's own
declarations give each catalogued option (three levels down) and each group above one (its
keys), converted to this catalogue's types and spelling. It is made from the published
packages by scripts/framework_types.py (a test keeps it current) and ships in the package:
nothing is fetched at run time.

A path missing from it is one where the framework's types do not say (the bundlers' and the
server builder's own options, which those tools type): there the reference's type alone
speaks; inside a type, an empty union marks the same (:func:`is_unknown`). Objects are
open: which keys exist is the key checker's business.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path as FilePath
from typing import Any, TypeVar

from fwk_tui.catalog.models import Variant
from fwk_tui.catalog.types import TypeExpr
from fwk_tui.catalog.types.nodes import ObjectType, UnionType, from_json
from fwk_tui.paths import OptionPath, format_path

DATA_FILE = FilePath(__file__).with_name("framework_types.json")
R = TypeVar("R")


def dump(data: dict[str, Any]) -> str:
    """The file's text: one path per line, so that a change of the framework reads as a short diff."""
    lines = ["{", f' "schema": {json.dumps(data["schema"], sort_keys=True)},', ' "types": {']
    variants = sorted(data["types"])
    for v_index, variant in enumerate(variants):
        lines.append(f"  {json.dumps(variant)}: {{")
        entries = sorted(data["types"][variant].items())
        for index, (path, node) in enumerate(entries):
            comma = "," if index < len(entries) - 1 else ""
            lines.append(f"   {json.dumps(path)}: {json.dumps(node, sort_keys=True, separators=(',', ':'))}{comma}")
        lines.append("  }" + ("," if v_index < len(variants) - 1 else ""))
    lines += [" }", "}", ""]
    return "\n".join(lines)


@cache
def _data() -> dict[str, Any]:
    try:
        data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"schema": {}, "types": {}}
    return data if isinstance(data, dict) else {"schema": {}, "types": {}}


def schema_version(variant: Variant) -> str:
    """The version of the framework's schema the types of ``variant`` come from (``4.6.4``), or ``""``."""
    version = _data().get("schema", {}).get(variant, "")
    return version if isinstance(version, str) else ""


@cache
def _type_at(text: str, variant: Variant) -> TypeExpr | None:
    raw = _data().get("types", {}).get(variant, {}).get(text)
    if raw is None:
        return None
    try:
        return from_json(raw)
    except ValueError:
        return None


def framework_type(path: OptionPath, variant: Variant) -> TypeExpr | None:
    """The framework's own type of the value at ``path`` (a catalogued option or a group above one) in
    ``variant``; ``None`` where its types do not say."""
    key = (path, variant)
    found = _BY_PATH.get(key, _UNSEEN)
    if found is _UNSEEN:
        if len(_BY_PATH) >= KEPT:  # the parents of keys a file makes up: keep the memory bounded
            _BY_PATH.clear()
        found = _BY_PATH[key] = _type_at(format_path(path), variant)
    return found  # type: ignore[return-value]


_UNSEEN = object()
_BY_PATH: dict[tuple[OptionPath, Variant], object] = {}
KEPT = 8192
"""How many answers a cache kept by identity holds before it starts again."""


def by_identity(compute: Callable[[TypeExpr], R]) -> Callable[[TypeExpr], R]:
    """``compute`` kept per type object: the framework's types are the summary's own objects, made once
    and kept (and their parts), so the answer is found by identity, which costs no hash of a whole type.
    A union looked into is made anew each time: the memory is bounded."""
    kept: dict[int, tuple[TypeExpr, R]] = {}

    def answer(t: TypeExpr) -> R:
        found = kept.get(id(t))
        if found is None or found[0] is not t:
            if len(kept) >= KEPT:
                kept.clear()
            found = kept[id(t)] = (t, compute(t))
        return found[1]

    return answer


def is_unknown(t: TypeExpr | None) -> bool:
    """True where the summary does not say: nothing there, or its mark (an empty union: a key typed by a
    package the framework's types import, or deeper than the summary goes), alone or as one of a union's."""
    return t is None or (isinstance(t, UnionType) and _unknown_union(t))


@by_identity
def _unknown_union(t: TypeExpr) -> bool:
    assert isinstance(t, UnionType)
    return not t.options or any(is_unknown(o) for o in t.options)


def framework_keys(path: OptionPath, variant: Variant) -> dict[str, TypeExpr]:
    """The keys the framework's type gives the object at ``path``, with their types (empty where it does
    not say)."""
    parent = framework_type(path, variant)
    if parent is None:
        return {}
    shapes = parent.options if isinstance(parent, UnionType) else (parent,)
    return {f.name: f.type for shape in shapes if isinstance(shape, ObjectType) for f in shape.fields}


def framework_field(path: OptionPath, key: str, variant: Variant) -> TypeExpr | None:
    """The framework's type of ``key`` inside the object at ``path``, when its type there has that key."""
    return framework_keys(path, variant).get(key)
