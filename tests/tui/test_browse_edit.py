"""From an option of the browser: Enter (or the detail's button) opens the editor at its field in this
folder's config; c copies the path with OSC 52 and says where the terminal may refuse it."""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button

from fwk_tui.catalog import load_catalog
from fwk_tui.session import EditSession
from fwk_tui.tui.browse import BrowseApp
from fwk_tui.tui.browse.catalog_tree import CatalogTree
from fwk_tui.tui.clipboard import copy_note
from fwk_tui.tui.editor import EditorApp
from tests.tui.test_browse import screen_text
from tests.tui.test_editor import EXAMPLE

SIZES = [(100, 32), (80, 24)]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copyfile(EXAMPLE, tmp_path / "fwk.config.ts")
    return tmp_path


async def test_enter_on_an_option_asks_for_the_editor_there(project: Path) -> None:
    app = BrowseApp(folder=project)
    async with app.run_test(size=(100, 32)) as pilot:
        assert app.go_to("app.cdnURL")
        await pilot.pause()
        text = screen_text(app)
        assert "Edit in fwk.config.ts" in text and "open the editor at app.cdnURL in fwk.config.ts" in text
        await pilot.press("enter")
        await pilot.pause()
    assert app.edit_path == "app.cdnURL"


async def test_enter_on_a_group_opens_it_and_a_click_on_an_option_only_selects(project: Path) -> None:
    app = BrowseApp(folder=project)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        tree = app.query_one(CatalogTree)
        await pilot.press("up")  # the first group's own line
        await pilot.pause()
        assert tree.cursor_option is None and tree.cursor_node is not None
        expanded = tree.cursor_node.is_expanded
        await pilot.press("enter")
        await pilot.pause()
        assert tree.cursor_node.is_expanded != expanded and app.is_running
        await pilot.press("enter", "down", "down")
        await pilot.pause()
        assert not app.query_one("#detail-actions").display or tree.cursor_option is not None
        await pilot.click(CatalogTree, offset=(4, 3))
        await pilot.pause()
        assert app.is_running and app.edit_path is None


async def test_the_button_in_the_detail_edits_too(project: Path) -> None:
    app = BrowseApp(folder=project)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.go_to("ssr")
        await pilot.pause()
        await pilot.click("#edit-option")
        await pilot.pause()
    assert app.edit_path == "ssr"


async def test_without_a_config_the_detail_offers_to_create_one(tmp_path: Path) -> None:
    app = BrowseApp(folder=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert str(app.query_one("#edit-option", Button).label) == "Create fwk.config.ts"
        assert "No fwk.config.ts in this folder" in screen_text(app)
    (tmp_path / "fwk.config.mjs").write_text("export default {}\n")
    app = BrowseApp(folder=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert str(app.query_one("#edit-option", Button).label) == "Edit in fwk.config.mjs"


async def test_c_copies_the_path_and_says_so(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TMUX", raising=False)
    monkeypatch.delenv("STY", raising=False)
    copied: list[str] = []
    app = BrowseApp(folder=project)
    monkeypatch.setattr(app, "copy_to_clipboard", copied.append)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        assert app.go_to("app.head")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert copied == ["app.head"]
        assert "Copied app.head to the clipboard (OSC 52)" in screen_text(app)


def test_in_tmux_without_set_clipboard_the_note_says_how_and_shows_the_path() -> None:
    message, refused = copy_note("app.cdnURL", {"TMUX": "/tmp/tmux-0/default,1,0"}, lambda: "external")
    assert refused and "tmux set -g set-clipboard on" in message and message.endswith("copy by hand: app.cdnURL")
    message, refused = copy_note("app.cdnURL", {"TMUX": "x"}, lambda: "on")
    assert not refused and message.startswith("Copied app.cdnURL")
    assert copy_note("x", {"STY": "1.pts"})[1]


async def test_the_editor_opens_at_the_field(project: Path) -> None:
    session = EditSession.open(project / "fwk.config.ts", load_catalog())
    app = EditorApp(session, watch_disk=False, start_path="app.cdnURL")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.pause()
        focused = app.focused
        assert focused is not None
        field = next((w for w in [focused, *focused.ancestors] if getattr(w, "path", None) == "app.cdnURL"), None)
        assert field is not None, f"focus is on {focused!r}"


def test_quitting_the_editor_comes_back_to_the_browser_at_the_option(monkeypatch: pytest.MonkeyPatch) -> None:
    from fwk_tui.cli import catalog_cmds, edit_cmds
    from fwk_tui.main import TextualLaunchers

    runs: list[str | None] = []

    def fake_run(self: BrowseApp, *args: Any, **kwargs: Any) -> None:
        runs.append(self._start)
        self.edit_path = "app.cdnURL" if len(runs) == 1 else None

    edited: list[argparse.Namespace] = []
    monkeypatch.setattr(BrowseApp, "run", fake_run)
    monkeypatch.setattr(edit_cmds, "_edit", lambda ns: edited.append(ns) or 0)
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert catalog_cmds._browse(argparse.Namespace(variant="A", launchers=TextualLaunchers())) == 0
    assert [ns.at for ns in edited] == ["app.cdnURL"] and edited[0].file is None
    assert runs == [None, "app.cdnURL"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_detail_with_the_edit_action(snap_compare, project: Path, monkeypatch: pytest.MonkeyPatch,
                                              size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]  # fmt: skip
    monkeypatch.chdir(project)

    async def at_cdn(pilot: Any) -> None:
        pilot.app.go_to("app.cdnURL")
        await pilot.pause()

    assert snap_compare(BrowseApp(), terminal_size=size, run_before=at_cdn)
