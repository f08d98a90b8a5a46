"""Keys a person types go where they meant: no question takes them mid-word, no action hits a field out of sight.

Typed at a person's speed (see ``test_human_speed``): each case is one a user met.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from fwk_tui.tui.screens.choice import ChoiceScreen

from .test_editor import make_app, screen_text, until
from .test_human_speed import HUMAN, focused_field, search_to, type_slowly, write_config


async def test_a_change_on_disk_asks_only_once_the_user_pauses_typing(tmp_path: Path) -> None:
    # The question opened mid-word and the next typed `r` chose Reload.
    file = write_config(tmp_path, "export default defineFwkConfig({ app: { baseURL: '/' }, ssr: true })\n")
    app = make_app(file, watch_disk=True)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        await search_to(pilot, "app.baseURL")
        await type_slowly(pilot, "ctrl+u", *"/docs/")
        file.write_text(file.read_text().replace("ssr: true", "ssr: false"))  # another process
        asked = hinted = False
        for key in "work/reports/":
            await type_slowly(pilot, key)
            asked = asked or isinstance(app.screen, ChoiceScreen)
            hinted = hinted or "when you pause" in screen_text(app)
        assert app.session.get("ssr") is True  # not reloaded by a typed `r`
        assert app.session.get("app.baseURL") == "/docs/work/reports/"  # every key landed in the field
        assert focused_field(app) == "app.baseURL"
        assert isinstance(app.focused, Input) and app.focused.value == "/docs/work/reports/"
        assert not asked  # no question while typing
        assert hinted  # said at once, without taking the keys
        # The user pauses: now the question comes.
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen) and "changed on disk" in screen_text(app))
        await type_slowly(pilot, "r")
        assert app.session.get("ssr") is False  # the outside change
        assert app.session.get("app.baseURL") == "/docs/work/reports/"  # the user's edit, re-applied


async def test_a_change_on_disk_is_not_asked_about_again_after_keep(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({ app: { baseURL: '/' }, ssr: true })\n")
    app = make_app(file, watch_disk=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "app.baseURL")
        await type_slowly(pilot, "x")
        file.write_text(file.read_text().replace("ssr: true", "ssr: false"))
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await type_slowly(pilot, "k")
        await type_slowly(pilot, "y")
        await pilot.pause(3.0)
        assert not isinstance(app.screen, ChoiceScreen)  # kept: not asked again about the same bytes
        assert app.session.get("app.baseURL") == "/xy"


async def test_undo_first_gives_back_the_files_value_of_a_field_holding_text_that_does_not_read(
    tmp_path: Path,
) -> None:
    # Ctrl+Z undid the ssr switch (an earlier edit of another field) and moved there, leaving `abc`.
    file = write_config(tmp_path, "export default defineFwkConfig({ devServer: { port: 3000 }, ssr: true })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        await search_to(pilot, "ssr")
        await type_slowly(pilot, "space")
        assert app.session.get("ssr") is False
        await search_to(pilot, "devServer.port")
        await type_slowly(pilot, "ctrl+u", "a", "b", "c")
        await type_slowly(pilot, "ctrl+z")
        assert focused_field(app) == "devServer.port"  # the focus stays
        assert isinstance(app.focused, Input) and app.focused.value == "3000"
        assert app.session.get("ssr") is False  # the earlier edit is still there
        assert "Undone: the text typed in devServer.port" in screen_text(app)
        assert "expected" not in screen_text(app)  # the red message went with the text
        await type_slowly(pilot, "ctrl+z")  # now edits are undone as usual
        assert app.session.get("ssr") is True
        assert focused_field(app) == "ssr"


async def test_undo_with_nothing_else_to_undo_still_gives_back_the_files_value(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({ devServer: { port: 3000 } })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "devServer.port")
        await type_slowly(pilot, "ctrl+u", "a", "b", "c")
        await type_slowly(pilot, "ctrl+z")
        assert isinstance(app.focused, Input) and app.focused.value == "3000"
        assert not app.session.dirty


async def test_quit_asks_when_a_field_holds_text_that_does_not_read(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({ devServer: { port: 3000 } })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "devServer.port")
        await type_slowly(pilot, "ctrl+u", "a", "b", "c")
        assert not app.session.dirty
        await type_slowly(pilot, "ctrl+q")
        assert isinstance(app.screen, ChoiceScreen) and app.is_running  # not dropped silently
        text = screen_text(app)
        assert "devServer.port" in text and "abc" in text
        await type_slowly(pilot, "c")  # keep editing
        assert app.is_running and not isinstance(app.screen, ChoiceScreen)
        assert focused_field(app) == "devServer.port"
        assert isinstance(app.focused, Input) and app.focused.value == "abc"
        await type_slowly(pilot, "ctrl+q")
        await type_slowly(pilot, "d")  # drop it
        assert not app.is_running


async def test_quit_names_text_left_in_a_group_no_longer_shown(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({ devServer: { port: 3000 }, ssr: true })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "devServer.port")
        await type_slowly(pilot, "ctrl+u", "a", "b", "c")
        await search_to(pilot, "ssr")  # another group
        await type_slowly(pilot, "ctrl+q")
        assert isinstance(app.screen, ChoiceScreen)
        assert "devServer.port" in screen_text(app)
        await type_slowly(pilot, "g")  # go back to it
        assert not isinstance(app.screen, ChoiceScreen)
        assert focused_field(app) == "devServer.port"
        assert isinstance(app.focused, Input) and app.focused.value == "abc"


async def test_reset_never_acts_on_a_field_that_left_the_filtered_form(tmp_path: Path) -> None:
    # Fixed under "with problems", the field left the form when tabbed away from, but Ctrl+R
    # still reset it: `modules` went from the file.
    file = write_config(tmp_path, "export default defineFwkConfig({ modules: [''] })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "modules")
        await type_slowly(pilot, "f4", "f4")
        assert app.form_filter == "errors"
        assert focused_field(app) == "modules"
        await type_slowly(pilot, "enter", *"@fwk/ui", "escape")
        assert app.session.get("modules") == ["@fwk/ui"]
        await type_slowly(pilot, "tab")
        await pilot.pause(HUMAN)
        assert focused_field(app) is None
        assert "modules" not in app.query_one("ConfigForm").fields  # type: ignore[attr-defined]
        assert not app.check_action("reset", ())  # the footer offers no Reset
        assert not app.check_action("fix", ())
        await type_slowly(pilot, "ctrl+r", "f3")
        assert app.session.get("modules") == ["@fwk/ui"]


async def test_reset_and_fix_act_on_no_field_once_the_focus_has_left_the_fields(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({ ssrr: false })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "ssrr")  # a key of the file's own, alone in its group
        assert focused_field(app) == "ssrr"
        for _ in range(6):  # on, past the last field (to the docs)
            if focused_field(app) is None:
                break
            await type_slowly(pilot, "tab", pause=0.1)
        assert focused_field(app) is None and "ssrr" in app.query_one("ConfigForm").fields  # type: ignore[attr-defined]
        assert not app.check_action("reset", ()) and not app.check_action("fix", ())
        await type_slowly(pilot, "f3", "ctrl+r")
        assert app.session.get("ssrr") is False  # neither its fix (rename to ssr) nor a reset from there
        await search_to(pilot, "ssrr")
        await type_slowly(pilot, "ctrl+r")
        assert not app.session.has("ssrr")


async def test_reset_from_the_palette_acts_on_the_focused_field(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({ devServer: { port: 3000 } })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "devServer.port")
        await type_slowly(pilot, "ctrl+p")
        await type_slowly(pilot, *"Reset option", pause=0.02)
        await pilot.pause(HUMAN)
        await type_slowly(pilot, "enter")
        assert not app.session.has("devServer.port")
