"""`check --fix --unsafe-fixes`: the fixes that change what the app does too, each listed on stderr; a merge of
keys set differently needs a choice and is not applied."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fwk_tui.exits import Exit
from fwk_tui.source import ConfigDocument
from tests.cli.helpers import run

TYPOS = """\
export default defineFwkConfig({
  // the dev server
  devServr: { port: 3000 },
  devServer: { host: 'x' },
  compatibiltyDate: '2025-01-01',
  unhead: { legacy: true },
})
"""

ALL_FIXED = """\
export default defineFwkConfig({
  devServer: { host: 'x', port: 3000 },
  compatibilityDate: '2025-01-01',
  headmgr: { legacy: true },
})
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(project: Path, text: str) -> None:
    (project / "fwk.config.ts").write_text(text, encoding="utf-8")


def config(project: Path) -> str:
    text = (project / "fwk.config.ts").read_text(encoding="utf-8")
    ConfigDocument.parse(text)  # whatever was written parses
    return text


def test_fix_alone_applies_only_the_safe_fixes(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, TYPOS)
    code, out, err = run(capsys, "check", "--fix")
    assert (code, err) == (0, "")
    assert config(project) == TYPOS.replace("unhead", "headmgr")
    assert "2 fixes left for you to choose" in out and "--unsafe-fixes" in out
    assert "fix: Merge devServr into devServer\n     = or: Remove devServr (devServer is already set)" in out


def test_unsafe_fixes_merge_rename_and_list_each_on_stderr(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, TYPOS.replace("  // the dev server\n", ""))
    code, out, err = run(capsys, "check", "--fix", "--unsafe-fixes")
    assert code == 0
    assert config(project) == ALL_FIXED
    assert err.splitlines() == [
        "fwk.config.ts:4:3: fixed FWK101 (unsafe: it changes what the app does): Rename compatibiltyDate to "
        "compatibilityDate",
        "fwk.config.ts:2:3: fixed FWK101 (unsafe: it changes what the app does): Merge devServr into devServer",
    ]
    assert "fwk.config.ts:5:3: fixed FWK103: Rename unhead to headmgr" in out  # a safe one: on stdout, as before
    assert out.rstrip().endswith("0 errors, 0 warnings, 0 infos")


def test_a_merge_that_would_drop_a_comment_is_held_back(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, TYPOS)
    code, out, _ = run(capsys, "check", "--fix", "--unsafe-fixes")
    assert code == 0
    assert "not fixed FWK101 at devServr: it would drop the comment // the dev server" in out
    assert "  // the dev server\n  devServr: { port: 3000 },\n  devServer: { host: 'x' },\n" in config(project)


def test_keys_set_differently_need_a_choice_and_are_not_applied(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "export default defineFwkConfig({\n  devServr: { port: 3000 },\n  devServer: { port: 4000 },\n})\n"
    write(project, text)
    code, out, err = run(capsys, "check", "--fix", "--unsafe-fixes")
    assert (code, err) == (0, "")
    assert config(project) == text
    assert (
        "fwk.config.ts:2:3: not fixed FWK101, it needs a choice: port set differently in devServr and devServer "
        "(F3 on the field in fwk-tui edit asks which to keep; the language server offers both as code actions)"
    ) in out
    assert "fwk.config.ts: no fix to apply" in out


def test_json_stays_on_stdout_and_the_merge_is_described(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "export default defineFwkConfig({\n  devServr: { port: 3000 },\n  devServer: { port: 4000 },\n})\n"
    write(project, text)
    code, out, _ = run(capsys, "check", "--format", "json")
    assert code == 0
    assert json.loads(out)[0]["fix"] == {
        "kind": "merge",
        "path": "devServr",
        "title": "Merge devServr into devServer (port is set in both: choose which to keep)",
        "new_path": "devServer",
        "conflicts": ["port"],
    }
    write(project, TYPOS)
    code, out, err = run(capsys, "check", "--fix", "--unsafe-fixes", "--dry-run", "--format", "json")
    assert code == 0
    json.loads(out)  # the diff and every line about a fix went to stderr
    assert "would fix FWK101 (unsafe: it changes what the app does): Rename compatibiltyDate" in err
    assert config(project) == TYPOS


def test_unsafe_fixes_alone_is_refused(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, TYPOS)
    code, out, err = run(capsys, "check", "--unsafe-fixes")
    assert (code, out) == (Exit.BAD_INPUT, "")
    assert "--unsafe-fixes goes with --fix" in err
    assert config(project) == TYPOS
