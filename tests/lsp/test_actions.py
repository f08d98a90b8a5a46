"""Code actions of `fwk-tui lsp`, applied as a client applies them: the same bytes as `check --fix`."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from fwk_tui.cli import main as cli_main
from tests.lsp.conftest import Editor, applied

pytestmark = pytest.mark.asyncio(loop_scope="module")

# Each has one safe fix, on a line after an emoji, with Windows line ends: what check --fix writes is the reference.
ONE_FIX = {
    "rename": ("unhead", "  unhead: { legacy: true },"),
    "remove an item": ("''", "  modules: ['@fwk/image', ''],"),
    "remove a member and the object it empties": ("url", "  devServer: { url: 'http://localhost:3000' },"),
}


def config_text(line: str, newline: str = "\r\n") -> str:
    lines = ["// 🎉 the team's config", "export default defineFwkConfig({", line, "  ssr: false,", "})", ""]
    return newline.join(lines)


def fixed_by_check(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> str:
    """The text ``fwk-tui check --fix`` leaves in a copy of the file."""
    copy = tmp_path / "copy" / "fwk.config.ts"
    copy.parent.mkdir()
    copy.write_bytes(text.encode("utf-8"))
    cli_main(["check", "--fix", str(copy)])
    capsys.readouterr()
    return copy.read_bytes().decode("utf-8")


async def open_editor(client: LanguageClient, tmp_path: Path, text: str) -> Editor:
    file = tmp_path / "fwk.config.ts"
    file.write_bytes(text.encode("utf-8"))
    editor = Editor(client, file, text)
    await editor.open()
    return editor


@pytest.mark.parametrize("case", list(ONE_FIX))
async def test_a_fix_applied_gives_the_bytes_of_check_fix(
    client: LanguageClient, tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    at, line = ONE_FIX[case]
    text = config_text(line)
    editor = await open_editor(client, tmp_path, text)
    fixes = [a for a in await editor.actions(at) if a.kind == types.CodeActionKind.QuickFix]
    assert len(fixes) == 1
    (fix,) = fixes
    assert fix.is_preferred  # a safe fix: the one check --fix applies
    assert fix.diagnostics is not None and [d.source for d in fix.diagnostics] == ["fwk-tui"]
    assert fix.edit is not None
    result = applied(text, fix.edit, editor.uri)
    assert result != text
    assert result == fixed_by_check(tmp_path, text, capsys)


async def test_a_fix_that_changes_behaviour_is_offered_not_preferred(client: LanguageClient, tmp_path: Path) -> None:
    text = config_text("  devServer: { port: '3000' },", "\n")
    editor = await open_editor(client, tmp_path, text)
    (fix,) = [a for a in await editor.actions("'3000'") if a.kind == types.CodeActionKind.QuickFix]
    assert fix.title == "Set devServer.port to 3000"
    assert not fix.is_preferred
    assert fix.diagnostics is not None and [d.code for d in fix.diagnostics] == ["FWK201"]
    assert fix.edit is not None
    assert "  devServer: { port: 3000 }," in applied(text, fix.edit, editor.uri)


async def test_fix_all_applies_what_check_fix_applies(
    client: LanguageClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = config_text("  unhead: { legacy: true },\n  modules: ['@fwk/image', '', '@fwk/image'],", "\n")
    editor = await open_editor(client, tmp_path, text)
    assert not [a for a in await editor.actions("unhead") if a.kind == "source.fixAll.fwk-tui"]  # asked for by name
    (fix_all,) = await editor.actions("unhead", only=[types.CodeActionKind.SourceFixAll])
    assert fix_all.title == "Apply the 3 safe fixes of fwk-tui (as check --fix)"
    assert fix_all.edit is not None
    assert applied(text, fix_all.edit, editor.uri) == fixed_by_check(tmp_path, text, capsys)


async def test_reset_to_default_removes_the_key_under_the_cursor(client: LanguageClient, tmp_path: Path) -> None:
    text = config_text("  devServer: { port: 3001, host: 'example.test' },", "\n")
    editor = await open_editor(client, tmp_path, text)
    (reset,) = [a for a in await editor.actions("port: 3001") if a.kind == types.CodeActionKind.RefactorRewrite]
    assert reset.title == "Reset devServer.port to its default (3000)"
    assert reset.edit is not None
    assert applied(text, reset.edit, editor.uri) == text.replace("port: 3001, ", "")
    # On a value too; an object left empty goes with it, as in the editor.
    (reset_host,) = await editor.actions("'example.test'", only=[types.CodeActionKind.RefactorRewrite])
    assert reset_host.title == "Reset devServer.host to its default"
    only_host = config_text("  devServer: { host: 'example.test' },", "\n")
    await editor.change([types.TextDocumentContentChangeWholeDocument(text=only_host)])
    editor.text = only_host
    (reset_last,) = await editor.actions("host", only=[types.CodeActionKind.RefactorRewrite])
    assert reset_last.edit is not None
    emptied = only_host.replace("  devServer: { host: 'example.test' },\n", "")
    assert applied(only_host, reset_last.edit, editor.uri) == emptied


async def test_only_the_kinds_asked_for(client: LanguageClient, tmp_path: Path) -> None:
    text = config_text("  devServer: { port: '3000' },", "\n")
    editor = await open_editor(client, tmp_path, text)
    kinds = {a.kind for a in await editor.actions("'3000'")}
    assert kinds == {types.CodeActionKind.QuickFix, types.CodeActionKind.RefactorRewrite}
    only = await editor.actions("'3000'", only=[types.CodeActionKind.QuickFix])
    assert {a.kind for a in only} == {types.CodeActionKind.QuickFix}
    assert await editor.actions("ssr", only=[types.CodeActionKind.QuickFix]) == []  # nothing wrong there


async def test_a_fix_and_the_reset_that_would_make_the_same_edit_are_offered_once(
    client: LanguageClient, tmp_path: Path
) -> None:
    text = config_text("  sssr: true,", newline="\n")  # ssr is set too: the fix removes sssr, as a reset would
    editor = await open_editor(client, tmp_path, text)
    actions = await editor.actions("sssr")
    edits = [a.edit for a in actions]
    assert actions and len(edits) == len({repr(e) for e in edits})  # no two actions doing the same thing
    assert "sssr" not in applied(text, actions[0].edit, editor.uri)  # type: ignore[arg-type]


async def test_sources_split_between_the_root_and_app_are_reported_with_the_fix_that_reads_them_where_they_are(
    client: LanguageClient, tmp_path: Path
) -> None:
    for entry in ("pages", "components", "app"):
        (tmp_path / entry).mkdir()
    (tmp_path / "pages" / "index.vue").write_text("<template />\n")
    (tmp_path / "app" / "helpers.ts").write_text("export {}\n")  # app/ in use: pages/ beside it is not read
    text = "export default defineFwkConfig({\n  future: { compatibilityVersion: 4 },\n})\n"
    editor = await open_editor(client, tmp_path, text)
    found = [d for d in await editor.diagnostics() if d.code == "FWK335"]
    assert len(found) == 1 and found[0].severity == types.DiagnosticSeverity.Error
    assert "components/ and pages/ are beside the config" in found[0].message
    assert found[0].range.start.line == 0  # at the config's first line: srcDir is not written
    title = "Set srcDir to '.' (read the sources beside the config)"
    fixes = [a for a in await editor.actions("export") if a.title == title]
    assert len(fixes) == 1 and not fixes[0].is_preferred  # it changes what the app reads: not check --fix's
    assert fixes[0].edit is not None
    assert "srcDir: '.'" in applied(text, fixes[0].edit, editor.uri)


async def test_a_misspelt_object_beside_its_key_is_merged_first_then_removed(
    client: LanguageClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = config_text("  devServr: { port: 3000 },\n  devServer: { host: 'x' },", "\n")
    editor = await open_editor(client, tmp_path, text)
    merge, remove = [a for a in await editor.actions("devServr") if a.kind == types.CodeActionKind.QuickFix]
    assert merge.title == "Merge devServr into devServer"
    assert remove.title == "Remove devServr (devServer is already set)"
    assert not merge.is_preferred  # it changes what the app does
    assert merge.edit is not None and remove.edit is not None
    merged = applied(text, merge.edit, editor.uri)
    assert "  devServer: { host: 'x', port: 3000 },\n  ssr: false," in merged and "devServr" not in merged
    copy = tmp_path / "copy" / "fwk.config.ts"
    copy.parent.mkdir()
    copy.write_text(text)
    cli_main(["check", "--fix", "--unsafe-fixes", str(copy)])
    capsys.readouterr()
    assert merged == copy.read_text()  # the bytes check --fix --unsafe-fixes writes
    assert "3000" not in applied(text, remove.edit, editor.uri)


async def test_a_merge_of_keys_set_differently_is_offered_both_ways_keeping_the_existing_value_first(
    client: LanguageClient, tmp_path: Path
) -> None:
    text = config_text("  devServr: { port: 3000, https: true },\n  devServer: { port: 4000 },", "\n")
    editor = await open_editor(client, tmp_path, text)
    actions = [a for a in await editor.actions("devServr") if a.kind == types.CodeActionKind.QuickFix]
    assert [a.title for a in actions] == [
        "Merge devServr into devServer, keeping devServer's port",
        "Merge devServr into devServer, taking devServr's port",
        "Remove devServr (devServer is already set)",
    ]
    keep, take = (applied(text, a.edit, editor.uri) for a in actions[:2] if a.edit is not None)
    assert "  devServer: { port: 4000, https: true },\n" in keep
    assert "  devServer: { port: 3000, https: true },\n" in take
