"""``fwk-tui new --save-answers``: what was and was not written matches what is said and the exit code."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run


def test_answers_that_cannot_be_saved_leave_the_project_unwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a-file").write_text("")
    preset = tmp_path / "a-file" / "preset.toml"  # a path through a file: no one can write there
    project = tmp_path / "proj"
    code, out, err = run(capsys, "new", str(project), "--yes", "--compatibility-date", "2026-01-15",
                         "--save-answers", str(preset))
    assert code == 2
    assert err.startswith(f"fwk-tui new: {preset}: ")
    assert "the answers were not saved" in err and "nothing was written" in err
    assert "Traceback" not in err and "wrote" not in out
    assert not project.exists() and not preset.exists()


def test_a_project_that_cannot_be_written_says_the_answers_were_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a-file").write_text("")
    project = tmp_path / "a-file" / "proj"
    preset = tmp_path / "preset.toml"
    code, out, err = run(capsys, "new", str(project), "--yes", "--compatibility-date", "2026-01-15",
                         "--save-answers", str(preset))
    assert code == 2
    assert err.startswith("fwk-tui new: ") and str(tmp_path / "a-file") in err
    said = err.rstrip()
    assert said.endswith(f"a part of the path is a file, not a folder; only the answers were written, to {preset}")
    assert "Traceback" not in err
    assert 'compatibility-date = "2026-01-15"' in preset.read_text()


def test_saved_answers_are_listed_with_what_was_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project, preset = tmp_path / "proj", tmp_path / "preset.toml"
    code, out, err = run(capsys, "new", str(project), "--yes", "--compatibility-date", "2026-01-15",
                         "--save-answers", str(preset))
    assert (code, err) == (0, "")
    assert f"saved the answers to {preset}" in out.splitlines()
    assert (project / "fwk.config.ts").is_file() and preset.is_file()


@pytest.mark.parametrize("dry_run", [False, True])
def test_a_line_break_in_the_projects_name_is_shown_not_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, dry_run: bool
) -> None:
    """Attack round 3: `new $'a\\nb'` printed `create a`, then a line `b/fwk.config.ts` (its escapes were shown)."""
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "new", "a\nb", "--yes", "--compatibility-date", "2026-01-15", *(["--dry-run"] * dry_run))
    assert code == 0
    assert f"{'would ' * dry_run}create a\\nb/fwk.config.ts" in out.splitlines()
    assert "b/fwk.config.ts" not in out.splitlines()


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("fwk.config.ts", "that is the name of a config or a .env file, not of a file of answers"),
        (".env", "that is the name of a config or a .env file, not of a file of answers"),
        (".env.example", "that is the name of a config or a .env file, not of a file of answers"),
        ("fwk.config.mjs", "that is the name of a config or a .env file, not of a file of answers"),
        ("package.json", "a file of answers is TOML: name it *.toml, not *.json"),  # attack round 5: TOML in it
        ("tsconfig.json", "a file of answers is TOML: name it *.toml, not *.json"),
    ],
)
def test_answers_never_go_over_a_config_or_a_dotenv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, said: str
) -> None:
    """Attack round 4: `--save-answers fwk.config.ts` made the config TOML; `--save-answers .env` put the answers
    where the secrets go (and the secret nowhere)."""
    project = tmp_path / "proj"
    code, out, err = run(capsys, "new", str(project), "--yes", "--runtime-key", "apiSecret=s3cr3t",
                         "--save-answers", name)
    assert (code, out) == (2, "")
    assert said in err
    assert not project.exists()  # nothing was written


def test_answers_never_replace_a_file_that_holds_something_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n", encoding="utf-8")
    code, _, err = run(capsys, "new", str(tmp_path / "proj"), "--yes", "--save-answers", str(notes))
    assert code == 2 and "holds something else than saved answers (it is not replaced)" in err
    assert notes.read_text(encoding="utf-8") == "mine\n"
    preset = tmp_path / "answers.toml"
    for _ in range(2):  # a file of answers is replaced by the new answers
        assert run(capsys, "new", str(tmp_path / "proj"), "--yes", "--save-answers", str(preset))[0] == 0
