"""The editor under attack: one test per fault an attack round found, each named in its docstring.

Each test failed before its fix. Typing runs at a person's pace (a pause after
each key, long enough for every re-render) unless the attack is a burst.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual import events
from textual.geometry import Size
from textual.pilot import Pilot
from textual.screen import Screen

from fwk_tui.tui.browse import BrowseApp
from fwk_tui.tui.editor import EditorApp
from fwk_tui.tui.min_size import notice_text
from fwk_tui.tui.screens.choice import ChoiceScreen
from fwk_tui.tui.screens.help import HelpScreen
from fwk_tui.tui.screens.save_preview import SavePreviewScreen
from fwk_tui.tui.screens.search import SearchScreen
from fwk_tui.tui.settle import settle
from fwk_tui.tui.widgets import safe_input
from fwk_tui.tui.widgets.safe_input import SafeInput

from .oracle import send_key
from .test_editor import EXAMPLE, make_app, screen_text, told
from .test_human_speed import HUMAN, type_slowly
from .test_tmux import _env
from .test_tmux_human import Person

SECRET = f"s3cr3t-{7**9:x}"  # made at run time: the report's code frames show source lines, never it


@pytest.fixture
def config(tmp_path: Path) -> Path:
    """The example config in a project folder of its own."""
    (tmp_path / "project").mkdir()
    return Path(shutil.copyfile(EXAMPLE, tmp_path / "project" / "fwk.config.ts"))


async def test_a_crash_report_shows_no_variable_values(config: Path) -> None:
    """Attack 2: a crash printed each frame's local variables, the parsed .env text with FWK_API_SECRET among them."""
    app = make_app(config)
    printed = io.StringIO()
    app.error_console = Console(file=printed, width=120, color_system=None)

    def toggle_docs_reading_env() -> None:
        env_text = f"FWK_API_SECRET={SECRET}\n"
        raise RuntimeError(f"unexpected {len(env_text)} bytes")

    with pytest.raises(RuntimeError):
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            app._docs.toggle = toggle_docs_reading_env  # type: ignore[method-assign]
            await type_slowly(pilot, "f9")
            await pilot.pause(HUMAN)
    report = printed.getvalue()
    assert "RuntimeError: unexpected" in report and "toggle_docs_reading_env" in report, report
    assert SECRET not in report and "locals" not in report, report
    words = " ".join(report.split())
    assert "leaves out the values of variables" in words and "fwk-tui offers them back" in words


async def _edit_base_url(app: EditorApp, pilot: Pilot[None]) -> None:
    assert await app.go_to("app.baseURL")
    await pilot.pause(HUMAN)
    await type_slowly(pilot, "end", "x")


async def test_enter_as_the_save_preview_opens_saves_without_a_crash(config: Path) -> None:
    """Attack 18: `NoMatches: '#save-diff'` once in three save races: a key closed the preview before it was composed."""
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await _edit_base_url(app, pilot)
        await type_slowly(pilot, "ctrl+s", "enter")  # a person: the preview shows, then Enter writes
        assert not isinstance(app.screen, SavePreviewScreen)
        assert "baseURL: '/x'" in config.read_text()
        saved_once = config.read_text()

        await type_slowly(pilot, "end", "y")
        _close_as_it_opens(app, SavePreviewScreen, "confirm")
        send_key(app, "ctrl+s")
        await settle(app)
        await pilot.pause(HUMAN)
        assert not isinstance(app.screen, SavePreviewScreen)
        assert config.read_text() == saved_once.replace("'/x'", "'/xy'")

        # The same race on the other screens that focus a widget of theirs as they open.
        for kind, key, close in (
            (SearchScreen, "ctrl+f", "cursor_down page_up choose close"),
            (HelpScreen, "f1", "close"),
        ):
            _close_as_it_opens(app, kind, close)
            send_key(app, key)
            await settle(app)
            await pilot.pause(HUMAN)
            assert not isinstance(app.screen, kind)
        await type_slowly(pilot, "z")
        assert app.session.get("app.baseURL") == "/xyz"  # the field still has the keys


def _close_as_it_opens(app: EditorApp, kind: type[Screen[Any]], actions: str) -> None:
    """The next ``kind`` pushed runs ``actions`` at once, as keys read with the one opening it do
    when their bindings run before the screen is composed (a loaded machine, once in a few tries)."""
    push_screen = app.push_screen

    def push_then_close(screen: Any, *args: Any, **kwargs: Any) -> Any:
        pushed = push_screen(screen, *args, **kwargs)
        if isinstance(screen, kind):
            app.push_screen = push_screen  # type: ignore[method-assign]
            for action in actions.split():
                getattr(screen, f"action_{action}")()
        return pushed

    app.push_screen = push_then_close  # type: ignore[method-assign]


async def test_a_tiny_terminal_shows_a_notice_and_keeps_the_keys_typed(config: Path) -> None:
    """Attack 14: resized to 10x5 with a field focused, the editor crashed (`range() arg 3 must not be zero`)
    and the keys typed at that size were lost."""
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await _edit_base_url(app, pilot)
        for width, height in ((10, 5), (30, 10), (10, 5)):
            await pilot.resize_terminal(width, height)
            await pilot.pause(HUMAN)
            assert app.too_small_notice() == notice_text(Size(width, height))
        assert "(needs 40x12)" in notice_text(Size(10, 5))
        await type_slowly(pilot, "y", "z")  # blind, at 10x5: they go to the focused field at once
        await type_slowly(pilot, "f1", "escape")  # a screen opened and closed at that size
        _click_as_the_terminal_does(app, 2, 2)  # on the notice: not on the tree hidden under it
        await pilot.pause(HUMAN)
        assert app.session.get("app.baseURL") == "/xyz"
        await pilot.resize_terminal(100, 32)
        await pilot.pause(HUMAN)
        assert app.too_small_notice() is None
        await type_slowly(pilot, "!")
        assert app.session.get("app.baseURL") == "/xyz!"
        assert "/xyz!" in screen_text(app)


def _click_as_the_terminal_does(app: EditorApp, x: int, y: int) -> None:
    """A click at ``x``, ``y`` sent through the driver, as a terminal's is (a Pilot hands it to the screen)."""
    from textual.pilot import _get_mouse_message_arguments

    arguments = _get_mouse_message_arguments(app.screen, offset=(x, y))
    for kind in (events.MouseDown, events.MouseUp, events.Click):
        event = kind(**arguments)
        event.set_sender(app)
        assert app._driver is not None
        app._driver.send_message(event)


async def test_a_tiny_terminal_shows_the_browser_a_notice_too() -> None:
    """Attack 14, in the catalogue browser (``fwk-tui browse``): it crashed the same way at 10x5."""
    app = BrowseApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(10, 5)
        await type_slowly(pilot, "down")
        assert app.too_small_notice() == notice_text(Size(10, 5))
        await pilot.resize_terminal(100, 32)
        await type_slowly(pilot, "down")
        assert app.too_small_notice() is None


def test_a_tiny_real_terminal_shows_the_notice_and_the_field_gets_the_keys(tmp_path: Path) -> None:
    """Attack 14, in a real terminal (tmux): at 10x5 the screen says it is too small, keys typed there land."""
    assert shutil.which("tmux"), "tmux is needed for this test (./dev test installs it)"
    folder = tmp_path / "shop"
    folder.mkdir()
    file = Path(shutil.copyfile(EXAMPLE, folder / "fwk.config.ts"))
    env = _env(tmp_path) | {"PYTHONPATH": str(Path(__file__).resolve().parents[2])}  # this checkout's code
    term = Person([sys.executable, "-m", "fwk_tui"], folder, env)  # Terminal drops COLUMNS and LINES
    resize = ["tmux", "resize-window", "-t", term.name]
    try:
        term.wait_for("Variant")
        term.go_to("app.baseURL")
        term.wait_for("baseURL  string")
        term.press("End")
        term.write("x")
        term.wait_for("/x")
        subprocess.run([*resize, "-x", "10", "-y", "5"], check=True)
        term.wait_for("Terminal")
        assert "too small" in term.screen() and "Variant" not in term.screen()
        term.write("yz")
        subprocess.run([*resize, "-x", "100", "-y", "32"], check=True)
        term.wait_for("/xyz")
        assert "too small" not in term.screen()
        term.press("C-s")
        term.wait_for("Save fwk.config.ts?")
        term.press("Enter")
        term.wait_for("Saved fwk.config.ts")
        assert "baseURL: '/xyz'" in file.read_text()
    finally:
        term.close()


async def test_a_megabyte_typed_as_keys_stops_at_the_fields_cap(config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Attack 13: 1 MB pasted as keystrokes (no bracketed paste) into a text field: 4.9 GB after 5 minutes.

    Each key cost work in proportion to the text, and Textual's suggester kept every whole text it
    saw. The field now takes at most ``MAX_TYPED`` characters (400 here, for speed) and says so;
    keys past it cost no edit, and no text longer than a suggestion is kept for suggesting.
    """
    monkeypatch.setattr(safe_input, "MAX_TYPED", 400)
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await _edit_base_url(app, pilot)  # "/x"
        field = app.focused
        assert isinstance(field, SafeInput) and field.suggester is not None
        document = app.session.document
        for _ in range(3):  # the keys of a paste, as a terminal without bracketed paste sends them
            for _ in range(250):
                send_key(app, "a")
            await settle(app)
        await pilot.pause(HUMAN)
        assert field.value == "/x" + "a" * 398
        assert app.session.get("app.baseURL") == field.value  # the file has what the field shows
        assert app.session.document is not document
        assert "takes at most 400 characters" in screen_text(app), screen_text(app)
        kept = field.suggester.cache.keys() if field.suggester.cache is not None else []  # an LRUCache: no iter
        assert all(len(text) <= 64 for text in kept), "whole texts kept to suggest from"

        full = app.session.document
        await type_slowly(pilot, "b")  # refused: no edit, no new document
        assert app.session.document is full
        await type_slowly(pilot, "backspace", "c")  # room again: the key lands
        assert field.value.endswith("ac") and app.session.get("app.baseURL") == field.value

        await type_slowly(pilot, "ctrl+u")
        field.post_message(events.Paste("p" * 1_000_000))  # a bracketed paste: what fits goes in
        await pilot.pause(HUMAN)
        assert field.value == "p" * 400 and app.session.get("app.baseURL") == field.value
        assert "takes at most 400 characters" in screen_text(app), screen_text(app)

        app.session.set("app.baseURL", "q" * 500)  # a longer text from the file (a reload) is shown whole
        await pilot.pause(HUMAN)
        assert field.value == "q" * 500
        await type_slowly(pilot, "end", "backspace", "r")
        assert app.session.get("app.baseURL") == "q" * 499 + "r"


async def test_a_file_name_with_markup_and_an_escape_is_shown_as_written_in_every_dialog(tmp_path: Path) -> None:
    """Editor attack 15/16/29: a folder named ``m[bold red]X[/]<ESC>[31mE`` was styled in the save preview's and the
    move's titles, and its ESC reached the terminal from the quit and reload questions."""
    folder = tmp_path / "m[bold red]X[/]\x1b[31mE"  # two folders: "m[bold red]X[" holding "]<ESC>[31mE"
    folder.mkdir(parents=True)
    config = Path(shutil.copyfile(EXAMPLE, folder / "fwk.config.ts"))
    shown = "m[bold red]X[/]\\x1b[31mE"
    app = make_app(config)
    app.label = str(config.relative_to(tmp_path))  # as the command line gives it: the path as typed
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await _edit_base_url(app, pilot)
        for open_key, kind in (("ctrl+s", SavePreviewScreen), ("ctrl+q", ChoiceScreen)):
            await type_slowly(pilot, open_key)
            assert isinstance(app.screen, kind)
            strips = app.screen._compositor.render_strips()
            segments = [seg for strip in strips for seg in strip]
            text = "".join(seg.text for seg in segments)
            assert shown in text, text  # the name as written, escape and brackets visible
            assert not any("\x1b" in seg.text for seg in segments)
            assert not any(seg.style and seg.style.bold and "X" in seg.text for seg in segments)
            await type_slowly(pilot, "escape")
        assert config.read_text() == EXAMPLE.read_text()


@pytest.mark.parametrize("breaks", ["\n", "\r\n", "\u2028", "\x85"], ids=["LF", "CRLF", "U+2028", "U+0085"])
async def test_a_paste_of_several_lines_into_a_one_line_field_says_what_it_left_out(config: Path, breaks: str) -> None:
    """Editor attack 13: a paste of `line1`, `line2`... into a one-line field kept `line1` and said nothing."""
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("app.baseURL")
        await pilot.pause(HUMAN)
        await type_slowly(pilot, "ctrl+u")
        field = app.focused
        assert isinstance(field, SafeInput)
        field.post_message(events.Paste(breaks.join(["/line1", "line2", "", "line3"])))
        await pilot.pause(HUMAN)
        assert field.value == "/line1" and app.session.get("app.baseURL") == "/line1"
        text = " ".join(line.split("▌", 1)[-1].strip() for line in screen_text(app).splitlines())  # wrapped as shown
        assert "the paste's first line went in, its 2 other lines did not" in text, text


async def test_a_paste_of_several_lines_into_a_new_keys_box_says_what_it_left_out(tmp_path: Path) -> None:
    """Editor attack round 2: the key box took the first line of a paste without a word (the value fields say it)."""
    (tmp_path / "project").mkdir()
    config = tmp_path / "project" / "fwk.config.ts"
    config.write_text("export default defineFwkConfig({\n  alias: { '~': './app' },\n})\n")
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("alias")
        await pilot.pause(HUMAN)
        await type_slowly(pilot, "a")
        await pilot.pause(HUMAN)
        field = app.focused
        assert isinstance(field, SafeInput) and field.has_class("record--key-input")
        field.post_message(events.Paste("@shop\n@blog\n@docs\n"))
        await pilot.pause(HUMAN)
        assert field.value == "@shop"
        text = " ".join(line.split("▌", 1)[-1].strip() for line in screen_text(app).splitlines())  # wrapped as shown
        assert "a key is one line: the paste's first line went in, its 2 other lines did not" in text, text


async def test_the_filter_waits_while_a_new_key_is_typed(tmp_path: Path) -> None:
    """Editor attack round 2: F4 with a new key half typed hid its field and dropped the text without a word."""
    (tmp_path / "project").mkdir()
    config = tmp_path / "project" / "fwk.config.ts"
    config.write_text("export default defineFwkConfig({\n  ssr: true,\n})\n")
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("alias")  # not set: the filter "set in the file" hides it
        await pilot.pause(HUMAN)
        await type_slowly(pilot, "a", *"@shop", "f4")
        await pilot.pause(HUMAN)
        field = app.focused
        assert isinstance(field, SafeInput) and field.value == "@shop" and app.form_filter == "all"
        said = [str(n.message) for n in told(app)]
        assert "Add the key first (Enter) or give it up (Esc), then change the filter." in said, said
        await type_slowly(pilot, "enter", *"./shop", "escape", "escape", "f4")
        await pilot.pause(HUMAN)
        assert app.session.get("alias") == {"@shop": "./shop"} and app.form_filter != "all"


async def test_ctrl_z_in_a_records_panel_never_leaves_a_box_the_keys_do_not_reach(tmp_path: Path) -> None:
    """Editor attack round 2, 1: Ctrl+Z with a key's rename box or value editor open left the box on screen while the
    keys went to the rows: Backspace, meant for the text, removed whole keys, and Ctrl+S wrote the loss."""
    (tmp_path / "project").mkdir()
    config = tmp_path / "project" / "fwk.config.ts"
    config.write_text("export default defineFwkConfig({\n  alias: { '~': './app', '@x': './x' },\n})\n")
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("alias")
        await pilot.pause(HUMAN)
        await type_slowly(pilot, "enter", "end", "S", "escape")  # '~' is './appS': an edit to undo later
        assert app.session.get("alias") == {"~": "./appS", "@x": "./x"}
        await type_slowly(pilot, "r", "ctrl+u", *"NEW", "ctrl+z")  # undoes the S: the keys stay in the box
        await pilot.pause(HUMAN)
        assert app.session.get("alias") == {"~": "./app", "@x": "./x"}
        await type_slowly(pilot, "backspace", "escape")
        assert app.session.get("alias") == {"~": "./app", "@x": "./x"}  # the box took the Backspace
        await type_slowly(pilot, "enter", "end", "Y", "ctrl+z")  # in the value editor: the Y is taken back
        await pilot.pause(HUMAN)
        assert app.session.get("alias")["~"] == "./app"
        await type_slowly(pilot, "backspace", "backspace")
        await pilot.pause(HUMAN)
        values = app.session.get("alias")
        assert set(values) == {"~", "@x"}, values  # no key removed: the keys went where the screen showed
        shown = [w for w in app.screen.query("Input") if w.display]
        assert all(w.has_focus or not w.has_class("record--key-input") for w in shown)
