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
from textual.pilot import Pilot

from fwk_tui.tui.editor import EditorApp
from fwk_tui.tui.editor.widgets.config_form import ConfigForm
from fwk_tui.tui.escape_keys import EscapeKeyParser
from fwk_tui.tui.screens.help import HelpScreen
from fwk_tui.tui.screens.save_preview import SavePreviewScreen
from fwk_tui.tui.screens.search import SearchScreen
from fwk_tui.tui.settle import settle
from fwk_tui.tui.widgets.safe_input import SafeInput

from .oracle import send_key
from .test_editor import EXAMPLE, make_app, told
from .test_human_speed import HUMAN, look_until, type_slowly
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
        await look_until(pilot, app, lambda: app.session.get("modules") == ["@fwk/content", burst], "one new item")


def burst_keys(app: object, keys: str | list[str]) -> None:
    """``keys`` in the app's queue at once, as a terminal reads a paste without bracketed paste."""
    for key in keys:
        send_key(app, key)  # type: ignore[arg-type]


async def test_a_burst_of_a_new_key_enter_and_its_value_keeps_the_value(modules_config: Path) -> None:
    """Attack F3, in a record: `a`, then `foo Enter bar` in one burst saved `foo: ''`: `bar` went into the key's
    input."""
    app = make_app(modules_config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("alias")
        await pilot.pause(HUMAN)
        await type_slowly(pilot, "a")
        await pilot.pause(0.6)
        burst_keys(app, [*"foo", "enter", *"bar"])
        await look_until(pilot, app, lambda: app.session.get("alias") == {"foo": "bar"}, "foo: 'bar'")
        await type_slowly(pilot, "escape", "a")
        burst_keys(app, [*"foo", "enter", *"x"])  # `foo` is there already: refused, the keys after stay here
        await settle(app)
        await look_until(pilot, app, lambda: getattr(app.focused, "value", None) == "foox", "foox in the key's input")


async def test_keys_typed_with_the_go_to_land_in_the_field_it_goes_to(modules_config: Path) -> None:
    """Attack F6: Ctrl+F, `devServer.host`, Enter and `abc` in one burst: `abc` landed nowhere."""
    app = make_app(modules_config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_slowly(pilot, "ctrl+f")
        burst_keys(app, [*"devServer.host", "enter", *"abc"])
        # A loaded machine takes seconds over a burst: look again until the keys are handled (none is lost).
        await look_until(pilot, app, lambda: app.session.get("devServer.host") == "abc", "devServer.host: 'abc'")


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


def test_a_paste_the_terminal_does_not_bracket_is_read_as_a_paste_and_its_control_keys_as_keys() -> None:
    """Attack round 3: 800 KB pasted without bracketed paste was 800,000 key events queued at once: 2.1 GB, two
    minutes at full CPU, and Ctrl+Q answered after all of them; a newline in it an Enter that submits."""
    parser = EscapeKeyParser()
    text = "\r".join(f"line {i}: " + "x" * 70 for i in range(100))
    read = [*parser.feed(text[:4096]), *parser.feed(text[4096:] + "\x11"), *parser.feed("ab")]
    pasted = "".join(e.text for e in read if isinstance(e, events.Paste))
    assert pasted == text.replace("\r", "\n")
    assert [e.key for e in read if isinstance(e, events.Key)] == ["ctrl+q", "a", "b"]  # typed keys stay keys
    assert sum(isinstance(e, events.Paste) for e in read) == 2  # one a read, not one a character

    bracketed = EscapeKeyParser()  # a terminal that brackets its pastes: the parser's own paste, whole, once
    read = [*bracketed.feed("\x1b[200~" + "a" * 300), *bracketed.feed("b" * 300), *bracketed.feed("c\x1b[201~")]
    assert [e.text for e in read if isinstance(e, events.Paste)] == ["a" * 300 + "b" * 300 + "c"]


def test_bytes_that_are_no_utf8_are_read_as_a_replacement_character() -> None:
    """Attack round 4: a paste of the byte 0xff (or an encoded lone surrogate) ended the editor, exit 0, its unsaved
    edits lost: the terminal driver's strict decoder raised in its input thread."""
    from textual.drivers import linux_driver

    from fwk_tui.tui.escape_keys import install

    install()
    decode = linux_driver.getincrementaldecoder("utf-8")().decode
    assert decode(b"a\xffb\xed\xa0\x80c") == "a\ufffdb\ufffd\ufffd\ufffdc"
    assert decode(b"\xc3") + decode(b"\xa9") == "\u00e9"  # a character split across two reads is still one


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


@pytest.fixture
def example_config(tmp_path: Path) -> Path:
    (tmp_path / "project").mkdir()
    return Path(shutil.copyfile(EXAMPLE, tmp_path / "project" / "fwk.config.ts"))


async def test_keys_typed_with_ctrl_s_answer_its_preview_then_go_to_the_field(example_config: Path) -> None:
    """Attack F8: `C-s Enter Y` in one burst: the Enter was taken by the field (the preview stayed) and `Y` was lost.

    The rule: keys typed after Ctrl+S are for its preview (Enter writes), those after its answer for the
    field; a character the open preview does not take is refused with a word, never dropped silently.
    """
    app = make_app(example_config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("app.baseURL")
        await pilot.pause(HUMAN)
        await type_slowly(pilot, "end", "x")
        burst_keys(app, ["ctrl+s", "enter", "Y"])
        await look_until(pilot, app, lambda: app.session.get("app.baseURL") == "/xY", "Y in the field")
        assert not isinstance(app.screen, SavePreviewScreen)
        assert "baseURL: '/x'" in example_config.read_text()

        for digit in "12345":  # each digit, then a save, all in one burst
            burst_keys(app, [digit, "ctrl+s", "enter"])
        await look_until(pilot, app, lambda: "baseURL: '/xY12345'" in example_config.read_text(), "all saved")
        assert not isinstance(app.screen, SavePreviewScreen) and not app.session.dirty

        await type_slowly(pilot, "z", "ctrl+s")
        await look_until(pilot, app, lambda: isinstance(app.screen, SavePreviewScreen), "the preview")
        await type_slowly(pilot, "q")
        assert any("'q' was not typed" in n.message for n in told(app)), list(told(app))
        await type_slowly(pilot, "escape")
        assert app.session.get("app.baseURL") == "/xY12345z"


async def test_two_answers_read_at_once_answer_a_question_once(example_config: Path) -> None:
    """Attack F8's loop once crashed (`Can't pop screen`): two answer keys read together closed two screens."""
    app = make_app(example_config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await _type_in_base_url(app, pilot)
        await type_slowly(pilot, "ctrl+q")
        await look_until(pilot, app, lambda: type(app.screen).__name__ == "ChoiceScreen", "the quit question")
        question = app.screen
        question.dismiss("cancel")  # the first answer, read with the next key before the question closed
        question._forward_event(events.Key("c", "c"))  # as the app hands a key to the screen on top
        await settle(app)
        await pilot.pause(HUMAN)
        assert app.is_running and type(app.screen).__name__ == "Screen"
        await type_slowly(pilot, "z")
        assert app.session.get("app.baseURL") == "/xz"


async def _type_in_base_url(app: EditorApp, pilot: Pilot[None]) -> None:
    assert await app.go_to("app.baseURL")
    await pilot.pause(HUMAN)
    await type_slowly(pilot, "end", "x")


@pytest.mark.parametrize("opener", ["ctrl+f", "f1"])
async def test_keys_typed_with_a_key_that_opens_a_screen_go_to_that_screen(example_config: Path, opener: str) -> None:
    """Editor attack round 2: `Ctrl+F p o r t` in one burst from a text field typed "port" into the field's value
    (and F1 then keys the same): the keys went to the field still focused while the new screen came up."""
    app = make_app(example_config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("app.baseURL")
        await pilot.pause(HUMAN)
        before = app.session.get("app.baseURL")
        burst_keys(app, [opener, *"port"])
        for _ in range(4):
            await pilot.pause(HUMAN)
        assert app.session.get("app.baseURL") == before and not app.session.dirty
        if opener == "ctrl+f":
            assert isinstance(app.screen, SearchScreen) and app.screen.query_one(SafeInput).value == "port"
        else:
            assert isinstance(app.screen, HelpScreen)


async def test_keys_typed_with_the_key_that_opens_a_panel_land_in_it(modules_config: Path) -> None:
    """Editor attack 9/10: `a` and `xyz` in one burst on a record left the new key's input empty (the rows read
    `xyz`); `a` then `@fwk/c` on a list lost the text, its `/` opening the go-to."""
    app = make_app(modules_config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("modules")
        await pilot.pause(HUMAN)
        burst_keys(app, ["a", *"@fwk/c"])
        await look_until(pilot, app, lambda: app.session.get("modules") == ["@fwk/content", "@fwk/c"], "@fwk/c")
        assert not app.screen.query("SearchScreen")

        assert await app.go_to("alias")
        await pilot.pause(HUMAN)
        burst_keys(app, ["a", *"xyz"])
        await settle(app)
        await look_until(pilot, app, lambda: getattr(app.focused, "value", None) == "xyz", "the new key xyz")
        burst_keys(app, ["enter", *"v1", "tab"])
        await look_until(pilot, app, lambda: app.session.get("alias") == {"xyz": "v1"}, "xyz: 'v1'")
        await type_slowly(pilot, "escape", "escape")
        await pilot.pause(HUMAN)
        assert await app.go_to("alias")
        await pilot.pause(HUMAN)
        burst_keys(app, ["r", *"QQ"])  # rename the highlighted key: the name selected, typing replaces it
        await settle(app)
        await look_until(pilot, app, lambda: getattr(app.focused, "value", None) == "QQ", "QQ from the burst")
        await type_slowly(pilot, "escape", "r", "Q", "Q")
        await settle(app)
        await look_until(pilot, app, lambda: getattr(app.focused, "value", None) == "QQ", "QQ typed slowly")


async def test_keys_typed_right_after_a_click_land_in_the_field_clicked(example_config: Path) -> None:
    """Keys typed right after a mouse click (a terminal sends them in one read) went into the field focused before
    the click: the focus moves a moment after the click."""
    from textual.events import Click, MouseDown, MouseUp
    from textual.pilot import _get_mouse_message_arguments

    app = make_app(example_config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("app.baseURL")
        await pilot.pause(HUMAN)
        before = app.session.get("app.baseURL")
        field = app.query_one(ConfigForm).fields["app.buildAssetsDir"]  # a text field below it
        assert app._driver is not None
        for kind in (MouseDown, MouseUp, Click):
            event = kind(**_get_mouse_message_arguments(field, (2, 2), button=1))
            event.set_sender(app)
            app._driver.send_message(event)
        burst_keys(app, ["end", *"zq"])
        for _ in range(4):
            await pilot.pause(HUMAN)
        assert app.session.get("app.baseURL") == before
        assert app.focused is not None and field in app.focused.ancestors
        assert getattr(app.focused, "value", "").endswith("zq")
