"""What the catalogue says at a path as the file writes it: the option, the type inside it, the keys below.

A path as written becomes the catalogue's as the checks make it: an
environment block (``$production``, ``$env.staging``) holds top-level options,
and a literal spelling (``unhead``) stands for its canonical key.
"""

from __future__ import annotations

from dataclasses import dataclass

from fwk_tui.catalog.models import Catalog, Option, Variant
from fwk_tui.catalog.types import ArrayType, ObjectType, RecordType, TupleType, TypeExpr, UnionType
from fwk_tui.catalog.types.nodes import AnyType
from fwk_tui.lsp.at_key import run_time_path
from fwk_tui.lsp.knowledge import Knowledge
from fwk_tui.paths import OptionPath, Segment
from fwk_tui.validate.index import CatalogIndex


@dataclass(frozen=True)
class Spot:
    """The option a path is or is inside (``rest``: the segments below it), and the types there."""

    canon: OptionPath
    option: Option | None
    rest: OptionPath
    types: tuple[TypeExpr, ...]

    @property
    def is_option(self) -> bool:
        return self.option is not None and not self.rest


@dataclass(frozen=True)
class Child:
    """A key the catalogue knows below a path: an option, a group of options, or a field of an object type."""

    key: str
    option: Option | None
    type: TypeExpr | None
    group: bool
    doc: str = ""
    """What a module's declarations say of it (a key of the catalogue has its option's doc)."""


def canonical(index: CatalogIndex, path: OptionPath) -> OptionPath:
    """``path`` as the catalogue writes it: environment blocks dropped, literal spellings made canonical."""
    out: list[Segment] = []
    for seg in run_time_path(path):
        here = (*out, seg)
        if isinstance(seg, str) and here not in index.options and not index.is_group(here):
            seg = index.alias_keys.get((tuple(out), seg), seg)
        out.append(seg)
    return tuple(out)


def spot(ctx: Knowledge, path: OptionPath) -> Spot:
    """The option at (or around) ``path`` and the types at ``path``."""
    index = ctx.index
    if len(path) >= 3 and path[0] == "modules" and (inline := _module_spot(ctx, path)) is not None:
        return inline  # options in a module's entry: its declarations say them, not modules' own type
    canon = canonical(index, path)
    for depth in range(len(canon), 0, -1):
        option = index.options.get(canon[:depth])
        if option is not None:
            rest = canon[depth:]
            return Spot(canon, option, rest, tuple(types_at(option.type_for(_variant_of(option, ctx.variant)), rest)))
    return _module_spot(ctx, path) or Spot(canon, None, canon, ())


def _module_spot(ctx: Knowledge, path: OptionPath) -> Spot | None:
    """Where ``path`` is among an installed module's options: the types its declarations give there."""
    found = ctx.module_at(path)
    if found is None:
        return None
    module, rest = found
    return Spot(path, None, rest, tuple(types_at(module.declarations.type, rest)))


def _variant_of(option: Option, variant: Variant) -> Variant:
    return variant if option.in_variant(variant) else option.variants[0]


def flat(types: tuple[TypeExpr, ...] | list[TypeExpr]) -> list[TypeExpr]:
    """``types`` with unions opened, each once."""
    out: list[TypeExpr] = []
    stack = list(reversed(types))
    while stack:
        t = stack.pop()
        if isinstance(t, UnionType):
            stack.extend(reversed(t.options))
        elif t not in out:
            out.append(t)
    return out


def types_at(type_: TypeExpr, rest: OptionPath) -> list[TypeExpr]:
    """The types a value at ``rest`` inside a value of ``type_`` may have."""
    current = [type_]
    for seg in rest:
        found: list[TypeExpr] = []
        for t in flat(current):
            if isinstance(t, ObjectType) and isinstance(seg, str):
                field = t.field(seg)
                if field is not None:
                    found.append(field.type)
            elif isinstance(t, RecordType) and isinstance(seg, str):
                found.append(t.value)
            elif isinstance(t, ArrayType) and isinstance(seg, int):
                found.append(t.item)
            elif isinstance(t, TupleType) and isinstance(seg, int) and 0 <= seg < len(t.items):
                found.append(t.items[seg])
            elif isinstance(t, AnyType):
                found.append(t)
        current = found
    return current


def children(ctx: Knowledge, path: OptionPath) -> list[Child]:
    """The keys the catalogue knows below ``path`` in the file's variant: options, groups, fields of its type."""
    index = ctx.index
    canon = canonical(index, path)
    groups = _groups_in(ctx.catalog, index, ctx.variant)
    out: list[Child] = []
    for key in index.children.get(canon, ()):
        full = (*canon, key)
        option = index.options.get(full)
        group = full in groups
        if option is not None and not option.in_variant(ctx.variant) and not group:
            continue
        if option is None and not group:
            continue
        type_ = option.type_for(_variant_of(option, ctx.variant)) if option is not None else None
        out.append(Child(key, option, type_, group))
    known = {c.key for c in out}
    out += [c for c in _module_children(ctx, path) if c.key not in known]
    known = {c.key for c in out}
    for t in flat(spot(ctx, path).types):
        if isinstance(t, ObjectType):
            for field in t.fields:
                if field.name not in known:
                    known.add(field.name)
                    out.append(Child(field.name, None, field.type, False))
    return out


def _module_children(ctx: Knowledge, path: OptionPath) -> list[Child]:
    """The keys of the modules the project installs: their own key at the top level, their options below it."""
    modules = ctx.modules()
    if not path:
        return [Child(m.config_key, None, m.declarations.type, False, f"The options of {m.label}.")
                for m in modules if m.config_key]  # fmt: skip
    found = ctx.module_at(path)
    if found is None:
        return []
    module, rest = found
    below = [o for o in module.declarations.options if o.path[:-1] == rest]
    return [Child(o.path[-1], None, o.type, False, o.doc) for o in below]


_GROUPS: dict[tuple[int, Variant], tuple[Catalog, frozenset[OptionPath]]] = {}


def _groups_in(catalog: Catalog, index: CatalogIndex, variant: Variant) -> frozenset[OptionPath]:
    """The paths with options of ``variant`` below them (computed once per catalogue and variant)."""
    found = _GROUPS.get((id(catalog), variant))
    if found is not None and found[0] is catalog:
        return found[1]
    paths: set[OptionPath] = set()
    for segments, option in index.options.items():
        if option.in_variant(variant):
            paths.update(segments[:depth] for depth in range(1, len(segments)))
    result = frozenset(paths)
    _GROUPS[(id(catalog), variant)] = (catalog, result)
    return result
