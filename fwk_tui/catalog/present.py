"""How options are shown to people and scripts: value text and the JSON contract.

Shared by the CLI and the browser so both say the same thing.
"""

from __future__ import annotations

import json
from typing import Any

from fwk_tui.catalog.framework import framework_type, is_unknown, schema_version
from fwk_tui.catalog.models import TAG_TEXT, VARIANTS, Catalog, Default, Option, Variant
from fwk_tui.catalog.types import render, to_json

RUNTIME_ENV_RULE = (
    "FWK_<KEY> overrides a top-level key; FWK_PUBLIC_<KEY> overrides public.<key>; "
    "nested keys are joined by underscores and upper-cased"
)


def value_text(value: Any) -> str:
    """A default or value as compact one-line JSON (placeholders stay as text)."""
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def default_text(default: Default | None) -> str:
    """What a person reads for a default: the value, or why there is none."""
    if default is None:
        return "(not in this variant)"
    if default.kind == "none":
        return "(none)"
    if default.kind == "not_shown":
        return "(not shown in the reference)"
    if default.kind == "computed":
        return f"({default.note})"
    text = value_text(default.value)
    note = default_note(default)
    return f"{text}  ({note})" if note else text


PLACEHOLDERS = {
    "<rootDir>": "the folder of fwk.config.ts",
    "<srcDir>": "the source folder (app/ in layout A, the folder of fwk.config.ts in layout B)",
    "<workspaceDir>": "the root of the repository the project is in",
}
"""The reference's placeholders for folders, in words (it writes ``<srcDir>/server``, and ``<srcDir>`` as srcDir's
own default in layout B: what ``why`` and ``resolve --with-defaults`` say for the project, ``'.'``)."""


def default_note(default: Default | None) -> str | None:
    """What a default's value alone does not say: the catalogue's note, else what its placeholders stand for."""
    if default is None or default.note:
        return default.note if default is not None else None
    value = default.value
    texts = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    named = [f"{name}: {words}" for name, words in PLACEHOLDERS.items() if any(name in str(t) for t in texts)]
    return "; ".join(named) or None


def env_of(option: Option) -> str | None:
    """The variable that overrides ``option`` at run time, or the naming rule."""
    if option.env:
        return option.env
    if option.path == "runtimeConfig":
        return RUNTIME_ENV_RULE
    return None


def tags_text(option: Option) -> str:
    return ", ".join(TAG_TEXT[t] for t in option.tags)


def _default_json(default: Default | None) -> Any:
    return default.value if default is not None and default.kind == "value" else None


def type_note_json(option: Option) -> dict[str, str] | None:
    """``{"reference", "why"}``: the reference's words for the type and why ours differs; ``None`` where they agree."""
    note = option.type_note
    return None if note is None else {"reference": note.reference, "why": note.why}


def option_json(option: Option) -> dict[str, Any]:
    """The ``catalog --json`` object of one option (a documented contract)."""
    return {
        "path": option.path,
        "group": option.group,
        "type": option.type_text(),
        "types": {v: option.type_text(v) for v in option.variants},
        "schema": {v: to_json(option.type_for(v)) for v in option.variants},
        "type_note": type_note_json(option),
        "beyond_reference": option.beyond_reference,
        "variants": list(option.variants),
        "default": {v: _default_json(option.defaults[v]) for v in option.variants},
        "default_shown": {v: option.defaults[v].shown for v in option.variants},
        "default_kind": {v: option.defaults[v].kind for v in option.variants},
        "default_note": {v: option.defaults[v].note for v in option.variants if option.defaults[v].note},
        "aliases": list(option.aliases),
        "doc": option.doc,
        "tags": list(option.tags),
        "env": env_of(option),
        "related": list(option.related),
    }


def explain_json(option: Option, variant: Variant) -> dict[str, Any]:
    """The ``explain --json`` object: like :func:`option_json`, for one variant."""
    default = option.default_for(variant)
    other: Variant = "B" if variant == "A" else "A"
    other_default = option.default_for(other)
    return {
        "path": option.path,
        "group": option.group,
        "variant": variant,
        "available": option.in_variant(variant),
        "type": option.type_text(variant),
        "schema": to_json(option.type_for(variant)),
        "type_note": type_note_json(option),
        "framework_type": _framework_json(option, variant),
        "beyond_reference": option.beyond_reference,
        "variants": list(option.variants),
        "default": _default_json(default),
        "default_kind": default.kind if default else "absent",
        "default_shown": default.shown if default else False,
        "default_note": default_note(default),
        "other_variant": {
            "variant": other,
            "available": option.in_variant(other),
            "default": _default_json(other_default),
            "default_kind": other_default.kind if other_default else "absent",
        },
        "aliases": list(option.aliases),
        "doc": option.doc,
        "tags": list(option.tags),
        "env": env_of(option),
        "related": list(option.related),
    }


def _framework_json(option: Option, variant: Variant) -> dict[str, Any] | None:
    theirs = framework_type(option.segments, variant)
    if theirs is None or is_unknown(theirs):
        return None
    return {"schema": schema_version(variant), "type": render(theirs), "json": to_json(theirs)}


def explain_rows(option: Option, variant: Variant) -> list[tuple[str, str]]:
    """The facts of ``explain`` as (label, text) rows: type, defaults, variants, aliases, environment, tags."""
    other: Variant = "B" if variant == "A" else "A"
    rows: list[tuple[str, str]] = [("type", option.type_text(variant))]
    if option.in_variant(variant):
        rows.append((f"default ({variant})", default_text(option.default_for(variant))))
    else:
        rows.append((f"variant {variant}", f"not available: only in variant {other}"))
    if option.in_variant(other):
        rows.append((f"default ({other})", default_text(option.default_for(other))))
    rows.append(("variants", ", ".join(option.variants)))
    if option.aliases:
        rows.append(("aliases", ", ".join(option.aliases)))
    if env := env_of(option):
        rows.append(("environment", env))
    if option.tags:
        rows.append(("tags", tags_text(option)))
    if option.beyond_reference is not None:
        rows.append(("source", "beyond the reference's list"))
    return rows


def explain_notes(option: Option) -> list[str]:
    """The paragraphs of ``explain`` after the doc: why the option is catalogued, what its type rests on."""
    notes = []
    if option.beyond_reference is not None:
        notes.append(f"Beyond the reference's list. {option.beyond_reference}")
    if option.type_note is not None:
        note = option.type_note
        notes.append(f"type: the reference says \"{note.reference}\". {note.why}")
    return notes


def explain_text(catalog: Catalog, option: Option, variant: Variant) -> str:
    """A plain-text page about one option, for the terminal."""
    lines = [f"{option.path}    [{catalog.group(option.group).title}]", ""]
    rows = explain_rows(option, variant)
    width = max(len(k) for k, _ in rows)
    lines += [f"  {k.ljust(width)}  {v}" for k, v in rows]
    if option.doc:
        lines += ["", *_wrap(option.doc, 78, "  ")]
    for note in explain_notes(option):
        lines += ["", *_wrap(note, 78, "  ")]
    theirs = framework_type_text(option, variant)
    if theirs is not None:
        lines += ["", *_wrap(f"the framework's own type ({theirs[0]}): {theirs[1]}", 78, "  ")]
    if option.related:
        lines += ["", "  related: " + ", ".join(option.related)]
    return "\n".join(lines)


_SHOWN_TYPE = 240


def framework_type_text(option: Option, variant: Variant) -> tuple[str, str] | None:
    """Where the framework's own published type of the option says another thing than the catalogue's
    (check judges by it what the reference's words refuse): (its schema, the type), else ``None``."""
    theirs = framework_type(option.segments, variant)
    if theirs is None or is_unknown(theirs):
        return None
    text = render(theirs)
    if text == option.type_text(variant):
        return None
    if len(text) > _SHOWN_TYPE:
        text = text[: _SHOWN_TYPE - 1] + "…"
    return f"schema {schema_version(variant) or '?'}", text


def _wrap(text: str, width: int, indent: str) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width=width, initial_indent=indent, subsequent_indent=indent)


def all_variants() -> tuple[Variant, ...]:
    return VARIANTS
