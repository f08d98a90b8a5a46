"""The wizard's footer never cuts a key: keys that do not fit on one line go, whole, on the next (the runtime step's
key-value editor adds three keys; opened from the editor, the wizard's footer has its Quit and Help too)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.widgets._footer import FooterKey

from fwk_tui.session import EditSession
from fwk_tui.tui.editor import EditorApp
from fwk_tui.tui.fields.rows import RowList
from tests.tui.test_editor import EXAMPLE, screen_text
from tests.tui.test_wizard import CATALOG, make_wizard, to_step

HUMAN = 0.2
SIZES = [(100, 32), (80, 24)]
RECORD_KEYS = ["a Add key", "r Rename key", "del Remove key"]


def cut_keys(app: Any) -> list[str]:
    """The keys of the footer that do not show whole on the screen, as they would read (``f1 Help``)."""
    lines = screen_text(app).splitlines()
    cut = []
    for key in app.screen.query(FooterKey):
        label = f"{key.key_display} {key.description}".strip()
        region = key.region
        inside = region.width > 0 and region.right <= app.size.width and region.y < len(lines)
        if not inside or lines[region.y][region.x : region.right].strip() != label:
            cut.append(label)
    return cut


async def on_the_runtime_keys(pilot: Any) -> str:
    """The runtime step's rows of keys focused; the footer's text."""
    await to_step(pilot, "runtime")
    await pilot.pause(HUMAN)
    assert isinstance(pilot.app.focused, RowList)
    return screen_text(pilot.app)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_key_value_editors_footer_fits_or_wraps(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=size) as pilot:
        text = await on_the_runtime_keys(pilot)
        assert cut_keys(app) == []
        assert all(key in text for key in [*RECORD_KEYS, "Esc Cancel", "^B Back", "^N Next", "^R Show"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_opened_from_the_editor_its_help_and_quit_show_too(tmp_path: Path, size: tuple[int, int]) -> None:
    config = tmp_path / "fwk.config.ts"
    shutil.copyfile(EXAMPLE, config)
    app = EditorApp(EditSession.open(config, CATALOG), label="fwk.config.ts", watch_disk=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", *"wizard")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        text = await on_the_runtime_keys(pilot)
        assert cut_keys(app) == []
        assert all(key in text for key in [*RECORD_KEYS, "^N Next", "^q Quit", "f1 Help"])
