"""The editor marks a field whose edit a spread of the same object overrides or hides, and asks before saving it."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.tui.screens.choice import ChoiceScreen

from .test_editor import make_app, screen_text
from .test_human_speed import search_to, type_slowly, write_config

CONFIG = """\
const shared = { app: { baseURL: '/guide/' } }
export default defineFwkConfig({
  ...shared,
  ssr: true,
})
"""


async def test_a_field_whose_new_key_hides_a_spreads_value_is_marked_and_save_asks(tmp_path: Path) -> None:
    file = write_config(tmp_path, CONFIG)
    app = make_app(file)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await search_to(pilot, "app.buildAssetsDir")
        await type_slowly(pilot, "ctrl+u", *"/x/")
        await pilot.pause()
        assert app.session.get("app.buildAssetsDir") == "/x/"
        shown = screen_text(app)
        assert "▲ line 3: `...shared`: `shared` (line 1) sets app: { baseURL: '/guide/' }," in shown
        await type_slowly(pilot, "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "Save anyway?" in screen_text(app)
        await type_slowly(pilot, "n")
        await pilot.pause()
        assert file.read_text() == CONFIG  # not saved
        await type_slowly(pilot, "ctrl+z")
        await pilot.pause()
        assert "▲ line 3: `...shared`" not in screen_text(app)  # undone: the mark goes (baseURL keeps its own note)


async def test_an_edit_the_spread_does_not_touch_saves_without_the_question(tmp_path: Path) -> None:
    file = write_config(tmp_path, CONFIG)
    app = make_app(file)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await search_to(pilot, "devServer.port")
        await type_slowly(pilot, "ctrl+u", *"4000")
        await pilot.pause()
        assert "`...shared`" not in screen_text(app)
        await type_slowly(pilot, "ctrl+s")
        await pilot.pause()
        assert "Spreads decide" not in screen_text(app)
