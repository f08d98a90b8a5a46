"""Document symbols: the config's groups and options as a tree."""

from __future__ import annotations

import pytest
from lsprotocol.types import DocumentSymbol, SymbolKind

from fwk_tui.lsp.symbols import symbols
from tests.lsp.knowledge_helpers import config_text, document_or_none, knowledge, position_in
from tests.validate.helpers import corpus_files


def _symbols(text: str) -> list[DocumentSymbol]:
    doc = document_or_none(text)
    assert doc is not None
    return symbols(doc, knowledge(), position_in(text))


def _walk(found: list[DocumentSymbol]) -> list[DocumentSymbol]:
    out = []
    for symbol in found:
        out.append(symbol)
        out += _walk(list(symbol.children or []))
    return out


def test_groups_and_options_nested_with_kinds_and_details() -> None:
    text = config_text(
        "  ssr: false,\n  devServer: { port: 3000, host: 'localhost' },\n  modules: ['@fwk/content'],\n"
        "  hooks: { ready() {} },\n  appId: mine,"
    )
    top = _symbols(text)
    assert [s.name for s in top] == ["ssr", "devServer", "modules", "hooks", "appId"]
    ssr, dev, modules, hooks, app_id = top
    assert (ssr.kind, ssr.detail) == (SymbolKind.Boolean, "false")
    assert dev.kind == SymbolKind.Object and [c.name for c in dev.children or []] == ["port", "host"]
    port, host = dev.children or []
    assert (port.kind, port.detail) == (SymbolKind.Number, "3000")
    assert (host.kind, host.detail) == (SymbolKind.String, "'localhost'")
    assert modules.kind == SymbolKind.Array and modules.detail == "array<string | [string, object] | function>"
    assert [c.name for c in modules.children or []] == ["[0]"]
    assert app_id.kind == SymbolKind.Key and app_id.detail == "mine"
    assert hooks.kind == SymbolKind.Object


def test_ranges_cover_key_and_value_and_select_the_key() -> None:
    text = config_text("  devServer: {\n    port: 3000,\n  },")
    (dev,) = _symbols(text)
    assert (dev.range.start.line, dev.range.start.character) == (1, 2)
    assert (dev.range.end.line, dev.range.end.character) == (3, 3)
    assert (dev.selection_range.start.character, dev.selection_range.end.character) == (2, 11)
    (port,) = dev.children or []
    assert (port.selection_range.start.line, port.selection_range.start.character) == (2, 4)


def test_every_entry_of_the_corpus_is_a_symbol() -> None:
    files, why = corpus_files()
    if not files:
        pytest.fail(why or "no corpus")
    for file in files:
        doc = document_or_none(file.read_text(encoding="utf-8"))
        if doc is None:
            continue
        found = _walk(symbols(doc, knowledge(), position_in(doc.text)))
        assert len(found) == len([e for e in doc.entries() if e.path]), file.name
        for symbol in found:
            assert symbol.range.start.line <= symbol.selection_range.start.line <= symbol.range.end.line


def test_a_private_value_is_masked_in_the_outline_as_in_hover() -> None:
    """The outline's details held `'CFGSECRET'`, and those of `$production` and `$env.staging`, where hover and
    `resolve` say `****`; a public value is shown."""
    text = config_text(
        "  runtimeConfig: { apiSecret: 'CFGSECRET', public: { base: '/api' } },\n"
        "  $production: { runtimeConfig: { apiSecret: 'PRODSECRET' } },\n"
        "  $env: { staging: { runtimeConfig: { keys: ['STAGESECRET'] } } },"
    )
    details = {s.name: s.detail for s in _walk(_symbols(text))}
    assert not any("SECRET" in (d or "") for d in details.values()), details
    assert details["apiSecret"] == "****" and details["base"] == "'/api'"
