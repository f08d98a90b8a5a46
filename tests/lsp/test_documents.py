"""An open document follows the client's edits: its bytes, its incrementally re-parsed tree, its positions."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from fwk_tui.lsp.actions import text_edit
from fwk_tui.lsp.documents import OpenDocument, is_config_name
from fwk_tui.lsp.positions import Positions
from fwk_tui.source import ConfigDocument
from fwk_tui.source.parse import parse_bytes

TEXT = "// 🎉 config\r\nexport default defineFwkConfig({\r\n  ssr: false, // é\r\n  app: { baseURL: '/x/' },\n})\n"
UTF16 = PositionCodec(types.PositionEncodingKind.Utf16)


def lsp_lines(text: str) -> list[str]:
    """The lines of ``text`` as LSP counts them (breaks: CRLF, LF, CR), without their breaks."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def utf16_position(text: str, index: int) -> types.Position:
    before = text[:index].replace("\r\n", "\n").replace("\r", "\n")
    line = before.count("\n")
    column = before[before.rfind("\n") + 1 :]
    if text[:index].endswith("\r") and text[index : index + 1] == "\n":
        raise ValueError("inside a CRLF")
    return types.Position(line, len(column.encode("utf-16-le")) // 2)


def test_positions_and_offsets_agree_with_utf16_lines() -> None:
    text = "a🎉b\r\nc\rd\u2028e\n\nf"  # U+2028 ends no line for LSP
    data = text.encode("utf-8")
    positions = Positions(data, UTF16)
    for index in range(len(text) + 1):
        try:
            want = utf16_position(text, index)
        except ValueError:
            continue
        offset = len(text[:index].encode("utf-8"))
        assert positions.position(offset) == want, index
        assert positions.offset(want) == offset, index
    assert [positions.position(len(data)).line + 1] == [len(lsp_lines(text))]
    # Past a line's end: the end of that line; past the last line: the end of the text.
    assert positions.offset(types.Position(0, 99)) == len("a🎉b".encode())
    assert positions.offset(types.Position(99, 0)) == len(data)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="aé🎉\r\n x", max_size=60), st.lists(st.integers(0, 400), max_size=30))
def test_positions_asked_in_any_order_count_each_line_as_from_its_start(text: str, asked: list[int]) -> None:
    """A position counts on from the last asked on its line: in any order, inside a character, the same answer."""
    data = text.encode("utf-8")
    positions = Positions(data, UTF16)
    for offset in [*asked, *reversed(asked)]:
        offset = min(offset, len(data))
        whole = data[:offset].decode("utf-8", "ignore")  # a character it falls inside: from its start
        back = len(whole.encode("utf-8"))
        try:
            want = utf16_position(text, len(whole))
        except ValueError:
            continue
        assert positions.position(offset) == want == Positions(data, UTF16).position(back), (text, offset)


edits = st.lists(
    st.tuples(
        st.integers(0, 10_000),
        st.integers(0, 12),
        st.sampled_from(["", "x", "é", "🎉", "\n", "\r\n", "{", "'", " 1,"]),
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=60, deadline=None)
@given(edits)
def test_edits_leave_the_text_and_tree_of_a_fresh_parse(changes: list[tuple[int, int, str]]) -> None:
    doc = OpenDocument.opened("file:///p/fwk.config.ts", TEXT, 1, UTF16)
    text = TEXT
    for version, (start, length, new) in enumerate(changes, start=2):
        bounds = [i for i in range(len(text) + 1) if not (text[:i].endswith("\r") and text[i : i + 1] == "\n")]
        first = bounds[start % len(bounds)]
        last = next((i for i in bounds if i >= first + length), len(text))
        rng = types.Range(utf16_position(text, first), utf16_position(text, last))
        doc.change(version, [types.TextDocumentContentChangePartial(range=rng, text=new)])
        text = text[:first] + new + text[last:]
        assert doc.data == text.encode("utf-8")
        assert doc.tree is not None and str(doc.tree.root_node) == str(parse_bytes(doc.data).root_node)
        try:
            fresh: ConfigDocument | None = ConfigDocument.parse(text, "/p/fwk.config.ts")
        except Exception as exc:  # noqa: BLE001  what refuses the text must refuse it here too
            assert doc.config is None and doc.error is not None and str(doc.error) == str(exc)
            fresh = None
        if fresh is not None:
            assert doc.config is not None and doc.config.values() == fresh.values()


@settings(max_examples=60, deadline=None)
@given(edits, st.integers(min_value=0, max_value=12))
def test_a_burst_of_edits_read_once_leaves_the_tree_and_lines_of_a_fresh_parse(
    changes: list[tuple[int, int, str]], read_after: int
) -> None:
    doc = OpenDocument.opened("file:///p/fwk.config.ts", TEXT, 1, UTF16)
    text = TEXT
    for version, (start, length, new) in enumerate(changes, start=2):
        bounds = [i for i in range(len(text) + 1) if not (text[:i].endswith("\r") and text[i : i + 1] == "\n")]
        first = bounds[start % len(bounds)]
        last = next((i for i in bounds if i >= first + length), len(text))
        rng = types.Range(utf16_position(text, first), utf16_position(text, last))
        doc.change(version, [types.TextDocumentContentChangePartial(range=rng, text=new)])
        text = text[:first] + new + text[last:]
        if version == read_after:
            assert doc.tree is not None  # one version read in the middle of the burst: the rest re-parse from it
    assert doc.data == text.encode("utf-8")
    assert doc.tree is not None and str(doc.tree.root_node) == str(parse_bytes(doc.data).root_node)
    fresh = Positions(doc.data, UTF16)
    for offset in range(0, len(doc.data) + 1, 7):
        assert doc.positions.position(offset) == fresh.position(offset)


def test_only_fwk_config_files_are_configs() -> None:
    names = ["fwk.config.ts", "fwk.config.js", "fwk.config.mjs", "fwk.config.cjs", "fwk.config.mts", "fwk.config.cts"]
    assert all(is_config_name(n) for n in names)
    others = ["vite.config.ts", "fwk.config.json", "fwk.config", "my.fwk.config.ts", "fwk.config.ts.orig", "x.json"]
    assert not any(is_config_name(n) for n in others)


def test_a_half_typed_edit_keeps_the_last_config_that_read() -> None:
    doc = OpenDocument.opened("file:///p/fwk.config.ts", "export default { ssr: false }\n", 1, UTF16)
    assert doc.config is not None and doc.config.values() == {"ssr": False}
    doc.change(2, [insert(0, 27, ", dev")])
    assert doc.data == b"export default { ssr: false, dev }\n"  # shorthand `dev` reads as code, not an error
    assert doc.config is not None  # read: the last text that was a config
    doc.change(3, [insert(0, 32, ":")])
    assert doc.config is None and doc.error is not None
    assert doc.last_config is not None and doc.last_config.data == b"export default { ssr: false, dev }\n"


def test_a_text_sent_whole_keeps_the_last_config_that_read() -> None:
    doc = OpenDocument.opened("file:///p/fwk.config.ts", "export default { ssr: false }\n", 1, UTF16)
    assert doc.config is not None
    doc.change(2, [types.TextDocumentContentChangeWholeDocument(text="export default { ssr: ")])
    doc.change(3, [insert(0, 22, "f")])
    assert doc.config is None and doc.data == b"export default { ssr: f"
    assert doc.last_config is not None and doc.last_config.values() == {"ssr": False}


def insert(line: int, character: int, text: str) -> types.TextDocumentContentChangePartial:
    at = types.Position(line, character)
    return types.TextDocumentContentChangePartial(range=types.Range(at, at), text=text)


texts = st.lists(st.sampled_from(["a", "b", "é", "🎉", "\n", "\r\n", "\r", " ", "{"]), max_size=30).map("".join)


@settings(max_examples=300, deadline=None)
@given(texts, texts)
def test_the_edit_of_an_action_turns_the_old_text_into_the_new(old: str, new: str) -> None:
    doc = OpenDocument.opened("file:///p/fwk.config.ts", old, 1, UTF16)
    edit = text_edit(doc, new.encode("utf-8"))
    start, end = edit.range.start, edit.range.end
    assert (start.line, start.character) <= (end.line, end.character)
    for offset in (doc.positions.offset(start), doc.positions.offset(end)):
        assert doc.data[offset - 1 : offset + 1] != b"\r\n" or offset == 0  # no end inside a CRLF
    doc.change(2, [types.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text)])
    assert doc.data == new.encode("utf-8")


def test_the_checks_thread_stops_after_its_loop_has_closed() -> None:
    """Attack round 4: `exit` with checks still queued was an internal error one time in four ("Event loop is
    closed"): cancelling a queued check ran its callbacks on the loop already closed."""
    import asyncio
    import threading

    from fwk_tui.lsp.checking import Worker

    worker, busy = Worker(), threading.Event()

    async def serve() -> None:
        worker.submit(lambda: busy.wait(5))
        waiting = worker.submit(lambda: 1)
        waiting.add_done_callback(lambda _done: None)  # as each check's future has
        await asyncio.sleep(0.05)

    asyncio.run(serve())
    worker.stop()  # the server's exit: the loop is gone, a check still queued
    busy.set()


def test_a_documents_project_is_read_once_per_version_and_again_after_a_file_changed(tmp_path: Path) -> None:
    """The check and the answers of one version share one reading of the folder; the next version reads it again
    (a folder moved while the config is open counts from the next edit, as in the editor)."""
    from fwk_tui.catalog import load_catalog
    from fwk_tui.lsp.projects import Projects

    (tmp_path / "pages").mkdir()
    file = tmp_path / "fwk.config.ts"
    file.write_text("export default defineFwkConfig({})\n")
    doc = OpenDocument.opened(file.as_uri(), file.read_text(), 1, UTF16)
    projects, catalog = Projects(), load_catalog()
    first = projects.of(doc)
    assert projects.of(doc) is first and first.variant(catalog, {}).variant == "B"
    (tmp_path / "app").mkdir()
    (tmp_path / "pages").rename(tmp_path / "app" / "pages")
    assert projects.of(doc) is first  # one version, one reading
    doc.change(2, [types.TextDocumentContentChangeWholeDocument(text="export default defineFwkConfig({ })\n")])
    assert projects.of(doc).variant(catalog, {}).variant == "A"
    second = projects.of(doc)
    projects.forget()  # a watched file changed: read again when asked
    assert projects.of(doc) is not second
