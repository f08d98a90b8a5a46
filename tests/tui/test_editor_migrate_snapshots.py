"""Snapshots of the editor's "Move to layout A..." screen at 100x32 and 80x24 (reviewed like code)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.tui.test_editor import make_app
from tests.tui.test_editor_migrate import project

SIZES = [(100, 32), (80, 24)]


async def _open(pilot: Any) -> None:
    await pilot.pause()
    pilot.app.clear_notifications()  # the offer of the move in variant B
    pilot.app.move_to_layout_a.open()
    await pilot.pause(0.3)


async def _moving(pilot: Any) -> None:
    await _open(pilot)
    await pilot.press("space", "down")  # the sources move into app/; the focus on the first option
    await pilot.pause(0.3)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_move_plan(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(project(tmp_path)), terminal_size=size, run_before=_open)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_move_plan_moving_the_sources(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(project(tmp_path)), terminal_size=size, run_before=_moving)
