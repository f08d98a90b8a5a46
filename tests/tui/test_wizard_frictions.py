"""The wizard's small frictions: `a` from the whole runtime step, private values to .env, PageDown in the
review, notifications clear of the problems line and the buttons, on/off readable without colour, and the
modules pick list."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Checkbox, Input

from fwk_tui.source import load_document
from fwk_tui.tui.fields import OptionField
from fwk_tui.tui.fields.kind_picker import KindPicker
from fwk_tui.tui.wizard import WizardScreen
from tests.tui.test_editor import screen_text
from tests.tui.test_wizard import DATE, make_wizard, to_step, type_into, wizard


async def add_runtime_key(pilot, key: str, value: str) -> None:  # type: ignore[no-untyped-def]
    await pilot.press("a")
    await pilot.pause()
    await pilot.press(*key, "enter")
    await pilot.pause()
    await pilot.press(*value, "enter")
    await pilot.pause()


async def test_a_adds_a_key_from_the_kind_choice_without_tabbing_away(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await to_step(pilot, "runtime")
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"first", "enter", "x")  # its value typed, its panel open (Enter would close it)
        await pilot.pause()
        screen.query_one(KindPicker).focus()
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        focused = app.focused
        assert isinstance(focused, Input) and "record--key-input" in focused.classes
        await pilot.press(*"second", "enter")
        await pilot.pause()
        assert [k.key for k in screen.answers.runtime] == ["first", "second"]
        # typed into a value, `a` is a letter of the value
        await pilot.press("a")
        await pilot.pause()
        assert [(k.key, k.value) for k in screen.answers.runtime] == [("first", "x"), ("second", "a")]


async def test_a_private_value_typed_in_the_wizard_goes_to_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        await to_step(pilot, "runtime")
        await add_runtime_key(pilot, "apiSecret", "hunter2")
        assert "written to .env, not into the config" in screen_text(app)
        await to_step(pilot, "review")
        review = screen_text(app)
        assert "create p/.env: FWK_API_SECRET" in review and "hunter2" not in review
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert load_document(tmp_path / "p" / "fwk.config.ts").values()["runtimeConfig"] == {"apiSecret": ""}
    env = tmp_path / "p" / ".env"
    assert "FWK_API_SECRET=hunter2\n" in env.read_text() and stat.S_IMODE(env.stat().st_mode) == 0o600
    assert app.outcome is not None and not any("hunter2" in line for line in app.outcome)
    assert any("--runtime-key apiSecret" in line for line in app.outcome)


async def test_page_down_scrolls_the_review(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p", skeleton=True, env_example=True, title="T", lang="en", description="D")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_step(pilot, "review")
        page = screen.query_one("#step-review")
        assert page.max_scroll_y > 0 and page.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause(0.3)
        assert page.scroll_y > 0
        await pilot.press("pageup")
        await pilot.pause(0.3)
        assert page.scroll_y == 0


@pytest.mark.parametrize("size", [(100, 32), (80, 24)])
async def test_a_notification_never_covers_the_problems_or_the_buttons(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=size, notifications=True) as pilot:
        screen = await to_step(pilot, "dev-server")
        await type_into(pilot, "field-devServer-port", "70000")
        await pilot.press("ctrl+n")
        await pilot.pause(0.3)
        toasts = list(screen.query("Toast"))
        assert toasts, "Next on a step with an error says so"
        problems = screen.query_one("#wizard-problems").region
        buttons = screen.query_one("#wizard-buttons").region
        assert problems.height > 0 and "✖" in screen_text(app)
        for toast in toasts:
            assert not toast.region.overlaps(problems) and not toast.region.overlaps(buttons)


async def test_check_boxes_and_radio_buttons_read_as_on_or_off_without_colour(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "(•) A: the application-directory layout" in text and "( ) B: the older layout" in text
        screen = await to_step(pilot, "outputs")
        assert "[ ] Create the folders" in screen_text(app)
        screen.query_one("#skeleton").focus()
        await pilot.press("space")
        await pilot.pause()
        assert "[x] Create the folders" in screen_text(app) and screen.answers.skeleton


async def test_the_modules_step_offers_known_modules_and_free_text(tmp_path: Path) -> None:
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "package.json").write_text(
        json.dumps({"dependencies": {"@fwk/content": "1", "@fwk/wbuild-builder": "1", "left-pad": "1"}})
    )
    app = make_wizard(folder)
    async with app.run_test(size=(100, 32)) as pilot:
        screen: WizardScreen = await to_step(pilot, "modules")
        text = screen_text(app)
        assert "[ ] @fwk/content  from package.json" in text
        assert "wbuild-builder" not in text and "left-pad" not in text  # a builder is not a module
        box = screen.query_one(".module-pick", Checkbox)
        box.focus()
        await pilot.press("space")
        await pilot.pause()
        assert screen.answers.modules == ("@fwk/content",)
        assert "[x] @fwk/content" in screen_text(app)
        screen.query_one("#field-modules").focus()  # and any other by name
        await pilot.pause()
        await pilot.press("a", *"./modules/mine", "enter")
        await pilot.pause()
        assert screen.answers.modules == ("@fwk/content", "./modules/mine")
        box.focus()
        await pilot.press("space")  # off again: the typed one stays
        await pilot.pause()
        assert screen.answers.modules == ("./modules/mine",)
        await to_step(pilot, "review")
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert load_document(folder / "fwk.config.ts").values()["modules"] == ["./modules/mine"]
    assert DATE in (folder / "fwk.config.ts").read_text()


def test_without_known_modules_the_step_says_to_type_them() -> None:
    from fwk_tui.catalog import load_catalog
    from fwk_tui.validate.surroundings import Package
    from fwk_tui.wizard.modules import known_modules

    catalog = load_catalog()
    assert known_modules(catalog, None) == []  # the catalogue names builders and servers only
    found = known_modules(catalog, Package(frozenset({"fwk-i18n", "@fwk/srv-server", "react"})), ("./m",))
    assert [(m.name, m.where) for m in found] == [("./m", "the config"), ("fwk-i18n", "package.json")]


_ = wizard


async def test_a_with_public_open_adds_the_key_under_public(tmp_path: Path) -> None:
    from fwk_tui.tui.fields.record import RecordEditor

    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await to_step(pilot, "runtime")
        top = screen.query_one("#field-runtimeConfig").query(RecordEditor).first()
        top.reveal(("public",))  # Enter on the public row: its kind choice has the focus
        await pilot.pause(0.3)
        assert top.open_key == "public" and top.has_focus_within
        for key in ("a", *"apiBase", "enter", *"/api", "enter"):
            await pilot.press(key)
            await pilot.pause(0.05)
        assert [(k.key, k.value, k.public) for k in screen.answers.runtime] == [("apiBase", "/api", True)]
        assert "FWK_PUBLIC_API_BASE" in screen_text(app)


async def test_removing_public_shows_at_once(tmp_path: Path) -> None:
    from fwk_tui.tui.fields.record import RecordEditor

    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await to_step(pilot, "runtime")
        top = screen.query_one("#field-runtimeConfig").query(RecordEditor).first()
        top.rows.focus()
        top.rows.go_to([e.key for e in top.entries].index("public"))
        await pilot.pause()
        assert "public  {}" in screen_text(app)
        await pilot.press("delete")
        await pilot.pause(0.3)
        assert not screen.scratch.has("runtimeConfig.public")
        assert "public  {}" not in screen_text(app)


def field_lines(app: Any, field: OptionField) -> list[str]:
    """The lines ``field`` shows on the screen, its title line first."""
    region = field.region
    return [line[region.x : region.right].strip() for line in screen_text(app).splitlines()[region.y : region.bottom]]


async def test_a_field_not_set_says_its_default_once(tmp_path: Path) -> None:
    """The header says it (``default (A): "app"``); the line of the value says it is not set, not the default again
    (``default: app``, ``not set: false by default``, ``true  (default)``)."""
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        screen, seen = wizard(app), []
        while screen.step.id != "review":
            await pilot.pause(0.2)
            page = screen.query_one(f"#step-{screen.step.id}")
            for field in page.query(OptionField):
                if field.display and not field.is_set:
                    lines = field_lines(app, field)
                    seen.append(field.path)
                    assert sum("default" in line for line in lines[1:]) == 1, lines  # the title line has the marker
            await pilot.press("ctrl+n")
        assert {"srcDir", "typescript.strict", "typescript.typeCheck", "devServer.port", "devServer.host"} <= set(seen)


async def test_an_emptied_value_names_ctrl_r_only_where_it_resets(tmp_path: Path) -> None:
    # In the wizard Ctrl+R shows or hides private values: the note of an empty folder must not send the person there.
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        await to_step(pilot, "source")
        await type_into(pilot, "field-srcDir", "src")
        await pilot.press("ctrl+u")
        await pilot.pause(0.3)
        text = screen_text(app)
        assert "an empty string is set" in text and "Ctrl+R resets" not in text
