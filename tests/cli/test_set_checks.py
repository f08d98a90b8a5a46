"""``fwk-tui set`` checks the edited config like ``check`` does, and explains a VALUE that does not read."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from fwk_tui.cli import main
from tests.cli.helpers import run

Capsys = pytest.CaptureFixture[str]

CONFIG = """\
export default defineFwkConfig({
  ssr: true,
  app: {
    head: { title: 'Docs' },
  },
  devServer: {
    port: 3000,
  },
})
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "fwk.config.ts").write_text(CONFIG)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def config_bytes(project: Path) -> bytes:
    return (project / "fwk.config.ts").read_bytes()


# -- the edit is checked ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("99999", "FWK339: a listening port is a whole number from 0 to 65535, not 99999"),
        ("'abc'", "FWK201: expected a whole number from 0 to 65535, got 'abc'"),
        ("-1", "FWK339: a listening port is a whole number from 0 to 65535, not -1"),
    ],
)
def test_an_error_refuses_and_leaves_the_bytes(project: Path, capsys: Capsys, value: str, said: str) -> None:
    code, out, err = run(capsys, "set", "devServer.port", value)
    assert (code, out) == (1, "")
    assert err.startswith(f"fwk.config.ts:7:11: error {said}")
    assert f"   7 |     port: {value},\n" in err  # the new text, where the value is
    assert "nothing written" in err and "--force" in err
    assert config_bytes(project) == CONFIG.encode()


def test_the_error_points_at_the_new_value_and_shows_its_fix(project: Path, capsys: Capsys) -> None:
    code, _, err = run(capsys, "set", "router.options.hashMode", "true")
    assert code == 1
    assert config_bytes(project) == CONFIG.encode()
    assert "= fix: Set ssr to false" in err
    first = err.splitlines()[0]
    assert ": error FWK304: hash mode is unsupported with server rendering" in first
    assert first.endswith("[router.options.hashMode]")
    where = first.split(": error FWK")[0]
    # the position is in the text that would have been written, which has lines the file has not
    assert run(capsys, "set", "router.options.hashMode", "true", "--force")[0] == 0
    lines = (project / "fwk.config.ts").read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "hashMode: true" in text)
    assert where == f"fwk.config.ts:{line}:{lines[line - 1].index('true') + 1}"
    assert line > len(CONFIG.splitlines())


def test_force_writes_and_still_prints_the_error(project: Path, capsys: Capsys) -> None:
    code, _, err = run(capsys, "set", "devServer.port", "99999", "--force")
    assert code == 0
    assert "fwk.config.ts:7:11: error FWK339: a listening port is a whole number" in err
    assert "written despite 1 error (--force)" in err
    assert "port: 99999," in (project / "fwk.config.ts").read_text()


def test_a_warning_is_printed_and_the_value_written(project: Path, capsys: Capsys) -> None:
    code, out, err = run(capsys, "set", "app.viewTransition", "true")
    assert (code, out) == (0, "")
    assert ": warning FWK302: has no effect while experimental.viewTransition is off" in err
    assert "= fix: Set experimental.viewTransition to true" in err
    assert "nothing written" not in err
    assert "viewTransition: true" in (project / "fwk.config.ts").read_text()


def test_a_valid_value_prints_nothing(project: Path, capsys: Capsys) -> None:
    assert run(capsys, "set", "devServer.port", "4000") == (0, "", "")
    assert "port: 4000," in (project / "fwk.config.ts").read_text()


def test_errors_already_elsewhere_do_not_block_an_edit(project: Path, capsys: Capsys) -> None:
    (project / "fwk.config.ts").write_text(CONFIG.replace("port: 3000", "port: 99999"))
    assert run(capsys, "check")[0] == 1
    assert run(capsys, "set", "app.head.title", "'Guide'") == (0, "", "")
    assert "title: 'Guide'" in (project / "fwk.config.ts").read_text()
    # ... but writing a bad value over the bad value is refused: it is the value being set
    before = config_bytes(project)
    assert run(capsys, "set", "devServer.port", "70000")[0] == 1
    assert config_bytes(project) == before


def test_an_error_the_edit_causes_elsewhere_counts(project: Path, capsys: Capsys) -> None:
    (project / "fwk.config.ts").write_text(CONFIG.replace("ssr: true", "ssr: false"))
    assert run(capsys, "set", "router.options.hashMode", "true") == (0, "", "")
    before = config_bytes(project)
    code, _, err = run(capsys, "set", "ssr", "true")
    assert code == 1
    assert "error FWK304: hash mode is unsupported with server rendering" in err
    assert "[router.options.hashMode]" in err
    assert config_bytes(project) == before


def test_dry_run_shows_the_diff_and_the_same_messages(project: Path, capsys: Capsys) -> None:
    code, out, err = run(capsys, "set", "devServer.port", "99999", "--dry-run")
    assert code == 1
    assert "-    port: 3000,\n+    port: 99999,\n" in out
    assert "fwk.config.ts:7:11: error FWK339: a listening port is a whole number" in err
    assert "would not be written" in err and "--force" in err
    code, out, err = run(capsys, "set", "devServer.port", "99999", "--dry-run", "--force")
    assert code == 0
    assert "+    port: 99999,\n" in out
    assert "would be written despite 1 error" in err
    code, out, err = run(capsys, "set", "app.viewTransition", "true", "--dry-run")
    assert code == 0
    assert "+    viewTransition: true,\n" in out
    assert ": warning FWK" in err
    assert config_bytes(project) == CONFIG.encode()


def test_dry_run_of_the_value_the_file_has_says_nothing_would_change(project: Path, capsys: Capsys) -> None:
    code, out, err = run(capsys, "set", "devServer.port", "3000", "--dry-run")
    assert (code, out) == (0, "")  # no diff: stdout stays a diff a script can apply
    assert err == "fwk.config.ts: note: devServer.port already has this value; nothing would change\n"
    code, out, err = run(capsys, "set", "runtimeConfig.apiSecret", "''", "--dry-run")
    assert code == 0 and "+    apiSecret: ''," in out and err == ""  # a change: the diff alone, as before
    assert config_bytes(project) == CONFIG.encode()


def test_json_carries_the_diagnostics_as_check_does(project: Path, capsys: Capsys) -> None:
    code, out, err = run(capsys, "set", "devServer.port", "99999", "--json")
    assert (code, err) == (1, "")
    data = json.loads(out)
    assert data["file"] == "fwk.config.ts"
    assert data["path"] == "devServer.port"
    assert data["variant"] == "A"
    assert (data["written"], data["refused"]) == (False, True)
    assert "+    port: 99999," in data["diff"]
    [d] = data["diagnostics"]
    assert d == {
        "severity": "error",
        "path": "devServer.port",
        "message": "a listening port is a whole number from 0 to 65535, not 99999: the dev server would not start",
        "line": 7,
        "column": 11,
        "code": "FWK339",
        "rule": "listening-port",
        "fix": None,
    }
    assert config_bytes(project) == CONFIG.encode()
    # the items are check's own
    (project / "fwk.config.ts").write_text(CONFIG.replace("3000", "99999"))
    checked = json.loads(run(capsys, "check", "--format", "json")[1])
    assert [c for c in checked if c["path"] == "devServer.port"] == [d]
    (project / "fwk.config.ts").write_text(CONFIG)

    code, out, _ = run(capsys, "set", "devServer.port", "99999", "--json", "--force")
    assert code == 0
    assert (json.loads(out)["written"], json.loads(out)["refused"]) == (True, False)
    code, out, _ = run(capsys, "set", "app.viewTransition", "true", "--json", "--dry-run")
    data = json.loads(out)
    assert (code, data["written"], data["refused"]) == (0, False, False)
    assert [d["severity"] for d in data["diagnostics"]] == ["warning"]
    assert data["diagnostics"][0]["fix"]["path"] == "experimental.viewTransition"
    code, out, _ = run(capsys, "set", "devServer.port", "4000", "--json")
    data = json.loads(out)
    assert (code, data["written"], data["diagnostics"]) == (0, True, [])


# -- a VALUE that does not read --------------------------------------------------------------

UNREADABLE = ["/api", "{a: }", "[1,", "foo bar", "", "'unterminated", '"x', "1 +", "it's", "http://x.com", "  /api"]


@pytest.mark.parametrize("value", UNREADABLE)
def test_an_unreadable_value_says_so_in_the_users_own_text(project: Path, capsys: Capsys, value: str) -> None:
    code, out, err = run(capsys, "set", "app.baseURL", value)
    assert (code, out) == (2, "")
    assert err.startswith("VALUE is not a JSON or JavaScript literal: ")
    assert "`(`" not in err and "`)`" not in err and "<code>" not in err
    assert "Traceback" not in err
    assert config_bytes(project) == CONFIG.encode()


@pytest.mark.parametrize(
    ("value", "column", "caret"),
    [
        ("/api", 1, "   1 | /api\n     | ^\n"),
        ("foo bar", 5, "   1 | foo bar\n     |     ^\n"),
        ("  /api", 3, "   1 |   /api\n     |   ^\n"),
        ("[1, {a: 2]", 10, "   1 | [1, {a: 2]\n     |          ^\n"),
        ("{a: 'b}", 5, "   1 | {a: 'b}\n     |     ^\n"),
    ],
)
def test_positions_are_columns_of_the_value_as_typed(
    project: Path, capsys: Capsys, value: str, column: int, caret: str
) -> None:
    _, _, err = run(capsys, "set", "app.baseURL", value)
    assert f"syntax error at column {column}: " in err
    assert caret in err


def _suggested(err: str) -> list[str]:
    [line] = [x for x in err.splitlines() if x.startswith("  fwk-tui set ")]
    return shlex.split(line)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("/api", "/api"),
        ("foo bar", "foo bar"),
        ("", ""),
        ("'unterminated", "unterminated"),
        ("it's", "it's"),
        ("http://x.com", "http://x.com"),
        ("Docs", "Docs"),
        ("a$b", "a$b"),
        ('say "hi"', 'say "hi"'),
    ],
)
def test_the_suggested_command_works_in_a_shell(project: Path, capsys: Capsys, value: str, expected: str) -> None:
    code, _, err = run(capsys, "set", "app.head.title", value)
    assert code == 2
    [line] = [x.strip() for x in err.splitlines() if x.startswith("  fwk-tui set ") and "--code" not in x]
    assert line.startswith("fwk-tui set app.head.title ")
    shell = line.replace("fwk-tui", f"{shlex.quote(sys.executable)} -m fwk_tui", 1)
    done = subprocess.run(["sh", "-c", shell], capture_output=True, text=True, check=False, cwd=project)
    assert (done.returncode, done.stderr) == (0, "")
    capsys.readouterr()
    assert main(["get", "app.head.title", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == expected


def test_the_suggested_command_keeps_the_users_options(project: Path, capsys: Capsys) -> None:
    other = project / "sub dir" / "fwk.config.ts"
    other.parent.mkdir()
    other.write_text(CONFIG)
    _, _, err = run(capsys, "set", 'routeRules["/x"].redirect', "/y", "--file", str(other), "--dry-run")
    words = _suggested(err)
    assert words == ["fwk-tui", "set", 'routeRules["/x"].redirect', "'/y'", "--file", str(other), "--dry-run"]
    assert main(words[1:]) == 0
    assert other.read_text() == CONFIG  # --dry-run kept


def test_a_value_that_is_code_offers_a_string_and_code(project: Path, capsys: Capsys) -> None:
    code, _, err = run(capsys, "set", "app.head.title", "Docs")
    assert code == 2
    assert "Docs is an expression (code)" in err
    assert "  fwk-tui set app.head.title \"'Docs'\"\n" in err
    assert "  fwk-tui set app.head.title Docs --code\n" in err
    code, _, err = run(capsys, "set", "app.head", "{title: Docs}")
    assert code == 2
    assert "at column 9: `Docs` is an expression (code), not a literal" in err
    assert config_bytes(project) == CONFIG.encode()


@pytest.mark.parametrize("value", ["a b", "() => {", "'x", "", "foo(", "x // c", "bar() {}", "1 +"])
def test_bad_code_is_explained_without_the_wrapper(project: Path, capsys: Capsys, value: str) -> None:
    code, out, err = run(capsys, "set", "hooks.close", value, "--code")
    assert (code, out) == (2, "")
    assert err.startswith("VALUE is not a JavaScript expression: ")
    assert "<code>" not in err and "Traceback" not in err
    assert ("`(`" not in err and "`)`" not in err) or "(" in value  # only the user's own parentheses
    assert config_bytes(project) == CONFIG.encode()


def test_bad_code_positions(project: Path, capsys: Capsys) -> None:
    _, _, err = run(capsys, "set", "hooks.close", "a b", "--code")
    assert "syntax error at column 3: unexpected `b`\n   1 | a b\n     |   ^\n" in err
    _, _, err = run(capsys, "set", "hooks.close", "bar() {}", "--code")
    assert "a method set at hooks.close must be named close" in err


# -- paths and files that cannot be written --------------------------------------------------


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("app.head.title.x", "cannot edit app.head.title.x: app.head.title is `'Docs'`, not an object or array"),
        ("devServer[0]", "cannot edit devServer[0]: devServer is an object"),
        ("app..x", "bad path"),
        ("[0]", "cannot edit [0]"),
    ],
)
def test_a_path_that_cannot_be_set_is_refused(project: Path, capsys: Capsys, path: str, message: str) -> None:
    code, out, err = run(capsys, "set", path, "1")
    assert (code, out) == (2, "")
    assert message in err and "Traceback" not in err
    assert config_bytes(project) == CONFIG.encode()


def test_a_file_that_cannot_be_written_is_refused(
    project: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    def denied(src: str, dst: str) -> None:
        raise PermissionError(13, "Permission denied", dst)

    monkeypatch.setattr(os, "replace", denied)
    code, _, err = run(capsys, "set", "devServer.port", "4000")
    assert code == 2
    assert err == "fwk.config.ts: permission denied; nothing was written\n"
    assert config_bytes(project) == CONFIG.encode()


def test_the_head_title_is_typed_a_string_sets_and_a_number_is_refused(project: Path, capsys: Capsys) -> None:
    code, _, err = run(capsys, "set", "app.head.title", "'Docs Site'")
    assert (code, err) == (0, "")
    assert "head: { title: 'Docs Site' }" in config_bytes(project).decode()
    before = config_bytes(project)
    code, out, err = run(capsys, "set", "app.head.title", "42")
    assert (code, out) == (1, "")
    assert "error FWK201: expected a string, got 42" in err and "[app.head.title]" in err
    assert config_bytes(project) == before
    (project / "fwk.config.ts").write_text(CONFIG.replace("title: 'Docs'", "title: 42"))
    code, out, _ = run(capsys, "check")
    assert code == 1 and "expected a string, got 42" in out
