"""The new-project wizard as a user drives it: each path, the checks per step, cancel, and the editor's offer."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import RadioSet

from fwk_tui.catalog import load_catalog
from fwk_tui.session import EditSession
from fwk_tui.source import ConfigDocument, load_document
from fwk_tui.tui.editor import EditorApp
from fwk_tui.tui.screens.choice import ChoiceScreen
from fwk_tui.tui.wizard import STEPS, WizardApp, WizardScreen
from fwk_tui.validate import check_document
from fwk_tui.wizard import open_target
from tests.tui.test_editor import EXAMPLE, screen_text

CATALOG = load_catalog()
DATE = "2026-01-15"
STEP = {step.id: index for index, step in enumerate(STEPS)}


def make_wizard(folder: Path, **answers: Any) -> WizardApp:
    project = open_target(folder, CATALOG)
    if project.before is None:
        answers.setdefault("compatibility_date", DATE)  # not today's: screens and files stay the same every day
    return WizardApp(project, CATALOG, project.initial.with_(**answers), folder_arg=".")


def wizard(app: Any) -> WizardScreen:
    screen = app.screen
    assert isinstance(screen, WizardScreen)
    return screen


async def to_step(pilot: Any, step_id: str) -> WizardScreen:
    """Press Ctrl+N until ``step_id`` shows (each step must let the user through)."""
    screen = wizard(pilot.app)
    while screen.step.id != step_id:
        before = screen.index
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.index == before + 1, f"stuck at {screen.step.id}: {screen.step_errors(screen.step)}"
    await pilot.pause()
    return screen


async def choose(pilot: Any, radio_id: str, key: str) -> None:
    """Pick ``key`` in a radio set with the keyboard, as a user does (Space: the step stays; Enter would go on)."""
    screen = wizard(pilot.app)
    radios = screen.query_one(f"#{radio_id}", RadioSet)
    radios.focus()
    await pilot.pause()
    names = [b.name for b in radios.query("RadioButton")]
    current = radios._selected if radios._selected is not None else 0
    target = names.index(key)
    for _ in range(abs(target - current)):
        await pilot.press("down" if target > current else "up")
    await pilot.press("space")
    await pilot.pause()


async def type_into(pilot: Any, field_id: str, text: str) -> None:
    screen = wizard(pilot.app)
    screen.query_one(f"#{field_id}").focus()
    await pilot.pause()
    await pilot.pause()
    await pilot.press("ctrl+u", *text)
    await pilot.pause()


async def test_the_default_path_writes_a_config_that_checks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = make_wizard(tmp_path / "shop")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await to_step(pilot, "review")
        assert "compatibilityDate: '2026-01-15'" in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
    config = tmp_path / "shop" / "fwk.config.ts"
    assert config.read_text() == f"export default defineFwkConfig({{\n  compatibilityDate: '{DATE}'\n}})\n"
    assert app.outcome is not None
    # The folder from the current one, whatever the folder argument was (".": as make_wizard gives it).
    assert app.outcome[-1].strip() == f"fwk-tui new shop --yes --variant A --compatibility-date {DATE}"


async def test_every_step_answered_with_the_keyboard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, real_client
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "shop"
    app = make_wizard(folder)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await choose(pilot, "variant", "B")
        screen = await to_step(pilot, "source")
        assert screen.answers.src_dir == "."  # B's default follows the layout
        await type_into(pilot, "field-srcDir", "src")
        assert "src/" in screen_text(app) and "store/" in screen_text(app)
        await to_step(pilot, "rendering")
        await choose(pilot, "rendering", "spa")
        assert screen.query_one("#field-spaLoadingTemplate").display
        await to_step(pilot, "bundler")
        await choose(pilot, "bundler", "wbuild")
        assert "npm install -D @fwk/wbuild-builder" in screen_text(app)
        await to_step(pilot, "typescript")
        await to_step(pilot, "modules")
        screen.query_one("#field-modules").focus()
        await pilot.pause()
        await pilot.pause()
        await pilot.press("a")  # a new item, text: typed at once, Enter back to the rows
        await pilot.pause()
        await pilot.press(*"@fwk/content", "enter")
        await pilot.pause()
        await to_step(pilot, "head")
        await type_into(pilot, "field-app-head-title", "[bold]Shop[/]")
        await to_step(pilot, "runtime")
        screen.query_one("#field-runtimeConfig").focus()
        await pilot.pause()
        await pilot.pause()
        await pilot.press("a", *"apiSecret", "enter")
        await pilot.pause()
        assert "FWK_API_SECRET" in screen_text(app)
        await to_step(pilot, "dev-server")
        await type_into(pilot, "field-devServer-port", "4000")
        await to_step(pilot, "outputs")
        screen.query_one("#skeleton").focus()
        await pilot.press("space")
        screen.query_one("#env_example").focus()
        await pilot.press("space")
        await type_into(pilot, "preset", "preset.toml")
        await pilot.pause()
        await to_step(pilot, "review")
        assert "[bold]Shop[/]" in screen_text(app)  # shown as written, never as markup
        await pilot.press("ctrl+s")
        await pilot.pause()
    config = folder / "fwk.config.ts"
    values = load_document(config).values()
    assert values == {
        "compatibilityDate": DATE,
        "srcDir": "src",
        "future": {"compatibilityVersion": 3},
        "ssr": False,
        "builder": "wbuild",
        "modules": ["@fwk/content"],
        "app": {"head": {"title": "[bold]Shop[/]"}},
        "runtimeConfig": {"apiSecret": ""},
        "devServer": {"port": 4000},
    }
    result = check_document(load_document(config), CATALOG)
    assert result.variant.variant == "B"
    assert [d for d in result.diagnostics if d.severity == "error"] == []
    assert (folder / "src" / "pages").is_dir() and (folder / "src" / "store").is_dir()
    assert "FWK_API_SECRET=" in (folder / ".env.example").read_text()
    assert 'src-dir = "src"' in (folder / "preset.toml").read_text()  # a bare name: in the project
    assert app.outcome is not None and "saved the answers to shop/preset.toml" in app.outcome
    from tests.source.conftest import canon_py

    loaded = real_client.evaluate({"c": config})["c"]
    assert loaded.error is None and loaded.value == canon_py(values)


async def test_a_step_with_an_error_keeps_the_user_there(tmp_path: Path) -> None:
    app = make_wizard(tmp_path)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        screen = await to_step(pilot, "dev-server")
        await type_into(pilot, "field-devServer-port", "70000")
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.step.id == "dev-server"
        text = screen_text(app)
        assert "devServer.port" in text and "65535" in text
        assert "Fix this step first" in text
        await pilot.press("ctrl+b")  # the step list marks the step left with an error
        await pilot.pause()
        assert "✖  9. Dev server" in screen_text(app)
        await pilot.press("ctrl+n")
        await pilot.pause()
        await type_into(pilot, "field-devServer-port", "4000")
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.step.id == "compatibility"
        assert "Fix this step first" not in screen_text(app)  # the notice left with its step


async def test_back_keeps_the_answers(tmp_path: Path) -> None:
    app = make_wizard(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await to_step(pilot, "rendering")
        await choose(pilot, "rendering", "static")
        screen = await to_step(pilot, "bundler")
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert screen.step.id == "rendering" and screen.answers.rendering == "static"
        assert screen.query_one("#rendering", RadioSet).pressed_button.name == "static"  # type: ignore[union-attr]


async def test_esc_cancels_and_writes_nothing(tmp_path: Path) -> None:
    app = make_wizard(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await to_step(pilot, "rendering")
        await choose(pilot, "rendering", "spa")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)  # answers were given: asked first
        await pilot.press("y")
        await pilot.pause()
    assert app.outcome is None
    assert list(tmp_path.iterdir()) == []


async def test_an_existing_config_prefills_and_the_review_shows_the_diff(
    tmp_path: Path,
) -> None:
    config = tmp_path / "fwk.config.ts"
    shutil.copyfile(EXAMPLE, config)
    before = config.read_text()
    app = make_wizard(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = await to_step(pilot, "head")
        assert "Example shop" in screen_text(app)
        await to_step(pilot, "dev-server")
        await type_into(pilot, "field-devServer-port", "4100")
        await to_step(pilot, "review")
        text = screen_text(app)
        assert "-    port: 3000," in text and "+    port: 4100," in text
        assert screen.plan.changes_config
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert config.read_text() == before.replace("port: 3000,", "port: 4100,")


async def test_the_editor_offers_the_wizard_when_there_is_no_config(
    tmp_path: Path,
) -> None:
    path = tmp_path / "fwk.config.ts"
    session = EditSession(ConfigDocument.new(), CATALOG, path=path)
    app = EditorApp(session, label="fwk.config.ts (new)", watch_disk=False, offer_wizard=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("w")
        await pilot.pause()
        screen = wizard(app)
        await to_step(pilot, "review")
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, WizardScreen)
        assert path.is_file()
        assert app.session.get("compatibilityDate") == screen.answers.compatibility_date
        assert not app.session.dirty
        assert app.label == str(path) and "(new)" not in screen_text(app)


async def test_the_palette_runs_the_wizard_on_the_open_config(tmp_path: Path) -> None:
    config = tmp_path / "fwk.config.ts"
    shutil.copyfile(EXAMPLE, config)
    app = EditorApp(EditSession.open(config, CATALOG), label="fwk.config.ts", watch_disk=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", *"wizard")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        screen = wizard(app)
        assert screen.answers.title == "Example shop"  # pre-filled from the open file
        await to_step(pilot, "dev-server")
        await type_into(pilot, "field-devServer-port", "4100")
        await to_step(pilot, "review")
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        assert app.session.get("devServer.port") == 4100 and not app.session.dirty
    assert "port: 4100," in config.read_text()
