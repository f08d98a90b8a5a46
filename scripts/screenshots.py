"""Regenerate the browser screenshots in screenshots/ (SVG, 100x32), headlessly.

    .venv/bin/python scripts/screenshots.py

Each shot opens ``fwk-tui browse`` in a virtual terminal, goes to app.baseURL
and saves what the screen shows: the browser, the search, the help.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

from fwk_tui.tui.browse import BrowseApp

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "screenshots"
SIZE = (100, 32)


async def _browse(pilot: Pilot[None]) -> None:
    pilot.app.go_to("app.baseURL")
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


async def _shoot(name: str, steps: Callable[[Pilot[None]], Awaitable[None]]) -> Path:
    app = BrowseApp(variant="A")
    async with app.run_test(size=SIZE) as pilot:
        await steps(pilot)
        path = Path(app.save_screenshot(name, path=str(OUT)))
    return path


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, steps in SHOTS.items():
        print(asyncio.run(_shoot(name, steps)).relative_to(ROOT))


if __name__ == "__main__":
    main()
