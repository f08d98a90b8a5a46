"""Keys land where typed and the screen says what is true: cases a tester met, typed at a person's speed."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Switch

from fwk_tui.tui.fields.boolean import BooleanEditor
from fwk_tui.tui.screens.save_preview import SavePreviewScreen

from .test_editor import make_app, screen_text, told
from .test_human_speed import HUMAN, focus_reaches, focused_field, look_until, type_slowly, write_config


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


async def test_a_read_only_config_takes_no_edit_and_its_fields_keep_showing_the_file(tmp_path: Path) -> None:
    body = "function make() { return { ssr: true } }\nexport default defineFwkConfig(make())\n"
    file = write_config(tmp_path, body)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_slowly(pilot, "/", *"ssr", "enter")
        assert focused_field(app) == "ssr"
        switch = app.query_one(BooleanEditor).query_one(Switch)
        for _ in range(2):
            await type_slowly(pilot, "space")
            assert switch.value is True
            assert "true  (default)" in screen_text(app)
        await type_slowly(pilot, "/", *"port", "enter")
        await type_slowly(pilot, "8")
        assert isinstance(app.focused, Input) and app.focused.value == ""  # the key did not land
        await type_slowly(pilot, "0")  # a text that does not read (port 0) does not land either
        assert app.focused.value == ""
        assert "does not read" not in screen_text(app).splitlines()[0]
        said = [n.message for n in told(app)]
        assert said == ["Edits are not taken: the config is built by code: `make()` makes it (line 2)."]  # once
        assert not app.session.dirty
    assert file.read_text() == body


async def test_a_narrow_list_row_folds_inner_brackets_so_the_else_branch_stays(tmp_path: Path) -> None:
    spread = (
        "...(process.env.ANALYTICS_ID ? ['@fwk/gtag', ['@fwk/plausible', "
        "{ domain: 'example.com', apiHost: 'https://plausible.example.com' }]] : [])"
    )
    file = write_config(tmp_path, f"export default defineFwkConfig({{\n  modules: ['@fwk/content', {spread}],\n}})\n")
    app = make_app(file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_slowly(pilot, "/", *"modules", "enter")

        def rows() -> list[str]:
            return [line for line in screen_text(app).splitlines() if "ANALYTICS_ID" in line]

        await focus_reaches(pilot, app, "modules")
        # The field go-to reached is in view, however late the fields above it took their height.
        await look_until(pilot, app, lambda: bool(rows()), "the modules field drawn")
        assert len(rows()) == 1 and "1  ...(process.env.ANALYTICS_ID ? […] : [])" in rows()[0]
        await pilot.resize_terminal(140, 24)
        await pilot.pause(HUMAN)
        assert "? ['@fwk/gtag', ['@fwk/plausible', {…}]] : [])" in rows()[0]  # room: less is folded


async def test_the_status_line_does_not_say_no_problems_while_a_field_does_not_read(tmp_path: Path) -> None:
    body = "export default defineFwkConfig({ devServer: { port: 3000 } })\n"
    file = write_config(tmp_path, body)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert "✓ no problems" in screen_text(app).splitlines()[0]
        await type_slowly(pilot, "/", *"port", "enter", "ctrl+u", "8", "0", "a")
        top = screen_text(app).splitlines()[0]
        assert "1 field does not read" in top and "✓" not in top
        await type_slowly(pilot, "backspace")
        top = screen_text(app).splitlines()[0]
        assert "✓ no problems" in top and "does not read" not in top
        assert app.session.get("devServer.port") == 80


async def test_a_refused_edit_leaves_the_switch_showing_the_file(tmp_path: Path) -> None:
    body = "const base = { app: {} }\nexport default defineFwkConfig({ ...base })\n"
    file = write_config(tmp_path, body)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.session.read_only is None
        await type_slowly(pilot, "/", *"ssr", "enter")
        switch = app.query_one(BooleanEditor).query_one(Switch)
        await type_slowly(pilot, "space")
        assert [n.title for n in told(app)] == ["Could not set ssr"]
        assert switch.value is True and "true  (default)" in screen_text(app)
        assert not app.session.dirty
    assert file.read_text() == body
