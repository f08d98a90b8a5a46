"""Regenerate the screenshots in screenshots/ (SVG, 100x32), headlessly.

    .venv/bin/python scripts/screenshots.py

The browser shots open ``fwk-tui browse`` at app.baseURL: the browser, the
search, the help. The editor shots open a copy of the bundled example config:
the editor, a live error, a code field, the save preview, the command palette, the help,
search by words, and the editor in an 80x24 terminal.
The layers shots open a copy of tests/resolve/projects/questions (a layer, a
``$production`` section and a ``.env``): a field in production, the Layers group.
The modules shot opens a project with a module installed: its group of typed fields.
The move shot opens a small layout-B project: "Move to layout A..." with the
sources moving into app/ and the first option adopted.
Names given on the command line regenerate only those shots.
The wizard shots run ``fwk-tui new`` in an empty folder: the layout step, the
rendering step, the runtime config step and the review.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

from fwk_tui.tui.browse import BrowseApp

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "screenshots"
SIZE = (100, 32)


async def _browse(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, BrowseApp)
    app.go_to("app.baseURL")
    await pilot.pause()


async def _search(pilot: Pilot[None]) -> None:
    await _browse(pilot)
    await pilot.press("slash", *"teleport")
    await pilot.pause()


async def _help(pilot: Pilot[None]) -> None:
    await _browse(pilot)
    await pilot.press("f1")
    await pilot.pause()


SHOTS: dict[str, Callable[[Pilot[None]], Awaitable[None]]] = {
    "browse.svg": _browse,
    "browse-search.svg": _search,
    "browse-help.svg": _help,
}


async def _at(pilot: Pilot[None], path: str, *keys: str) -> None:
    await pilot.pause()
    await pilot.app.go_to(path)  # type: ignore[attr-defined]
    await pilot.pause()
    if keys:
        await pilot.press(*keys)
        await pilot.pause(0.3)


EDITOR_SHOTS: dict[str, Callable[[Pilot[None]], Awaitable[None]]] = {
    "editor.svg": lambda pilot: _at(pilot, "app.baseURL"),
    "editor-error.svg": lambda pilot: _at(pilot, "app.baseURL", "ctrl+u", *"./"),
    "editor-code.svg": lambda pilot: _at(pilot, "typescript.typeCheck"),
    "editor-list.svg": lambda pilot: _at(pilot, "css", "a", *"~/assets/print.css", "escape"),
    "editor-save.svg": lambda pilot: _at(pilot, "devServer.port", "ctrl+u", *"4000", "ctrl+s"),
    "editor-palette.svg": lambda pilot: _at(pilot, "app.baseURL", "ctrl+p", *"variant"),
    "editor-help.svg": lambda pilot: _at(pilot, "app.baseURL", "f1"),
    "editor-search.svg": lambda pilot: _at(pilot, "app.baseURL", "slash", *"serve assets from a cdn"),
    "editor-80x24.svg": lambda pilot: _at(pilot, "app.head.title"),
}
SMALL = {"editor-80x24.svg": (80, 24)}  # the small terminal: the docs pane folds, the form gets the room


async def _shoot(name: str, steps: Callable[[Pilot[None]], Awaitable[None]]) -> Path:
    app = BrowseApp(variant="A")
    async with app.run_test(size=SIZE) as pilot:
        await steps(pilot)
        path = Path(app.save_screenshot(name, path=str(OUT)))
    return path


def _example(folder: Path) -> Path:
    file = folder / "fwk.config.ts"
    shutil.copyfile(ROOT / "fwk_tui" / "examples" / "fwk.config.ts", file)
    return file


def _questions(folder: Path) -> Path:
    shutil.copytree(ROOT / "tests" / "resolve" / "projects" / "questions", folder / "questions")
    return folder / "questions" / "fwk.config.ts"


def _layout_b(folder: Path) -> Path:
    """A layout-B project: sources beside the config, a flag version 4 removes."""
    for name in ("pages", "components", "layouts"):
        (folder / name).mkdir()
    (folder / "app.vue").write_text("<template><NuxtPage /></template>\n")
    file = folder / "fwk.config.ts"
    file.write_text(
        "export default defineFwkConfig({\n  ssr: true,\n  experimental: { compileTemplate: false },\n"
        "  devServer: { port: 3001 },\n})\n"
    )
    return file


async def _shoot_editor(
    name: str, steps: Callable[[Pilot[None]], Awaitable[None]], project: Callable[[Path], Path] = _example
) -> Path:
    from fwk_tui.catalog import load_catalog
    from fwk_tui.session import EditSession
    from fwk_tui.tui.editor import EditorApp

    with tempfile.TemporaryDirectory() as folder:
        file = project(Path(folder))
        app = EditorApp(EditSession.open(file, load_catalog()), label="fwk.config.ts", watch_disk=False)
        async with app.run_test(size=SMALL.get(name, SIZE)) as pilot:
            await steps(pilot)
            app.clear_notifications()
            await pilot.pause()
            return Path(app.save_screenshot(name, path=str(OUT)))


async def _layers_field(pilot: Pilot[None]) -> None:
    await pilot.pause(0.3)  # the layers are read after the first paint
    await pilot.app.go_to("app.baseURL")  # type: ignore[attr-defined]
    await pilot.press("f6", "f6")  # development, then production
    await pilot.pause(0.3)


async def _layers_group(pilot: Pilot[None]) -> None:
    from fwk_tui.tui.editor.effective import LAYERS_GROUP
    from fwk_tui.tui.editor.widgets.group_tree import GroupTree

    await _layers_field(pilot)
    tree = pilot.app.query_one(GroupTree)
    tree.focus()
    tree.select_group(LAYERS_GROUP.id)
    await pilot.press("enter")
    await pilot.pause(0.3)


async def _environment_group(pilot: Pilot[None]) -> None:
    from fwk_tui.tui.editor.widgets.group_tree import GroupTree

    await pilot.pause(0.3)
    tree = pilot.app.query_one(GroupTree)
    tree.focus()
    tree.select_group("env:$production")
    await pilot.press("enter")
    await pilot.pause(0.3)


LAYERS_SHOTS: dict[str, Callable[[Pilot[None]], Awaitable[None]]] = {
    "editor-layers.svg": _layers_field,
    "editor-layers-group.svg": _layers_group,
    "editor-environment.svg": _environment_group,
}


def _modules(folder: Path) -> Path:
    """A project with a module installed (its package as the builder makes it) and a misspelt key of it."""
    import sys

    sys.path.insert(0, str(ROOT))
    from tests.modules.test_declarations import COLOR_MODE
    from tests.modules.test_installed import _install
    from tests.tui.test_editor_modules_snapshots import SOURCE

    manifest = {"name": "@fwk/color-mode", "version": "4.0.1", "configKey": "colorMode"}
    _install(folder, "@fwk/color-mode", {"module.d.mts": COLOR_MODE}, manifest)
    file = folder / "fwk.config.ts"
    file.write_text(SOURCE)
    return file


async def _modules_group(pilot: Pilot[None]) -> None:
    from tests.tui.test_editor_modules_snapshots import _at_storage

    await _at_storage(pilot)


async def _migrate(pilot: Pilot[None]) -> None:
    await pilot.pause()
    pilot.app.clear_notifications()  # the offer of the move in variant B
    await pilot.press("ctrl+p", *"Move to layout", "enter")
    await pilot.pause(0.3)
    await pilot.press("space", "down", "space")  # the sources move into app/; the first option adopted
    await pilot.pause(0.3)


WIZARD_SHOTS: dict[str, str] = {
    "wizard-layout.svg": "layout",
    "wizard-rendering.svg": "rendering",
    "wizard-runtime.svg": "runtime",
    "wizard-review.svg": "review",
}


async def _shoot_wizard(name: str, step_id: str) -> Path:
    import os

    from fwk_tui.catalog import load_catalog
    from fwk_tui.tui.wizard import STEPS, WizardApp
    from fwk_tui.wizard import RuntimeKey, open_target

    catalog = load_catalog()
    with tempfile.TemporaryDirectory() as folder:
        here = Path.cwd()
        os.chdir(folder)
        try:
            project = open_target(Path("shop"), catalog)
            answers = project.initial.with_(
                rendering="spa",
                type_check="build",
                modules=("@fwk/content",),
                title="Shop",
                lang="en",
                runtime=(RuntimeKey("apiSecret"), RuntimeKey("apiBase", True, "/api")),
                env_example=True,
            )
            app = WizardApp(project, catalog, answers, folder_arg="shop")
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                app.screen.go(next(i for i, s in enumerate(STEPS) if s.id == step_id))  # type: ignore[attr-defined]
                await pilot.pause(0.3)
                return Path(app.save_screenshot(name, path=str(OUT)))
        finally:
            os.chdir(here)


def main(only: list[str]) -> None:
    OUT.mkdir(exist_ok=True)
    wanted = lambda name: not only or name in only  # noqa: E731
    for name, steps in SHOTS.items():
        if wanted(name):
            print(asyncio.run(_shoot(name, steps)).relative_to(ROOT))
    for name, steps in EDITOR_SHOTS.items():
        if wanted(name):
            print(asyncio.run(_shoot_editor(name, steps)).relative_to(ROOT))
    for name, steps in LAYERS_SHOTS.items():
        if wanted(name):
            print(asyncio.run(_shoot_editor(name, steps, _questions)).relative_to(ROOT))
    if wanted("editor-modules.svg"):
        print(asyncio.run(_shoot_editor("editor-modules.svg", _modules_group, _modules)).relative_to(ROOT))
    if wanted("editor-migrate.svg"):
        print(asyncio.run(_shoot_editor("editor-migrate.svg", _migrate, _layout_b)).relative_to(ROOT))
    for name, step_id in WIZARD_SHOTS.items():
        if wanted(name):
            print(asyncio.run(_shoot_wizard(name, step_id)).relative_to(ROOT))


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
