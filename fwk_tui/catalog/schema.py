"""The YAML schema of ``catalog/*.yaml``, as pydantic models.

Used only when the catalogue is compiled: each file is validated here, then
turned into the run-time dataclasses of ``models.py``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from fwk_tui.catalog.models import NONE_MARK, NOT_SHOWN_MARK, Default, Group, Option, Tag, Task, TypeNote, Variant
from fwk_tui.catalog.types import TypeExpr, parse_type
from fwk_tui.paths import format_path, parse_path


class RawGroup(BaseModel):
    """The head of one YAML file."""

    model_config = ConfigDict(extra="forbid")

    group: str
    title: str
    summary: str = ""
    order: int = 0
    options: list[dict[str, Any]] = Field(default_factory=list)

    def build(self) -> Group:
        return Group(id=self.group, title=self.title, summary=" ".join(self.summary.split()), order=self.order)


class RawTask(BaseModel):
    """One task of ``catalog/tasks.yaml``."""

    model_config = ConfigDict(extra="forbid")

    task: str = Field(min_length=3)
    asks: list[str] = Field(default_factory=list)
    options: list[str] = Field(min_length=1)
    how: str = Field(min_length=3)
    source: list[str] = Field(min_length=1)
    rule_keys: list[str] = Field(default_factory=list)

    @field_validator("how")
    @classmethod
    def _one_line(cls, how: str) -> str:
        how = " ".join(how.split())
        if len(how) > 200:
            raise ValueError("how is one line (200 characters at most)")
        return how

    def build(self) -> Task:
        return Task(
            task=" ".join(self.task.split()),
            asks=tuple(" ".join(a.split()) for a in self.asks),
            options=tuple(format_path(parse_path(p)) for p in self.options),
            how=self.how,
            source=tuple(" ".join(q.split()) for q in self.source),
            rule_keys=tuple(self.rule_keys),
        )


class RawTasks(BaseModel):
    """``catalog/tasks.yaml``: the tasks people ask about."""

    model_config = ConfigDict(extra="forbid")

    tasks: list[RawTask]


class RawTypeNote(BaseModel):
    """``type_note:`` of an option: the reference's words for the type, and why ours says what it says."""

    model_config = ConfigDict(extra="forbid")

    reference: str
    why: str

    def build(self) -> TypeNote:
        return TypeNote(reference=" ".join(self.reference.split()), why=" ".join(self.why.split()))


class RawOption(BaseModel):
    """One option as a YAML file writes it (see catalog/README.md)."""

    model_config = ConfigDict(extra="forbid")

    path: str
    type: str | None = None
    type_A: str | None = None
    type_B: str | None = None
    variants: list[Variant] = Field(default_factory=lambda: list[Variant](["A", "B"]))
    default: Any = NONE_MARK
    default_A: Any = None
    default_B: Any = None
    default_note: str | None = None
    aliases: list[str] = Field(default_factory=list)
    doc: str
    related: list[str] = Field(default_factory=list)
    tags: list[Tag] = Field(default_factory=list)
    env: str | None = None
    type_note: RawTypeNote | None = None
    beyond_reference: str | None = None

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
            defaults[v] = default_from_yaml(raw, self.default_note)
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
            type_note=self.type_note.build() if self.type_note else None,
            beyond_reference=" ".join(self.beyond_reference.split()) if self.beyond_reference else None,
        )


def default_from_yaml(raw: Any, note: str | None = None) -> Default:
    """A YAML default: a value, or one of the two "no default" marks."""
    if raw == NONE_MARK:
        return Default(kind="none", note=note)
    if raw == NOT_SHOWN_MARK:
        return Default(kind="not_shown", note=note)
    return Default(kind="value", value=raw, note=note)
