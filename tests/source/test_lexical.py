"""What TypeScript refuses that the grammar accepts is a syntax error at its line and column, never a clean file."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from fwk_tui.source import ConfigDocument, ParseError, read_expression
from tests.cli.helpers import run

NODE_DIR = Path(__file__).resolve().parents[1] / "node"

# (member written in `export default {...}`, column of the error, words of the message)
REFUSED = [
    ("sssr\u202e: 1", 7, "U+202E"),  # a bidi control inside a name
    ("a\u2014b: 1", 4, "U+2014"),
    ("\u00b7a: 1", 3, "U+00B7"),  # may continue a name, not start one
    ("a\u061cb: 1", 4, "U+061C"),
    ("a\u00a9b: 1", 4, "U+00A9"),
    ("a\\u202eb: 1", 4, "\\u202e in a name"),
    ("a: '\\u{110000}'", 7, "past U+10FFFF"),
    ("a: `\\u{110000}`", 7, "past U+10FFFF"),
    ("'\\u{110000}': 1", 4, "past U+10FFFF"),
    ("a: '\\01'", 7, "write \\x01"),
    ("a: '\\8'", 7, "write 8"),
    ("a: 017", 6, "0o17"),
    ("a: 019", 6, "write 19"),
    ("a: 0_1", 6, "numeric separator"),
    ("a: 0_1n", 6, "numeric separator"),
    ("a: 00_1", 6, "start with 0"),
    ("#ssr: true", 3, "#ssr: a private name"),
    ("#m() { return 1 }", 3, "#m: a private name"),
    ("a: class { m() { return {#x: 1} } }", 28, "#x: a private name"),
    ("a: /x/gg", 9, "repeated"),
    ("a: /x/gx", 9, "`x` is not a regular expression flag"),
    ("a: /x/uv", 9, "`u` and `v`"),
    # Flags after text that looks like a path or a URL, or after an escaped slash.
    ("a: 'https://x.com/api', b: /x/gg", 33, "repeated"),
    ("a: '/api/gg' + /x/gg", 21, "repeated"),
    ("a: /a\\//gg", 11, "repeated"),
    ("a: /\\//gx", 10, "`x` is not a regular expression flag"),
    ("a: [/x/api]", 10, "`a` is not a regular expression flag"),
    ("a: /* c *//x/gg", 16, "repeated"),
    ("a: /*x/gg", 10, "repeated"),  # the grammar reads a regular expression; JavaScript, an unclosed comment
    ("a: /[//]/gg", 12, "repeated"),
    ("a: f(/x/ab)", 11, "`a` is not a regular expression flag"),
    ("a: 'https://x.com/', b: /x/gg", 30, "repeated"),
    ("a: /x/gg / 2", 9, "repeated"),
]
ACCEPTED = [
    "caf\u00e9: 'd\u00e9j\u00e0 \u2014 \u202e ok'",
    "a\u00b7b: 1",
    "\\u0061bc: 1",
    "a: '\\u{10FFFF}', b: '\\0', c: '\\\\01', d: 0, e: 0.5, f: 0o17",
    "a: /\\u{110000}/",
    "// \\u{110000} 017 a\u2014b\n  a: 1",
    "a: '2024-01-05'",
    "a: 0.0_1, b: 1_000, c: 0e0_1, d: 0n, e: 0.5_1",
    "a: /x/dgimsuy, b: /x/v, c: '/api/gg', d: 1 / ab / gg",
    "a: 'https://x.com/api/gg/ab', b: \"//x/ab\", c: `//a/bc/de`",
    "a: class { #x = 1; m() { return this.#x + (#x in this ? 1 : 0) } }",
    "a: '#ssr', b: `#x`, // #y\n  c: 1",
]


def _source(member: str) -> str:
    return f"export default {{\n  {member},\n}}\n"


@pytest.mark.parametrize(("member", "column", "words"), REFUSED)
def test_check_reports_what_typescript_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], member: str, column: int, words: str
) -> None:
    file = tmp_path / "fwk.config.ts"
    file.write_text(_source(member), encoding="utf-8")
    code, out, err = run(capsys, "check", str(file))
    assert code == 2
    assert out == ""
    head = err.splitlines()[0]
    assert head.startswith(f"{file}:2:{column}: syntax error: ")
    assert words in head
    assert "\u202e" not in err  # shown as an escape, never obeyed


@pytest.mark.parametrize("member", ACCEPTED)
def test_what_typescript_accepts_still_reads(member: str) -> None:
    ConfigDocument.parse(_source(member))


def test_the_value_of_set_refuses_what_typescript_refuses() -> None:
    for text in ("'\\u{110000}'", "{a: 017}", "{a\\u202e: 1}"):
        with pytest.raises(ParseError):
            read_expression(text)


def _node_checks(script: str, sources: list[str], *flags: str) -> list[int]:
    """The number of problems ``script`` (reading the JSON list of sources on stdin) prints for each source."""
    if shutil.which("node") is None or not (NODE_DIR / "node_modules" / "typescript").is_dir():
        pytest.fail("node and tests/node's typescript are needed (see README)")
    done = subprocess.run(
        ["node", *flags, "-e", script], input=json.dumps(sources), capture_output=True, text=True, cwd=NODE_DIR,
        check=True,
    )  # fmt: skip
    counts: list[int] = json.loads(done.stdout)
    return counts


def _all_sources() -> list[str]:
    return [_source(m) for m, _c, _w in REFUSED] + [_source(m) for m in ACCEPTED]


def test_typescript_agrees() -> None:
    """TypeScript 5.9 (tests/node) refuses every REFUSED file and accepts every ACCEPTED one.

    Its parser leaves some refusals (private names, regular expression flags) to the
    checker: one program of all files, without lib, counts its syntax errors and those.
    """
    script = """
const ts = require('typescript');
const srcs = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const names = srcs.map((_, i) => `f${i}.ts`);
const options = {noLib: true, types: [], target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext};
const host = ts.createCompilerHost(options);
host.getSourceFile = (name, lang) => {
  const i = names.indexOf(name);
  return i < 0 ? undefined : ts.createSourceFile(name, srcs[i], lang, true);
};
host.fileExists = (name) => names.includes(name);
const program = ts.createProgram(names, options, host);
// Private names outside a class; unknown, repeated, and u-with-v regular expression flags.
const grammar = new Set([18016, 1499, 1500, 1502]);
console.log(JSON.stringify(names.map((n) => {
  const file = program.getSourceFile(n);
  const semantic = program.getSemanticDiagnostics(file).filter((d) => grammar.has(d.code));
  return program.getSyntacticDiagnostics(file).length + semantic.length;
})));
"""
    counts = _node_checks(script, _all_sources())
    assert all(counts[: len(REFUSED)]), counts
    assert not any(counts[len(REFUSED) :]), counts


def test_node_agrees() -> None:
    """Node's own module parser refuses every REFUSED file and accepts every ACCEPTED one."""
    script = """
const vm = require('vm');
const srcs = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(srcs.map((s) => { try { new vm.SourceTextModule(s); return 0; } catch { return 1; } })));
"""
    counts = _node_checks(script, _all_sources(), "--experimental-vm-modules", "--no-warnings")
    assert all(counts[: len(REFUSED)]), counts
    assert not any(counts[len(REFUSED) :]), counts


def test_an_edit_that_would_write_what_typescript_refuses_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A method's source is not read as an expression: the edit's own check catches it, nothing written."""
    file = tmp_path / "fwk.config.ts"
    file.write_text("export default {\n  hooks: {},\n}\n")
    code, _out, err = run(capsys, "set", "hooks.ready", "--code", "ready() { return '\\u{110000}' }", "--file", str(file))
    assert code == 2
    assert "past U+10FFFF" in err
    assert file.read_text() == "export default {\n  hooks: {},\n}\n"


def test_flags_after_a_block_comment_that_ends_on_their_line_are_checked() -> None:
    """The only slash before them on the line that may open an expression is the one after `*/`."""
    with pytest.raises(ParseError) as caught:
        ConfigDocument.parse("export default {\n  a: /* one\n  two *//x/gg,\n}\n")
    assert (caught.value.line, caught.value.column) == (3, 12)
    assert "repeated" in caught.value.message


@pytest.mark.parametrize(
    "line",
    [
        "a: [" + '"https://x.com/api", ' * 200 + "/x/gg]",  # many paths, then flags, on one line
        "a: /x/g, b: 'https://x.com/api', c: /y/gg",  # a slash that may open one, before the path
        "a: 'https://x.com/api', b: [/* c *//y/gg]",
    ],
)
def test_flags_after_paths_on_a_long_line_are_checked(line: str) -> None:
    with pytest.raises(ParseError) as caught:
        ConfigDocument.parse("export default {\n  " + line + ",\n}\n")
    assert (caught.value.line, caught.value.column) == (2, 3 + line.index("gg"))
    assert "repeated" in caught.value.message
