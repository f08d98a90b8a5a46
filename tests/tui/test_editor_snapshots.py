"""Snapshots of every screen of the editor at 100x32 and 80x24 (reviewed like code)."""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from fwk_tui.journal import Journal
from tests.tui.test_editor import EXAMPLE, make_app

SIZES = [(100, 32), (80, 24)]


@pytest.fixture
def config(tmp_path: Path) -> Path:
    folder = tmp_path / "project"
    folder.mkdir()
    target = folder / "fwk.config.ts"
    shutil.copyfile(EXAMPLE, target)
    return target


async def _at(pilot: Any, path: str) -> None:
    await pilot.app.go_to(path)
    await pilot.pause()


def _steps(*steps: Callable[[Any], Awaitable[None]]) -> Callable[[Any], Awaitable[None]]:
    async def run(pilot: Any) -> None:
        await pilot.pause()
        for step in steps:
            await step(pilot)
        await pilot.pause()

    return run


def _press(*keys: str) -> Callable[[Any], Awaitable[None]]:
    async def press(pilot: Any) -> None:
        await pilot.press(*keys)
        await pilot.pause()

    return press


def _goto(path: str) -> Callable[[Any], Awaitable[None]]:
    return lambda pilot: _at(pilot, path)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_main_screen(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(config), terminal_size=size, run_before=_steps(_goto("app.baseURL")))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_field_with_an_error(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    run = _steps(_goto("devServer.port"), _press("ctrl+u", *"99999"))
    assert snap_compare(make_app(config), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_code_field(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(config), terminal_size=size, run_before=_steps(_goto("typescript.typeCheck")))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_save_preview(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    run = _steps(_goto("devServer.port"), _press("ctrl+u", *"4000"), _press("ctrl+s"))
    assert snap_compare(make_app(config), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_quit_question(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    run = _steps(_goto("devServer.port"), _press("ctrl+u", *"4000"), _press("ctrl+q"))
    assert snap_compare(make_app(config), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_reload_question(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    async def change_outside(pilot: Any) -> None:
        config.write_text(config.read_text().replace("ssr: true", "ssr: false"))
        await pilot.pause(1.6)
        # The notice that the question waits for a pause in typing shows or not by the poll's timing.
        pilot.app.clear_notifications()
        await pilot.pause()

    run = _steps(_goto("devServer.port"), _press("ctrl+u", *"4000"), change_outside)
    assert snap_compare(make_app(config, watch_disk=True), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_recovery_question(snap_compare, config: Path, size: tuple[int, int], monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("TZ", "UTC")  # the question says when the edits were made
    time.tzset()
    journal = Journal(config.parent.parent / "journal")
    session = make_app(config, journal=journal).session
    session.set("devServer.port", 4300)
    journal.record(session)
    entry = journal.entry_file(config)
    data = json.loads(entry.read_text())
    data["recorded_at"] = 1_800_000_000  # a fixed time, for the snapshot
    entry.write_text(json.dumps(data))
    assert snap_compare(make_app(config, journal=journal), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_search(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(config), terminal_size=size, press=["ctrl+f", *"port"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_search_by_words_highlights_the_matches(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    # app.cdnURL first, `cdn` underlined in its path and `served` in its doc excerpt.
    assert snap_compare(make_app(config), terminal_size=size, press=["ctrl+f", *"serve assets from a cdn"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_help(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(config), terminal_size=size, press=["f1"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_command_palette(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    async def wait_for_results(pilot: Any) -> None:
        from textual.command import CommandList

        for _ in range(40):  # the palette searches in the background
            await pilot.pause(0.15)
            found = pilot.app.screen.query(CommandList)
            if found and found.first().option_count:
                break
        await pilot.pause(0.3)  # every provider has answered
        found.first().highlighted = 0  # it highlights its first result when it likes (a down key raced it)
        await pilot.pause(0.3)

    run = _steps(_press("ctrl+p", *"switch to variant"), wait_for_results)
    assert snap_compare(make_app(config), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_variant_b_filtered_to_problems(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    run = _steps(_goto("app.baseURL"), _press("f2"), _press("f4", "f4"))
    assert snap_compare(make_app(config), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_footer_in_the_tree(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    # The tree has the focus: `/` searches (in a text field the footer says ^f, see test_main_screen).
    assert snap_compare(make_app(config), terminal_size=size, run_before=_steps(_press("down", "down")))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_footer_in_a_list(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    # A list's keys (a, Delete, Ctrl+↑↓) and F1, first, still there at 80x24.
    assert snap_compare(make_app(config), terminal_size=size, run_before=_steps(_goto("devServer.cors.origin")))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_help_scrolled_to_the_end(snap_compare, config: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(config), terminal_size=size, run_before=_steps(_press("f1", "end")))
