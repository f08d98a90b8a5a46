"""The editor under bursts of keys (a paste without bracketed paste, keys typed with the one before them).

Each test failed before its fix; bursts are keys pressed with no pause between them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fwk_tui.tui.settle import settle

from .oracle import send_key
from .test_editor import make_app
from .test_human_speed import HUMAN, type_slowly

MODULES = "export default defineFwkConfig({\n  modules: ['@fwk/content'],\n})\n"


@pytest.fixture
def modules_config(tmp_path: Path) -> Path:
    (tmp_path / "project").mkdir()
    file = tmp_path / "project" / "fwk.config.ts"
    file.write_text(MODULES)
    return file


@pytest.mark.parametrize("burst", ["xyz", "0123456789" * 10])
async def test_a_burst_into_a_new_list_item_makes_one_item(modules_config: Path, burst: str) -> None:
    """Attack F3: keys pasted into a new item made two items, `'x'` and `'xyz'`: the first key inserted the item."""
    app = make_app(modules_config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_slowly(pilot, "ctrl+f", *"modules", "enter")
        await pilot.pause(HUMAN)
        await type_slowly(pilot, "a")
        await pilot.pause(0.6)
        burst_keys(app, burst)
        await settle(app)
        await pilot.pause(HUMAN)
        assert app.session.get("modules") == ["@fwk/content", burst]


def burst_keys(app: object, keys: str | list[str]) -> None:
    """``keys`` in the app's queue at once, as a terminal reads a paste without bracketed paste."""
    for key in keys:
        send_key(app, key)  # type: ignore[arg-type]


async def test_keys_typed_with_the_go_to_land_in_the_field_it_goes_to(modules_config: Path) -> None:
    """Attack F6: Ctrl+F, `devServer.host`, Enter and `abc` in one burst: `abc` landed nowhere."""
    app = make_app(modules_config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_slowly(pilot, "ctrl+f")
        burst_keys(app, [*"devServer.host", "enter", *"abc"])
        await settle(app)
        await pilot.pause(HUMAN)
        await settle(app)
        assert app.session.get("devServer.host") == "abc"
