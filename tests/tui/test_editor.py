"""The editor as a user drives it: open, search, edit each kind of field, undo, save, reload, recover."""

from __future__ import annotations

import gc
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from textual import events
from textual.app import App
from textual.notifications import Notification
from textual.widgets import Input, TextArea

from fwk_tui.catalog import load_catalog
from fwk_tui.journal import Journal
from fwk_tui.session import EditSession
from fwk_tui.settings import Settings
from fwk_tui.tui.editor import EditorApp
from fwk_tui.tui.editor.widgets.config_form import ConfigForm
from fwk_tui.tui.editor.widgets.editor_status import EditorStatus
from fwk_tui.tui.screens.choice import ChoiceScreen
from fwk_tui.tui.screens.save_preview import SavePreviewScreen
from fwk_tui.tui.settle import settle
from fwk_tui.tui.widgets.option_detail import OptionDetail

EXAMPLE = Path(__file__).resolve().parents[2] / "fwk_tui" / "examples" / "fwk.config.ts"


@pytest.fixture
def config(tmp_path: Path) -> Path:
    folder = tmp_path / "project"
    folder.mkdir()
    target = folder / "fwk.config.ts"
    shutil.copyfile(EXAMPLE, target)
    return target


def make_app(file: Path, *, journal: Journal | None = None, watch_disk: bool = False) -> EditorApp:
    session = EditSession.open(file, load_catalog())
    settings = Settings.load(file.parent.parent / "settings.toml")
    return EditorApp(
        session,
        settings=settings,
        journal=journal or Journal(file.parent.parent / "journal"),
        label=file.name,
        watch_disk=watch_disk,
    )


async def go_to(app: EditorApp, pilot: object, path: str) -> None:
    """Jump to the field of ``path`` and let its editor mount and take the focus, as after a search."""
    assert await app.go_to(path)
    await editor_focused(app, pilot)


async def until(pilot: object, done: Callable[[], bool], seconds: float = 10.0) -> None:
    """Pause until ``done()`` holds, ``seconds`` at most (then fail): a test waits for the state it asserts, not for
    a time."""
    deadline = time.monotonic() + seconds
    await pilot.pause()  # type: ignore[attr-defined]
    while not done() and time.monotonic() < deadline:
        await pilot.pause(0.02)  # type: ignore[attr-defined]
    # A state that never comes fails here: waited out in silence, a wrong wait cost its ten seconds at every call
    # and the test still passed on what came later (one test waited 90 s so).
    assert done(), f"waited {seconds} s for a state that did not come"


async def editor_focused(app: EditorApp, pilot: object, seconds: float = 10.0) -> None:
    """Pause until the focused field has handed the focus to its editor (a moment after it got it; longer on a
    loaded machine): a test waits for the state it asserts, not for a time."""
    from fwk_tui.tui.fields import OptionField

    await until(pilot, lambda: not isinstance(app.focused, OptionField), seconds)


def screen_text(app: EditorApp) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


def told(app: App[object]) -> list[Notification]:
    """Every notification the app posted, in order, including those whose toast has gone (conftest keeps them)."""
    return list(app._notifications.__dict__.get("told", []))


async def test_open_shows_groups_with_badges_and_the_status_line(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Variant A" in text and "fwk.config.ts" in text
        assert "App shell ●5" in text  # baseURL, head.title, head.htmlAttrs, head.meta, pageTransition
        assert "content ●1" in text  # the module's own top-level key is a group
        status = app.query_one(EditorStatus).state
        assert status is not None and not status.dirty and status.errors == 0


async def test_search_jumps_to_the_field_then_typing_edits_undo_and_save_write_the_file(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+f", *"devserver port")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.focused, Input)
        assert app.query_one(ConfigForm).group is not None
        assert app.query_one(ConfigForm).group.id == "dev-server"  # type: ignore[union-attr]
        await pilot.press("ctrl+u", *"4000")
        await pilot.pause()
        assert app.session.get("devServer.port") == 4000
        assert "● unsaved" in screen_text(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.get("devServer.port") == 3000  # the typing was one undo step
        await pilot.press("ctrl+y")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SavePreviewScreen)
        preview = screen_text(app)
        assert "-    port: 3000," in preview and "+    port: 4000," in preview
        await pilot.press("enter")
        await pilot.pause()
    after = config.read_text()
    assert after == EXAMPLE.read_text().replace("port: 3000", "port: 4000")


async def test_an_invalid_value_shows_an_error_live_and_in_the_badges(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "app.baseURL")
        await pilot.press("ctrl+u", *"./")
        await pilot.pause()
        text = screen_text(app)
        assert "✖ 1" in text  # status line
        assert "App shell ●5 ✖1" in text  # tree badge
        assert app.session.get("app.baseURL") == "./"


async def test_switch_list_record_code_and_select_fields_each_write_only_their_lines(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "ssr")  # boolean: a switch
        await pilot.press("space")
        await go_to(app, pilot, "css")  # array: the list editor
        await pilot.press("a", *"~/assets/print.css", "escape")
        await go_to(app, pilot, "runtimeConfig")  # object: the key-value editor
        await pilot.press("a", *"apiToken", "enter", *"'t'", "escape")
        await go_to(app, pilot, "typescript.typeCheck")  # code: the TypeScript editor
        await pilot.press("f7", *"process.env.CI ? 'build' : false", "ctrl+enter")
        await pilot.press("f2")  # variant B has the enum below
        await pilot.pause()
        await go_to(app, pilot, "experimental.emitRouteChunkError")  # enum: a select
        await pilot.press("enter", "down", "down", "down", "enter")
        await pilot.pause()
        session = app.session
        assert session.get("ssr") is False
        assert session.get("css") == ["~/assets/main.css", "~/assets/print.css"]
        assert session.get("runtimeConfig.apiToken") == "t"
        assert session.get("typescript.typeCheck").text == "process.env.CI ? 'build' : false"
        assert session.get("experimental.emitRouteChunkError") == "manual"
        changed = [
            line
            for line in session.diff().splitlines()
            if line[:1] in "+-" and not line.startswith(("+++", "---"))
        ]
        assert changed == [
            "-  ssr: true,",
            "+  ssr: false,",
            "-  css: ['~/assets/main.css'],",
            "+  css: ['~/assets/main.css', '~/assets/print.css'],",
            "+    apiToken: 't',",
            "-    typeCheck: isProd ? 'build' : false,",
            "+    typeCheck: process.env.CI ? 'build' : false,",
            "+  experimental: {",
            "+    emitRouteChunkError: 'manual',",
            "+  },",
        ]


async def test_reset_removes_the_key_and_the_default_shows_again(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "devServer.port")
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert not app.session.has("devServer.port")
        assert "port: 3000" not in app.session.text
        assert "default (A): 3000" in screen_text(app)


async def test_variant_toggle_changes_defaults_and_checks_at_once(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "app.baseURL")
        await pilot.press("ctrl+u", *"./")
        await pilot.pause()
        assert app.session.counts()["error"] == 1  # relative baseURL is an error in A
        await pilot.press("f2")
        await pilot.pause()
        assert app.session.variant == "B"
        assert "Variant B" in screen_text(app)
        assert app.session.counts()["error"] == 0


async def test_quit_with_unsaved_edits_asks_and_cancel_keeps_editing(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "devServer.port")
        await pilot.press("ctrl+u", *"4100")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "unsaved edits" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen) and app.is_running
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
    assert config.read_text() == EXAMPLE.read_text()  # discarded


async def test_an_outside_change_is_reloaded_with_the_unsaved_edits_reapplied(config: Path) -> None:
    app = make_app(config, watch_disk=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "devServer.port")
        await pilot.press("ctrl+u", *"4200")
        await pilot.pause()
        config.write_text(config.read_text().replace("ssr: true", "ssr: false"))
        # The file is polled every second.
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen) and "changed on disk" in screen_text(app))
        await pilot.press("r")
        await pilot.pause()
        assert app.session.get("ssr") is False  # the outside change
        assert app.session.get("devServer.port") == 4200  # the user's edit, re-applied
        assert app.session.dirty


async def test_unsaved_edits_survive_a_crash_and_are_offered_at_the_next_launch(config: Path) -> None:
    journal = Journal(config.parent.parent / "journal")
    app = make_app(config, journal=journal)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "devServer.port")
        await pilot.press("ctrl+u", *"4300")
        await pilot.pause()
        # the process dies here: no save, no quit question
    assert "4300" not in config.read_text()
    again = make_app(config, journal=journal)
    async with again.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, ChoiceScreen)
        assert "Unsaved edits found" in screen_text(again)
        await pilot.press("r")
        await pilot.pause()
        assert again.session.get("devServer.port") == 4300
        assert again.session.dirty


async def test_user_text_with_markup_and_escapes_shows_literally(tmp_path: Path) -> None:
    file = tmp_path / "fwk.config.ts"
    file.write_text(
        "export default defineFwkConfig({\n"
        "  app: { head: { title: '[bold red]x[/] \\u001b[2J' } },\n"
        "  '[b]mod[/b]': { a: 1 },\n"
        "  '\\u001b[2Jesc': { a: 1 },\n"
        "})\n"
    )
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "[b]mod[/b]" in text  # a key of the file, in the tree, as written
        assert "\\x1b[2Jesc" in text  # the escape key in the tree: shown, not obeyed
        assert "\x1b" not in text


async def test_the_palette_finds_options_and_goes_to_their_field(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", *"filenames.chunk")
        await pilot.pause(0.5)
        text = screen_text(app)
        # The doc cut at a word to fit one line of the palette, with an ellipsis.
        assert "of code chunks. For example it may return…" in text
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert app.query_one(ConfigForm).group.id == "wbuild"  # type: ignore[union-attr]
        assert "chunk" in screen_text(app)
        await pilot.press("ctrl+p", *"modules")
        await pilot.pause(0.5)
        assert "a [module, options] pair" in screen_text(app)  # a doc with brackets, shown as written


async def test_the_palette_finds_a_task_and_goes_to_its_first_option(config: Path) -> None:
    from .test_human_speed import focused_field, type_slowly  # that module imports this one

    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await type_slowly(pilot, *"proxy api calls")
        await pilot.pause(0.5)
        text = screen_text(app)
        assert "proxy requests to another server" in text and "routeRules" in text
        assert "proxy: 'https://api.example.com/**'" in text  # how, as the hit's help line
        await type_slowly(pilot, "enter")
        await pilot.pause(0.3)
        assert focused_field(app) == "routeRules"


async def test_settings_theme_is_saved_and_the_keymap_applies(config: Path) -> None:
    settings_file = config.parent.parent / "settings.toml"
    settings_file.write_text('# mine\ntheme = "textual-dark"\n\n[keymap]\nsave = "f10"  # my save key\n')
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.theme = "nord"
        await pilot.pause()
        await go_to(app, pilot, "devServer.port")
        await pilot.press("ctrl+u", *"4100", "f10")
        await pilot.pause()
        assert isinstance(app.screen, SavePreviewScreen)
    text = settings_file.read_text()
    assert 'theme = "nord"' in text and "# mine" in text and "# my save key" in text


async def test_a_long_form_mounts_the_rest_of_its_fields_when_first_used(tmp_path: Path) -> None:
    file = tmp_path / "fwk.config.ts"
    file.write_text("export default defineFwkConfig({\n  ssr: 'yes',\n})\n")  # an error in Application (36+ fields)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        form = app.query_one(ConfigForm)
        assert form.group is not None and form.group.id == "application"
        mounted = [f for f in form.fields.values() if f.is_attached]
        assert 0 < len(mounted) < len(form.fields)  # what fills the screen, not all 36
        await pilot.press("tab")  # into the form
        await pilot.pause()
        assert all(f.is_attached for f in form.fields.values())
        await go_to(app, pilot, "theme")  # a field far down the form
        assert app.focused is not None and "theme" in screen_text(app)


async def test_f3_applies_the_fix_of_the_focused_field(tmp_path: Path) -> None:
    file = tmp_path / "fwk.config.ts"
    file.write_text("export default defineFwkConfig({\n  unhead: { legacy: true },\n})\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "unhead")
        for _ in range(20):  # the field's editor mounts after the jump
            if "F3:" in screen_text(app):
                break
            await pilot.pause(0.05)
        assert "F3:" in screen_text(app)  # the fix is offered at the field
        await pilot.press("f3")
        await pilot.pause()
        assert app.session.text == "export default defineFwkConfig({\n  headmgr: { legacy: true },\n})\n"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "unhead" in app.session.text  # one undo step


def burst(app: EditorApp, keys: list[str]) -> None:
    """Keys arriving together, as from a fast typist, a paste through tmux or a busy app catching up."""
    for key in keys:
        character = key if len(key) == 1 else None
        app.post_message(events.Key(key, character))


async def test_keys_arriving_together_edit_in_the_order_they_were_typed(config: Path) -> None:
    # Textual runs a bound key (Backspace, Ctrl+U) once its event has bubbled up to the app:
    # the characters after it overtook it, and the file got a text nobody typed.
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "app.baseURL")
        await pilot.pause()
        assert isinstance(app.focused, Input)  # the field's input has the keys from here on
        burst(app, ["ctrl+u", "/", "a", "b", "backspace", "c", "/", "left", "x"])
        await settle(app)
        assert app.focused.value == "/acx/"
        assert app.session.get("app.baseURL") == "/acx/"

        await go_to(app, pilot, "typescript.typeCheck")  # the TypeScript editor
        await pilot.press("f7")  # select all
        assert isinstance(app.focused, TextArea)
        burst(app, ["t", "r", "u", "x", "backspace", "e", "home", "ctrl+k", "f", "a", "l", "s", "e"])
        await settle(app)
        await pilot.press("ctrl+enter")
        await pilot.pause()
        await pilot.press("y")  # the code `isProd ? ...` replaced by a value: asked first
        await pilot.pause()
        assert app.session.get("typescript.typeCheck") is False


async def test_an_emptied_text_field_says_it_holds_an_empty_string_not_the_default(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "app.baseURL")
        await pilot.press("ctrl+u")
        await pilot.pause()
        assert app.session.get("app.baseURL") == ""
        assert "'' (an empty string is set; Ctrl+R resets to the default)" in screen_text(app)
        await pilot.press("ctrl+r")  # reset: the key goes, the default shows again
        await pilot.pause()
        assert not app.session.has("app.baseURL")
        assert "default: /" in screen_text(app)


async def test_the_started_app_is_kept_out_of_full_collections_until_it_ends(config: Path) -> None:
    # Full collections walked every object of the started app (20-60 ms on a keystroke).
    # Frozen after the first frame; given back at the end, so a later app in the process
    # (the wizard after the editor, the tests) does not keep this one alive.
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert gc.get_freeze_count() > 10_000
    assert gc.get_freeze_count() == 0


async def test_a_narrow_tree_shortens_group_titles_but_always_shows_their_badges(tmp_path: Path) -> None:
    file = tmp_path / "project" / "fwk.config.ts"
    file.parent.mkdir()
    file.write_text("export default defineFwkConfig({\n  ebuild: { options: { target: 5 } },\n})\n")
    app = make_app(file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = screen_text(app).splitlines()
        row = next(line for line in lines if line.startswith("Compilers"))
        tree_part = row.split("▕")[0]
        assert tree_part.rstrip().endswith("… ●1 ✖1")  # the title gives way to the badges
        assert not any("▋" in line.split("▕")[0] for line in lines)  # no horizontal scrollbar under the tree


async def test_a_short_docs_pane_shows_the_option_before_its_related_links(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.query_one(OptionDetail).display  # folded at 80x24: the form gets the room
        await pilot.press("f9")  # shown again, and remembered
        await pilot.pause()
        assert 'docs = "shown"' in (config.parent.parent / "settings.toml").read_text()
        await go_to(app, pilot, "devServer.port")
        docs = [line.split("▕")[-1] for line in screen_text(app).splitlines()[-10:]]
        assert any(line.strip().startswith("type") and "integer(0..65535)" in line for line in docs)
        assert any(line.strip().startswith("default (A)") and "3000" in line for line in docs)
