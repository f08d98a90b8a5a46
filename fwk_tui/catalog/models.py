"""The catalogue at run time: immutable, cheap to import and to rebuild from the cache.

The YAML files are validated by the pydantic models of ``schema.py`` when the
catalogue is compiled; what the app loads at start are these dataclasses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from fwk_tui.catalog.types import TypeExpr, render
from fwk_tui.paths import format_path, parse_path

Variant = Literal["A", "B"]
VARIANTS: tuple[Variant, Variant] = ("A", "B")

Tag = Literal[
    "experimental",
    "removed-in-v4",
    "build-time-only",
    "dev-only",
    "production-only",
    "deprecated",
    "managed",
]
TAG_TEXT: dict[str, str] = {
    "experimental": "experimental",
    "removed-in-v4": "removed in v4",
    "build-time-only": "build-time only",
    "dev-only": "dev only",
    "production-only": "production only",
    "deprecated": "deprecated",
    "managed": "set by the framework",
}

# Sentinels the YAML files use for the two kinds of missing default.
NONE_MARK = "(none)"
NOT_SHOWN_MARK = "(not shown)"


@dataclass(frozen=True, slots=True)
class Default:
    """An option's default in one variant.

    ``kind`` keeps apart a value (``value``), no default at all (``none``, the
    reference's "(none)"), a default the reference does not give
    (``not_shown``), and one it states in words (``computed``, see ``note``).
    """

    kind: Literal["value", "none", "not_shown", "computed"]
    value: Any = None
    note: str | None = None

    @property
    def shown(self) -> bool:
        return self.kind != "not_shown"


_PLACEHOLDER = re.compile(r"<[A-Za-z]\w*>")


def has_placeholder(value: Any) -> bool:
    """True when ``value`` holds a placeholder of the reference (``<rootDir>/.fwk``, ``<buildId>``), anywhere
    inside it: the framework fills those in, so the value is not one to write."""
    if isinstance(value, str):
        return _PLACEHOLDER.search(value) is not None
    if isinstance(value, dict):
        return any(has_placeholder(v) for v in value.values())
    if isinstance(value, list):
        return any(has_placeholder(v) for v in value)
    return False


@dataclass(frozen=True, slots=True)
class TypeNote:
    """Why an option's type is what it is: the reference's own words for it, and our reason."""

    reference: str
    why: str


@dataclass(frozen=True, slots=True)
class Option:
    """One documented option of ``fwk.config.ts``."""

    path: str
    group: str
    types: dict[Variant, TypeExpr]
    variants: tuple[Variant, ...]
    defaults: dict[Variant, Default]
    aliases: tuple[str, ...] = ()
    doc: str = ""
    related: tuple[str, ...] = ()
    tags: tuple[Tag, ...] = ()
    env: str | None = None
    segments: tuple[str | int, ...] = ()
    type_note: TypeNote | None = None
    beyond_reference: str | None = None
    """Why the option is in the catalogue though the reference does not list it (``None``: the reference does)."""
    module: str | None = None
    """The module whose declarations give the option (``@fwk/color-mode 4.0.1``); None: the reference's."""

    def __post_init__(self) -> None:
        for v in self.variants:
            if v not in self.types or v not in self.defaults:
                raise ValueError(f"{self.path}: no type or default for variant {v}")

    def __hash__(self) -> int:
        return hash(self.path)

    def type_for(self, variant: Variant) -> TypeExpr:
        return self.types.get(variant) or next(iter(self.types.values()))

    def type_text(self, variant: Variant | None = None) -> str:
        """The type as text; ``A: x. B: y`` when the variants differ and none is named."""
        if variant is not None:
            return render(self.type_for(variant))
        texts = {v: render(t) for v, t in self.types.items()}
        if len(set(texts.values())) == 1:
            return next(iter(texts.values()))
        return ". ".join(f"{v}: {t}" for v, t in texts.items())

    def default_for(self, variant: Variant) -> Default | None:
        return self.defaults.get(variant)

    def in_variant(self, variant: Variant) -> bool:
        return variant in self.variants

    @property
    def differs(self) -> bool:
        """True where variants A and B disagree (existence, type or default)."""
        if len(self.variants) != 2:
            return True
        return self.defaults["A"] != self.defaults["B"] or self.types["A"] != self.types["B"]

    @property
    def key(self) -> str:
        """The last segment of the path, as the file writes it."""
        return str(self.segments[-1]) if self.segments else self.path


@dataclass(frozen=True, slots=True)
class Group:
    """A group of the reference; one YAML file of ``catalog/``."""

    id: str
    title: str
    summary: str = ""
    order: int = 0


@dataclass(frozen=True, slots=True)
class Task:
    """A thing people want to do, as they ask it, and the options that do it (``catalog/tasks.yaml``)."""

    task: str
    """As a person asks it: ``serve the app under a sub-folder``."""
    asks: tuple[str, ...]
    """Other ways people say it."""
    options: tuple[str, ...]
    """Canonical paths, the main one first."""
    how: str
    """One line: how the options combine."""
    source: tuple[str, ...]
    """The reference's own words it rests on."""
    rule_keys: tuple[str, ...] = ()
    """Keys of a route rule its line names: the framework's, beyond the reference (docs/type-decisions.md)."""


@dataclass(frozen=True)
class Catalog:
    """Every option, by canonical path, with lookups by alias; and the tasks they serve."""

    groups: tuple[Group, ...]
    options: tuple[Option, ...]
    tasks: tuple[Task, ...] = ()
    by_path: dict[str, Option] = field(default_factory=dict, compare=False, repr=False)
    by_alias: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        by_path: dict[str, Option] = {}
        by_alias: dict[str, str] = {}
        for opt in self.options:
            if opt.path in by_path:
                raise ValueError(f"option {opt.path} is listed twice")
            by_path[opt.path] = opt
            for alias in opt.aliases:
                by_alias[alias] = opt.path
        for alias, target in by_alias.items():
            if alias in by_path:
                raise ValueError(f"alias {alias} of {target} is also a canonical path")
        object.__setattr__(self, "by_path", by_path)
        object.__setattr__(self, "by_alias", by_alias)
        for task in self.tasks:
            unknown = [p for p in task.options if p not in by_path]
            if unknown:
                raise ValueError(f"task {task.task!r} names options not in the catalogue: {', '.join(unknown)}")

    def get(self, path: str) -> Option | None:
        """The option at ``path``, which may be an alias or a non-canonical spelling."""
        opt = self.by_path.get(path)
        if opt is not None:
            return opt
        target = self.by_alias.get(path)
        if target is not None:
            return self.by_path[target]
        try:
            canonical = format_path(parse_path(path))
        except ValueError:
            return None
        if canonical != path:
            return self.get(canonical)
        return None

    def broken_links(self) -> list[str]:
        """``option -> related`` pairs whose target is not in the catalogue."""
        return [
            f"{opt.path} -> {rel}"
            for opt in self.options
            for rel in opt.related
            if self.get(rel) is None
        ]

    def in_group(self, group_id: str) -> list[Option]:
        return [o for o in self.options if o.group == group_id]

    def group(self, group_id: str) -> Group:
        return next(g for g in self.groups if g.id == group_id)
