"""Sniffing a file's style, and writing Python values as JavaScript in that style."""

from __future__ import annotations

import pytest

from fwk_tui.source import STARTER_STYLE, UNDEFINED, Code, ConfigDocument, DocumentError, Style
from fwk_tui.source.render import Renderer


def sniff(source: str) -> Style:
    return ConfigDocument.parse(source).style


def test_starter_style_is_two_spaces_single_quotes_no_semicolons() -> None:
    assert ConfigDocument.new().style == STARTER_STYLE
    assert STARTER_STYLE == Style(
        indent="  ", quote="'", semicolons=False, trailing_commas=False, brace_spaces=True, newline="\n"
    )


def test_double_quotes_semicolons_tight_braces() -> None:
    source = (
        'import {resolve} from "path";\nconst r = (p) => resolve(p);\n'
        'export default fwkConfig({\n  name: "docus",\n  head: {meta: [{charset: "utf-8"}]},\n'
        "  css: ['x']\n});\n"
    )
    style = sniff(source)
    assert (style.quote, style.semicolons, style.brace_spaces, style.trailing_commas) == ('"', True, False, False)


def test_tabs_crlf_and_trailing_commas() -> None:
    style = sniff("export default {\r\n\ta: {\r\n\t\tb: 1,\r\n\t},\r\n\tc: [\r\n\t\t1,\r\n\t],\r\n}\r\n")
    assert (style.indent, style.newline, style.trailing_commas) == ("\t", "\r\n", True)


@pytest.mark.parametrize("unit", ["  ", "    "])
def test_space_indent_width(unit: str) -> None:
    source = f"export default {{\n{unit}a: {{\n{unit * 2}b: {{\n{unit * 3}c: 1\n{unit * 2}}}\n{unit}}}\n}}\n"
    assert sniff(source).indent == unit


def test_quote_style_is_a_majority_vote() -> None:
    assert sniff("export default { a: 'x', b: 'y', c: \"z\" }").quote == "'"
    assert sniff("export default { a: \"x\", b: \"y\", c: 'z' }").quote == '"'


def test_values_render_in_the_file_style() -> None:
    double = Renderer(Style(indent="\t", quote='"', trailing_commas=True, brace_spaces=False, newline="\r\n"))
    assert double.value({"a": "x", "b": [1, 2]}, "") == '{\r\n\ta: "x",\r\n\tb: [1, 2],\r\n}'
    assert double.value({"a": {"b": 1}}, "", inline=True) == "{a: {b: 1}}"


def test_strings_pick_the_quote_that_needs_fewer_escapes() -> None:
    single = Renderer(STARTER_STYLE)
    assert single.string("plain") == "'plain'"
    assert single.string("it's") == '"it\'s"'
    assert single.string("it's \"quoted\"") == "'it\\'s \"quoted\"'"


def test_control_characters_escaped_non_ascii_kept() -> None:
    render = Renderer(STARTER_STYLE)
    assert render.string("a\nb\r\t\x00\x7f\u2029ü€😀") == "'a\\nb\\r\\t\\x00\\x7f\\u2029ü€😀'"
    assert render.string("\ud800") == "'\\ud800'"  # a lone surrogate cannot be written as UTF-8


def test_short_scalar_arrays_on_one_line_long_ones_and_objects_multi_line() -> None:
    render = Renderer(STARTER_STYLE)
    assert render.value(["a", "b"], "  ") == "['a', 'b']"
    long = [f"module-number-{i}" for i in range(8)]
    assert render.value(long, "") == "[\n" + "".join(f"  '{m}',\n" for m in long)[:-2] + "\n]"
    assert render.value([{"a": 1}], "") == "[\n  {\n    a: 1\n  }\n]"


def test_scalars_and_code() -> None:
    render = Renderer(STARTER_STYLE)
    assert [render.value(v) for v in (None, UNDEFINED, True, False, 3, -2.5, 1e21, float("inf"))] == [
        "null",
        "undefined",
        "true",
        "false",
        "3",
        "-2.5",
        "1e+21",
        "Infinity",
    ]
    assert render.value(Code("process.env.X")) == "process.env.X"


def test_values_that_are_not_javascript_are_refused() -> None:
    with pytest.raises(DocumentError, match="cannot write a set value"):
        Renderer(STARTER_STYLE).value({1, 2})
    with pytest.raises(DocumentError, match="keys must be strings"):
        Renderer(STARTER_STYLE).value({1: "a"})


# Quotes that are not strings' own do not vote: in comments, in strings of the
# other kind, in regular expressions; strings inside `${}` do.
@pytest.mark.parametrize(
    ("members", "quote"),
    [
        ("// it's 'a' 'file', isn't it\n  a: \"x\",", '"'),
        ("/* \"a\" \"b\" \"c\" */ a: 'x',", "'"),
        ("a: \"it's\", b: \"don't\", c: 'x',", '"'),
        ("a: 'say \"hi\" \"there\"', b: \"x\", c: \"y\",", '"'),
        ("re: /'/g, s: /''/, d: \"x\",", '"'),
        ("t: `${'a'}${'b'}`, d: \"x\",", "'"),
        ("t: `'a' 'b' 'c'`, d: \"x\",", '"'),
        ("a: 'one \\\n two', b: \"x\", c: \"y\",", '"'),
        ("a: 1 / 2, b: 'x', c: 'y', d: \"z\",", "'"),
        ("a: '\\'', b: \"x\", c: \"y\",", '"'),
    ],
)
def test_the_quote_style_counts_strings_only(members: str, quote: str) -> None:
    doc = ConfigDocument.parse(f"export default {{\n  {members}\n}}\n")
    assert doc.style.quote == quote
    assert f"added: {quote}new{quote}" in doc.set("added", "new").text
