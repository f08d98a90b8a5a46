"""Snapshots of the effective configuration in the editor (100x32, 80x24): a field a layer sets, the Layers group."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from fwk_tui.tui.editor.effective import LAYERS_GROUP
from fwk_tui.tui.editor.widgets.group_tree import GroupTree
from tests.resolve.helpers import PROJECTS
from tests.tui.test_editor import make_app

SIZES = [(100, 32), (80, 24)]


@pytest.fixture
def questions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    import os

    for name in [n for n in os.environ if n.startswith("FWK_")]:
        monkeypatch.delenv(name)
    shutil.copytree(PROJECTS / "questions", tmp_path / "questions")
    return tmp_path / "questions" / "fwk.config.ts"


async def _loaded(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_field_with_a_layer_origin(  # type: ignore[no-untyped-def]
    snap_compare, questions: Path, size: tuple[int, int]
) -> None:
    async def run(pilot: Any) -> None:
        await _loaded(pilot)
        await pilot.app.go_to("app.baseURL")  # in the form of App shell; ssr's field (Application) after
        await pilot.press("f6", "f6")  # production: its section gives another value
        await pilot.app.go_to("ssr")
        await pilot.pause()

    assert snap_compare(make_app(questions), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_layers_group(snap_compare, questions: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    async def run(pilot: Any) -> None:
        await _loaded(pilot)
        tree = pilot.app.query_one(GroupTree)
        tree.focus()
        tree.select_group(LAYERS_GROUP.id)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(make_app(questions), terminal_size=size, run_before=run)
