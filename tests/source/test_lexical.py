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
]
ACCEPTED = [
    "caf\u00e9: 'd\u00e9j\u00e0 \u2014 \u202e ok'",
    "a\u00b7b: 1",
    "\\u0061bc: 1",
    "a: '\\u{10FFFF}', b: '\\0', c: '\\\\01', d: 0, e: 0.5, f: 0o17",
    "a: /\\u{110000}/",
    "// \\u{110000} 017 a\u2014b\n  a: 1",
    "a: '2024-01-05'",
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


def test_typescript_agrees() -> None:
    """TypeScript 5.9 (tests/node) refuses every REFUSED file and accepts every ACCEPTED one."""
    if shutil.which("node") is None or not (NODE_DIR / "node_modules" / "typescript").is_dir():
        pytest.fail("node and tests/node's typescript are needed (see README)")
    sources = [_source(m) for m, _c, _w in REFUSED] + [_source(m) for m in ACCEPTED]
    script = (
        "const ts = require('typescript');"
        "const srcs = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(srcs.map(s => ts.createSourceFile('a.ts', s, ts.ScriptTarget.Latest, true)"
        ".parseDiagnostics.length)));"
    )
    done = subprocess.run(
        ["node", "-e", script], input=json.dumps(sources), capture_output=True, text=True, cwd=NODE_DIR, check=True
    )
    counts = json.loads(done.stdout)
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
