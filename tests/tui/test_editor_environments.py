"""Environment sections (``$production``, ``$env.staging``) in the editor: groups of the catalogue's typed fields,
edited at a person's pace, and an option set for an environment from its own field."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.tui.editor.widgets.group_tree import GroupTree
from fwk_tui.tui.widgets.option_detail import OptionDetail

from .test_editor import make_app, screen_text
from .test_human_speed import HUMAN, focus_reaches, look_until, search_to, type_slowly, write_config

CONFIG = """\
export default defineFwkConfig({
  app: { baseURL: '/mine/' },
  devServer: { port: 3000 },
  $production: {
    devServer: { port: 8080 },
  },
  $env: { staging: { ssr: false } },
})
"""


async def test_a_section_is_a_group_of_typed_fields_that_take_the_keys_typed(tmp_path: Path) -> None:
    app = make_app(write_config(tmp_path, CONFIG))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        tree = app.query_one(GroupTree)
        tree.focus()
        assert tree.select_group("env:$production")
        await pilot.pause(HUMAN)
        text = screen_text(app)
        assert "Environment › production" in text and "unknown key" not in text
        await type_slowly(pilot, "enter")  # into the group: its first field
        await focus_reaches(pilot, app, "$production.devServer.port")
        text = screen_text(app)
        assert "devServer.port  integer(0..65535)" in text and "default (A): 3000" in text  # the option, typed
        await type_slowly(pilot, "enter", *["backspace"] * 4, *"99999")
        await look_until(pilot, app, lambda: "expected a whole number from 0 to 65535" in screen_text(app), "the check")
        await type_slowly(pilot, "backspace", "backspace", "backspace", "backspace", *"9")
        await look_until(pilot, app, lambda: app.session.get("$production.devServer.port") == 99, "the value")
        assert app.session.get("devServer.port") == 3000  # the config's own port is untouched
        detail = app.query_one(OptionDetail)
        assert detail.subject is not None and getattr(detail.subject, "path", None) == "devServer.port"


async def test_an_option_is_set_for_an_environment_from_its_field_and_the_focus_goes_there(tmp_path: Path) -> None:
    app = make_app(write_config(tmp_path, CONFIG))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "app.baseURL")
        await focus_reaches(pilot, app, "app.baseURL")
        await type_slowly(pilot, "ctrl+p")
        await type_slowly(pilot, *"set app.baseURL for staging", pause=0.05)
        await look_until(pilot, app, lambda: "Set app.baseURL for staging" in screen_text(app), "the command")
        await type_slowly(pilot, "enter")
        await focus_reaches(pilot, app, "$env.staging.app.baseURL")
        assert app.session.get("$env.staging.app.baseURL") == "/mine/"  # the value as the file writes it
        # The group says how to set more for that environment, by its name.
        note = "To set another option for staging: on its field, Ctrl+P › Set for"  # then wrapped: "staging."
        await look_until(pilot, app, lambda: note in screen_text(app), "the group's note")
        detail = app.query_one(OptionDetail)
        await look_until(pilot, app, lambda: getattr(detail.subject, "path", None) == "app.baseURL", "its docs")
        assert app.session.get("app.baseURL") == "/mine/"
        await type_slowly(pilot, "enter", "ctrl+u", *"/stage/")
        await look_until(pilot, app, lambda: app.session.get("$env.staging.app.baseURL") == "/stage/", "the typing")
        assert app.session.get("app.baseURL") == "/mine/"
        assert "Environment › staging" in screen_text(app)
        await type_slowly(pilot, "escape", "ctrl+z", "ctrl+z")  # the typing, then the copy
        await look_until(pilot, app, lambda: not app.session.has("$env.staging.app"), "the copy undone")
        assert app.session.get("$env.staging.ssr") is False


async def test_a_dev_only_option_is_offered_for_development_only(tmp_path: Path) -> None:
    app = make_app(write_config(tmp_path, CONFIG))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "devServer.port")
        await focus_reaches(pilot, app, "devServer.port")
        names = [name for _, name in app.environment_targets()]
        assert names == ["development", "staging"]  # not production, not test: the dev server runs in neither
        await search_to(pilot, "app.baseURL")
        await focus_reaches(pilot, app, "app.baseURL")
        assert [name for _, name in app.environment_targets()] == ["development", "production", "test", "staging"]
