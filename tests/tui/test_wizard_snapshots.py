"""Snapshots of each step of the wizard at 100x32 and 80x24, and of its review of an existing config."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from fwk_tui.tui.wizard import STEPS
from fwk_tui.wizard import RuntimeKey
from tests.tui.test_editor import EXAMPLE
from tests.tui.test_wizard import make_wizard, type_into, wizard

SIZES = [(100, 32), (80, 24)]
ANSWERS: dict[str, Any] = {
    "rendering": "spa",
    "bundler": "wbuild",
    "type_check": "build",
    "modules": ("@fwk/content",),
    "title": "Shop",
    "lang": "en",
    "runtime": (RuntimeKey("apiSecret"), RuntimeKey("apiBase", True, "/api")),
    "skeleton": True,
    "env_example": True,
}


def at_step(index: int, *then: Any) -> Any:
    async def run(pilot: Any) -> None:
        await pilot.pause()
        wizard(pilot.app).go(index)
        await pilot.pause()
        for step in then:
            await step(pilot)
        await pilot.pause()

    return run


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("index", range(len(STEPS)), ids=[s.id for s in STEPS])
def test_step(
    snap_compare,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    index: int,
    size: tuple[int, int],
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    app = make_wizard(tmp_path / "shop", **ANSWERS)
    assert snap_compare(app, terminal_size=size, run_before=at_step(index))


def test_step_with_an_error(snap_compare, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    app = make_wizard(tmp_path / "shop")

    async def wrong_port(pilot: Any) -> None:
        await type_into(pilot, "field-devServer-port", "70000")
        await pilot.press("ctrl+n")

    index = next(i for i, s in enumerate(STEPS) if s.id == "dev-server")
    assert snap_compare(app, terminal_size=(100, 32), run_before=at_step(index, wrong_port))


def test_review_of_an_existing_config(snap_compare, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "project"
    folder.mkdir()
    shutil.copyfile(EXAMPLE, folder / "fwk.config.ts")
    monkeypatch.chdir(tmp_path)
    app = make_wizard(folder, port=4100, modules=("@fwk/content", "@fwk/fonts"))
    assert snap_compare(app, terminal_size=(100, 32), run_before=at_step(len(STEPS) - 1))


def test_cancel_question(snap_compare, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    app = make_wizard(tmp_path / "shop")

    async def answer_then_escape(pilot: Any) -> None:
        from tests.tui.test_wizard import choose

        await choose(pilot, "rendering", "static")
        await pilot.press("escape")

    index = next(i for i, s in enumerate(STEPS) if s.id == "rendering")
    assert snap_compare(app, terminal_size=(80, 24), run_before=at_step(index, answer_then_escape))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_runtime_step_with_a_private_value(snap_compare, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]  # fmt: skip
    """A key added with `a` from the Next button, its value typed, then the kind choice focused (a: add key)."""
    monkeypatch.chdir(tmp_path)
    app = make_wizard(tmp_path / "shop")

    async def add_key(pilot: Any) -> None:
        await pilot.press("a", *"apiSecret", "enter")
        await pilot.pause()
        await pilot.press(*"s3cret", "shift+tab")  # to the kind choice: the footer offers `a`
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.3)
        wizard(pilot.app).query_one("#step-runtime").scroll_end(animate=False)  # one place, however fast
        await pilot.pause(0.3)

    index = next(i for i, s in enumerate(STEPS) if s.id == "runtime")
    assert snap_compare(app, terminal_size=size, run_before=at_step(index, add_key))
