"""`check --fix [--dry-run]`, `explain CODE`, codes in every output, and ignore comments on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fwk_tui.cli import main
from fwk_tui.exits import Exit
from tests.cli.helpers import run

FIXABLE = """\
export default defineFwkConfig({
  // the head manager's legacy mode
  unhead: { legacy: true },
  modules: ['@fwk/image', '', '@fwk/image'],
  runtimeConfig: { public: { apiSecret: 'x' } },
  devServer: { port: 3000 },
})
"""

FIXED = """\
export default defineFwkConfig({
  // the head manager's legacy mode
  headmgr: { legacy: true },
  modules: ['@fwk/image'],
  runtimeConfig: { public: { apiSecret: 'x' } },
  devServer: { port: 3000 },
})
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "fwk.config.ts").write_text(FIXABLE, encoding="utf-8")
    return tmp_path


def config(project: Path) -> str:
    return (project / "fwk.config.ts").read_text(encoding="utf-8")


def test_fix_applies_the_safe_fixes_prints_the_diff_and_leaves_the_rest(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "check", "--fix")
    assert (code, err) == (0, "")
    assert config(project) == FIXED  # comments and layout kept: only the fixed bytes changed
    assert "-  unhead: { legacy: true },\n-  modules: ['@fwk/image', '', '@fwk/image'],\n+  headmgr: { legacy: true }," in out
    assert "fwk.config.ts:3:3: fixed FWK103: Rename unhead to headmgr" in out
    assert "fixed FWK324: Remove the empty modules[1]" in out
    # moving a secret changes what the browser gets: offered, not applied
    assert "1 fix left for you to choose" in out
    assert "warning FWK321: is apiSecret a secret?" in out
    assert out.rstrip().endswith("0 errors, 1 warning, 0 infos")


def test_dry_run_prints_the_same_diff_and_writes_nothing(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--fix", "--dry-run")
    assert code == 0
    assert config(project) == FIXABLE
    assert "+  headmgr: { legacy: true }," in out
    assert "would fix FWK103" in out and "3 fixes not written (--dry-run)" in out
    assert run(capsys, "check", "--fix")[0] == 0
    assert run(capsys, "check", "--fix")[1].startswith("fwk.config.ts: no safe fix to apply")


def test_fix_on_a_read_only_file_writes_nothing(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fwk.config.ts").chmod(0o444)
    code, _, err = run(capsys, "check", "--fix")
    assert code == 2
    assert "fwk.config.ts: the file is read-only; nothing was written" in err
    assert config(project) == FIXABLE


def test_dry_run_alone_is_refused(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "--dry-run")
    assert (code, out) == (2, "")
    assert "--dry-run goes with --fix" in err


def test_fix_with_json_keeps_stdout_json(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "--fix", "--format", "json")
    assert code == 0
    assert [d["code"] for d in json.loads(out)] == ["FWK321"]
    assert "fixed FWK103" in err


def test_explain_a_code(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "fwk103")
    assert code == 0
    assert out.startswith("FWK103  A literal spelling of an option with a canonical name  (rule alias)")
    assert "What to do: Rename the key to the canonical spelling" in out
    assert "Fix: safe: `fwk-tui check --fix` applies it" in out
    assert "Reference: Naming convention used throughout" in out
    code, out, _ = run(capsys, "explain", "FWK304", "--json")
    data = json.loads(out)
    assert (code, data["rule"], data["safe_fix"]) == (0, "hash-mode-with-ssr", False)
    assert "hash" in data["reference"].lower()
    code, out, err = run(capsys, "explain", "FWK999")
    assert (code, out) == (Exit.NOT_FOUND, "")
    assert "no diagnostic has the code FWK999" in err


def test_an_ignored_error_does_not_fail_the_check(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fwk.config.ts").write_text(
        "export default defineFwkConfig({\n  // fwk-tui-ignore FWK201\n  ssr: 'yes',\n})\n", encoding="utf-8"
    )
    code, out, _ = run(capsys, "check")
    assert code == 0
    assert out.splitlines()[-1] == (
        "0 errors, 0 warnings, 0 infos, 1 ignored by fwk-tui-ignore comments (ignored hidden; --verbose shows them)"
    )
    _, out, _ = run(capsys, "check", "--verbose")
    assert "fwk.config.ts:3:8: ignored FWK201 (comment on line 2): expected true or false, got 'yes'" in out
    (project / "fwk.config.ts").write_text("export default defineFwkConfig({\n  ssr: 'yes',\n})\n", encoding="utf-8")
    assert run(capsys, "check")[0] == 1


def test_fix_on_a_config_built_by_code_says_why_nothing_is_fixed(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "function make() {\n  return { unhead: {} }\n}\nexport default defineFwkConfig(make())\n"
    (project / "fwk.config.ts").write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "check", "--fix")
    assert code == 3
    assert out.startswith("fwk.config.ts: no fix applied: read-only: the config is built by code: `make()` makes it")
    assert config(project) == text
    _, out, _ = run(capsys, "check", "--format", "github")
    assert out.splitlines()[0].endswith("so nothing was checked")  # no empty [path] after the message


def test_json_fixes_carry_what_a_tool_needs_to_apply_them(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "export default defineFwkConfig({\n  mode: 'spa',\n  devServer: { port: 1, port: 2 },\n})\n"
    (project / "fwk.config.ts").write_text(text, encoding="utf-8")
    _, out, _ = run(capsys, "check", "--format", "json")
    fixes = {d["code"]: d["fix"] for d in json.loads(out)}
    assert fixes["FWK105"] == {
        "kind": "replace",
        "path": "mode",
        "title": fixes["FWK105"]["title"],
        "value": False,
        "new_path": "ssr",
    }
    assert (fixes["FWK106"]["kind"], fixes["FWK106"]["path"], fixes["FWK106"]["occurrence"]) == (
        "remove-duplicate",
        "devServer.port",
        0,
    )


COMMENTED = """\
export default defineFwkConfig({
  modules: [
    [/* pwa */ '@scope/pwa'],
    ['@scope/icons'],
    '',
    '',
  ],
  devServer: {
    // the old port
    port: 1,
    port: 2,
  },
})
"""


def test_fix_never_drops_a_comment_and_names_what_it_held_back(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "fwk.config.ts").write_text(COMMENTED, encoding="utf-8")
    code, out, _ = run(capsys, "check", "--fix")
    assert code == 0
    assert config(project) == COMMENTED.replace("['@scope/icons'],\n    '',\n    '',", "'@scope/icons',")
    assert "fwk.config.ts: not fixed FWK202 at modules[0]: it would drop the comment /* pwa */" in out
    assert "fwk.config.ts: not fixed FWK106 at devServer.port: it would drop the comment // the old port" in out


def test_fix_lines_point_into_the_file_as_read(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fwk.config.ts").write_text(COMMENTED, encoding="utf-8")
    _, out, _ = run(capsys, "check", "--fix", "--dry-run")
    assert "fwk.config.ts:4:5: would fix FWK202: Write the module as a string" in out
    assert "fwk.config.ts:5:5: would fix FWK324: Remove the empty modules[2]" in out
    # the second empty entry moved to modules[2] with the first fix: no position of the file as read is claimed
    assert "fwk.config.ts (after the fixes above): would fix FWK324: Remove the empty modules[2]" in out
    # after a dry run the diagnostics are those of the file on disk, at its lines
    assert "fwk.config.ts:10:5: warning FWK106: port is written again in devServer at line 11" in out
    assert config(project) == COMMENTED


def test_a_repeated_entry_that_adds_something_is_left_to_a_person(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        "export default defineFwkConfig({\n  modules: ['@fwk/a', ['@fwk/a', { key: 'x' }], '@fwk/b', '@fwk/b'],\n"
        "  css: ['~/a.css', { src: '~/a.css', lang: 'scss' }],\n})\n"
    )
    (project / "fwk.config.ts").write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "check", "--fix")
    assert code == 0
    # only the plain repeat goes; the one with options and the css object keep what they add
    assert config(project) == text.replace("'@fwk/b', '@fwk/b'", "'@fwk/b'")
    assert "= fix: Remove the duplicate modules[1] (what it adds is lost)" in out
    assert "2 fixes left for you to choose" in out


def test_check_into_a_closed_pipe_says_nothing(project: Path) -> None:
    import subprocess
    import sys

    many = "export default defineFwkConfig({\n" + "".join(f"  k{i}: 1,\n" for i in range(3000)) + "})\n"
    (project / "fwk.config.ts").write_text(many, encoding="utf-8")
    run_check = f"{sys.executable} -m fwk_tui check --verbose | head -1; echo \"exit ${{PIPESTATUS[0]}}\" >&2"
    done = subprocess.run(["bash", "-c", run_check], cwd=project, capture_output=True, text=True, check=False)
    assert done.stdout.startswith("fwk.config.ts: checked as variant A")
    assert done.stderr == "exit 141\n"  # as a process the closed pipe stopped: a gate on it does not pass


def test_an_output_that_cannot_be_written_fails_the_command(
    capsys: pytest.CaptureFixture[str], project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    class Full(io.StringIO):
        def flush(self) -> None:
            raise OSError(28, "No space left on device")

    monkeypatch.chdir(project)
    monkeypatch.setattr("sys.stdout", Full())
    monkeypatch.setattr("fwk_tui.cli._quiet_stdout", lambda: None)
    assert main(["dump"]) == 2
    assert "the output could not be written: disk full" in capsys.readouterr().err
