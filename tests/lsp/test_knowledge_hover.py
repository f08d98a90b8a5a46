"""Hover: explain's facts, the rules, and the effective value with its origin, on the key under the cursor."""

from __future__ import annotations

import pytest

from fwk_tui.catalog.present import explain_rows
from fwk_tui.lsp.hover import hover
from fwk_tui.lsp.knowledge import Knowledge
from fwk_tui.project import Project
from fwk_tui.source import load_document
from tests.lsp.knowledge_helpers import PROJECTS, catalog, config_text, document_or_none, knowledge, position_in
from tests.validate.helpers import corpus_files


def _hover(text: str, word: str, ctx: Knowledge | None = None, nth: int = 0) -> tuple[str, tuple[int, int]] | None:
    doc = document_or_none(text)
    assert doc is not None
    at = -1
    for _ in range(nth + 1):
        at = text.index(word, at + 1)
    found = hover(doc, at + 1, ctx or knowledge(), position_in(text))
    if found is None:
        return None
    assert found.range is not None
    value = found.contents.value  # type: ignore[union-attr]
    return value, (found.range.start.character, found.range.end.character)


def test_a_known_option_says_what_explain_says_with_the_variant_marked() -> None:
    text = config_text("  devServer: { port: 3000 },")
    found = _hover(text, "port: ")
    assert found is not None
    value, where = found
    assert where == (15, 19)  # the key's range
    assert value.startswith("**devServer.port**")
    assert "- type: `integer(0..65535)`" in value
    assert "default (A, this file's variant)" in value and "default (B)" in value
    option = catalog().get("devServer.port")
    assert option is not None and option.doc.split(".")[0] in value
    for label, _text in explain_rows(option, "A"):
        assert label.split(" (")[0] in value


def test_variant_b_marks_b() -> None:
    found = _hover(config_text("  ssr: false,"), "ssr", knowledge("B"))
    assert found is not None and "default (B, this file's variant)" in found[0] and "- default (A):" in found[0]


def test_the_rules_the_variable_and_the_tags() -> None:
    found = _hover(config_text("  app: { baseURL: './' },"), "baseURL")
    assert found is not None
    value = found[0]
    assert "FWK301" in value and "`FWK_APP_BASE_URL`" in value
    devurl = _hover(config_text("  devServer: { url: 'http://x' },"), "url")
    assert devurl is not None and "FWK317" in devurl[0] and "- tags: dev only, set by the framework" in devurl[0]


def test_on_a_value_the_hover_is_its_option_and_the_range_the_value() -> None:
    text = config_text("  builder: 'wbuild',")
    found = _hover(text, "wbuild")
    assert found is not None
    assert found[0].startswith("**builder**") and "FWK313" in found[0]
    assert found[1] == (11, 19)


def test_an_unknown_key_names_the_nearest_known() -> None:
    found = _hover(config_text("  devServer: { prot: 3000 },"), "prot")
    assert found is not None
    value, where = found
    assert "unknown" in value and "`port`" in value and "`devServer`" in value
    assert where == (15, 19)


def test_a_group_lists_its_options() -> None:
    found = _hover(config_text("  devServer: { port: 3000 },"), "devServer")
    assert found is not None and "group of options" in found[0] and "`https`" in found[0]


def test_nothing_outside_the_config() -> None:
    text = "// ssr\n" + config_text("  ssr: true,")
    assert _hover(text, "ssr") is None


def test_the_effective_value_from_a_layer_in_the_editor_words() -> None:
    file = PROJECTS / "questions" / "fwk.config.ts"
    doc = load_document(file)
    ctx = Knowledge.of(catalog(), doc, Project.at(file, environ={}))
    found = hover(doc, doc.text.index("ssr") + 1, ctx, position_in(doc.text))
    assert found is not None
    value = found.contents.value  # type: ignore[union-attr]
    assert "the app gets false from layer ./base (base/fwk.config.ts:2:8)" in value
    assert "layer ./base (base/fwk.config.ts:2:8) (wins)" in value


def test_no_effective_part_without_layers() -> None:
    found = _hover(config_text("  ssr: false,"), "ssr")
    assert found is not None and "the app gets" not in found[0] and "---" not in found[0]


def test_every_key_of_the_corpus_has_a_hover_at_its_range() -> None:
    files, why = corpus_files()
    if not files:
        pytest.fail(why or "no corpus")
    ctx = knowledge()
    checked = 0
    for file in files:
        doc = document_or_none(file.read_text(encoding="utf-8"))
        if doc is None:
            continue
        text = doc.text
        data = doc.data
        for entry in doc.entries():
            if entry.key_span is None:
                continue
            start = len(data[: entry.key_span.start].decode("utf-8"))
            found = hover(doc, start, ctx, position_in(text))
            assert found is not None and found.range is not None, (file.name, entry.path)
            assert found.range.start == position_in(text)(start)
            checked += 1
    assert checked > 200


def test_the_range_is_in_characters_after_non_ascii_text() -> None:
    text = config_text("  app: { head: { title: 'Café ☕ 🎉' } },\n  ssr: false,")
    found = _hover(text, "ssr")
    assert found is not None
    line = text.splitlines()[2]
    assert line[found[1][0] : found[1][1]] == "ssr"


def test_inside_an_option_value_and_in_an_environment_block() -> None:
    text = config_text("  app: { head: { meta: [{ name: 'description' }] } },\n  $production: { ssr: false },")
    meta = _hover(text, "name")
    assert meta is not None and meta[0].startswith("`app.head.meta[0].name` · in the value of `app.head.meta`")
    block = _hover(text, "$production")
    assert block is not None and "the production environment" in block[0]
    ssr = _hover(text, "ssr")
    assert ssr is not None and ssr[0].startswith("**ssr** · ")


def test_a_variable_of_the_env_file_that_replaces_the_value_at_run_time() -> None:
    file = PROJECTS / "questions" / "fwk.config.ts"
    doc = load_document(file)
    ctx = Knowledge.of(catalog(), doc, Project.at(file, environ={}))
    found = hover(doc, doc.text.index("baseURL") + 1, ctx, position_in(doc.text))
    assert found is not None
    value = found.contents.value  # type: ignore[union-attr]
    assert "APP\\_BASE\\_URL in .env overrides at run time: '/from-env/'" in value
    assert "fwk.config.ts:5:19; FWK\\_APP\\_BASE\\_URL in .env:3:1 (wins)\n" in value
    assert value.rstrip().endswith("in the production environment, fwk.config.ts:8:34 sets it (its section is left out above)")
