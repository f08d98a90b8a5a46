"""`fwk-tui new` writes what was typed: an argument that is not UTF-8 text is refused, and the repeat
command pastes back as the same words."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from fwk_tui.wizard import Answers, RuntimeKey
from fwk_tui.wizard.answers import problems
from tests.cli.helpers import run

Capsys = pytest.CaptureFixture[str]

# How Python hands over the byte 0xff of a command line (surrogateescape).
BYTE_FF = "\udcff"


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (["--title", f"a{BYTE_FF}b"], "--title"),
        (["--src-dir", f"s{BYTE_FF}", "--skeleton"], "--src-dir"),
        (["--module", "ok", "--module", f"m{BYTE_FF}"], "--module"),
        (["--public-key", f"k=v{BYTE_FF}"], "--public-key"),
        (["--save-answers", f"p{BYTE_FF}.toml"], "--save-answers"),
    ],
)
def test_an_argument_that_is_not_text_is_refused_before_anything_is_written(
    tmp_path: Path, capsys: Capsys, args: list[str], name: str
) -> None:
    code, out, err = run(capsys, "new", str(tmp_path / "p9"), "--yes", *args)
    assert code == 2 and out == ""
    assert err == f"fwk-tui new: {name}: byte 0xff is not UTF-8 text; nothing was written\n"
    assert list(tmp_path.iterdir()) == []  # no folder, no config, no preset


def test_a_folder_name_that_is_not_text_is_refused(tmp_path: Path, capsys: Capsys) -> None:
    code, _out, err = run(capsys, "new", str(tmp_path / f"p{BYTE_FF}"), "--yes")
    assert code == 2 and err == "fwk-tui new: DIR: byte 0xff is not UTF-8 text; nothing was written\n"
    assert list(tmp_path.iterdir()) == []


def test_answers_that_are_not_text_are_a_problem_by_name() -> None:
    answers = Answers(title=f"a{BYTE_FF}", lang=f"e{BYTE_FF}", runtime=(RuntimeKey("k", True, f"v{BYTE_FF}"),))
    found = problems(answers)
    assert found["title"] == found["lang"] == found["runtime"] == "byte 0xff is not UTF-8 text"
    assert problems(Answers(title="Shop's ✓")) == {}


def _words_bash_reads(line: str) -> list[str]:
    """The words bash gives `fwk-tui` when ``line`` is pasted."""
    shell = f'fwk-tui() {{ printf "%s\\0" "$@"; }}; {line}'
    done = subprocess.run(["bash", "-c", shell], capture_output=True, check=True)
    return done.stdout.decode().split("\0")[:-1]


def test_the_repeat_command_pastes_back_as_the_same_folder_and_title(
    tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    folder, title = "p\x1b[31m2", "it's \x1b[1mbold\\"
    code, out, err = run(capsys, "new", folder, "--yes", "--title", title, "--compatibility-date", "2026-01-02")
    assert code == 0, err
    assert "\x1b" not in out  # shown as an escape, never obeyed by the terminal
    line = out.splitlines()[out.splitlines().index("repeat without questions:") + 1]
    words = _words_bash_reads(line)
    assert words[:3] == ["new", folder, "--yes"]
    assert words[words.index("--title") + 1] == title
    assert (tmp_path / folder / "fwk.config.ts").is_file()
