"""Odd and extreme input: one-line files, lone CR line breaks, deep nesting. Messages, never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwk_tui.source import ConfigDocument, DocumentError, ParseError, load_document, read_expression
from fwk_tui.source.parse import FRAME_CONTEXT, MAX_NESTING


def _nested(levels: int) -> str:
    """A config whose deepest value sits inside ``levels`` brackets, the config object's included."""
    inner = levels - 1
    return "export default {a: " + "{a: " * inner + "1" + "}" * inner + "}\n"


# -- lines and columns --------------------------------------------------------------------------


def test_columns_on_a_long_line_count_characters_not_bytes() -> None:
    items = ", ".join(f"k{i}: 'é{i}'" for i in range(500))
    doc = ConfigDocument.parse("export default {" + items + "}\n")
    span = doc.span("k400")
    text = doc.text
    assert span.line == 1
    assert span.column == text.index("'é400'") + 1  # characters before it, é counted once


def test_bom_takes_no_column_and_lines_start_at_one() -> None:
    doc = ConfigDocument.from_bytes("\ufeffexport default {é: 'x', b: 2}\n".encode())
    assert (doc.span("b").line, doc.span("b").column) == (1, 28)


def test_lone_cr_line_breaks_count_as_lines() -> None:
    doc = ConfigDocument.parse("export default {\r  ssr: true,\r  app: { baseURL: '/x' },\r}\r")
    span = doc.span("app.baseURL")
    assert (span.line, span.column) == (3, 19)


def test_crlf_is_one_line_break() -> None:
    doc = ConfigDocument.parse("export default {\r\n  ssr: true,\r\n  port: 1,\r\n}\r\n")
    assert doc.span("port").line == 3


def test_syntax_error_in_a_lone_cr_file_names_its_line() -> None:
    with pytest.raises(ParseError) as caught:
        ConfigDocument.parse("export default {\r  ssr: true,\r  a: { b: 1 c: 2 },\r}\r", "f.ts")
    assert (caught.value.line, caught.value.column) == (3, 13)
    assert caught.value.frame == "   3 |   a: { b: 1 c: 2 },\n     |             ^"


def test_code_frame_of_a_minified_line_is_cut_around_the_caret() -> None:
    items = ",".join(f"k{i}:{i}" for i in range(20_000))
    with pytest.raises(ParseError) as caught:
        ConfigDocument.parse("export default {" + items + " oops}\n", "min.ts")
    error = caught.value
    shown, caret = error.frame.split("\n")
    assert str(error).startswith(f"min.ts:1:{16 + len(items) + 2}: syntax error")
    assert shown.startswith("   1 | …") and shown.endswith("oops}")
    assert len(shown) < 2 * FRAME_CONTEXT + 20
    assert shown[caret.index("^")] == "o"  # the caret stands under the offending text


# -- nesting ------------------------------------------------------------------------------------


def test_nesting_up_to_the_limit_reads() -> None:
    doc = ConfigDocument.parse(_nested(MAX_NESTING))
    assert doc.get("a" + ".a" * (MAX_NESTING - 1)) == 1
    assert len(doc.entries()) == MAX_NESTING


def test_nesting_beyond_the_limit_is_a_parse_error_at_its_place() -> None:
    with pytest.raises(ParseError) as caught:
        ConfigDocument.parse(_nested(2_000), "deep.ts")
    error = caught.value
    assert error.message == f"nesting deeper than {MAX_NESTING} levels"
    assert (error.line, error.column) == (1, len("export default {a: ") + 4 * (MAX_NESTING - 1) + 1)


def test_deep_arrays_in_a_file_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "fwk.config.ts"
    path.write_text("export default {modules: " + "[" * 50_000 + "]" * 50_000 + "}\n")
    with pytest.raises(ParseError, match="nesting deeper than"):
        load_document(path)


def test_a_long_operator_chain_is_not_nesting() -> None:
    doc = ConfigDocument.parse("export default {a: " + "1 + " * 20_000 + "1}\n")
    assert doc.get("a").text.startswith("1 + 1")  # type: ignore[union-attr]


def test_a_path_deeper_than_the_limit_is_refused() -> None:
    doc = ConfigDocument.parse("export default {}\n")
    with pytest.raises(DocumentError, match=f"the path has 5000 keys; a config nests at most {MAX_NESTING}"):
        doc.set(".".join(["a"] * 5_000), 1)
    with pytest.raises(DocumentError, match="the path has"):
        doc.get(("a",) * (MAX_NESTING + 1))


def test_an_edit_that_would_nest_too_deep_changes_nothing() -> None:
    doc = ConfigDocument.parse(_nested(MAX_NESTING - 5))
    deep_value = read_expression("{b: " * 10 + "1" + "}" * 10)
    with pytest.raises(DocumentError, match=f"deeper than {MAX_NESTING} levels; nothing was changed"):
        doc.set("a" + ".a" * (MAX_NESTING - 8), deep_value)


def test_a_value_nested_too_deep_is_not_read() -> None:
    with pytest.raises(ParseError, match="nesting deeper than"):
        read_expression("[" * 5_000 + "]" * 5_000)


# -- line ends on write -------------------------------------------------------------------------

_EDITS = {
    "add a nested key": lambda d: d.set("devServer.port", 3),
    "add to an object": lambda d: d.set("app.cdnURL", "y"),
    "remove a key": lambda d: d.unset("ssr"),
    "remove the last key of an object": lambda d: d.unset("app.baseURL"),
    "insert into an array": lambda d: d.set("modules", ["a", "b"]).insert("modules", 1, "c"),
    "move an item": lambda d: d.set("modules", ["a", "b"]).move("modules[0]", 1),
}
_SOURCE = "export default {\n  ssr: true,\n  // c\n  app: {\n    baseURL: '/x', // tail\n  },\n}\n"


@pytest.mark.parametrize("newline", ["\r", "\r\n"])
@pytest.mark.parametrize("edit", list(_EDITS))
def test_edits_keep_the_files_line_ends_and_lay_out_as_with_lf(newline: str, edit: str) -> None:
    with_lf = _EDITS[edit](ConfigDocument.parse(_SOURCE)).text
    written = _EDITS[edit](ConfigDocument.parse(_SOURCE.replace("\n", newline))).text
    assert written == with_lf.replace("\n", newline)


def test_a_lone_cr_file_without_semicolons_reads_and_edits() -> None:
    source = "import x from 'y'\rconst port = 1\rexport default defineFwkConfig({\r  a: port\r})\r"
    doc = ConfigDocument.parse(source)
    assert doc.get("a").text == "port"  # type: ignore[union-attr]
    assert (doc.span("a").line, doc.span("a").column) == (4, 6)
    assert doc.set("b", 2).text == source.replace("a: port\r", "a: port,\r  b: 2\r")


def test_read_only_reasons_count_lone_cr_lines() -> None:
    doc = ConfigDocument.parse("const a = 1\r\rexport default defineFwkConfig(a, {})\r")
    assert doc.read_only is not None and "(line 3)" in doc.read_only
