"""Enter in the wizard, at a person's pace: it goes on (as Ctrl+N) wherever it means nothing else, chooses on a
radio set, and never drops what was typed; a list's rows, a kind choice and a multi-line text keep their Enter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import RadioSet, Switch, TextArea

from fwk_tui.tui.fields.kind_picker import KindPicker
from fwk_tui.tui.fields.record import RecordEditor
from fwk_tui.tui.wizard import WizardScreen
from tests.tui.test_editor import screen_text as editor_text
from tests.tui.test_editor import until
from tests.tui.test_wizard import make_wizard, to_step, wizard

HUMAN = 0.2


async def keys(pilot: Any, *pressed: str) -> None:
    for key in pressed:
        await pilot.press(key)
        await pilot.pause(HUMAN)


def screen_text(app: Any) -> str:
    return editor_text(app)


async def test_the_first_step_opens_with_the_focus_on_its_choices(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(HUMAN)
        assert isinstance(app.focused, RadioSet) and app.focused.id == "variant"  # not the page around it
        await keys(pilot, "down", "space")
        assert wizard(app).answers.variant == "B" and wizard(app).step.id == "layout"  # Space chooses, stays


async def test_enter_on_a_choice_chooses_it_and_goes_to_the_next_step(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(HUMAN)
        screen = wizard(app)
        await keys(pilot, "down", "enter")
        assert screen.answers.variant == "B" and screen.step.id == "source"
        assert screen.query_one("#variant", RadioSet).pressed_button.name == "B"  # type: ignore[union-attr]
        await keys(pilot, "ctrl+n", "enter")  # rendering: Enter on the chosen one goes on
        assert screen.step.id == "bundler" and screen.answers.rendering == "server"
        await keys(pilot, "down", "enter")
        assert screen.answers.bundler == "wbuild" and screen.step.id == "typescript"


async def test_enter_on_spa_stays_to_show_the_question_it_brings_then_goes_on(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await to_step(pilot, "rendering")
        await keys(pilot, "down", "down", "enter")
        assert screen.answers.rendering == "spa" and screen.step.id == "rendering"
        assert screen.query_one("#field-spaLoadingTemplate").display  # its loading template, shown by the choice
        assert isinstance(app.focused, RadioSet)  # not in the template's kind choice, where Enter would answer
        await keys(pilot, "enter")
        assert screen.step.id == "bundler" and screen.answers.spa_loading_template is None


async def test_enter_in_a_text_field_goes_on_with_what_was_typed(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        screen: WizardScreen = await to_step(pilot, "source")
        await keys(pilot, *"src", "enter")
        assert screen.step.id == "rendering" and screen.answers.src_dir == "src"
        screen = await to_step(pilot, "head")
        await keys(pilot, *"Shop", "enter")
        assert screen.step.id == "runtime" and screen.answers.title == "Shop"
        await keys(pilot, "ctrl+b")
        assert screen.answers.title == "Shop"


async def test_enter_on_a_text_that_does_not_do_stays_on_the_step(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        screen = await to_step(pilot, "dev-server")
        await keys(pilot, *"abc", "enter")  # does not read as a port
        assert screen.step.id == "dev-server"
        await keys(pilot, "ctrl+u", *"70000", "enter")  # out of range: the field says so
        assert screen.step.id == "dev-server" and "65535" in screen_text(app)
        await keys(pilot, "ctrl+u", *"4000", "enter")
        assert screen.step.id == "compatibility" and screen.answers.port == 4000


async def test_enter_in_a_runtime_value_goes_back_to_its_rows_as_in_a_list(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await to_step(pilot, "runtime")
        record = screen.query_one("#field-runtimeConfig").query(RecordEditor).first()
        await keys(pilot, "a", *"apiBase", "enter", *"x", "enter")  # Enter in the value: done with this key
        assert screen.step.id == "runtime" and not record.is_open and app.focused is record.rows
        assert [(k.key, k.value) for k in screen.answers.runtime] == [("apiBase", "x")]
        await keys(pilot, "a", *"apiKey", "enter", *"y", "enter")  # from the rows, `a` adds the next key
        assert app.focused is record.rows
        assert [(k.key, k.value) for k in screen.answers.runtime] == [("apiBase", "x"), ("apiKey", "y")]
        await keys(pilot, "ctrl+n")
        assert screen.step.id == "dev-server"


async def test_enter_on_a_check_box_or_a_switch_goes_on_and_space_toggles(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await to_step(pilot, "typescript")
        assert isinstance(app.focused, Switch)
        await keys(pilot, "enter")
        assert screen.step.id == "modules" and screen.answers.strict
        screen = await to_step(pilot, "outputs")
        assert app.focused is screen.query_one("#skeleton")
        await keys(pilot, "space", "enter")
        assert screen.answers.skeleton and screen.step.id == "review"


async def test_enter_on_an_empty_module_list_goes_on_and_on_a_key_row_opens_it(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await to_step(pilot, "modules")
        await keys(pilot, "enter")
        assert screen.step.id == "head"
        screen = await to_step(pilot, "runtime")
        await keys(pilot, "enter")  # the row of public: opened, as in the editor
        assert screen.step.id == "runtime" and isinstance(app.focused, KindPicker)


async def test_enter_in_the_preset_name_goes_to_the_review_keeping_it(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await to_step(pilot, "outputs")
        screen.query_one("#preset").focus()
        await pilot.pause(HUMAN)
        await keys(pilot, *"p.toml", "enter")
        assert screen.step.id == "review" and screen._preset == "p.toml"


async def test_enter_in_code_is_a_new_line(tmp_path: Path) -> None:
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "fwk.config.ts").write_text(
        "export default defineFwkConfig({\n  typescript: { typeCheck: process.env.CI ? true : false },\n})\n"
    )
    app = make_wizard(folder)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await to_step(pilot, "typescript")
        screen.query_one("#field-typescript-typeCheck").focus()
        # The field hands the focus to its code's editor once mounted: on a loaded machine later than a pause.
        await until(pilot, lambda: isinstance(app.focused, TextArea))
        area = app.focused
        assert isinstance(area, TextArea)
        await keys(pilot, "end", "enter")
        assert screen.step.id == "typescript" and area.text.count("\n") == 1


async def test_enter_walks_a_new_project_from_the_first_step_to_the_write(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(HUMAN)
        screen = wizard(app)
        steps = [screen.step.id]
        for _ in range(20):
            if app.outcome is not None or screen.step.id == "review":
                break
            # The runtime step opens on its rows, where Enter opens a key (public) as in the editor.
            await keys(pilot, "ctrl+n" if screen.step.id == "runtime" else "enter")
            steps.append(screen.step.id)
        assert screen.step.id == "review", steps
        await keys(pilot, "enter")  # the focus is on Write
    assert app.outcome is not None and (tmp_path / "p" / "fwk.config.ts").is_file()
