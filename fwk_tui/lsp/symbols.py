"""Document symbols: the config's groups and options as a tree (the outline of an editor)."""

from __future__ import annotations

from collections.abc import Callable

from lsprotocol.types import DocumentSymbol, Position, Range, SymbolKind

from fwk_tui.lsp.at_key import run_time_path
from fwk_tui.lsp.cursor import char_offset
from fwk_tui.lsp.knowledge import Knowledge
from fwk_tui.lsp.where import spot
from fwk_tui.paths import OptionPath
from fwk_tui.resolve.notes import shown_value
from fwk_tui.source import ConfigDocument
from fwk_tui.source.values import UNDEFINED, Code, Entry
from fwk_tui.validate.env import MASK, is_private_path

ToPosition = Callable[[int], Position]

DETAIL_WIDTH = 48
"""A symbol's detail (a short value, or the option's type) is cut to this many characters."""


def symbols(doc: ConfigDocument, ctx: Knowledge, to_position: ToPosition) -> list[DocumentSymbol]:
    """Every object, list and value of the config, nested as written; name = key, detail = short value or type."""
    top: list[DocumentSymbol] = []
    kids: dict[OptionPath, list[DocumentSymbol]] = {}
    for entry in doc.entries():  # parents come before their children
        if not entry.path:
            continue
        symbol = _symbol(doc, entry, ctx, to_position)
        kids.get(entry.path[:-1], top).append(symbol)
        if symbol.children is not None:
            kids[entry.path] = []
            symbol.children = kids[entry.path]
    return top


def _symbol(doc: ConfigDocument, entry: Entry, ctx: Knowledge, to_position: ToPosition) -> DocumentSymbol:
    key = entry.path[-1]
    value = entry.value
    start = entry.key_span.start if entry.key_span is not None else entry.span.start
    whole = Range(to_position(char_offset(doc, start)), to_position(char_offset(doc, entry.span.end)))
    chosen = entry.key_span or entry.span
    selection = Range(to_position(char_offset(doc, chosen.start)), to_position(char_offset(doc, chosen.end)))
    if isinstance(value, (dict, list)):
        found = spot(ctx, entry.path)
        detail = found.option.type_text(ctx.variant) if found.is_option and found.option is not None else ""
        if len(detail) > DETAIL_WIDTH:
            detail = detail[: DETAIL_WIDTH - 1] + "…"
        if not detail:
            detail = f"{len(value)} {'key' if isinstance(value, dict) else 'item'}{'' if len(value) == 1 else 's'}"
    elif is_private_path(run_time_path(entry.path)):
        detail = MASK  # a private value, masked as hover and `resolve` mask it
    else:
        detail = shown_value(value)
    return DocumentSymbol(
        name=key if isinstance(key, str) else f"[{key}]",
        kind=_kind(value),
        range=whole,
        selection_range=selection,
        detail=detail,
        children=[] if isinstance(value, (dict, list)) else None,
    )


def _kind(value: object) -> SymbolKind:
    if isinstance(value, dict):
        return SymbolKind.Object
    if isinstance(value, list):
        return SymbolKind.Array
    if isinstance(value, bool):
        return SymbolKind.Boolean
    if isinstance(value, str):
        return SymbolKind.String
    if isinstance(value, (int, float)):
        return SymbolKind.Number
    if value is None or value is UNDEFINED:
        return SymbolKind.Null
    if isinstance(value, Code) and value.text.rstrip().endswith("}") and "(" in value.text.split("{")[0]:
        return SymbolKind.Method
    return SymbolKind.Key
