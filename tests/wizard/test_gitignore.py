"""``fwk-tui new`` keeps the ``.env`` it writes out of version control: the project's ``.gitignore`` gets ``.env``
(created, or appended to keeping every byte), never twice, and the plan says so before anything is written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from fwk_tui.wizard.gitignore import ignores_env, with_env
from tests.cli.helpers import run


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def new(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return run(capsys, "new", "p", "--yes", "--compatibility-date", "2026-01-15", *args)


@pytest.mark.parametrize(
    "text",
    [".env\n", "/.env\n", ".env", "node_modules\n.env  \n", "*.env\n", ".env*\n", "**/.env\n", "/.env*\n",
     ".env\n# .env\n", "!.env\n.env\n", ".[e]nv\n"],
)  # fmt: skip
def test_a_gitignore_that_ignores_env_already(text: str) -> None:
    assert ignores_env(text) and with_env(text) is None


@pytest.mark.parametrize(
    "text",
    ["", "# .env\n", ".env/\n", ".env.local\n", ".env.*\n", "app/.env\n", ".env\n!.env\n", "\\#.env\n", ".ENV\n",
     "node_modules\n"],
)  # fmt: skip
def test_a_gitignore_that_does_not(text: str) -> None:
    assert not ignores_env(text)
    assert with_env(text) == text + ("\n" if text and not text.endswith("\n") else "") + ".env\n"


def test_a_private_value_brings_a_new_gitignore(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = new(capsys, "--runtime-key", "apiSecret=s3cret")
    assert (code, err) == (0, "")
    assert (here / "p" / ".gitignore").read_text() == ".env\n"
    assert "create p/.gitignore: .env (kept out of version control)" in out


def test_an_existing_gitignore_gets_the_line_at_its_end(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "p").mkdir()
    (here / "p" / ".gitignore").write_text("node_modules\n# build\n.output")  # no newline at its end
    os.chmod(here / "p" / ".gitignore", 0o640)
    code, out, _ = new(capsys, "--runtime-key", "apiSecret=s3cret")
    assert code == 0
    assert (here / "p" / ".gitignore").read_text() == "node_modules\n# build\n.output\n.env\n"
    assert (here / "p" / ".gitignore").stat().st_mode & 0o777 == 0o640
    assert "add .env to p/.gitignore" in out


@pytest.mark.parametrize("line", [".env", "/.env", ".env*"])
def test_a_gitignore_ignoring_env_is_left_as_it_is(here: Path, capsys: pytest.CaptureFixture[str], line: str) -> None:
    (here / "p").mkdir()
    (here / "p" / ".gitignore").write_text(f"node_modules\n{line}\n")
    code, out, _ = new(capsys, "--runtime-key", "apiSecret=s3cret")
    assert code == 0 and (here / "p" / ".gitignore").read_text() == f"node_modules\n{line}\n"
    assert ".gitignore" not in out


def test_no_env_written_no_gitignore(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = new(capsys, "--public-key", "apiBase=/api", "--env-example")
    assert code == 0 and not (here / "p" / ".gitignore").exists() and ".gitignore" not in out


def test_the_dry_run_lists_the_gitignore_and_writes_nothing(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = new(capsys, "--runtime-key", "apiSecret=s3cret", "--dry-run")
    assert code == 0 and "create p/.gitignore: .env" in out
    assert not (here / "p").exists()


def test_a_gitignore_that_cannot_be_read_is_left_alone_and_said(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "p").mkdir()
    os.mkfifo(here / "p" / ".gitignore")
    code, out, _ = new(capsys, "--runtime-key", "apiSecret=s3cret")
    assert code == 0 and (here / "p" / ".env").is_file()
    assert "leave p/.gitignore alone" in out and "add .env to it yourself" in out


def test_a_gitignore_leading_out_of_the_project_is_not_written(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "p").mkdir()
    (here / "global-ignore").write_text("*.log\n")
    (here / "p" / ".gitignore").symlink_to(here / "global-ignore")
    code, out, _ = new(capsys, "--runtime-key", "apiSecret=s3cret")
    assert code == 0 and (here / "global-ignore").read_text() == "*.log\n"
    assert "leave p/.gitignore alone (it leads to" in out
