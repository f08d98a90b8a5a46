"""Snapshots of an installed module's group in the editor (100x32, 80x24): its typed fields, a misspelt key's
warning, the docs pane saying the module's option."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.modules.test_declarations import COLOR_MODE
from tests.modules.test_installed import _install
from tests.tui.test_editor import make_app

SIZES = [(100, 32), (80, 24)]
SOURCE = """export default defineFwkConfig({
  modules: ['@fwk/color-mode'],
  colorMode: {
    preferenc: 'dark',
    storage: 'cookie',
  },
})
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "shop"
    folder.mkdir()
    manifest = {"name": "@fwk/color-mode", "version": "4.0.1", "configKey": "colorMode"}
    _install(folder, "@fwk/color-mode", {"module.d.mts": COLOR_MODE}, manifest)
    (folder / "fwk.config.ts").write_text(SOURCE)
    return folder / "fwk.config.ts"


async def _at_storage(pilot: Any) -> None:
    for _ in range(50):  # the modules are read after the first paint
        await pilot.pause(0.02)
        if pilot.app.model.modules:
            break
    assert await pilot.app.go_to("colorMode.storage")
    for _ in range(3):
        await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_modules_group(snap_compare, project: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(project), terminal_size=size, run_before=_at_storage)
