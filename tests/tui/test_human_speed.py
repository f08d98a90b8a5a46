"""The editor driven at a person's speed: one key, then a pause long enough for every re-render.

Each test is a case a user met in a real terminal: keys sent in a burst hide
these, because the app has not re-rendered between them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from textual.widgets import Input

from fwk_tui.source import ConfigDocument
from fwk_tui.tui.editor import EditorApp
from fwk_tui.tui.editor.widgets.config_form import ConfigForm
from fwk_tui.tui.editor.widgets.group_tree import GroupTree
from fwk_tui.tui.fields.field import OptionField
from fwk_tui.tui.screens.save_preview import SavePreviewScreen

from .oracle import send_key
from .test_editor import make_app, screen_text

HUMAN = 0.3  # seconds between keys: a person typing, and time for every re-render


def write_config(tmp_path: Path, body: str) -> Path:
    folder = tmp_path / "project"
    folder.mkdir(exist_ok=True)
    file = folder / "fwk.config.ts"
    file.write_text(body)
    return file


async def type_slowly(pilot: object, *keys: str, pause: float = HUMAN) -> None:
    for key in keys:
        await pilot.press(key)  # type: ignore[attr-defined]
        await pilot.pause(pause)  # type: ignore[attr-defined]


def focused_field(app: EditorApp) -> str | None:
    """The path of the field holding the focus."""
    focused = app.focused
    form = app.query_one(ConfigForm)
    for path, field in form.fields.items():
        if focused is not None and (focused is field or field in focused.ancestors):
            return path
    return None


def on_row(app: EditorApp, path: str | None = None) -> bool:
    """A field's row holds the focus, not its editor (the row of ``path``, when given)."""
    focused = app.focused
    return isinstance(focused, OptionField) and focused.holds_row and path in (None, focused.path)


async def type_search(pilot: object, query: str) -> None:
    """Open the search (Ctrl+F), type ``query`` and wait for its results."""
    await type_slowly(pilot, "ctrl+f", pause=0.1)
    await type_slowly(pilot, *query, pause=0.02)
    await pilot.pause(0.2)  # type: ignore[attr-defined]


async def look_until(pilot: object, app: EditorApp, seen: Callable[[], bool], what: str) -> None:
    """As a person does, look again (up to ~9 s on a loaded machine) until ``seen``; else fail showing the screen."""
    for _ in range(30):
        if seen():
            return
        await pilot.pause(HUMAN)  # type: ignore[attr-defined]
    raise AssertionError(f"never saw {what}; on the screen ({type(app.screen).__name__}):\n{screen_text(app)}")


async def focus_reaches(pilot: object, app: EditorApp, path: str) -> None:
    """Look again until the field of ``path`` has the focus (a search's Enter, a fix, a palette command moved it)."""
    await look_until(pilot, app, lambda: focused_field(app) == path, f"the focus on {path}")


async def search_to(pilot: object, query: str) -> None:
    await type_search(pilot, query)
    await type_slowly(pilot, "enter")


async def test_typing_a_valid_value_over_a_wrong_kind_keeps_the_focus_in_the_field(tmp_path: Path) -> None:
    # `port: 'abc'` shows a JavaScript input; the first digit made the value valid, the field's
    # editor was replaced and the rest of the digits went into the next field.
    file = write_config(tmp_path, "export default defineFwkConfig({ devServer: { port: 'abc' } })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "devServer.port")
        assert focused_field(app) == "devServer.port"
        await type_slowly(pilot, "ctrl+u", "8", "0", "8", "0")
        assert focused_field(app) == "devServer.port"
        assert isinstance(app.focused, Input) and app.focused.value == "8080"
        assert app.session.get("devServer.port") == 8080
        assert not app.session.has("devServer.loadingTemplate")
        await type_slowly(pilot, "tab")  # leaving the field gives it its type's own editor
        await type_slowly(pilot, "shift+tab")
        assert focused_field(app) == "devServer.port"
        assert app.session.get("devServer.port") == 8080


async def test_plain_words_over_a_wrong_kind_in_a_string_field_are_its_text(tmp_path: Path) -> None:
    # `baseURL: 42` shows the JavaScript input; `/docs/` typed there is a path, not a regular
    # expression, and `Docs Site` a title, without JS quotes.
    file = write_config(tmp_path, "export default defineFwkConfig({ app: { baseURL: 42, head: { title: 5 } } })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "app.baseURL")
        await type_slowly(pilot, "ctrl+u", *"/docs/")
        assert focused_field(app) == "app.baseURL"
        assert app.session.get("app.baseURL") == "/docs/"
        await search_to(pilot, "app.head.title")
        await type_slowly(pilot, "ctrl+u", *"Docs Site")
        assert focused_field(app) == "app.head.title"
        assert app.session.get("app.head.title") == "Docs Site"
        await type_slowly(pilot, "ctrl+s", "enter")
    saved = file.read_text()
    assert "baseURL: '/docs/'" in saved and "title: 'Docs Site'" in saved


async def test_a_rebuilt_form_does_not_move_the_focus_while_typing(tmp_path: Path) -> None:
    # With the form filtered to "with problems", the field being fixed no longer passes the
    # filter: it stays (and keeps the keys) until the focus leaves it.
    file = write_config(tmp_path, "export default defineFwkConfig({ devServer: { port: 99999 } })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.action_set_filter("errors")
        await pilot.pause(HUMAN)
        await search_to(pilot, "devServer.port")
        await type_slowly(pilot, "ctrl+u", "4", "0", "0", "0")
        assert focused_field(app) == "devServer.port"
        assert app.session.get("devServer.port") == 4000


async def test_adding_a_list_item_then_escape_adds_nothing(tmp_path: Path) -> None:
    body = "export default defineFwkConfig({\n  css: ['~/a.css', '~/b.css'],\n})\n"
    file = write_config(tmp_path, body)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "css")
        assert focused_field(app) == "css"
        await type_slowly(pilot, "a", "escape", "escape")
        assert app.session.get("css") == ["~/a.css", "~/b.css"]
        await type_slowly(pilot, "ctrl+s")
        assert not isinstance(app.screen, SavePreviewScreen)  # nothing to save
    assert file.read_text() == body


async def test_adding_a_list_item_opens_it_empty_not_filled_with_its_neighbour(tmp_path: Path) -> None:
    body = "export default defineFwkConfig({\n  modules: ['@fwk/content', localModule()],\n})\n"
    file = write_config(tmp_path, body)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "modules")
        await type_slowly(pilot, "home", "a")  # after the first item, before the code one
        assert isinstance(app.focused, Input) and app.focused.value == ""
        assert "localModule" not in str(app.focused.value)
        await type_slowly(pilot, *"@fwk/image", "enter")
        assert app.session.text == body.replace("'@fwk/content', ", "'@fwk/content', '@fwk/image', ")
        assert focused_field(app) == "modules"
        await type_slowly(pilot, "ctrl+z")  # adding and typing the item was one step
        assert app.session.text == body


async def test_a_new_module_given_up_with_escape_leaves_no_empty_item(tmp_path: Path) -> None:
    body = "export default defineFwkConfig({\n  modules: ['@fwk/content', ['@fwk/image', { quality: 80 }]],\n})\n"
    file = write_config(tmp_path, body)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "modules")
        await type_slowly(pilot, "home", "a", "escape", "escape")
        assert app.session.get("modules") == ["@fwk/content", ["@fwk/image", {"quality": 80}]]
        assert not app.session.dirty


async def test_save_names_a_field_holding_text_that_does_not_read(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({ devServer: { port: 3000 }, ssr: true })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "ssr")
        await type_slowly(pilot, "space")  # one real edit
        await search_to(pilot, "devServer.port")
        await type_slowly(pilot, "ctrl+u", "a", "b", "c")
        await type_slowly(pilot, "ctrl+s")
        assert isinstance(app.screen, SavePreviewScreen)
        text = screen_text(app)
        assert "devServer.port" in text and "abc" in text  # the pending text is named
        await type_slowly(pilot, "g")  # go back to it
        assert not isinstance(app.screen, SavePreviewScreen)
        assert focused_field(app) == "devServer.port"
        assert isinstance(app.focused, Input) and app.focused.value == "abc"
    assert ConfigDocument.parse(file.read_text()).get("ssr") is True  # nothing written


async def test_after_fix_undo_redo_and_reset_the_focus_is_on_the_field_edited(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({\n  ssrr: false,\n  devServer: { port: 3000 },\n})\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "ssrr")
        assert focused_field(app) == "ssrr"
        await type_slowly(pilot, "f3")
        assert app.session.get("ssr") is False
        assert focused_field(app) == "ssr"
        await search_to(pilot, "devServer.port")
        await type_slowly(pilot, "ctrl+u", "4", "0", "0", "0")
        await search_to(pilot, "ssr")
        await type_slowly(pilot, "ctrl+z")  # undoes the port
        assert app.session.get("devServer.port") == 3000
        assert focused_field(app) == "devServer.port"
        await search_to(pilot, "ssr")
        await type_slowly(pilot, "ctrl+y")
        assert app.session.get("devServer.port") == 4000
        assert focused_field(app) == "devServer.port"
        await type_slowly(pilot, "ctrl+r")
        assert not app.session.has("devServer.port")
        assert focused_field(app) == "devServer.port"


async def test_f3_without_a_fix_says_so(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({ ssr: true })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        await type_slowly(pilot, "f3")  # in the tree
        assert "No fix" in screen_text(app)
        await search_to(pilot, "ssr")
        await type_slowly(pilot, "f3")
        assert "No fix" in screen_text(app)


async def test_searching_an_option_by_its_exact_name_goes_there_before_the_files_near_keys(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({ ssrr: false })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "ssr")
        assert focused_field(app) == "ssr"
        await search_to(pilot, "ssrr")
        assert focused_field(app) == "ssrr"


async def test_typing_after_a_search_back_to_the_same_field_is_its_own_undo_step(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({ app: { baseURL: '/shop/' } })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "app.baseURL")
        await type_slowly(pilot, "a")
        await search_to(pilot, "app.baseURL")
        await type_slowly(pilot, "b")
        assert app.session.get("app.baseURL") == "/shop/ab"
        await type_slowly(pilot, "ctrl+z")
        assert app.session.get("app.baseURL") == "/shop/a"
        # The field's row holds the focus (a `/` now searches); its input shows the value undone to.
        assert on_row(app, "app.baseURL") and app.focused.query_one(Input).value == "/shop/a"  # type: ignore[union-attr]


async def test_a_key_added_to_a_map_with_its_value_is_one_undo_step(tmp_path: Path) -> None:
    body = "export default defineFwkConfig({\n  alias: { images: './assets/images' },\n})\n"
    file = write_config(tmp_path, body)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "alias")
        await type_slowly(pilot, "a", "x", "enter", "y", "z", "escape")
        assert app.session.get("alias") == {"images": "./assets/images", "x": "yz"}
        await type_slowly(pilot, "ctrl+z")  # the key goes, not only what was typed into it
        assert app.session.text == body
        assert focused_field(app) == "alias"


async def test_going_back_to_a_field_of_another_group_holding_unread_text_gives_it_the_keys(tmp_path: Path) -> None:
    # The field's text is put back when its group opens again; keys typed right after the jump
    # (search or the save's `g`) must reach it, not vanish.
    file = write_config(tmp_path, "export default defineFwkConfig({ ssr: true })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "devServer.port")
        await type_slowly(pilot, "a", "b", "c")
        await search_to(pilot, "ssr")
        await type_slowly(pilot, "space")
        await search_to(pilot, "devServer.port")
        assert focused_field(app) == "devServer.port"
        assert isinstance(app.focused, Input) and app.focused.value == "abc"
        await type_slowly(pilot, "ctrl+u", "4", "0", "0", "0")
        assert app.session.get("devServer.port") == 4000
        await search_to(pilot, "ssr")
        await type_slowly(pilot, "ctrl+s")
        assert isinstance(app.screen, SavePreviewScreen)
        assert "Left out" not in screen_text(app)


async def test_the_saves_g_goes_back_to_a_field_of_another_group(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({ ssr: true })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "devServer.port")
        await type_slowly(pilot, "a", "b", "c")
        await search_to(pilot, "ssr")
        await type_slowly(pilot, "space", "ctrl+s", "g")
        assert focused_field(app) == "devServer.port"
        await type_slowly(pilot, "ctrl+u", "8", "0")
        assert app.session.get("devServer.port") == 80


async def test_the_focused_field_stays_in_view_when_the_variant_changes_the_form(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({ ssr: true })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_slowly(pilot, "f2")  # variant B: the option below exists only there
        await search_to(pilot, "experimental.respectNoSSRHeader")
        await type_slowly(pilot, "space", "f2", "f2")
        assert focused_field(app) == "experimental.respectNoSSRHeader"
        form = app.query_one(ConfigForm)
        assert app.focused is not None
        assert form.region.contains_region(app.focused.region), "the field holding the keys is out of view"


async def test_enter_right_after_moving_in_the_tree_focuses_the_new_groups_first_field(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({})\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        tree = app.query_one(GroupTree)
        tree.focus()
        await pilot.pause()
        for key in ("down", "down", "enter"):  # a quick hand: Enter before the form follows
            send_key(app, key)
            await asyncio.sleep(0.01)
        await pilot.pause(0.3)
        assert app.query_one(ConfigForm).group.id == tree.cursor_node.data.id
        assert focused_field(app) == next(iter(app.query_one(ConfigForm).fields))


async def test_the_save_preview_says_what_a_field_left_unread_saves(tmp_path: Path) -> None:
    # `8` read as a number before the `o` was typed: the preview must not claim the file keeps 3000.
    file = write_config(tmp_path, "export default defineFwkConfig({ devServer: { port: 3000 } })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "devServer.port")
        await type_slowly(pilot, "ctrl+u", "8", "o", "ctrl+s")
        assert isinstance(app.screen, SavePreviewScreen)
        text = screen_text(app)
        assert "each field saves its last value that read" in text and "keeps its value" not in text
        assert "devServer.port: 8o  saves 8" in text
        await type_slowly(pilot, "enter")
    assert ConfigDocument.from_bytes(file.read_bytes()).get("devServer.port") == 8
