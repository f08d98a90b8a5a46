"""The editor under bursts of keys (a paste without bracketed paste, keys typed with the one before them).

Each test failed before its fix; bursts are keys pressed with no pause between them.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from textual import events

from fwk_tui.tui.escape_keys import EscapeKeyParser
from fwk_tui.tui.settle import settle

from .oracle import send_key
from .test_editor import make_app
from .test_human_speed import HUMAN, type_slowly
from .test_tmux import Terminal, _env

MODULES = "export default defineFwkConfig({\n  modules: ['@fwk/content'],\n})\n"


@pytest.fixture
def modules_config(tmp_path: Path) -> Path:
    (tmp_path / "project").mkdir()
    file = tmp_path / "project" / "fwk.config.ts"
    file.write_text(MODULES)
    return file


@pytest.mark.parametrize("burst", ["xyz", "0123456789" * 10])
async def test_a_burst_into_a_new_list_item_makes_one_item(modules_config: Path, burst: str) -> None:
    """Attack F3: keys pasted into a new item made two items, `'x'` and `'xyz'`: the first key inserted the item."""
    app = make_app(modules_config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_slowly(pilot, "ctrl+f", *"modules", "enter")
        await pilot.pause(HUMAN)
        await type_slowly(pilot, "a")
        await pilot.pause(0.6)
        burst_keys(app, burst)
        await settle(app)
        await pilot.pause(HUMAN)
        assert app.session.get("modules") == ["@fwk/content", burst]


def burst_keys(app: object, keys: str | list[str]) -> None:
    """``keys`` in the app's queue at once, as a terminal reads a paste without bracketed paste."""
    for key in keys:
        send_key(app, key)  # type: ignore[arg-type]


async def test_keys_typed_with_the_go_to_land_in_the_field_it_goes_to(modules_config: Path) -> None:
    """Attack F6: Ctrl+F, `devServer.host`, Enter and `abc` in one burst: `abc` landed nowhere."""
    app = make_app(modules_config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_slowly(pilot, "ctrl+f")
        burst_keys(app, [*"devServer.host", "enter", *"abc"])
        await settle(app)
        await pilot.pause(HUMAN)
        await settle(app)
        assert app.session.get("devServer.host") == "abc"


def test_esc_ctrl_s_esc_read_together_are_three_keys_and_no_caret() -> None:
    """Attack F7: the bytes of Esc, Ctrl+S, Esc typed at once were read as `^` and Ctrl+S: a `^` went into the field."""
    parser = EscapeKeyParser()
    keys = [*parser.feed("\x1b\x13\x1b"), *parser.feed("")]
    assert [(k.key, k.character) for k in keys if isinstance(k, events.Key)] == [
        ("escape", "\x1b"),
        ("ctrl+s", "\x13"),
        ("escape", "\x1b"),
    ]
    parser = EscapeKeyParser()
    typed = [*parser.feed("^a\x1b[A"), *parser.feed("")]  # a `^` typed is still one
    assert [k.key for k in typed if isinstance(k, events.Key)] == ["circumflex_accent", "a", "up"]


def test_esc_ctrl_s_esc_in_a_real_terminal_puts_no_caret_in_the_field(tmp_path: Path) -> None:
    """Attack F7 in tmux: Esc, Ctrl+S, Esc sent as one write turned `'Hi'` into `'Hi^'`, and saved it."""
    assert shutil.which("tmux"), "tmux is needed for this test"
    folder = tmp_path / "shop"
    folder.mkdir()
    config = folder / "fwk.config.ts"
    config.write_text("export default defineFwkConfig({\n  app: { baseURL: '/' },\n})\n")
    env = {**_env(tmp_path), "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    terminal = Terminal([sys.executable, "-m", "fwk_tui"], folder, env)
    try:
        terminal.wait_for("Variant A")
        terminal.keys("C-f")
        terminal.wait_for("Go to option")
        terminal.type("baseURL")
        terminal.wait_for("app.baseURL")
        terminal.keys("Enter")
        terminal.wait_for("baseURL  string")
        terminal.keys("End")
        terminal.type("Hi")
        terminal.wait_for("● unsaved")
        subprocess.run(["tmux", "send-keys", "-t", terminal.name, "-H", "1b", "13", "1b"], check=True)
        time.sleep(1.0)
        assert "/Hi^" not in terminal.screen(), terminal.screen()
        terminal.keys("C-s")
        terminal.wait_for("Save fwk.config.ts?")
        terminal.keys("Enter")
        terminal.wait_for("Saved fwk.config.ts")
        assert "baseURL: '/Hi'" in config.read_text()
    finally:
        terminal.close()
