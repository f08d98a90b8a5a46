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
        await pilot.pause()
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
        # The form scrolls the open keys into view, after a refresh: let every scroll end, however slow the machine.
        for _ in range(3):
            await pilot.pause(0.2)
            await pilot.wait_for_scheduled_animations()
        await pilot.pause()

    assert snap_compare(make_app(config), terminal_size=size, run_before=run)
