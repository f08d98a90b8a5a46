"""`fwk-tui lsp` over stdio, driven by a real LSP client: hover, completion, document symbols, go to definition."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp.conftest import INITIALIZED, Editor, position

pytestmark = pytest.mark.asyncio(loop_scope="module")

PROJECTS = Path(__file__).resolve().parents[1] / "resolve" / "projects"
CONFIG = """\
// 🚀 the team's config
export default defineFwkConfig({
  ssr: true,
  devServer: { port: 3000,  },
  app: { baseURL: '/shop/' },
})
"""


def _id(doc: Editor) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(doc.uri)


async def _opened(client: LanguageClient, tmp_path: Path, text: str = CONFIG) -> Editor:
    file = tmp_path / "fwk.config.ts"
    file.write_text(text, encoding="utf-8")
    doc = Editor(client, file, text)
    await doc.open()
    return doc


def _at(doc: Editor, marker: str, shift: int = 0) -> types.Position:
    return position(doc.text, doc.text.index(marker) + shift)


async def test_the_server_says_what_it_answers(client: LanguageClient) -> None:
    capabilities = INITIALIZED[id(client)].capabilities
    assert capabilities.hover_provider and capabilities.document_symbol_provider and capabilities.definition_provider
    assert capabilities.completion_provider is not None and "{" in (capabilities.completion_provider.trigger_characters or [])


async def test_hover_on_a_key_gives_its_type_defaults_and_variable(client: LanguageClient, tmp_path: Path) -> None:
    doc = await _opened(client, tmp_path)
    found = await client.text_document_hover_async(types.HoverParams(_id(doc), _at(doc, "port:", 1)))
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    text = found.contents.value
    assert "**devServer.port**" in text and "- type: `integer(0..65535)`" in text
    assert "- default (A, this file's variant): `3000`" in text  # the variant detected as check detects it
    on_value = await client.text_document_hover_async(types.HoverParams(_id(doc), _at(doc, "/shop/")))
    assert on_value is not None and isinstance(on_value.contents, types.MarkupContent)
    assert "FWK_APP_BASE_URL" in on_value.contents.value.replace("\\_", "_")  # the variable that overrides it
    assert found.range == types.Range(_at(doc, "port:"), _at(doc, "port:", 4))  # UTF-16 columns past the emoji line
    nothing = await client.text_document_hover_async(types.HoverParams(_id(doc), types.Position(0, 3)))
    assert nothing is None  # a comment


async def test_completion_inside_an_object_lists_its_options_and_not_the_top_level(
    client: LanguageClient, tmp_path: Path
) -> None:
    doc = await _opened(client, tmp_path)
    found = await client.text_document_completion_async(
        types.CompletionParams(_id(doc), _at(doc, "3000, ", 6))
    )
    assert isinstance(found, types.CompletionList)
    labels = {item.label for item in found.items}
    assert {"host", "https", "cors"} <= labels
    assert "port" not in labels  # written already
    assert not labels & {"ssr", "app", "devServer", "modules"}  # top-level keys stay at the top


async def test_completion_in_an_empty_object_lists_its_options(client: LanguageClient, tmp_path: Path) -> None:
    doc = await _opened(client, tmp_path, CONFIG.replace("{ port: 3000,  }", "{  }"))
    found = await client.text_document_completion_async(types.CompletionParams(_id(doc), _at(doc, "{  }", 2)))
    assert isinstance(found, types.CompletionList)
    items = {item.label: item for item in found.items}
    assert {"port", "host"} <= set(items) and not set(items) & {"ssr", "app", "devServer"}
    assert items["port"].detail and "integer" in items["port"].detail  # the type beside the name
    cors = items["cors"]  # this client did not say it takes snippets (Neovim 0.7 does not): plain text
    assert cors.insert_text_format in (None, types.InsertTextFormat.PlainText)
    assert isinstance(cors.text_edit, types.TextEdit) and cors.text_edit.new_text == "cors: "


async def test_completion_while_typing_a_key_in_a_text_that_does_not_parse(
    client: LanguageClient, tmp_path: Path
) -> None:
    doc = await _opened(client, tmp_path)
    await doc.replace("3000,  }", "3000, ho }")
    await doc.replace("baseURL: '/shop/' }", "baseURL: '/shop/', ")  # the object is not closed: no parse
    found = await client.text_document_completion_async(types.CompletionParams(_id(doc), _at(doc, "ho }", 2)))
    assert isinstance(found, types.CompletionList)
    assert "host" in {item.label for item in found.items}
    values = await client.text_document_completion_async(types.CompletionParams(_id(doc), _at(doc, "ssr: ", 5)))
    assert isinstance(values, types.CompletionList)
    assert {"true", "false"} <= {item.label for item in values.items}


async def test_document_symbols_are_the_configs_groups_and_options(client: LanguageClient, tmp_path: Path) -> None:
    doc = await _opened(client, tmp_path)
    found = await client.text_document_document_symbol_async(types.DocumentSymbolParams(_id(doc)))
    assert found is not None
    top = {s.name: s for s in found if isinstance(s, types.DocumentSymbol)}
    assert list(top) == ["ssr", "devServer", "app"]
    assert [c.name for c in top["devServer"].children or []] == ["port"]
    assert top["app"].selection_range.start == _at(doc, "app")


async def test_go_to_definition_goes_to_the_layer_that_sets_a_key(client: LanguageClient, tmp_path: Path) -> None:
    project = tmp_path / "questions"
    shutil.copytree(PROJECTS / "questions", project)
    file = project / "fwk.config.ts"
    doc = Editor(client, file, file.read_text(encoding="utf-8"))
    await doc.open()
    found = await client.text_document_definition_async(types.DefinitionParams(_id(doc), _at(doc, "ssr", 1)))
    assert isinstance(found, list) and found
    layer = (project / "base" / "fwk.config.ts").resolve()
    target = next(loc for loc in found if isinstance(loc, types.Location) and loc.uri == layer.as_uri())
    layer_text = layer.read_text(encoding="utf-8")
    assert target.range.start == position(layer_text, layer_text.index("ssr"))
    source = await client.text_document_definition_async(types.DefinitionParams(_id(doc), _at(doc, "./base", 2)))
    assert isinstance(source, list) and source[0].uri == layer.as_uri()  # the layer's config file


async def test_a_real_client_is_offered_an_installed_modules_key_options_and_values(
    client: LanguageClient, tmp_path: Path
) -> None:
    from tests.modules.test_declarations import COLOR_MODE
    from tests.modules.test_installed import _install

    manifest = {"name": "@fwk/color-mode", "version": "4.0.1", "configKey": "colorMode"}
    _install(tmp_path, "@fwk/color-mode", {"module.d.mts": COLOR_MODE}, manifest)
    text = "export default defineFwkConfig({\n  modules: ['@fwk/color-mode'],\n  colo\n})\n"
    doc = await _opened(client, tmp_path, text)
    top = await client.text_document_completion_async(types.CompletionParams(_id(doc), _at(doc, "colo\n", 4)))
    assert isinstance(top, types.CompletionList)
    module_key = [i for i in top.items if i.label == "colorMode"]
    assert module_key and "@fwk/color-mode 4.0.1" in str(module_key[0].documentation)
    await doc.replace("  colo\n", "  colorMode: { storage: '' },\n")
    inside = await client.text_document_completion_async(types.CompletionParams(_id(doc), _at(doc, "storage", 0)))
    assert isinstance(inside, types.CompletionList)
    assert {"preference", "disableTransition", "cookieAttrs"} <= {i.label for i in inside.items}
    values = await client.text_document_completion_async(types.CompletionParams(_id(doc), _at(doc, "storage: ''", 10)))
    assert isinstance(values, types.CompletionList)
    assert [i.label for i in values.items] == ["localStorage", "sessionStorage", "cookie"]
    await doc.replace("storage: ''", "storag: 'cookie'")
    warnings = [d for d in await doc.diagnostics() if d.code == "FWK110"]
    assert len(warnings) == 1 and "did you mean storage?" in warnings[0].message
