"""The catalogue as immutable pydantic models."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from fwk_tui.catalog.types import TypeExpr, parse_type, render
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


class Default(BaseModel):
    """An option's default in one variant.

    ``kind`` keeps apart a value (``value``), no default at all (``none``, the
    reference's "(none)"), a default the reference does not give
    (``not_shown``), and one it states in words (``computed``, see ``note``).
    """

    model_config = ConfigDict(frozen=True, defer_build=True)

    kind: Literal["value", "none", "not_shown", "computed"]
    value: Any = None
    note: str | None = None

    @property
    def shown(self) -> bool:
        return self.kind != "not_shown"

    @classmethod
    def from_yaml(cls, raw: Any, note: str | None = None) -> Default:
        if raw == NONE_MARK:
            return cls(kind="none", note=note)
        if raw == NOT_SHOWN_MARK:
            return cls(kind="not_shown", note=note)
        return cls(kind="value", value=raw, note=note)


class Option(BaseModel):
    """One documented option of ``fwk.config.ts``."""

    model_config = ConfigDict(frozen=True, defer_build=True)

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

    @model_validator(mode="after")
    def _check(self) -> Option:
        for v in self.variants:
            if v not in self.types or v not in self.defaults:
                raise ValueError(f"{self.path}: no type or default for variant {v}")
        return self

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


class Group(BaseModel):
    """A group of the reference; one YAML file of ``catalog/``."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    title: str
    summary: str = ""
    order: int = 0


class Catalog(BaseModel):
    """Every option, by canonical path, with lookups by alias."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    groups: tuple[Group, ...]
    options: tuple[Option, ...]
    by_path: dict[str, Option] = Field(default_factory=dict)
    by_alias: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _index(self) -> Catalog:
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
        return self

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


class RawOption(BaseModel):
    """One option as a YAML file writes it (see catalog/README.md)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    path: str
    type: str | None = None
    type_A: str | None = None
    type_B: str | None = None
    variants: list[Variant] = Field(default_factory=lambda: ["A", "B"])
    default: Any = NONE_MARK
    default_A: Any = None
    default_B: Any = None
    default_note: str | None = None
    aliases: list[str] = Field(default_factory=list)
    doc: str
    related: list[str] = Field(default_factory=list)
    tags: list[Tag] = Field(default_factory=list)
    env: str | None = None

    # Distinguish "default_A: null" (a real null) from "default_A" left out.
    present: set[str] = Field(default_factory=set, exclude=True)

    @field_validator("path")
    @classmethod
    def _path_ok(cls, value: str) -> str:
        if format_path(parse_path(value)) != value:
            raise ValueError(f"path {value!r} is not in canonical form {format_path(parse_path(value))!r}")
        return value

    def build(self, group: str) -> Option:
        base_type = self.type
        types: dict[Variant, TypeExpr] = {}
        defaults: dict[Variant, Default] = {}
        for v in self.variants:
            text = getattr(self, f"type_{v}") or base_type
            if text is None:
                raise ValueError(f"{self.path}: no type for variant {v}")
            types[v] = parse_type(text)
            raw = getattr(self, f"default_{v}") if f"default_{v}" in self.present else self.default
            defaults[v] = Default.from_yaml(raw, self.default_note)
            if self.default_note and defaults[v].kind == "none":
                defaults[v] = Default(kind="computed", note=self.default_note)
        return Option(
            path=self.path,
            group=group,
            types=types,
            variants=tuple(self.variants),
            defaults=defaults,
            aliases=tuple(self.aliases),
            doc=" ".join(self.doc.split()),
            related=tuple(self.related),
            tags=tuple(self.tags),
            env=self.env,
            segments=parse_path(self.path),
        )
