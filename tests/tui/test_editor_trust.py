"""Keys land where typed and the screen says what is true: cases a tester met, typed at a person's speed."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.tui.screens.save_preview import SavePreviewScreen

from .test_editor import make_app, screen_text
from .test_human_speed import focused_field, type_slowly, write_config


async def test_a_spread_item_of_a_list_is_edited_and_saved_as_a_spread(tmp_path: Path) -> None:
    body = "export default defineFwkConfig({ modules: [...(process.env.X ? ['a'] : []), 'b'] })\n"
    file = write_config(tmp_path, body)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_slowly(pilot, "/", *"modules", "enter")
        await type_slowly(pilot, "enter")  # item 0: its code
        await type_slowly(pilot, "end", *["left"] * 7, *", 'c'", "tab")
        text = screen_text(app)
        assert "syntax error" not in text
        assert app.session.get("modules[0]").text == "...(process.env.X ? ['a', 'c'] : [])"
        await type_slowly(pilot, "ctrl+s")
        assert isinstance(app.screen, SavePreviewScreen)
        await type_slowly(pilot, "enter")
    assert file.read_text() == body.replace("['a']", "['a', 'c']")


async def test_a_spread_item_that_does_not_read_says_where_and_writes_nothing(tmp_path: Path) -> None:
    body = "export default defineFwkConfig({ modules: [...base, 'b'] })\n"
    file = write_config(tmp_path, body)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_slowly(pilot, "/", *"modules", "enter")
        await type_slowly(pilot, "enter", "end", *" +", "tab")
        text = screen_text(app)
        assert "✖ 1:" in text and "unexpected `...`" not in text
        assert app.session.get("modules[0]").text == "...base"
        assert not app.session.dirty
    assert file.read_text() == body
