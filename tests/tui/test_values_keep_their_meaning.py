"""Values keep their meaning in the editor, at a person's pace: a version typed as 1.10 stays the text '1.10',
and code is never replaced by a value without a question."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from fwk_tui.source import ConfigDocument
from fwk_tui.tui.screens.choice import ChoiceScreen

from .test_editor import make_app, screen_text
from .test_head_and_runtime_typing import save
from .test_human_speed import focused_field, look_until, type_slowly, write_config

RUNTIME = "export default defineFwkConfig({\n  runtimeConfig: { public: { appVersion: '0.9' } },\n})\n"


async def test_a_version_typed_as_a_number_is_kept_as_text_and_ctrl_n_makes_it_the_number(tmp_path: Path) -> None:
    file = write_config(tmp_path, RUNTIME)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("runtimeConfig")
        await type_slowly(pilot, "enter", "enter")  # public's keys, then appVersion's value
        assert isinstance(app.focused, Input) and app.focused.value == "'0.9'"  # a number's text: quoted
        await type_slowly(pilot, "ctrl+u", *"1.10", pause=0.2)
        await look_until(pilot, app, lambda: "kept as text" in screen_text(app), "the note on 1.10")
        assert "kept as text (as a number: 1.1) · Ctrl+N: number" in screen_text(app)  # one line
        assert app.session.get("runtimeConfig.public.appVersion") == "1.10"
        await type_slowly(pilot, "ctrl+n")  # the number, as the note offers
        await look_until(pilot, app, lambda: app.session.get("runtimeConfig.public.appVersion") == 1.1, "1.1")
        assert isinstance(app.focused, Input) and app.focused.value == "1.1"  # what the file gets
        assert "as a number" in screen_text(app)
        await type_slowly(pilot, "ctrl+u", *"2.0", pause=0.25)
        await look_until(pilot, app, lambda: "(as a number: 2)" in screen_text(app), "the note on 2.0")
        assert app.session.get("runtimeConfig.public.appVersion") == "2.0"
        await type_slowly(pilot, "ctrl+u", *"42", pause=0.25)  # a number that keeps its form stays a number
        await look_until(pilot, app, lambda: app.session.get("runtimeConfig.public.appVersion") == 42, "42")
        assert "as a number" in screen_text(app) and "Ctrl+N" not in screen_text(app)
        await type_slowly(pilot, "ctrl+u", *"1.10", pause=0.2)
        await look_until(pilot, app, lambda: app.session.get("runtimeConfig.public.appVersion") == "1.10", "'1.10'")
        assert focused_field(app) is not None
        await save(pilot, app)
    assert "appVersion: '1.10'" in file.read_text()
    assert ConfigDocument.parse(file.read_text()).get("runtimeConfig.public.appVersion") == "1.10"


CODE = """\
export default defineFwkConfig({
  runtimeConfig: { public: { apiBase: process.env.API_BASE ?? '/api' } },
  devServer: { port: getPort() },
})
"""


API_BASE_IS_CODE = "runtimeConfig.public.apiBase is code: process.env.API_BASE ?? '/api'."


def question(app: object) -> str | None:
    """The question on the screen (its words), once it is there."""
    screen = app.screen  # type: ignore[attr-defined]
    if not isinstance(screen, ChoiceScreen) or not screen.query("#choice-question"):
        return None
    return str(screen.query_one("#choice-question", Static).render())


async def test_typing_a_value_over_code_asks_first_and_no_keeps_the_code(tmp_path: Path) -> None:
    file = write_config(tmp_path, CODE)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("runtimeConfig")
        await type_slowly(pilot, "enter", "enter")  # public's keys, then apiBase's code
        await type_slowly(pilot, "ctrl+t")  # as values: one line of JavaScript, selected
        assert isinstance(app.focused, Input) and app.focused.value == "process.env.API_BASE ?? '/api'"
        await type_slowly(pilot, "/")  # typing replaces the selection: a value over the code
        await look_until(pilot, app, lambda: question(app) is not None, "the question")
        assert question(app) == f"{API_BASE_IS_CODE} Replace it by '/'?"
        assert app.session.get("runtimeConfig.public.apiBase").text == "process.env.API_BASE ?? '/api'"
        await type_slowly(pilot, "n")  # keep the code
        await look_until(pilot, app, lambda: question(app) is None, "the question gone")
        assert app.session.get("runtimeConfig.public.apiBase").text == "process.env.API_BASE ?? '/api'"
        assert not app.session.dirty
        await look_until(
            pilot, app, lambda: isinstance(app.focused, Input) and "process.env" in app.focused.value, "the code back"
        )
        await type_slowly(pilot, "ctrl+u")  # emptied: an empty string over the code, asked again
        await look_until(pilot, app, lambda: question(app) is not None, "the question again")
        assert question(app) == f"{API_BASE_IS_CODE} Replace it by ''?"
        await type_slowly(pilot, "y")
        await look_until(pilot, app, lambda: app.session.get("runtimeConfig.public.apiBase") == "", "'' written")
        await type_slowly(pilot, *"/v2")  # typing goes on in the field, with no more questions
        await look_until(pilot, app, lambda: app.session.get("runtimeConfig.public.apiBase") == "/v2", "'/v2'")
        assert question(app) is None
        await save(pilot, app)
    assert "apiBase: '/v2'" in file.read_text()


async def test_a_typed_value_for_code_of_a_typed_option_asks_first(tmp_path: Path) -> None:
    file = write_config(tmp_path, CODE)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("devServer.port")
        await type_slowly(pilot, *"4000")  # typed into the code: code, written only on Tab, once it parses
        await type_slowly(pilot, "tab")
        assert question(app) is None
        assert app.session.get("devServer.port").text == "getPort()"  # `getPort()4000` does not parse
        assert await app.go_to("devServer.port")
        await type_slowly(pilot, "escape")  # back to the file's text
        await type_slowly(pilot, "ctrl+t")  # a typed value in place of the code
        await look_until(pilot, app, lambda: question(app) is not None, "the question")
        assert question(app) == "devServer.port is code: getPort(). Replace it by 3000?"
        await type_slowly(pilot, "escape")  # Esc keeps the code too
        await look_until(pilot, app, lambda: question(app) is None, "the question gone")
        assert app.session.get("devServer.port").text == "getPort()" and not app.session.dirty
        await type_slowly(pilot, "ctrl+t")
        await look_until(pilot, app, lambda: question(app) is not None, "the question again")
        await type_slowly(pilot, "enter")  # so does Enter: the focused answer is the safe one
        await look_until(pilot, app, lambda: question(app) is None, "the question gone")
        assert app.session.get("devServer.port").text == "getPort()" and not app.session.dirty
        await type_slowly(pilot, "ctrl+t")
        await look_until(pilot, app, lambda: question(app) is not None, "the question again")
        await type_slowly(pilot, "y")
        await look_until(pilot, app, lambda: app.session.get("devServer.port") == 3000, "the default written")
        await type_slowly(pilot, "ctrl+z")  # one undo brings the code back
        await look_until(
            pilot, app, lambda: getattr(app.session.get("devServer.port"), "text", None) == "getPort()", "the code"
        )
    assert file.read_text() == CODE


def test_the_note_names_the_key_that_writes_the_number() -> None:
    from fwk_tui.tui.fields.expression import AS_NUMBER_KEY, AS_NUMBER_SHOWN
    from fwk_tui.tui.key_help import key_name

    assert key_name(AS_NUMBER_KEY) == AS_NUMBER_SHOWN
