"""A person at the keyboard: the installed ``fwk-tui`` in tmux, one key every 200-400 ms, then the file's bytes.

Bursts of keys arrive before the app re-renders and hide what a person meets:
a field replaced under the cursor, a list item copied, a value dropped. Each
test types one of those cases at human speed and reads the file afterwards.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from .test_tmux import FWK_TUI, Terminal, _env

# One worker drives the terminals, one at a time: two tmux apps at once would share the two cores with the rest.
pytestmark = pytest.mark.xdist_group("terminal")

# Seeded: the same pauses on every run, so a failure replays.
_PAUSES = random.Random(12)


class Person(Terminal):
    """A terminal typed into one key at a time, with a person's pauses."""

    def press(self, *keys: str) -> None:
        """Named keys (``C-f``, ``Enter``, ``Escape``), one at a time."""
        for key in keys:
            subprocess.run(["tmux", "send-keys", "-t", self.name, key], check=True)
            time.sleep(_PAUSES.uniform(0.2, 0.4))

    def write(self, text: str) -> None:
        """``text`` one character at a time (``send-keys -l``)."""
        for character in text:
            subprocess.run(["tmux", "send-keys", "-t", self.name, "-l", character], check=True)
            time.sleep(_PAUSES.uniform(0.2, 0.4))

    def go_to(self, path: str) -> None:
        self.press("C-f")
        self.wait_for("Go to option")
        self.write(path)
        self.wait_for(path)
        self.press("Enter")

    def still(self, seconds: float = 3.0, timeout: float = 90.0) -> str:
        """The screen once it has not changed for ``seconds``, as a person waits for the app to catch up."""
        deadline = time.monotonic() + timeout
        last, since = self.screen(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.5)
            now = self.screen()
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= seconds:
                return now
        raise AssertionError(f"the screen kept changing for {timeout:.0f} s:\n{last}")

    def quit(self, wait: float = 10.0) -> None:
        self.press("C-q")
        deadline = time.monotonic() + wait
        while self.alive() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not self.alive(), self.screen()


@pytest.fixture
def person(tmp_path: Path):  # type: ignore[no-untyped-def]
    assert shutil.which("tmux"), "tmux is needed for this test (./dev test installs it)"
    assert FWK_TUI.exists(), f"{FWK_TUI} is not installed"
    started: list[Person] = []

    def start(body: str) -> tuple[Person, Path]:
        folder = tmp_path / "shop"
        folder.mkdir()
        file = folder / "fwk.config.ts"
        file.write_text(body)
        term = Person([str(FWK_TUI)], folder, _env(tmp_path))
        started.append(term)
        term.wait_for("Variant")
        return term, file

    yield start
    for term in started:
        term.close()


def test_typing_a_port_over_a_wrong_value_writes_the_whole_number(person) -> None:  # type: ignore[no-untyped-def]
    term, file = person("export default defineFwkConfig({ devServer: { port: 'abc' } })\n")
    term.go_to("devServer.port")
    term.wait_for("port  integer(0..65535)")
    term.press("C-u")
    term.write("8080")
    term.wait_for("● unsaved")
    term.press("C-s")
    term.wait_for("Save fwk.config.ts?")
    term.press("Enter")
    term.wait_for("Saved fwk.config.ts")
    term.quit()
    assert file.read_text() == "export default defineFwkConfig({ devServer: { port: 8080 } })\n"


def test_a_list_item_added_then_given_up_leaves_the_list_as_it_was(person) -> None:  # type: ignore[no-untyped-def]
    body = "export default defineFwkConfig({\n  css: ['~/a.css', '~/b.css'],\n})\n"
    term, file = person(body)
    term.go_to("css")
    term.wait_for("'~/b.css'")
    term.press("a", "Escape", "Escape", "C-s")
    term.wait_for("Nothing to save")
    term.press("a")
    term.write("~/c.css")
    term.press("Enter", "C-s")
    term.wait_for("Save fwk.config.ts?")
    term.press("Enter")
    term.wait_for("Saved fwk.config.ts")
    term.quit()
    assert file.read_text() == body.replace("'~/a.css', ", "'~/a.css', '~/c.css', ")  # after the row at the cursor


def test_a_new_module_given_up_with_escape_changes_nothing(person) -> None:  # type: ignore[no-untyped-def]
    body = "export default defineFwkConfig({\n  modules: ['@fwk/content', localModule()],\n})\n"
    term, file = person(body)
    term.go_to("modules")
    term.wait_for("localModule()")
    term.press("Home", "a", "Escape", "Escape")
    term.quit()  # nothing unsaved: no question
    assert file.read_text() == body


def test_save_says_which_field_holds_text_that_does_not_read(person) -> None:  # type: ignore[no-untyped-def]
    body = "export default defineFwkConfig({\n  ssr: true,\n  devServer: { port: 3000 },\n})\n"
    term, file = person(body)
    term.go_to("ssr")
    term.press("Space")
    term.go_to("devServer.port")
    term.wait_for("port  integer(0..65535)")
    term.press("C-u")
    term.write("abc")
    term.press("C-s")
    screen = term.wait_for("Left out")
    assert "devServer.port: abc" in screen
    term.press("g")  # back to the field
    term.write("d")
    term.press("C-u")
    term.write("4000")
    term.press("C-s")
    screen = term.wait_for("Save fwk.config.ts?")
    assert "Left out" not in screen
    term.press("Enter")
    term.wait_for("Saved fwk.config.ts")
    term.quit()
    assert file.read_text() == body.replace("ssr: true", "ssr: false").replace("3000", "4000")


def test_setting_then_resetting_an_option_leaves_the_file_as_it_was(person) -> None:  # type: ignore[no-untyped-def]
    body = "export default defineFwkConfig({\n  ssr: true,\n})\n"
    term, file = person(body)
    term.go_to("devServer.port")
    term.wait_for("port  integer(0..65535)")
    term.write("4000")
    term.wait_for("● unsaved")
    term.press("C-r")
    deadline = time.monotonic() + 5
    while "● unsaved" in term.screen() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert "● unsaved" not in term.screen()  # back to the file's own text, devServer and all
    term.quit()
    assert file.read_text() == body


def test_records_opened_twenty_deep_one_enter_at_a_time_never_crash(person) -> None:  # type: ignore[no-untyped-def]
    """Editor attack 34: each Enter opens the record inside; about 16 deep a record's rows were asked for before they
    were composed (NoMatches: RowList), and the editor stopped."""
    depth = 20
    body = "{ a: " * depth + "1" + " }" * depth
    term, file = person(f"export default defineFwkConfig({{ appConfig: {body}, ssr: true }})\n")
    term.go_to("appConfig")
    term.wait_for("appConfig")
    for _ in range(depth + 2):
        term.press("Enter")
        assert term.alive(), term.screen()
    # Each record opened deeper costs the app more (0.2 s of work at the top, 1 s ten deep, on this machine):
    # keys at 300 ms get ahead of it. A person waits for the screen before quitting; so does this test.
    screen = term.still()
    assert term.alive() and "unexpected error" not in screen, screen
    term.quit(wait=30)  # on a loaded machine the last keys may still be in hand
    assert file.read_text().startswith("export default defineFwkConfig({ appConfig: { a: ")
