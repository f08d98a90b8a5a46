"""`fwk-tui lsp` over stdio, driven by a real LSP client: diagnostics on open and as the text changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from fwk_tui.cli import main as cli_main
from tests.lsp.conftest import INITIALIZED, Editor, position, published, published_count

pytestmark = pytest.mark.asyncio(loop_scope="module")

CONFIG = """\
// the team's config
export default defineFwkConfig({
  unhead: { legacy: true },
  devServer: { port: '3000', hots: 'localhost' },
  ssr: 'yes',
  modules: ['@fwk/image', ''],
})
"""


def check_json(file: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    """What ``fwk-tui check --format json FILE`` prints."""
    capsys.readouterr()
    cli_main(["check", "--format", "json", str(file)])
    found: list[dict[str, object]] = json.loads(capsys.readouterr().out)
    return found


def config_file(tmp_path: Path, text: str, name: str = "fwk.config.ts") -> Path:
    file = tmp_path / name
    file.write_text(text, encoding="utf-8")
    return file


def spans(diagnostics: list[types.Diagnostic]) -> list[tuple[str | None, int, int, int, int]]:
    """(code, start line, start character, end line, end character) of each diagnostic."""
    return [
        (
            None if d.code is None else str(d.code),
            d.range.start.line,
            d.range.start.character,
            d.range.end.line,
            d.range.end.character,
        )
        for d in diagnostics
    ]


async def test_initialize_offers_incremental_sync_and_code_actions(client: LanguageClient) -> None:
    result = INITIALIZED[id(client)]
    assert result.server_info is not None and result.server_info.name == "fwk-tui"
    sync = result.capabilities.text_document_sync
    assert isinstance(sync, types.TextDocumentSyncOptions)
    assert sync.change == types.TextDocumentSyncKind.Incremental and sync.open_close
    actions = result.capabilities.code_action_provider
    assert isinstance(actions, types.CodeActionOptions)
    assert actions.code_action_kinds is not None and types.CodeActionKind.QuickFix in actions.code_action_kinds


async def test_diagnostics_on_open_are_those_of_check(
    client: LanguageClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = config_file(tmp_path, CONFIG)
    found = await Editor(client, file, CONFIG).open()
    expected = check_json(file, capsys)
    assert len(expected) == 5
    got = [
        {
            "code": d.code,
            "severity": {1: "error", 2: "warning", 3: "info"}[int(d.severity or 0)],
            "message": d.message,
            "line": d.range.start.line + 1,
            "column": d.range.start.character + 1,
        }
        for d in found
    ]
    want = [{k: e[k] for k in ("code", "severity", "message", "line", "column")} for e in expected]
    assert got == want
    assert all(d.source == "fwk-tui" for d in found)
    # In a checkout, each code links to its entry of docs/rules.md.
    links = [d.code_description.href if d.code_description else None for d in found]
    rules = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
    assert links == [f"{rules.as_uri()}#{str(d.code).lower()}" for d in found]
    assert all(f"## {d.code}" in rules.read_text(encoding="utf-8") for d in found)
    # Each covers its key (about the key) or its value, as check's frame points at it.
    assert spans(found) == [
        ("FWK103", 2, 2, 2, 8),  # unhead
        ("FWK201", 3, 21, 3, 27),  # '3000'
        ("FWK101", 3, 29, 3, 33),  # hots
        ("FWK201", 4, 7, 4, 12),  # 'yes'
        ("FWK324", 5, 26, 5, 28),  # ''
    ]


async def test_an_edit_updates_the_diagnostics(client: LanguageClient, tmp_path: Path) -> None:
    editor = Editor(client, config_file(tmp_path, CONFIG), CONFIG)
    await editor.open()
    after_fix = await editor.replace("'3000'", "3000")
    assert "FWK201" in [d.code for d in after_fix]  # ssr's is still there
    assert ("FWK201", 3, 21, 3, 27) not in spans(after_fix)
    # The unknown key moved two characters left with the quotes gone.
    assert ("FWK101", 3, 27, 3, 31) in spans(after_fix)
    broken = await editor.replace("ssr: 'yes'", "ssr: true,\n  buildDir: 42")
    assert ("FWK201", 5, 12, 5, 14) in spans(broken)  # the new line's number is not a path
    assert [d.message for d in broken if d.range.start.line == 5] == ["expected a path, got 42"]
    assert not any(d.range.start.line == 4 for d in broken)  # ssr: true is right


async def test_several_changes_in_one_notification_apply_in_order(client: LanguageClient, tmp_path: Path) -> None:
    editor = Editor(client, config_file(tmp_path, CONFIG), CONFIG)
    await editor.open()
    first = CONFIG.replace("hots", "host")
    second = first.replace("'yes'", "false")
    changes: list[types.TextDocumentContentChangeEvent] = []
    for before, after, old, new in ((CONFIG, first, "hots", "host"), (first, second, "'yes'", "false")):
        start = before.index(old)
        rng = types.Range(position(before, start), position(before, start + len(old)))
        changes.append(types.TextDocumentContentChangePartial(range=rng, text=new))
    editor.text = second
    found = await editor.change(changes)
    assert [d.code for d in found] == ["FWK103", "FWK201", "FWK324"]


async def test_a_syntax_error_is_one_diagnostic_and_the_server_goes_on(
    client: LanguageClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = config_file(tmp_path, CONFIG)
    editor = Editor(client, file, CONFIG)
    await editor.open()
    broken = await editor.replace("  ssr: 'yes',\n", "  ssr: 'yes' 'no',\n")
    assert len(broken) == 1
    (error,) = broken
    assert error.severity == types.DiagnosticSeverity.Error
    # Where and what check says of the same text on disk.
    file.write_text(editor.text, encoding="utf-8")
    capsys.readouterr()
    assert cli_main(["check", str(file)]) == 2
    said = capsys.readouterr().err.splitlines()[0]
    start = error.range.start
    assert said == f"{file}:{start.line + 1}:{start.character + 1}: {error.message}"
    assert error.message.startswith("syntax error: unexpected")
    assert start.line == 4
    # A comma gone: the error covers the name that comes unexpected.
    await editor.replace(" 'no'", "")
    (missing_comma,) = await editor.replace("  ssr: 'yes',\n", "  ssr: 'yes'\n")
    assert missing_comma.message == "syntax error: unexpected `modules`"
    assert spans([missing_comma]) == [(None, 5, 2, 5, 9)]
    assert await editor.actions("ssr") == []  # answers, with nothing to offer
    mended = await editor.replace("  ssr: 'yes'\n", "  ssr: 'yes',\n")
    assert [d.code for d in mended] == ["FWK103", "FWK201", "FWK101", "FWK201", "FWK324"]


async def test_positions_count_utf16_code_units(client: LanguageClient, tmp_path: Path) -> None:
    text = CONFIG.replace("  ssr: 'yes',", "  /* 🎉 party */ ssr: 'yes',")
    editor = Editor(client, config_file(tmp_path, text), text)
    found = await editor.open()
    line = text.split("\n")[4]
    start = len(line[: line.index("'yes'")].encode("utf-16-le")) // 2
    assert start == 22  # the emoji is two code units, one character
    assert ("FWK201", 4, start, 4, start + 5) in spans(found)
    # An edit after the emoji lands where the client meant it.
    fixed = await editor.replace("'yes'", "false")
    assert not any(d.range.start.line == 4 for d in fixed)
    broken = await editor.replace("party */ ssr", "party */ srr")
    assert ("FWK101", 4, start - 5, 4, start - 2) in spans(broken)


async def test_a_file_not_named_fwk_config_gets_nothing(client: LanguageClient, tmp_path: Path) -> None:
    other = config_file(tmp_path, CONFIG, name="vite.config.ts")
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(other.as_uri(), "typescript", 1, CONFIG))
    )
    # A layer's config (any code extension) is checked; the server answers in order, so the other came first.
    layer = tmp_path / "layers" / "base"
    layer.mkdir(parents=True)
    found = await Editor(client, config_file(layer, CONFIG, name="fwk.config.mjs"), CONFIG).open()
    assert len(found) == 5
    assert other.as_uri() not in client.diagnostics


async def test_an_empty_file_has_no_diagnostics_until_it_has_text(client: LanguageClient, tmp_path: Path) -> None:
    editor = Editor(client, config_file(tmp_path, ""), "")
    assert await editor.open() == []
    typed = await editor.change([types.TextDocumentContentChangeWholeDocument(text="export default { ssr: 1 }\n")])
    assert [d.code for d in typed] == ["FWK201"]


async def test_closing_a_document_clears_its_diagnostics(client: LanguageClient, tmp_path: Path) -> None:
    editor = Editor(client, config_file(tmp_path, CONFIG), CONFIG)
    assert await editor.open()
    editor.close()
    cleared = await published(client, lambda p: p.uri == editor.uri and p.version is None)
    assert list(cleared.diagnostics) == []


async def test_what_the_merged_layers_show_is_published_as_check_prints_it(
    client: LanguageClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = tmp_path / "base" / "fwk.config.ts"
    base.parent.mkdir()
    base.write_text("export default defineFwkConfig({\n  future: { compatibilityVersion: 4 },\n})\n", encoding="utf-8")
    text = (
        "export default defineFwkConfig({\n  extends: ['./base'],\n"
        "  experimental: { compileTemplate: true },\n  ssr: true,\n})\n"
    )
    file = config_file(tmp_path, text)
    editor = Editor(client, file, text)
    found = await editor.open()
    assert [d.code for d in found] == [e["code"] for e in check_json(file, capsys)] == ["FWK104", "FWK308"]
    # The layer opts into v4: the flag this file sets is flagged at its value, saying where it comes from.
    merged = found[1]
    assert spans([merged]) == [("FWK308", 2, 35, 2, 39)]
    assert merged.message.endswith("sets future.compatibilityVersion: 4 (set by the config file)")
    # A value a layer sets is shown at the key naming the layers, linked to the layer's line; saving the layer
    # (in the editor, or anything the client saves) checks the open configs again.
    hash_mode = "export default defineFwkConfig({\n  router: { options: { hashMode: true } },\n})\n"
    base.write_text(hash_mode, encoding="utf-8")
    before = published_count(client)
    client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(base.as_uri())))
    found = list((await published(client, lambda p: p.uri == editor.uri, since=before)).diagnostics)
    assert [d.code for d in found] == [e["code"] for e in check_json(file, capsys)] == ["FWK104", "FWK304"]
    from_layer = found[1]
    assert spans([from_layer]) == [("FWK304", 1, 2, 1, 9)]
    assert from_layer.message.endswith("(set by layer ./base)")
    assert from_layer.related_information is not None
    (related,) = from_layer.related_information
    assert related.location.uri == base.as_uri()
    assert (related.location.range.start.line, related.location.range.start.character) == (1, 33)


async def test_ignore_comments_set_diagnostics_aside_as_in_check(
    client: LanguageClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = CONFIG.replace("  ssr: 'yes',\n", "  // fwk-tui-ignore FWK201\n  ssr: 'yes',\n  // fwk-tui-ignore FWK101\n")
    file = config_file(tmp_path, text)
    found = await Editor(client, file, text).open()
    expected = check_json(file, capsys)
    got = [(d.code, d.range.start.line + 1, d.range.start.character + 1) for d in found]
    assert got == [(e["code"], e["line"], e["column"]) for e in expected]
    assert ("FWK201", 4, 22) in got  # the port's stays: no comment above it
    assert ("FWK201", 6, 8) not in got  # ssr's is silenced
    (unused,) = [d for d in found if d.code == "FWK501"]
    assert unused.severity == types.DiagnosticSeverity.Information
    assert list(unused.tags or []) == [types.DiagnosticTag.Unnecessary]
    # The comment that silences nothing is marked from its start to the end of its line.
    assert spans([unused]) == [("FWK501", 6, 2, 6, 26)]
