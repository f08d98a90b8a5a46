"""The installed ``fwk-tui`` in a real terminal (tmux), driven by keys as a user would."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

# One worker drives the terminals, one at a time: two tmux apps at once would share the two cores with the rest.
pytestmark = pytest.mark.xdist_group("terminal")

EXAMPLE = Path(__file__).resolve().parents[2] / "fwk_tui" / "examples" / "fwk.config.ts"
FWK_TUI = Path(sys.executable).with_name("fwk-tui")


class Terminal:
    """One tmux session of 100x32 running a command."""

    def __init__(self, command: list[str], cwd: Path, env: dict[str, str]) -> None:
        self.name = f"fwk-tui-test-{uuid.uuid4().hex[:8]}"
        # tmux starts the command through a shell; pass the environment explicitly.
        exports = " ".join(f"{k}={_quote(v)}" for k, v in env.items())
        # COLUMNS and LINES would fix the app's size whatever the window's (a tmux server started by a
        # process that had them set passes them on): the app measures its terminal, as it does for a person.
        line = f"cd {_quote(str(cwd))} && env -u COLUMNS -u LINES {exports} " + " ".join(_quote(c) for c in command)
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", "100", "-y", "32", line], check=True)
        # An app that stops leaves its last screen (a traceback, its last words) for the failure to show: without
        # this the session went with it, and a test could say only that it was gone.
        subprocess.run(["tmux", "set-option", "-t", self.name, "remain-on-exit", "on"], capture_output=True)

    def keys(self, *keys: str) -> None:
        for key in keys:
            subprocess.run(["tmux", "send-keys", "-t", self.name, key], check=True)
            time.sleep(0.05)

    def type(self, text: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, "-l", text], check=True)

    def screen(self) -> str:
        out = subprocess.run(["tmux", "capture-pane", "-t", self.name, "-p"], capture_output=True, text=True)
        return out.stdout

    def wait_for(self, text: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never showed; the screen was:\n{self.screen()}")

    def alive(self) -> bool:
        """The app still runs (its pane is there and not dead)."""
        out = subprocess.run(
            ["tmux", "display-message", "-p", "-t", self.name, "#{pane_dead}"], capture_output=True, text=True
        )
        return out.returncode == 0 and out.stdout.strip() == "0"

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "shop"
    folder.mkdir()
    shutil.copyfile(EXAMPLE, folder / "fwk.config.ts")
    return folder


def _env(tmp_path: Path) -> dict[str, str]:
    return {
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_CACHE_HOME": os.environ.get("XDG_CACHE_HOME", str(Path.home() / ".cache")),
        "TERM": "xterm-256color",
        "HOME": os.environ.get("HOME", str(tmp_path)),
        "PATH": os.environ.get("PATH", ""),
    }


@pytest.fixture
def terminal(project: Path, tmp_path: Path) -> Iterator[Terminal]:
    assert shutil.which("tmux"), "tmux is needed for this test (./dev test installs it)"
    assert FWK_TUI.exists(), f"{FWK_TUI} is not installed"
    term = Terminal([str(FWK_TUI)], project, _env(tmp_path))
    try:
        yield term
    finally:
        term.close()


def test_a_user_opens_searches_edits_saves_and_quits(terminal: Terminal, project: Path) -> None:
    screen = terminal.wait_for("Variant A")
    assert "fwk.config.ts" in screen and "App shell" in screen
    terminal.keys("C-f")
    terminal.wait_for("Go to option")
    terminal.type("devserver port")
    terminal.wait_for("devServer.port")
    terminal.keys("Enter")
    terminal.wait_for("port  integer(0..65535)")
    terminal.keys("C-u")
    terminal.type("99999")
    terminal.wait_for("expected a whole number from 0 to 65535, got 99999")  # live, at each keystroke
    terminal.keys("C-u")
    terminal.type("4000")
    terminal.wait_for("● unsaved")
    terminal.keys("C-s")
    terminal.wait_for("Save fwk.config.ts?")
    terminal.wait_for("+    port: 4000,")
    terminal.keys("Enter")
    terminal.wait_for("Saved fwk.config.ts")
    terminal.keys("C-q")
    deadline = time.monotonic() + 10
    while terminal.alive() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not terminal.alive(), terminal.screen()
    assert (project / "fwk.config.ts").read_text() == EXAMPLE.read_text().replace("port: 3000", "port: 4000")


def test_a_user_starts_a_project_with_the_wizard_from_the_editor(tmp_path: Path) -> None:
    folder = tmp_path / "fresh"
    folder.mkdir()
    term = Terminal([str(FWK_TUI)], folder, _env(tmp_path))
    try:
        term.wait_for("No config here")
        term.keys("w")
        term.wait_for("Step 1 of 12")
        term.keys("C-n")
        term.wait_for("Step 2 of 12")
        term.keys("C-n")
        term.wait_for("Step 3 of 12")
        term.keys("Down", "Down", "Enter")  # single-page app
        term.wait_for("spaLoadingTemplate")
        for step in range(4, 13):
            term.keys("C-n")
            term.wait_for(f"Step {step} of 12")
        term.wait_for("ssr: false")
        term.keys("C-s")
        term.wait_for("Written")
        term.wait_for("Variant A")
        term.keys("C-q")
        deadline = time.monotonic() + 10
        while term.alive() and time.monotonic() < deadline:
            time.sleep(0.1)
        text = (folder / "fwk.config.ts").read_text()
        assert "ssr: false" in text and "compatibilityDate: '" in text
    finally:
        term.close()


def test_fwk_tui_new_prints_the_command_that_repeats_the_run(tmp_path: Path) -> None:
    folder = tmp_path / "site"
    command = ["sh", "-c", f"{_quote(str(FWK_TUI))} new site; echo EXITED; sleep 30"]
    term = Terminal(command, tmp_path, _env(tmp_path))
    try:
        term.wait_for("Step 1 of 12")
        for step in range(2, 8):
            term.keys("C-n")
            term.wait_for(f"Step {step} of 12")
        term.type("Shop")  # the title: the head step focuses its first field
        term.wait_for("Shop")
        for step in range(8, 13):
            term.keys("C-n")
            term.wait_for(f"Step {step} of 12")
        term.wait_for("title: 'Shop'")
        term.keys("C-s")
        screen = term.wait_for("EXITED")
        assert "create site/fwk.config.ts" in screen
        assert "fwk-tui new site --yes --variant A --title Shop --compatibility-date" in screen
        assert "title: 'Shop'" in (folder / "fwk.config.ts").read_text()
    finally:
        term.close()
