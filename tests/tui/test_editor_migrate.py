"""The editor's "Move to layout A...": the plan as a screen, one undoable edit, the offer in variant B."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwk_tui.tui.editor import EditorApp
from fwk_tui.tui.screens.choice import ChoiceScreen
from fwk_tui.tui.screens.migrate import ChoiceRow, MigrateScreen
from tests.tui.test_editor import make_app, screen_text, told

LAYOUT_B = """export default defineFwkConfig({
  ssr: true,
  experimental: { compileTemplate: false },
})
"""


def project(tmp_path: Path, config: str = LAYOUT_B) -> Path:
    """A small layout-B project: pages/, components/, app.vue and its config."""
    folder = tmp_path / "project"
    for name in ("pages", "components"):
        (folder / name).mkdir(parents=True)
    (folder / "app.vue").write_text("<template><div /></template>\n")
    target = folder / "fwk.config.ts"
    target.write_text(config)
    return target


@pytest.fixture
def layout_b(tmp_path: Path) -> Path:
    return project(tmp_path)


async def open_from_palette(app: EditorApp, pilot: object) -> MigrateScreen:
    await pilot.press("ctrl+p", *"move to layout a")  # type: ignore[attr-defined]
    await pilot.pause(0.6)  # type: ignore[attr-defined]  # the palette searches in the background
    await pilot.press("enter")  # type: ignore[attr-defined]  # the first result: the command
    await pilot.pause(0.3)  # type: ignore[attr-defined]
    assert isinstance(app.screen, MigrateScreen), screen_text(app)
    return app.screen


def row(screen: MigrateScreen, key: str) -> ChoiceRow:
    return next(r for r in screen.query(ChoiceRow) if r.key == key)


def toasts(app: EditorApp) -> list[str]:
    return [str(n.message) for n in told(app)]


async def test_moving_the_sources_asks_then_moves_the_folders_and_writes_the_file_and_the_palette_undoes_both(
    layout_b: Path,
) -> None:
    original = layout_b.read_text()
    folder = layout_b.parent
    app = make_app(layout_b)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = await open_from_palette(app, pilot)
        text = screen_text(app)
        assert "Move fwk.config.ts to layout A" in text
        assert "keep where they are" in text and "move into app/" in text
        assert app.focused is row(screen, "source-folder")
        # The sources move into app/: the plan is made again, with what follows the source folder.
        await pilot.press("space")
        await pilot.pause()
        assert any(r.key == "dir.pages" for r in screen.query(ChoiceRow)) is False  # no choice: it follows
        assert "dir.pages   follows the folders" in screen_text(app)
        # One item adopts the new behaviour: the focus goes down to it, Space switches it.
        templates = row(screen, "experimental.templateUtils")
        for _ in range(30):
            if app.focused is templates:
                break
            await pilot.press("down")
            await pilot.pause(0.05)
        assert app.focused is templates, app.focused
        await pilot.press("space")
        await pilot.pause()
        assert not templates.first
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, ChoiceScreen)  # the folders are named before anything moves
        assert "pages -> app/pages" in screen_text(app) and "app.vue -> app/app.vue" in screen_text(app)
        await pilot.press("n")  # back to the plan, choices as they were
        await pilot.pause(0.3)
        assert isinstance(app.screen, MigrateScreen) and not row(app.screen, "experimental.templateUtils").first
        assert layout_b.read_text() == original and (folder / "pages").is_dir()
        await pilot.press("enter")
        await pilot.pause(0.3)
        await pilot.press("y")
        await pilot.pause(0.5)
        assert not isinstance(app.screen, (MigrateScreen, ChoiceScreen))
        written = layout_b.read_text()
        assert "compatibilityVersion: 4" in written and "templateUtils" not in written and "srcDir" not in written
        assert "relativeWatchPaths: true" in written  # an old value kept
        assert sorted(p.name for p in (folder / "app").iterdir()) == ["app.vue", "components", "pages"]
        assert not (folder / "pages").exists() and not app.session.dirty
        assert not [d for d in app.session.diagnostics if d.rule in ("sources-split", "source-folder-fallback")]
        assert any("Moved to layout A and written" in t for t in toasts(app))
        assert not app.session.can_undo  # Ctrl+Z would take back the text alone: the palette undoes both
        await pilot.press("ctrl+z")
        await pilot.pause(0.2)
        assert any("Nothing to undo in the editor" in t and "Undo the move to layout A" in t for t in toasts(app))
        assert written == layout_b.read_text()  # Ctrl+Z changed nothing
        # The palette offers the way back: the folders and the file as they were.
        await pilot.press("ctrl+p", *"undo the move")
        await pilot.pause(0.6)
        await pilot.press("enter")
        await pilot.pause(0.5)
        assert layout_b.read_text() == original
        assert (folder / "pages").is_dir() and not (folder / "app").exists()
        assert app.session.document.text == original and app.session.variant == "B"


async def test_keeping_the_sources_is_one_edit_that_undo_takes_back(layout_b: Path) -> None:
    original = layout_b.read_text()
    app = make_app(layout_b)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await open_from_palette(app, pilot)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert not isinstance(app.screen, (MigrateScreen, ChoiceScreen))  # nothing moves: nothing asked
        assert "srcDir: '.'" in app.session.document.text and layout_b.read_text() == original  # not written
        assert any("Ctrl+Z undoes it" in t for t in toasts(app))
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.document.text == original and not app.session.can_undo
        assert any("Undone: Move to layout A" in t for t in toasts(app))


async def test_a_layout_a_config_with_sources_beside_it_names_them_after_a_save_and_in_the_palette(
    tmp_path: Path,
) -> None:
    config = project(
        tmp_path, "export default defineFwkConfig({\n  ssr: true,\n  future: { compatibilityVersion: 4 },\n})\n"
    )
    (config.parent / "app").mkdir()
    (config.parent / "app" / "error.vue").write_text("<template />\n")  # app/ in use: pages/ is not read
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert any(d.rule == "sources-split" for d in app.session.diagnostics)
        assert any("Some sources are where this config does not read them" in t for t in toasts(app))  # on open
        await pilot.press("ctrl+p", *"sources still to move")
        await pilot.pause(0.6)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert any(
            "where layout A does not read them (the app does not see them): components, pages" in t
            and "git mv pages app/pages" in t
            for t in toasts(app)
        )
        assert (config.parent / "pages").is_dir()  # told, not moved


async def test_the_kept_sources_pin_src_dir_and_the_old_values_by_default(layout_b: Path) -> None:
    app = make_app(layout_b)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await open_from_palette(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.save() == layout_b
        saved = layout_b.read_text()
        assert "srcDir: '.'" in saved and "compatibilityVersion: 4" in saved
        assert "omitLineBreaks: false" in saved and "relativeWatchPaths: true" in saved
        assert "__VUE_PROD_DEVTOOLS__" not in saved  # the framework's version's default: not the move's


async def test_a_move_that_brings_an_error_under_layout_a_is_refused(tmp_path: Path) -> None:
    config = project(tmp_path, "export default defineFwkConfig({\n  app: { baseURL: './' },\n})\n")
    original = config.read_text()
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = await open_from_palette(app, pilot)
        assert "The move would bring 1 error under layout A" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen  # still open: the user may change a choice or cancel
        assert any("Not applied: the move would bring an error under layout A at app.baseURL" in t for t in toasts(app))
        assert app.session.document.text == original and not app.session.can_undo
        await pilot.click("#migrate-apply")
        await pilot.pause()
        assert app.screen is screen and app.session.document.text == original


async def test_escape_changes_nothing(layout_b: Path) -> None:
    original = layout_b.read_text()
    app = make_app(layout_b)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await open_from_palette(app, pilot)
        await pilot.press("space", "down", "space", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, MigrateScreen)
        assert app.session.document.text == original and not app.session.can_undo


async def test_variant_b_offers_the_move_once(layout_b: Path) -> None:
    app = make_app(layout_b)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.3)
        assert app.session.variant == "B"
        offers = [t for t in toasts(app) if '"Move to layout A..."' in t]
        assert len(offers) == 1
        await pilot.press("f2")  # A, then B again: not offered twice
        await pilot.press("f2")
        await pilot.pause(0.3)
        assert len([t for t in toasts(app) if '"Move to layout A..."' in t]) == 1
        assert isinstance(app.focused, type(app.focused)) and not isinstance(app.screen, MigrateScreen)


async def test_layout_a_is_not_offered_the_move(tmp_path: Path) -> None:
    config = project(tmp_path, "export default defineFwkConfig({\n  future: { compatibilityVersion: 4 },\n})\n")
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.3)
        assert not any("Move to layout A" in t for t in toasts(app))
        app.move_to_layout_a.open()
        await pilot.pause()
        assert not isinstance(app.screen, MigrateScreen)
        assert any("Already layout A" in t for t in toasts(app))
