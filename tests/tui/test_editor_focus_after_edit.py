"""After undo, redo and fix the keys go to the field the edit touched, at a person's speed.

An undo or a fix that changes a value's kind (code to a number, an object to
true/false) swaps the field's editor; the old one goes once the focus has moved.
Going to the touched field while the old editor was still there focused it, and
its removal then handed the keys to the field above.
"""

from __future__ import annotations

from pathlib import Path

from fwk_tui.tui.editor.widgets.config_form import ConfigForm

from .test_editor import make_app, screen_text
from .test_human_speed import focused_field, on_row, search_to, type_slowly, write_config


async def test_undo_after_save_leaves_the_keys_in_the_field_it_touched(tmp_path: Path) -> None:
    body = (
        "const isProd = process.env.NODE_ENV === 'production'\n"
        "const port = 99999\n"
        "export default defineFwkConfig({ ssr: isProd, devServer: { port } })\n"
    )
    file = write_config(tmp_path, body)
    app = make_app(file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await search_to(pilot, "port")
        assert focused_field(app) == "devServer.port"
        await type_slowly(pilot, "ctrl+t", "y")  # the code `port` becomes its typed value (asked first: y)
        assert app.session.has("devServer.port") and app.session.get("devServer.port") != "port"
        await type_slowly(pilot, "ctrl+s", "escape")
        # The race lost the focus now and then: a few rounds of undo and redo each swap the editor.
        for _ in range(5):
            await type_slowly(pilot, "ctrl+z")
            assert focused_field(app) == "devServer.port"
            await type_slowly(pilot, "ctrl+y")
            assert focused_field(app) == "devServer.port"
        await type_slowly(pilot, "ctrl+z")
        assert focused_field(app) == "devServer.port"
        await type_slowly(pilot, "9")
        assert focused_field(app) == "devServer.port"
        assert not app.session.has("devServer.loadingTemplate")
    assert file.read_text() == body


async def test_a_fix_that_changes_the_kind_keeps_the_focus_on_its_field(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({\n  ssr: true,\n  telemetry: { enabled: false },\n})\n")
    app = make_app(file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(3):
            await search_to(pilot, "telemetry")
            assert focused_field(app) == "telemetry"
            await type_slowly(pilot, "f3")
            assert app.session.get("telemetry") is False
            assert focused_field(app) == "telemetry"
            await type_slowly(pilot, "ctrl+z")
            assert app.session.get("telemetry") == {"enabled": False}
            assert focused_field(app) == "telemetry"
        assert app.session.get("ssr") is True


async def test_undoing_a_new_list_item_closes_its_editor(tmp_path: Path) -> None:
    body = (
        "export default defineFwkConfig({\n"
        "  modules: ['@fwk/image', '@fwk/content', '@fwk/ui', 'k', ['@pinia/fwk', { autoImports: ['defineStore'] }]],\n"
        "})\n"
    )
    file = write_config(tmp_path, body)
    app = make_app(file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await search_to(pilot, "modules")
        await type_slowly(pilot, "down", "down", "down")  # on 'k'
        await type_slowly(pilot, "a", "z", "z", "z")
        assert app.session.get("modules[4]") == "zzz"
        assert "[4] new item" not in screen_text(app)  # it is in the file now
        assert "[4] text or" in screen_text(app)
        await type_slowly(pilot, "ctrl+z")
        assert app.session.get("modules") == ["@fwk/image", "@fwk/content", "@fwk/ui", "k", ["@pinia/fwk", {"autoImports": ["defineStore"]}]]
        text = screen_text(app)
        assert "new item" not in text  # the panel of the item that is gone closed
        assert focused_field(app) == "modules"
        await type_slowly(pilot, "a", "x")  # the keys are on the list: `a` adds an item again
        assert app.session.get("modules[5]") == "x"
    assert file.read_text() == body


async def test_a_warning_on_an_object_shows_on_its_fields_and_under_the_problems_filter(tmp_path: Path) -> None:
    file = write_config(
        tmp_path,
        "const shared = { devServer: { host: '0.0.0.0' } }\n"
        "export default defineFwkConfig({\n  devServer: { port: 4000 },\n  ...shared,\n})\n",
    )
    app = make_app(file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await search_to(pilot, "devServer.port")
        form = app.query_one(ConfigForm)
        assert [d.rule for d in form.fields["devServer.port"].diagnostics] == ["overridden-by-spread"]
        assert "devServer is set again by `...shared`" in screen_text(app)
        await type_slowly(pilot, "f4", "f4")
        assert app.form_filter == "errors"
        assert "devServer.port" in form.fields
        assert "showing with problems" in screen_text(app)


TITLE = "export default defineFwkConfig({\n  app: { head: { title: 'Team site' } },\n})\n"


async def test_after_an_undo_slash_searches_and_never_lands_in_the_value(tmp_path: Path) -> None:
    """The first-day stumble: Ctrl+Z, then `/` meant as search, typed `/` into the title (`'Team site/css'`)."""
    from fwk_tui.tui.screens.search import SearchScreen

    file = write_config(tmp_path, TITLE)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "app.head.title")
        await type_slowly(pilot, *"!", "tab")
        assert app.session.get("app.head.title") == "Team site!"
        for undo_like in ("ctrl+z", "ctrl+y", "ctrl+r"):
            await type_slowly(pilot, undo_like)
            assert on_row(app, "app.head.title"), (undo_like, app.focused)
            value = app.session.get("app.head.title") if app.session.has("app.head.title") else None
            await type_slowly(pilot, "slash")
            assert isinstance(app.screen, SearchScreen), undo_like
            await type_slowly(pilot, *"css", "escape")
            assert not isinstance(app.screen, SearchScreen)
            assert (app.session.get("app.head.title") if app.session.has("app.head.title") else None) == value
        assert not app.session.has("app.head.title")  # reset took it out; nothing was typed into it
    assert file.read_text() == TITLE


async def test_after_an_undo_typing_enters_the_field_and_every_key_lands_there(tmp_path: Path) -> None:
    file = write_config(tmp_path, TITLE)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "app.head.title")
        await type_slowly(pilot, *"!", "tab")
        await type_slowly(pilot, "ctrl+z")
        assert app.session.get("app.head.title") == "Team site"
        await type_slowly(pilot, *" hq")  # the first key enters the field's editor and is typed there, then the rest
        assert app.session.get("app.head.title") == "Team site hq"
        assert focused_field(app) == "app.head.title"
        await type_slowly(pilot, "ctrl+z", "enter", *"/x")  # Enter enters it: now `/` is text
        assert app.session.get("app.head.title") == "Team site/x"


async def test_esc_leaves_a_text_value_for_its_row_so_slash_searches(tmp_path: Path) -> None:
    """The trial's trap: in a text field Esc did nothing, so the `/` after it typed `My Site/runtimeConfig`."""
    from fwk_tui.tui.screens.search import SearchScreen

    file = write_config(tmp_path, TITLE)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "app.head.title")
        await type_slowly(pilot, *"!", "escape")
        assert on_row(app, "app.head.title")
        await type_slowly(pilot, "slash")
        assert isinstance(app.screen, SearchScreen)
        await type_slowly(pilot, "escape", "enter", *"/x")  # back on the row; Enter enters the value again
        assert app.session.get("app.head.title") == "Team site!/x"


async def test_enter_in_a_text_value_ends_it_on_its_row_so_slash_searches_and_undo_takes_one_step(
    tmp_path: Path,
) -> None:
    """A trial's trap: Enter kept the focus in the title, so `/dev server port` typed after it went into the value,
    and Ctrl+Z then took back the words meant to stay with it."""
    from fwk_tui.tui.screens.search import SearchScreen

    file = write_config(tmp_path, TITLE)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "app.head.title")
        await type_slowly(pilot, *" Deluxe", "enter")
        assert on_row(app, "app.head.title")
        await type_slowly(pilot, "slash")
        assert isinstance(app.screen, SearchScreen)
        await type_slowly(pilot, "escape")
        assert app.session.get("app.head.title") == "Team site Deluxe"
        await type_slowly(pilot, "enter", *"/x")  # Enter enters the value again: a new step of its own
        assert app.session.get("app.head.title") == "Team site Deluxe/x"
        await type_slowly(pilot, "ctrl+z")
        assert app.session.get("app.head.title") == "Team site Deluxe"


async def test_up_and_down_in_a_one_line_value_go_to_the_field_above_and_below(tmp_path: Path) -> None:
    """A trial's trap: Down in a text, meant to reach the next field, did nothing, and what came next went into it."""
    file = write_config(tmp_path, TITLE)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "app.baseURL")
        fields = list(app.query_one(ConfigForm).fields)
        below = fields[fields.index("app.baseURL") + 1]
        await type_slowly(pilot, "down", *"/x/")
        assert focused_field(app) == below == "app.buildAssetsDir"
        assert app.session.get("app.buildAssetsDir") == "/x/" and not app.session.has("app.baseURL")
        await type_slowly(pilot, "up", *"/y/")
        assert focused_field(app) == "app.baseURL"
        assert app.session.get("app.baseURL") == "/y/"


async def test_arrows_on_a_fields_row_move_between_rows_and_never_enter_a_value(tmp_path: Path) -> None:
    # A first-day user pressed ← on a row and a code editor opened unasked; ↓ there went into the value.

    body = "export default defineFwkConfig({\n  devServer: { port: 3000, host: getHost() },\n})\n"
    file = write_config(tmp_path, body)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "devServer.port")
        order = list(app.query_one(ConfigForm).fields)
        at = order.index("devServer.port")

        await type_slowly(pilot, "escape")
        assert on_row(app, "devServer.port")
        await type_slowly(pilot, "down")
        assert on_row(app, order[at + 1])
        await type_slowly(pilot, "up", "up")
        assert on_row(app, order[at - 1])
        for _ in range(at + 1):
            await type_slowly(pilot, "up")
        assert on_row(app, order[0])  # the first row: Up goes no further
        for _ in range(order.index("devServer.host")):
            await type_slowly(pilot, "down")
        assert on_row(app, "devServer.host")  # the code's row
        await type_slowly(pilot, "left", "right")
        assert on_row(app, "devServer.host")  # no editor opened
        await type_slowly(pilot, "/")
        assert "Go to option" in screen_text(app)  # a command still acts on a row reached so
        await type_slowly(pilot, "escape")
        assert on_row(app, "devServer.host")
        await type_slowly(pilot, "enter")
        assert focused_field(app) == "devServer.host" and not on_row(app, "devServer.host")  # Enter enters it
    assert file.read_text() == body
