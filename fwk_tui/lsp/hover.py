"""Hover: what fwk-tui knows of the key under the cursor, in Markdown.

For a known option, what ``fwk-tui explain PATH`` prints (type, the default in
A and in B with the file's variant marked, variants, the ``FWK_`` variable,
tags, the doc, the notes), the reference's rules about it, and, when the app
gets another value than the file's or a layer or a section sets it too, the
effective value with its origin in the editor's words. For an unknown key,
that it is unknown and the nearest known names.
"""

from __future__ import annotations

from collections.abc import Callable

from lsprotocol.types import Hover, MarkupContent, MarkupKind, Position, Range
from rapidfuzz import fuzz, process

from fwk_tui.catalog.types import render
from fwk_tui.lsp.at_key import AtKey, key_at, run_time_path
from fwk_tui.lsp.cursor import char_offset
from fwk_tui.lsp.knowledge import Knowledge
from fwk_tui.lsp.texts import code, escape, option_markdown
from fwk_tui.lsp.where import canonical, children, spot
from fwk_tui.paths import OptionPath, format_path
from fwk_tui.resolve.notes import field_notes
from fwk_tui.resolve.why import why
from fwk_tui.source import ConfigDocument
from fwk_tui.validate.keys import ENV_BLOCKS
from fwk_tui.validate.values import MISSING

ToPosition = Callable[[int], Position]

NEAREST = 3
"""How many known names an unknown key's hover suggests."""


def hover(doc: ConfigDocument, offset: int, ctx: Knowledge, to_position: ToPosition) -> Hover | None:
    """The hover at ``offset`` (into ``doc.text``): on a key of the config or in its value; None elsewhere."""
    found = key_at(doc, offset)
    if found is None:
        return None
    text = _markdown(doc, found, ctx)
    if text is None:
        return None
    span = found.span
    where = Range(to_position(char_offset(doc, span.start)), to_position(char_offset(doc, span.end)))
    return Hover(MarkupContent(MarkupKind.Markdown, text), where)


def _markdown(doc: ConfigDocument, found: AtKey, ctx: Knowledge) -> str | None:
    path = found.option_path
    key = path[-1]
    if isinstance(key, str) and (key in ENV_BLOCKS or path == ("$env",)):
        when = "the environment each key below names" if key == "$env" else f"the {key[1:]} environment"
        return f"**{escape(key)}**: top-level options that apply in {when} only, over the others"
    where = spot(ctx, path)
    if where.is_option and where.option is not None:
        text = option_markdown(where.option, ctx.variant, ctx.catalog.group(where.option.group).title)
    elif where.option is not None:
        inside = where.option
        shown = " | ".join(render(t) for t in where.types) or "not described by the reference"
        text = (
            f"{code(format_path(where.canon))} · in the value of {code(inside.path)}\n\n"
            f"- type: {code(shown)}\n\n{escape(inside.doc)}"
        )
    elif ctx.index.is_group(where.canon):
        below = children(ctx, path)
        listed = ", ".join(code(c.key) for c in below)
        text = f"**{escape(format_path(where.canon))}** · group of options\n\n{listed}"
    elif (module_option := ctx.module_option(path)) is not None:
        module, option = module_option
        default = f"\n- default: {code(option.default)}" if option.default else ""
        text = (
            f"**{escape(format_path(path))}** · an option of the module {code(module.label)}\n\n"
            f"- type: {code(str(option.type))}{default}\n\n{escape(option.doc)}"
        )
    else:
        text = _unknown(path, ctx)
    effective = _effective(doc, found, ctx)
    return text + (f"\n\n---\n\n{effective}" if effective else "")


def _unknown(path: OptionPath, ctx: Knowledge) -> str:
    key = str(path[-1])
    parent = path[:-1]
    siblings = [c.key for c in children(ctx, parent)]
    found = process.extract(key, siblings, scorer=fuzz.WRatio, limit=NEAREST, score_cutoff=60)
    near = [name for name, _score, _i in found]
    where = "a top-level option" if not canonical(ctx.index, parent) else f"an option of {code(format_path(parent))}"
    text = f"**{escape(key)}**: unknown: the reference lists no such key as {where}"
    if near:
        text += "\n\nNearest known: " + ", ".join(code(n) for n in near)
    return text


def _effective(doc: ConfigDocument, found: AtKey, ctx: Knowledge) -> str:
    """The value the app gets when it is not the file's, and every source that sets the option (editor's words)."""
    effective = ctx.effective()
    if effective is None:
        return ""
    path = run_time_path(found.option_path)
    if not path:
        return ""
    try:
        value = doc.get(found.option_path)
    except KeyError:
        value = MISSING
    lines = [escape(note.text) for note in field_notes(effective, format_path(path), value, MISSING)]
    answer = why(effective, path, ctx.catalog)
    setters = [s for s in answer.steps if s.origin.kind not in ("file", "default")]
    if setters:
        chain = [f"{escape(s.origin.describe())}{' (wins)' if s.wins else ''}" for s in answer.steps]
        lines.append("Set by, weakest first: " + "; ".join(chain))
    lines += [escape(note) for note in answer.notes]
    return "\n\n".join(lines)
