"""The JSON Schema (draft 2020-12) of a config's options for one layout variant: ``fwk-tui schema``.

Made from the catalogue, and closed exactly where ``check`` reports unknown
keys (``validate/keys.py``, whose facts it reads: the catalogue's tree of
keys and literal spellings, the groups handed to other tools, the free-form
options), so that an editor using it flags no key ``check`` lets through:

- the top level is open: a module reads its options from a key of its own;
- a group of options (``devServer``, ``app``) is closed: an unknown key there is
  reported by ``check``; a group passed to another tool (``vbuild``, ``srv``,
  ``cssproc.plugins``) is open, and so is all below it;
- an option's value follows its type (``catalog/types/json_schema.py``): an
  object type the catalogue closes (no ``...``) is closed, others are open;
- under variant A, ``experimental``, ``features`` and ``future`` are open
  objects; the children variant B documents are listed, with that said;
- an option of the other variant only is left out (``check`` warns about it);
  a group of such options only (``generate`` in A) is an empty closed object;
- a literal spelling (``unhead``) is listed beside its option, deprecated;
- ``$development``, ``$production``, ``$test`` and each ``$env.NAME`` hold
  options like the top level.

A default is given where it is a real value; one naming a placeholder
(``<rootDir>/.fwk``) or stated in words is in the description only.
"""

from __future__ import annotations

import re
from typing import Literal

from fwk_tui import __version__
from fwk_tui.catalog.models import TAG_TEXT, Catalog, Default, Option, Variant, has_placeholder
from fwk_tui.catalog.present import default_text, env_of, value_text
from fwk_tui.catalog.types import CodeType
from fwk_tui.catalog.types.json_schema import Schema, type_schema
from fwk_tui.paths import OptionPath, format_path
from fwk_tui.validate.index import CatalogIndex, index_of, is_free_form
from fwk_tui.validate.keys import ENV_BLOCKS, PASS_THROUGH
from fwk_tui.validate.rules import RULES

DRAFT = "https://json-schema.org/draft/2020-12/schema"
OPTIONS_REF = "#/$defs/options"
LAYOUTS: dict[Variant, str] = {"A": "the application-directory layout", "B": "the older layout"}
# Where keys.py's walk stands: a group it checks, one handed to another tool, or a free-form value.
Mode = Literal["normal", "pass", "free"]
_NORMAL: Mode = "normal"
_PASS: Mode = "pass"
_FREE: Mode = "free"
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_<>\[\]|#])")


def config_schema(catalog: Catalog, variant: Variant) -> Schema:
    """The whole schema of a config of ``variant`` (plain JSON data)."""
    options = _Builder(catalog, variant).group((), _NORMAL)
    block = {"$ref": OPTIONS_REF}
    environments: Schema = {
        name: {**block, "description": f"Options for the {name[1:]} environment only; they win over the others."}
        for name in ENV_BLOCKS
    }
    environments["$env"] = {
        "type": "object",
        "description": "Options per named environment (`$env.staging`), used when the app runs in it.",
        "additionalProperties": block,
    }
    return {
        "$schema": DRAFT,
        "title": f"fwk.config options, variant {variant} ({LAYOUTS[variant]})",
        "description": (
            f"The options of fwk.config for layout variant {variant}, from the catalogue of fwk-tui {__version__}. "
            "Top-level keys the reference does not list are allowed (a module's options)."
        ),
        # allOf, not `$ref` beside `properties`: a draft-07 tool (older editors) ignores what stands beside a $ref.
        "allOf": [{"$ref": OPTIONS_REF}, {"properties": environments}],
        "$defs": {"options": options},
    }


class _Builder:
    """One walk over the catalogue's tree of keys, as ``KeyChecker`` walks a config."""

    def __init__(self, catalog: Catalog, variant: Variant) -> None:
        self.catalog = catalog
        self.index: CatalogIndex = index_of(catalog)
        self.variant = variant
        self.removed_note = _removed_in_v4_note()

    def group(self, canon: OptionPath, mode: Mode) -> Schema:
        """A group of options: its keys, closed where keys.py reports an unknown key."""
        out: Schema = {"type": "object", "properties": self.members(canon, mode)}
        if mode == _NORMAL and canon:
            out["additionalProperties"] = False
        if canon:
            words = self._group_words(canon)
            out["description"] = words
            out["markdownDescription"] = _escape(words)
        return out

    def members(self, canon: OptionPath, mode: Mode) -> dict[str, Schema]:
        """The schemas of the keys under ``canon``, literal spellings after their options."""
        props: dict[str, Schema] = {}
        for key in self.index.children.get(canon, ()):
            found = self.node((*canon, key), mode)
            if found is not None:
                props[key] = found
        for (parent, alias), key in self.index.alias_keys.items():
            here = (*canon, alias)
            if parent == canon and key in props and here not in self.index.options and not self.index.is_group(here):
                props[alias] = _alias(props[key], alias, (*canon, key))
        return props

    def node(self, canon: OptionPath, mode: Mode) -> Schema | None:
        """The schema of the key at ``canon``; None where this variant has nothing there."""
        option = self.index.options.get(canon)
        if option is not None and (option.in_variant(self.variant) or not self.index.is_group(canon)):
            if not option.in_variant(self.variant) and mode != _FREE:
                return None  # an option of the other variant: check warns about it
            return self.option(option, canon)
        if not self.index.is_group(canon):
            return None
        mode = _PASS if canon in PASS_THROUGH else mode
        found = self.group(canon, mode)
        if found["properties"]:
            return found
        if mode != _NORMAL:
            return None
        # Only the other variant's options are here (`generate` in A): closed and empty, as check sees it.
        words = self._other_variant_group(canon)
        return {**found, "description": words, "markdownDescription": _escape(words)}

    def option(self, option: Option, canon: OptionPath) -> Schema:
        """An option's value: its type, with its children's docs where the catalogue lists them."""
        here = self.variant if option.in_variant(self.variant) else option.variants[0]
        type_ = option.type_for(here)
        out = type_schema(type_)
        if self.index.is_group(canon):
            if is_free_form(type_):
                # Variant A's `experimental`: a plain object, and B's children are still checked (keys.py).
                out["properties"] = self.members(canon, _FREE)
            else:
                self._annotate_fields(out, canon)
        self._annotate(out, option, here != self.variant)
        return out

    def _annotate_fields(self, schema: Schema, canon: OptionPath) -> None:
        """Docs and defaults of the catalogued children of a typed option (``app.head.title``) on its fields."""
        for key in self.index.children.get(canon, ()):
            child = self.index.options.get((*canon, key))
            if child is None or not child.in_variant(self.variant):
                continue
            props: dict[str, Schema] = schema.setdefault("properties", {})
            if key not in props:
                extra = schema.get("additionalProperties", {})
                if extra is False:
                    continue
                props[key] = dict(extra)  # a record's value, or any value of an open object
            if self.index.is_group((*canon, key)):
                self._annotate_fields(props[key], (*canon, key))
            self._annotate(props[key], child, False)

    def _annotate(self, schema: Schema, option: Option, other_variant: bool) -> None:
        default = option.default_for(self.variant) if not other_variant else None
        if default is not None and default.kind == "value" and not has_placeholder(default.value):
            schema["default"] = default.value
        schema["description"] = self._plain(option, other_variant)
        if "removed-in-v4" in option.tags or "deprecated" in option.tags:
            schema["deprecated"] = True
            schema["deprecationMessage"] = " ".join(self._notes(option, other_variant))  # VS Code's word for it
        schema["markdownDescription"] = self._markdown(option, other_variant)

    # -- words -----------------------------------------------------------------------

    def _defaults(self, option: Option, other_variant: bool) -> list[tuple[str, Default]]:
        if other_variant:
            return [(f"{v}", option.defaults[v]) for v in option.variants]
        shown = [(v, option.defaults[v]) for v in option.variants]
        if len(shown) == 1 or shown[0][1] == shown[1][1]:
            return [("", shown[0][1])]
        return [(f"{v}{', this schema' if v == self.variant else ''}", d) for v, d in shown]

    def _notes(self, option: Option, other_variant: bool) -> list[str]:
        notes: list[str] = []
        if other_variant:
            notes.append(
                f"Documented for variant {'/'.join(option.variants)}; variant {self.variant} names "
                f"{option.segments[0]} without children (check says so as an info)."
            )
        if isinstance(option.type_for(self.variant if not other_variant else option.variants[0]), CodeType):
            notes.append("Code (a function): it can be written in fwk.config.ts only, not in JSON or YAML.")
        if "removed-in-v4" in option.tags:
            notes.append(self.removed_note)
        if "deprecated" in option.tags:
            notes.append("Deprecated: the reference marks it so.")
        return notes

    def _plain(self, option: Option, other_variant: bool) -> str:
        parts = [*self._notes(option, other_variant), *([option.doc] if option.doc else [])]
        parts.append(f"Type: {option.type_text(self.variant if not other_variant else option.variants[0])}.")
        for label, default in self._defaults(option, other_variant):
            filled = " (the framework fills in the placeholders)" if has_placeholder(default.value) else ""
            parts.append(f"Default{f' ({label})' if label else ''}: {default_text(default)}{filled}.")
        env = env_of(option)
        if env:
            parts.append(f"Environment: {env}.")
        return " ".join(parts)

    def _markdown(self, option: Option, other_variant: bool) -> str:
        title = self.catalog.group(option.group).title
        type_text = option.type_text(self.variant if not other_variant else option.variants[0])
        lines = [f"**{_code(option.path)}** · {_escape(title)}", ""]
        for note in self._notes(option, other_variant):
            lines += [f"*{_escape(note)}*", ""]
        if option.doc:
            lines += [_escape(option.doc), ""]
        rows = [f"Type: {_code(type_text)}"]
        for label, default in self._defaults(option, other_variant):
            rows.append(f"Default{f' ({label})' if label else ''}: {_default_markdown(default)}")
        env = env_of(option)
        if env:
            rows.append(f"Environment: {_code(env)}")
        if option.tags:
            rows.append("Tags: " + ", ".join(TAG_TEXT[t] for t in option.tags))
        if option.aliases:
            rows.append("Also written: " + ", ".join(_code(a) for a in option.aliases))
        if option.related:
            rows.append("Related: " + ", ".join(_code(r) for r in option.related))
        rows.append(f"More: {_code('fwk-tui explain ' + option.path)}")
        lines.append("  \n".join(rows))
        return "\n".join(lines).strip()

    def _other_variant_group(self, canon: OptionPath) -> str:
        below = [o.path for o in self.catalog.options if tuple(o.segments[: len(canon)]) == canon]
        listed = ", ".join(below[:3]) + (", …" if len(below) > 3 else "")
        other = "B" if self.variant == "A" else "A"
        return (
            f"Options of variant {other} only ({listed}); variant {self.variant} lists none of them, "
            "and check warns about each."
        )

    def _group_words(self, canon: OptionPath) -> str:
        """What a group of options is: its catalogue group, and that group's summary at the top level."""
        below = {o.group for o in self.catalog.options if tuple(o.segments[: len(canon)]) == canon}
        if len(below) != 1:
            return f"Options under {format_path(canon)}."
        group = self.catalog.group(below.pop())
        if len(canon) == 1 and group.summary:
            return f"{group.title}: {group.summary}"
        return f"Options under {format_path(canon)} ({group.title})."


def _alias(schema: Schema, alias: str, canonical: OptionPath) -> Schema:
    """The schema of a literal spelling: its option's, deprecated, naming the canonical key."""
    say = f"{alias} is the literal spelling of {format_path(canonical)}: write {canonical[-1]}."
    out = dict(schema)
    out.pop("default", None)  # completion should not offer to write it
    out["deprecated"] = True
    out["deprecationMessage"] = say
    out["description"] = f"{say} {schema.get('description', '')}".strip()
    out["markdownDescription"] = f"*{_escape(say)}*\n\n{schema.get('markdownDescription', '')}".strip()
    return out


def _removed_in_v4_note() -> str:
    rule = next(r for r in RULES if r.id == "removed-in-v4")
    return f"Removed in v4 ({rule.code}): {rule.reference}"


def _escape(text: str) -> str:
    """``text`` shown as it is in Markdown (``<rootDir>`` is no HTML tag, ``*.vue`` no emphasis); its `code` kept."""
    parts = text.split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick: no code spans at all
        return _MARKDOWN_SPECIAL.sub(r"\\\1", text)
    return "`".join(p if i % 2 else _MARKDOWN_SPECIAL.sub(r"\\\1", p) for i, p in enumerate(parts))


def _code(text: str) -> str:
    fence = "``" if "`" in text else "`"
    return f"{fence}{text}{fence}" if fence == "`" else f"{fence} {text} {fence}"


def _default_markdown(default: Default) -> str:
    if default.kind != "value":
        return _escape(default_text(default))
    text = _code(value_text(default.value))
    if has_placeholder(default.value):
        text += " (the framework fills in the placeholders)"
    return f"{text} ({_escape(default.note)})" if default.note else text
