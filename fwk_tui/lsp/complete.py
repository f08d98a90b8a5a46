"""Completion: the keys the catalogue knows at the cursor's object path, and the literal values of a value typed.

Inside ``devServer: { | }`` the options of ``devServer`` not written yet (never
the top-level keys); at ``ssr: |`` the values the type closes on (enums,
``true``/``false``, the builder names), and ``{}``/``[]`` for an object or a list.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from lsprotocol.types import (
    CompletionItem,
    CompletionItemKind,
    CompletionItemTag,
    CompletionList,
    InsertTextFormat,
    MarkupContent,
    MarkupKind,
    Position,
    Range,
    TextEdit,
)

from fwk_tui.catalog.types import ArrayType, BoolType, LiteralType, ObjectType, RecordType, TupleType, TypeExpr, render
from fwk_tui.lsp.cursor import Place, place_at
from fwk_tui.lsp.knowledge import Knowledge
from fwk_tui.lsp.texts import escape, short_markdown
from fwk_tui.lsp.where import Child, children, flat, spot
from fwk_tui.source import ConfigDocument

ToPosition = Callable[[int], Position]

_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")
_OBJECT_SNIPPET = "{ $0 }"  # one line: a client's line breaks and indentation are its own business
_DEPRECATED = ("deprecated", "removed-in-v4")


def complete(
    doc: ConfigDocument | None,
    offset: int,
    ctx: Knowledge,
    to_position: ToPosition,
    *,
    text: str | None = None,
    snippets: bool = True,
) -> CompletionList:
    """The completions at ``offset`` (into ``text``, by default ``doc.text``).

    ``text`` is the current text when it no longer parses (``doc`` is then the last
    document that did, or None): the object path is found by a textual scan.
    ``snippets``: the client takes snippets (an object's key inserts ``key: { | }``
    with the cursor inside); else every item is plain text (``key: ``).
    """
    source = text if text is not None else doc.text if doc is not None else ""
    place = place_at(doc, offset, source)
    if place is None:
        return CompletionList(is_incomplete=False, items=[])
    span = Range(to_position(place.start), to_position(place.end))
    if place.at == "key":
        items = _keys(place, ctx, span, source, snippets)
    else:
        items = _values(place, ctx, span, _quote_of(doc), snippets)
    return CompletionList(is_incomplete=False, items=items)


# -- keys --------------------------------------------------------------------------------------


def _keys(place: Place, ctx: Knowledge, span: Range, text: str, snippets: bool) -> list[CompletionItem]:
    colon_follows = text[place.end : place.end + 40].lstrip(" \t").startswith(":") or bool(place.quote)
    items = []
    for rank, child in enumerate(children(ctx, place.path)):
        if child.key in place.written:
            continue
        below = children(ctx, (*place.path, child.key)) if child.group else []
        items.append(_key_item(child, below, rank, ctx, span, colon_follows, place.quote is not None, snippets))
    return items


def _key_item(
    child: Child,
    below: list[Child],
    rank: int,
    ctx: Knowledge,
    span: Range,
    colon_follows: bool,
    quoted: bool,
    snippets: bool,
) -> CompletionItem:
    option = child.option
    types = flat([child.type]) if child.type is not None else []
    is_object = child.group or (bool(types) and all(isinstance(t, (ObjectType, RecordType)) for t in types))
    is_list = bool(types) and all(isinstance(t, (ArrayType, TupleType)) for t in types)
    key = child.key if quoted or _IDENTIFIER.fullmatch(child.key) else json.dumps(child.key).replace('"', "'")
    if colon_follows:
        insert, snippet = key, False
    elif not snippets:
        insert, snippet = f"{key}: ", False
    elif is_object:
        insert, snippet = f"{_snippet_text(key)}: {_OBJECT_SNIPPET}", True
    elif is_list:
        insert, snippet = f"{_snippet_text(key)}: [$0]", True
    else:
        insert, snippet = f"{key}: ", False
    if option is not None:
        detail = option.type_text(ctx.variant if option.in_variant(ctx.variant) else None)
    elif child.group:
        detail = "group of options"
    else:
        detail = render(child.type) if child.type is not None else ""
    docs = short_markdown(option, child.type, ctx.variant)
    if option is None and child.doc:  # a module's option: what its declarations say (a package's words, escaped)
        docs = "\n\n".join(part for part in (docs, escape(child.doc)) if part)
    if child.group and option is None:
        docs = "Options: " + ", ".join(f"`{c.key}`" for c in below[:12]) + (", …" if len(below) > 12 else "")
    deprecated = option is not None and any(tag in option.tags for tag in _DEPRECATED)
    return CompletionItem(
        label=child.key,
        kind=_key_kind(is_object, option is None),
        detail=detail,
        documentation=MarkupContent(MarkupKind.Markdown, docs) if docs else None,
        sort_text=f"{rank:04d}",
        filter_text=child.key,
        text_edit=TextEdit(span, insert),
        insert_text_format=InsertTextFormat.Snippet if snippet else InsertTextFormat.PlainText,
        tags=[CompletionItemTag.Deprecated] if deprecated else None,
    )


def _key_kind(is_object: bool, is_field: bool) -> CompletionItemKind:
    if is_object:
        return CompletionItemKind.Module
    return CompletionItemKind.Field if is_field else CompletionItemKind.Property


def _snippet_text(text: str) -> str:
    """``text`` as a snippet's plain text: ``$``, ``}`` and ``\\`` escaped."""
    return re.sub(r"([$}\\])", r"\\\1", text)


# -- values ------------------------------------------------------------------------------------


def _values(place: Place, ctx: Knowledge, span: Range, quote: str, snippets: bool) -> list[CompletionItem]:
    path = place.value_path
    if path is None:
        return []
    found = spot(ctx, path)
    default = _default_of(found.option, ctx) if found.is_option else _NO_DEFAULT
    items: list[CompletionItem] = []
    seen: list[Any] = []
    for t in flat(found.types):
        for value, kind in _literals(t):
            if any(type(value) is type(v) and value == v for v in seen):
                continue
            seen.append(value)
            if place.quote is not None and not isinstance(value, str):
                continue
            items.append(_value_item(value, kind, len(items), default, place, span, quote))
        if place.quote is None and isinstance(t, (ObjectType, RecordType)) and "{}" not in seen:
            seen.append("{}")
            snippet = "{$0}" if isinstance(t, RecordType) else _OBJECT_SNIPPET
            items.append(_shape_item("{…}", snippet if snippets else "{}", render(t), len(items), span, snippets))
        if place.quote is None and isinstance(t, (ArrayType, TupleType)) and "[]" not in seen:
            seen.append("[]")
            items.append(_shape_item("[…]", "[$0]" if snippets else "[]", render(t), len(items), span, snippets))
    return items


_NO_DEFAULT = object()


def _default_of(option: Any, ctx: Knowledge) -> Any:
    default = option.default_for(ctx.variant) if option is not None else None
    return default.value if default is not None and default.kind == "value" else _NO_DEFAULT


def _literals(t: TypeExpr) -> list[tuple[Any, CompletionItemKind]]:
    if isinstance(t, BoolType):
        return [(True, CompletionItemKind.Keyword), (False, CompletionItemKind.Keyword)]
    if isinstance(t, LiteralType):
        value = t.value
        if isinstance(value, str):
            return [(value, CompletionItemKind.EnumMember)]
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [(value, CompletionItemKind.Value if number else CompletionItemKind.Keyword)]
    return []


def _js(value: Any, quote: str) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        body = json.dumps(value, ensure_ascii=False)[1:-1]
        if quote == "'":
            body = body.replace('\\"', '"').replace("'", "\\'")
        return f"{quote}{body}{quote}"
    return json.dumps(value)


def _value_item(
    value: Any, kind: CompletionItemKind, rank: int, default: Any, place: Place, span: Range, quote: str
) -> CompletionItem:
    text = value if place.quote is not None else _js(value, quote)
    is_default = default is not _NO_DEFAULT and type(default) is type(value) and default == value
    return CompletionItem(
        label=text,
        kind=kind,
        detail="the default" if is_default else None,
        sort_text=f"{rank:04d}",
        preselect=is_default or None,
        text_edit=TextEdit(span, text),
    )


def _shape_item(label: str, insert: str, detail: str, rank: int, span: Range, snippet: bool) -> CompletionItem:
    return CompletionItem(
        label=label,
        kind=CompletionItemKind.Struct,
        detail=detail,
        sort_text=f"{rank:04d}",
        text_edit=TextEdit(span, insert),
        insert_text_format=InsertTextFormat.Snippet if snippet else InsertTextFormat.PlainText,
    )


def _quote_of(doc: ConfigDocument | None) -> str:
    """The quote the file writes strings with (single when unknown)."""
    if doc is None:
        return "'"
    return doc.style.quote
