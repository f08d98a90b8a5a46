"""The document commands: get, set, unset, dump, their output and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fwk_tui.exits import Exit
from tests.cli.helpers import run

CONFIG = """\
export default defineFwkConfig({
  // Modules
  modules: ['@fwk/ui', '@fwk/content'],
  app: {
    head: { title: 'Docs' },
  },
  srv: { port: process.env.PORT },
  hooks: {
    'build:done'(b) {},
  },
})
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "fwk.config.ts").write_text(CONFIG)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_get_prints_js_text(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "get", "app.head.title") == (0, "'Docs'\n", "")
    assert run(capsys, "get", "app.head") == (0, "{\n  title: 'Docs',\n}\n", "")  # trailing commas, as the file
    assert run(capsys, "get", "srv.port") == (0, "process.env.PORT\n", "")


def test_get_json_shows_code_as_an_object(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "get", "srv", "--json")
    assert code == 0
    assert json.loads(out) == {"port": {"code": "process.env.PORT"}}
    code, out, _ = run(capsys, "get", "hooks.build:done", "--json")
    assert json.loads(out) == {"code": "'build:done'(b) {}"}


def test_get_missing_path_exits_not_found(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "get", "app.nope")
    assert (code, out) == (Exit.NOT_FOUND, "")
    assert "no value at app.nope" in err


def test_bad_path_exits_2(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "get", "app..x")
    assert code == 2
    assert "bad path" in err


def test_set_writes_the_file(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "set", "app.head.title", '"Guide"')[0] == 0
    assert run(capsys, "set", "ssr", "false")[0] == 0
    # content: 1 is a type error, written anyway: this test is about the bytes written
    assert run(capsys, "set", "app.head.meta", "[{name: 'x', content: 1}]", "--force")[0] == 0
    text = (project / "fwk.config.ts").read_text()
    assert "head: { title: 'Guide', meta: [{ name: 'x', content: 1 }] }," in text
    assert text.endswith("  },\n  ssr: false,\n})\n")


def test_set_dry_run_prints_a_diff_and_writes_nothing(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "set", "app.head.title", "'Guide'", "--dry-run")
    assert code == 0
    assert out.startswith("--- a/fwk.config.ts\n+++ b/fwk.config.ts\n")
    assert "-    head: { title: 'Docs' },\n+    head: { title: 'Guide' },\n" in out
    assert (project / "fwk.config.ts").read_text() == CONFIG


def test_set_refuses_a_value_that_is_not_a_literal(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "set", "app.baseURL", "/docs/")
    assert code == 2
    assert "not a JSON or JavaScript literal" in err
    code, _, err = run(capsys, "set", "app.baseURL", "{oops")
    assert code == 2
    assert "column 1:" in err and "not a JSON or JavaScript literal" in err
    code, _, err = run(capsys, "set", "app.baseURL", "it's")
    assert code == 2 and "to set a string, quote it" in err
    assert (project / "fwk.config.ts").read_text() == CONFIG


def test_set_code_writes_an_expression(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "set", "srv.host", "process.env.HOST ?? 'localhost'", "--code")[0] == 0
    assert "srv: { port: process.env.PORT, host: process.env.HOST ?? 'localhost' }," in (
        project / "fwk.config.ts"
    ).read_text()
    code, _, err = run(capsys, "set", "srv.host", "a b", "--code")
    assert code == 2
    assert "syntax error" in err


def test_set_backup_keeps_the_old_file(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "set", "ssr", "true", "--backup")[0] == 0
    assert (project / "fwk.config.ts.bak").read_text() == CONFIG


def test_unset_and_its_exit_codes(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "unset", "modules", "--dry-run")[1].count("\n-") == 2
    assert run(capsys, "unset", "modules") == (0, "", "")
    assert "modules" not in (project / "fwk.config.ts").read_text()
    assert "// Modules" not in (project / "fwk.config.ts").read_text()
    code, _, err = run(capsys, "unset", "modules")
    assert code == Exit.NOT_FOUND
    assert "no value at modules" in err


def test_dump_prints_one_line_per_leaf(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "dump")
    assert code == 0
    assert out.splitlines() == [
        "modules[0] = '@fwk/ui'",
        "modules[1] = '@fwk/content'",
        "app.head.title = 'Docs'",
        "srv.port = process.env.PORT",
        "hooks.build:done = 'build:done'(b) {}",
    ]


def test_dump_json(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "dump", "--json")
    assert code == 0
    assert json.loads(out)["app"] == {"head": {"title": "Docs"}}


def test_file_option_and_default_discovery(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "dump")
    assert code == 2
    assert "no fwk.config.ts, fwk.config.js or fwk.config.mjs" in err
    (tmp_path / "fwk.config.js").write_text("module.exports = { a: 1 }\n")
    assert run(capsys, "get", "a") == (0, "1\n", "")
    other = tmp_path / "other.mjs"
    other.write_text("export default { b: 2 }\n")
    assert run(capsys, "get", "b", "--file", str(other)) == (0, "2\n", "")


def test_syntax_error_exits_2_with_a_frame_and_writes_nothing(project: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    broken = "export default {\n  a: 1 b: 2,\n}\n"
    (project / "fwk.config.ts").write_text(broken)
    code, out, err = run(capsys, "set", "a", "3")
    assert (code, out) == (2, "")
    assert err == "fwk.config.ts:2:8: syntax error: unexpected `b`\n   2 |   a: 1 b: 2,\n     |        ^\n"
    assert (project / "fwk.config.ts").read_text() == broken


def test_template_and_read_only_files_exit_2(project: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (project / "fwk.config.ts").write_text("<% if (a) { %>\nexport default { a: 1 }\n<% } %>\n")
    code, _, err = run(capsys, "dump")
    assert code == 2
    assert "this is a template" in err
    built = "const config = { a: 1 }\nextend(config)\nexport default config\n"
    (project / "fwk.config.ts").write_text(built)
    assert run(capsys, "get", "a") == (
        0,
        "1\n",
        "fwk.config.ts: note: the config is built by code: `extend(config)` may change `config` after it is "
        "written (line 2); this is the value written in the file\n",
    )
    code, _, err = run(capsys, "set", "a", "2")
    assert code == 2
    assert "read-only: the config is built by code: `extend(config)` may change `config`" in err
    assert (project / "fwk.config.ts").read_text() == built


def test_terminal_control_characters_are_escaped(project: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (project / "fwk.config.ts").write_text("export default { f: () => { /* \x1b[2J */ } }\n")
    code, out, _ = run(capsys, "get", "f")
    assert code == 0
    assert out == "() => { /* \\x1b[2J */ }\n"


def test_runs_as_a_module(project: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "fwk_tui", "get", "modules[1]", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, '"@fwk/content"\n')
