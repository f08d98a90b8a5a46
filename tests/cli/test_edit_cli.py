"""``fwk-tui [FILE]`` where no editor can start: a message naming the file, exit 2, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from fwk_tui.source import ConfigDocument, DocumentError

from .helpers import run

BASE = "export default defineFwkConfig({ ssr: true })\n"


def fwk(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The real command with no terminal (stdin and stdout not ttys), as a script runs it."""
    env = {**os.environ, "XDG_STATE_HOME": str(cwd / ".state"), "XDG_CONFIG_HOME": str(cwd / ".config")}
    return subprocess.run(
        [sys.executable, "-m", "fwk_tui", *args],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,  # it used to spin at 100% CPU without a terminal
    )


def test_the_editor_without_a_terminal_says_so_and_exits_2(tmp_path: Path) -> None:
    (tmp_path / "fwk.config.ts").write_text(BASE)
    done = fwk(tmp_path, "fwk.config.ts")
    assert done.returncode == 2
    assert done.stderr.startswith("fwk-tui: the editor needs a terminal; in scripts use fwk-tui check, get, set")
    assert done.stdout == ""  # no escape sequences of a terminal app
    assert (tmp_path / "fwk.config.ts").read_text() == BASE


def test_the_browser_without_a_terminal_says_so_and_exits_2(tmp_path: Path) -> None:
    done = fwk(tmp_path, "browse")
    assert done.returncode == 2
    assert done.stderr == "fwk-tui: the browser needs a terminal; in scripts use fwk-tui catalog, explain or search\n"
    assert done.stdout == ""


def test_the_editor_on_a_symlink_loop_names_it(tmp_path: Path) -> None:
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    done = fwk(tmp_path, "loop")
    assert done.returncode == 2
    assert done.stderr == "loop: too many levels of symbolic links\n"


def test_the_editor_on_a_path_through_a_file_names_it(tmp_path: Path) -> None:
    (tmp_path / "fwk.config.ts").write_text(BASE)
    done = fwk(tmp_path, "fwk.config.ts/x.ts")
    assert done.returncode == 2
    assert done.stderr == "fwk.config.ts/x.ts: a part of the path is a file, not a folder\n"
    assert (tmp_path / "fwk.config.ts").read_text() == BASE


def test_the_editor_on_a_config_too_deep_to_read_names_it(tmp_path: Path) -> None:
    depth = 2_000
    nested = "{ a: " * depth + "1" + " }" * depth
    (tmp_path / "fwk.config.ts").write_text(f"export default defineFwkConfig({{ a: {nested} }})\n")
    done = fwk(tmp_path, "fwk.config.ts")
    assert done.returncode == 2
    assert done.stderr.startswith("fwk.config.ts:") and "Traceback" not in done.stderr


@pytest.mark.parametrize("fault", [DocumentError("the config is nested too deeply to read"), RecursionError()])
def test_a_config_whose_values_cannot_be_read_is_a_message_not_an_editor(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], fault: Exception
) -> None:
    # Whatever limit the engine meets reading the values, the editor never starts on half a config.
    (tmp_path / "fwk.config.ts").write_text(BASE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / ".state"))

    def fail(self: ConfigDocument) -> None:
        raise fault

    monkeypatch.setattr(ConfigDocument, "values", fail)
    code, out, err = run(capsys, "fwk.config.ts")
    assert code == 2 and out == ""
    assert err == "fwk.config.ts: the config is nested too deeply to read\n"
