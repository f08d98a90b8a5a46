"""Input that is not a config: clear messages with a place and a code frame, never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwk_tui.source import MAX_BYTES, ConfigDocument, DocumentError, ParseError, load_document


def test_syntax_error_has_line_column_and_a_code_frame() -> None:
    source = "export default {\n  a: 1,\n  b: 2 c: 3,\n}\n"
    with pytest.raises(ParseError) as caught:
        ConfigDocument.parse(source, "fwk.config.ts")
    error = caught.value
    assert (error.line, error.column) == (3, 8)
    assert "unexpected `c`" in error.message
    assert error.frame == "   3 |   b: 2 c: 3,\n     |        ^"
    assert str(error).startswith("fwk.config.ts:3:8: syntax error: unexpected `c`\n")


def test_missing_bracket_is_named() -> None:
    with pytest.raises(ParseError, match="missing `\\)`"):
        ConfigDocument.parse("export default defineFwkConfig({ a: (1 })")


def test_code_frame_shows_control_characters_as_escapes() -> None:
    with pytest.raises(ParseError) as caught:
        ConfigDocument.parse("export default { a: '\x1b[31m' b }")
    assert "\x1b" not in str(caught.value)
    assert "\\x1b[31m" in caught.value.frame


def test_ejs_template_is_recognised() -> None:
    source = "<%_ if (ts) { _%>import x from 'y'\n<%_ } _%>export default {\n  title: '<%= name %>',\n}\n"
    with pytest.raises(ParseError, match="this is a template"):
        ConfigDocument.parse(source)


def test_ejs_like_text_inside_a_valid_string_is_fine() -> None:
    assert ConfigDocument.parse("export default { t: '<%= name %>' }").get("t") == "<%= name %>"


@pytest.mark.parametrize("source", ["", "   \n\n", "\ufeff\n"])
def test_empty_file(source: str) -> None:
    with pytest.raises(DocumentError, match="the file is empty"):
        ConfigDocument.parse(source)


def test_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "fwk.config.ts"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(DocumentError, match="binary file"):
        load_document(path)


def test_non_utf8_file_says_where(tmp_path: Path) -> None:
    path = tmp_path / "fwk.config.ts"
    path.write_bytes("export default {\n  a: 'caf\xe9',\n}\n".encode("latin-1"))
    with pytest.raises(DocumentError, match=r"not UTF-8 text \(byte 0xe9 on line 2\)"):
        load_document(path)


def test_utf16_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "fwk.config.ts"
    path.write_bytes("export default {}".encode("utf-16"))
    with pytest.raises(DocumentError, match="UTF-16"):
        load_document(path)


def test_huge_file_is_refused_without_reading_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "fwk.config.ts"
    with path.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # sparse: 50 MB on paper, nothing on disk

    def no_open(*args: object, **kwargs: object) -> object:
        raise AssertionError("the file was opened")

    monkeypatch.setattr(Path, "open", no_open)
    monkeypatch.setattr(Path, "read_bytes", no_open)
    with pytest.raises(DocumentError, match="50.0 MB is too big"):
        load_document(path)


def test_huge_text_is_refused() -> None:
    text = "export default {\n" + "  a: 1,\n" * (MAX_BYTES // 8 + 1) + "}\n"
    with pytest.raises(DocumentError, match="too big"):
        ConfigDocument.parse(text)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(DocumentError, match="no such file"):
        load_document(tmp_path / "nope.ts")
    with pytest.raises(DocumentError, match="not a file"):
        load_document(tmp_path)


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("export default {\n  a: 1,,\n}\n", 2, 8),
        ("export default {, a: 1 }\n", 1, 17),
        ("export default { a: f(1,, 2) }\n", 1, 25),
        ("export default { a: 1, /* gone */ , b: 2 }\n", 1, 35),
        # Behind line comments, line breaks and any white space JavaScript knows.
        ("export default {\n  a: 1, // one\n  // two\n\n  , b: 2,\n}\n", 5, 3),
        ("export default {\r\n\t// lead\r\n\t, a: 1 }\r\n", 3, 2),
        ("export default {\n  a: f(1,\f\v/* x */\n\t, 2),\n}\n", 3, 2),
        ("export default {\n  a: (1), b: g(\n  , 1),\n}\n", 3, 3),
        ("export default { a: 1, /* a\n b */\n/**/, b: 2 }\n", 3, 5),
        ("export default { /* no key yet */ , a: 1 }\n", 1, 35),
        ("export default { a: f(// no argument yet\n  , 1) }\n", 2, 3),
    ],
)
def test_commas_the_grammar_tolerates_but_javascript_rejects(text: str, line: int, column: int) -> None:
    # tree-sitter's grammar accepts these; node refuses them, so must we.
    with pytest.raises(ParseError) as info:
        ConfigDocument.parse(text)
    assert (info.value.line, info.value.column) == (line, column)
    assert "unexpected `,`" in info.value.message


def test_array_holes_are_still_valid() -> None:
    doc = ConfigDocument.parse("export default { a: [1, , 2], b: {c: 1,} }\n")
    assert doc.get("b.c") == 1


def test_code_with_a_stray_comma_is_refused() -> None:
    with pytest.raises(ParseError, match="unexpected `,`"):
        ConfigDocument.new().set_code("a", "{x: 1,, y: 2}")


def test_a_key_without_its_value_is_named() -> None:
    with pytest.raises(ParseError, match="missing the value of `cors`") as caught:
        ConfigDocument.parse("export default defineFwkConfig({\n  devServer: { cors: },\n})\n")
    assert (caught.value.line, caught.value.column) == (2, 21)  # right after the colon


def test_a_config_of_more_nodes_than_the_cap_is_refused_before_it_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """What is read after the parse costs memory by the node: a dense 3 MB list of numbers took 1 GB to check."""
    from fwk_tui.source import parse

    monkeypatch.setattr(parse, "MAX_NODES", 1000)
    text = "export default defineFwkConfig({\n  vbuild: { define: { x: [" + ",".join(["1"] * 499) + "] } },\n})\n"
    with pytest.raises(DocumentError) as refused:
        ConfigDocument.parse(text, "fwk.config.ts")
    assert str(refused.value).startswith("fwk.config.ts: too many values and tokens for a config file (1,0")
    assert str(refused.value).endswith(" parts; fwk-tui reads up to 1,000)")
    assert ConfigDocument.parse(text.replace(",".join(["1"] * 499), "1, 2"), "fwk.config.ts").get("vbuild.define.x")


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        # The grammar takes the first and stops at the second: the first in the file is said.
        ("export default defineFwkConfig({\n  ssr: true,,\n  app: { baseURL: '/'\n})\n", 2, 13, "unexpected `,`"),
        ("export default {\n  a: '\\x4',\n  b: [1, 2\n}\n", 2, 7, "unexpected"),
        # The grammar's error first: it is said, not a later comma.
        ("export default {\n  a: [1, 2\n  b: 1,,\n}\n", 3, 3, "syntax error"),
    ],
)
def test_of_two_syntax_errors_the_first_in_the_file_is_said(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(ParseError) as info:
        ConfigDocument.parse(text)
    assert (info.value.line, info.value.column) == (line, column), info.value
    assert words in info.value.message
