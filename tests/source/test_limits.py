"""Odd and extreme input: one-line files, lone CR line breaks, deep nesting. Messages, never a crash."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from fwk_tui.source import ConfigDocument, DocumentError, ParseError, load_document, read_expression
from fwk_tui.source.parse import FRAME_CONTEXT, MAX_DEPTH, MAX_NESTING
from tests.cli.helpers import run


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


def test_a_long_operator_chain_reads() -> None:
    doc = ConfigDocument.parse("export default {a: " + "1 + " * 400 + "1}\n")
    assert doc.get("a").text.startswith("1 + 1")  # type: ignore[union-attr]


# Expressions that nest without brackets: each level is one level of the tree.
_CHAINS = {
    "unary": lambda n: "!" * n + "1",
    "binary": lambda n: " + ".join(["1"] * n),
    "nullish": lambda n: " ?? ".join(["1"] * n),
    "member": lambda n: "Math" + ".a" * n,
    "calls": lambda n: "String" + "()" * n,
    "arrows": lambda n: "(a) => " * n + "1",
    "conditional": lambda n: "1 ? 1 : " * n + "1",
}


@pytest.mark.parametrize("form", list(_CHAINS))
def test_an_expression_nested_too_deep_is_a_parse_error_at_its_place(form: str) -> None:
    """Node and TypeScript overflow their stack on 20,000 levels: refused, never read as clean."""
    with pytest.raises(ParseError) as caught:
        ConfigDocument.parse("export default {\n  a: " + _CHAINS[form](20_000) + ",\n}\n", "deep.ts")
    error = caught.value
    assert error.message == f"expression nested deeper than {MAX_DEPTH} levels"
    assert error.line == 2
    assert 5 <= error.column <= 5 + 8 * MAX_DEPTH  # within the chain, at most 8 characters a level


def test_the_deep_unary_chain_is_refused_at_the_first_level_too_many() -> None:
    with pytest.raises(ParseError) as caught:
        ConfigDocument.parse("export default {a: " + "!" * 20_000 + "1}\n", "deep.ts")
    # Program, export, object and pair hold the first `!` (level 4); the `!` token of level
    # MAX_DEPTH is the first node one level deeper.
    assert (caught.value.line, caught.value.column) == (1, len("export default {a: ") + (MAX_DEPTH - 4) + 1)


# Many siblings around the deep value: a file of any size is measured to the exact level.
_SIBLINGS = "".join(f"  k{i}: {{ a: 1, b: [1, 2], c: 'x', d: f(g(1)) }},\n" for i in range(300))
_BRACKETS = {
    "objects": lambda n: "{a: " * n + "1" + "}" * n,
    "arrays": lambda n: "[" * n + "1" + "]" * n,
    "parentheses": lambda n: "(" * n + "1" + ")" * n,
    "templates": lambda n: "`${" * n + "1" + "}`" * n,
    "calls": lambda n: "f(" * n + "1" + ")" * n,
}


@pytest.mark.parametrize("form", list(_BRACKETS))
@pytest.mark.parametrize("siblings", ["", _SIBLINGS], ids=["alone", "among-siblings"])
def test_brackets_at_the_limit_read_and_one_more_is_refused(form: str, siblings: str) -> None:
    """The config object is one level: MAX_NESTING - 1 more brackets read, one more is refused."""
    def source(n: int) -> str:
        return "export default {\n" + siblings + "  deep: " + _BRACKETS[form](n) + ",\n}\n"

    assert ConfigDocument.parse(source(MAX_NESTING - 1)).has("deep")
    with pytest.raises(ParseError) as caught:
        ConfigDocument.parse(source(MAX_NESTING))
    assert caught.value.message == f"nesting deeper than {MAX_NESTING} levels"
    assert caught.value.line == siblings.count("\n") + 2


@pytest.mark.parametrize("siblings", ["", _SIBLINGS], ids=["alone", "among-siblings"])
def test_an_expression_at_the_depth_limit_reads_and_one_level_more_is_refused(siblings: str) -> None:
    # Program, export, object and pair hold the first `!` (level 4); its last operand sits MAX_DEPTH levels down.
    def source(n: int) -> str:
        return "export default {\n" + siblings + "  deep: " + "!" * n + "1,\n}\n"

    assert ConfigDocument.parse(source(MAX_DEPTH - 4)).has("deep")
    with pytest.raises(ParseError) as caught:
        ConfigDocument.parse(source(MAX_DEPTH - 3))
    assert caught.value.message == f"expression nested deeper than {MAX_DEPTH} levels"


def test_brackets_meet_their_own_limit_before_the_depth_limit() -> None:
    """A config of too many brackets, in any usual shape, is told about its brackets."""
    functions = "export default {a: " + "function () { return " * 150 + "1" + " }" * 150 + "}\n"
    calls = "export default {a: " + "f(" * 150 + "1" + ")" * 150 + "}\n"
    for source in (_nested(2_000), functions, calls):
        with pytest.raises(ParseError) as caught:
            ConfigDocument.parse(source)
        assert caught.value.message == f"nesting deeper than {MAX_NESTING} levels"


def test_an_edit_that_would_nest_an_expression_too_deep_changes_nothing() -> None:
    doc = ConfigDocument.parse("export default {\n  runtimeConfig: {},\n}\n")
    value = read_expression("!" * (MAX_DEPTH - 4) + "1")  # fits alone, not four levels down
    with pytest.raises(DocumentError, match=f"expression nested deeper than {MAX_DEPTH} levels; nothing was changed"):
        doc.set("runtimeConfig.v", value)
    assert doc.text == "export default {\n  runtimeConfig: {},\n}\n"


def test_a_value_of_set_nested_too_deep_is_refused_and_nothing_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "fwk.config.ts"
    file.write_text("export default {\n  runtimeConfig: {},\n}\n")
    code, out, err = run(capsys, "set", "runtimeConfig.v", "!" * 20_000 + "1", "--code", "--file", str(file))
    assert code == 2
    assert f"expression nested deeper than {MAX_DEPTH} levels" in err
    assert "Traceback" not in err
    assert file.read_text() == "export default {\n  runtimeConfig: {},\n}\n"


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


def test_the_deepest_expressions_read_also_load_in_node(tmp_path: Path) -> None:
    """The depth limit keeps a margin below where TypeScript's emitter (the real client) overflows."""
    node_dir = Path(__file__).resolve().parents[1] / "node"
    if shutil.which("node") is None or not (node_dir / "node_modules" / "typescript").is_dir():
        pytest.fail("node and tests/node's typescript are needed (see README)")
    jobs = []
    for form, chain in _CHAINS.items():
        source = "export default {\n  a: " + chain(MAX_DEPTH - 10) + ",\n}\n"
        ConfigDocument.parse(source)  # accepted
        file = tmp_path / f"{form}.ts"
        file.write_text(source)
        jobs.append({"id": form, "file": str(file)})
    done = subprocess.run(
        ["node", "load-config.mjs", "--batch"], input=json.dumps(jobs), capture_output=True, text=True,
        cwd=node_dir, check=True,
    )  # fmt: skip
    results = json.loads(done.stdout)
    assert set(results) == set(_CHAINS)
    # Math.a.a and String()() fail when run (TypeError): only a stack overflow would be the limit's fault.
    assert not [form for form, result in results.items() if "RangeError" in result.get("error", "")], results
