"""Snapshots of the App shell's head fields and of runtimeConfig's keys with their variables, at 100x32 and 80x24."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.tui.test_editor import EXAMPLE, make_app

SIZES = [(100, 32), (80, 24)]


@pytest.fixture
def config(tmp_path: Path) -> Path:
    folder = tmp_path / "project"
    folder.mkdir()
    target = folder / "fwk.config.ts"
    shutil.copyfile(EXAMPLE, target)
    return target


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_app_shell_title_typed_as_text(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    async def run(pilot: Any) -> None:
        await pilot.pause()
        await pilot.app.go_to("app.head.title")
        await pilot.pause()
        await pilot.press("ctrl+u", *"Docs", "space", *"Site")
        for _ in range(40):  # a loaded machine takes its time: the snapshot is of the title taken
            await pilot.pause(0.1)
            if pilot.app.session.get("app.head.title") == "Docs Site":
                break
        await pilot.pause(0.3)
        await pilot.pause()

    assert snap_compare(make_app(config), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_runtime_config_public_keys_with_variables(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    async def run(pilot: Any) -> None:
        await pilot.pause()
        await pilot.app.go_to("runtimeConfig")
        await pilot.pause()
        await pilot.press("enter")  # public's keys
        await pilot.pause()
        # The form mounts the rest of its fields and scrolls the open keys into view, by an offset that
        # depends on the machine's speed: what this shot is about is the keys, so put their field at the top.
        form = pilot.app.query_one("#form")
        seen = None
        for _ in range(40):
            await pilot.pause(0.1)
            await pilot.wait_for_scheduled_animations()
            now = (form.scroll_y, form.virtual_size.height)
            if now == seen:
                break
            seen = now
        field = next(w for w in form.children if getattr(w, "path", None) == "runtimeConfig")
        form.scroll_to_widget(field, top=True, animate=False)
        await pilot.pause()

    assert snap_compare(make_app(config), terminal_size=size, run_before=run)
