"""The catalogue seen as a tree of keys, for walking a config: built once per catalogue."""

from __future__ import annotations

from dataclasses import dataclass, field

from fwk_tui.catalog.models import Catalog, Option
from fwk_tui.catalog.types import AnyType, ObjectType, TypeExpr
from fwk_tui.paths import OptionPath, parse_path


@dataclass(frozen=True)
class CatalogIndex:
    """Options by canonical segments, the keys each level knows, and alias keys.

    ``alias_keys[(parent, key)]`` is the canonical key a literal spelling
    stands for under ``parent`` (``((), 'unhead') -> 'headmgr'``), derived from
    the options' aliases, which differ from their canonical path key by key.
    ``by_key`` and ``groups_by_key`` find options and groups by their last key.
    """

    options: dict[OptionPath, Option] = field(default_factory=dict)
    children: dict[OptionPath, tuple[str, ...]] = field(default_factory=dict)
    alias_keys: dict[tuple[OptionPath, str], str] = field(default_factory=dict)
    by_key: dict[str, tuple[Option, ...]] = field(default_factory=dict)
    groups_by_key: dict[str, tuple[OptionPath, ...]] = field(default_factory=dict)

    def is_group(self, path: OptionPath) -> bool:
        """True when catalogued options sit below ``path``."""
        return path in self.children


def build_index(catalog: Catalog) -> CatalogIndex:
    """Index ``catalog`` (cheap; :func:`index_of` keeps one per catalogue)."""
    options: dict[OptionPath, Option] = {}
    children: dict[OptionPath, list[str]] = {}
    alias_keys: dict[tuple[OptionPath, str], str] = {}
    by_key: dict[str, list[Option]] = {}
    for opt in catalog.options:
        segs = tuple(opt.segments)
        options[segs] = opt
        for depth in range(len(segs)):
            parent, key = segs[:depth], segs[depth]
            known = children.setdefault(parent, [])
            if key not in known:
                known.append(str(key))
        by_key.setdefault(str(segs[-1]), []).append(opt)
        for alias in opt.aliases:
            alias_segs = parse_path(alias)
            for depth, (a, c) in enumerate(zip(alias_segs, segs)):
                if a != c:
                    alias_keys[(segs[:depth], str(a))] = str(c)
    groups_by_key: dict[str, list[OptionPath]] = {}
    for group in children:
        if group:
            groups_by_key.setdefault(str(group[-1]), []).append(group)
    return CatalogIndex(
        options=options,
        children={k: tuple(v) for k, v in children.items()},
        alias_keys=alias_keys,
        by_key={k: tuple(v) for k, v in by_key.items()},
        groups_by_key={k: tuple(v) for k, v in groups_by_key.items()},
    )


_INDEXES: dict[int, tuple[Catalog, CatalogIndex]] = {}


def index_of(catalog: Catalog) -> CatalogIndex:
    """The index of ``catalog``, built on first use."""
    found = _INDEXES.get(id(catalog))
    if found is not None and found[0] is catalog:
        return found[1]
    index = build_index(catalog)
    _INDEXES[id(catalog)] = (catalog, index)  # the catalogue is kept alive, so its id is not reused
    return index


def is_free_form(type_: TypeExpr) -> bool:
    """An object whose keys the reference does not list (``object``, ``any``)."""
    return isinstance(type_, AnyType) or (isinstance(type_, ObjectType) and not type_.fields)
