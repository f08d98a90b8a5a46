"""The catalogue browser, driven with a Pilot and read as a person reads the screen."""

from __future__ import annotations

import pytest

from fwk_tui.tui.browse import BrowseApp
from fwk_tui.tui.browse.catalog_tree import CatalogTree
from fwk_tui.tui.screens.help import HelpScreen
from fwk_tui.tui.screens.search import SearchScreen
from fwk_tui.tui.widgets.related_links import RelatedLinks

SIZE = (100, 32)


def screen_text(app: BrowseApp) -> str:
    """Everything on the screen as plain text, one line per terminal row."""
    strips = app.screen._compositor.render_strips()  # noqa: SLF001 (the test's window on the screen)
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


def detail_line(app: BrowseApp, label: str) -> str:
    """The line of the detail pane that starts with ``label`` (right of the tree)."""
    for line in screen_text(app).splitlines():
        right = line.split("▕", 1)[-1].strip()
        if right.startswith(label):
            return right
    raise AssertionError(f"no {label!r} line on screen:\n{screen_text(app)}")


async def test_starts_on_the_first_option_with_its_details() -> None:
    app = BrowseApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Variant A" in text and "274" in text  # 265 of the reference, 9 of the head (4 beyond its list)
        assert app.query_one(CatalogTree).cursor_option.path == "rootDir"  # type: ignore[union-attr]
        assert detail_line(app, "default (A)").startswith('default (A)  "<rootDir>"  (<rootDir>: the folder of')
        assert "Search" in text and "Quit" in text  # the footer


async def test_moving_the_cursor_updates_the_detail_pane() -> None:
    app = BrowseApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "down")
        await pilot.pause()
        assert app.query_one(CatalogTree).cursor_option.path == "buildDir"  # type: ignore[union-attr]
        assert detail_line(app, "default (A)").startswith('default (A)  "<rootDir>/.fwk"  (<rootDir>:')


async def test_search_shows_live_results_and_enter_jumps() -> None:
    app = BrowseApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash")
        await pilot.pause()
        assert isinstance(app.screen, SearchScreen)
        await pilot.press(*"teleport")
        await pilot.pause()
        text = screen_text(app)
        assert "app.teleportId" in text and "app.teleportAttrs" in text
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, SearchScreen)
        assert app.query_one(CatalogTree).cursor_option.path == "app.teleportId"  # type: ignore[union-attr]
        assert detail_line(app, "default (A)") == 'default (A)  "teleports"'


async def test_escape_closes_search_without_moving() -> None:
    app = BrowseApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", *"port", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, SearchScreen)
        assert app.query_one(CatalogTree).cursor_option.path == "rootDir"  # type: ignore[union-attr]


async def test_variant_toggle_changes_defaults_and_dimming() -> None:
    app = BrowseApp()
    async with app.run_test(size=SIZE) as pilot:
        app.go_to("srcDir")
        await pilot.pause()
        assert detail_line(app, "default (A)") == 'default (A)  "app"'
        await pilot.press("v")
        await pilot.pause()
        assert app.variant == "B"
        assert "Variant B" in screen_text(app)
        assert detail_line(app, "default (B)").startswith('default (B)  "<srcDir>"  (<srcDir>: the source')
        # An option only B has is announced as missing in A, and not in B.
        app.go_to("experimental.typedPages")
        await pilot.pause()
        assert "Not in variant" not in screen_text(app)
        await pilot.press("v")
        await pilot.pause()
        assert "Not in variant A: only variant B has this option" in screen_text(app)


async def test_a_related_link_jumps_and_b_goes_back() -> None:
    app = BrowseApp()
    async with app.run_test(size=SIZE) as pilot:
        app.go_to("app.viewTransition")
        await pilot.pause()
        links = app.query_one(RelatedLinks)
        targets = [links.get_option_at_index(i).id for i in range(links.option_count)]
        assert "experimental.viewTransition" in targets
        links.focus()
        links.highlighted = targets.index("experimental.viewTransition")
        await pilot.press("enter")
        await pilot.pause()
        assert app.query_one(CatalogTree).cursor_option.path == "experimental.viewTransition"  # type: ignore[union-attr]
        await pilot.press("b")
        await pilot.pause()
        assert app.query_one(CatalogTree).cursor_option.path == "app.viewTransition"  # type: ignore[union-attr]


@pytest.mark.parametrize("key", ["f1", "question_mark"])
async def test_help_opens_and_closes(key: str) -> None:
    app = BrowseApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "≠" in screen_text(app)  # the markers are explained
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_q_quits() -> None:
    app = BrowseApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


async def test_brackets_in_docs_show_literally() -> None:
    # Rich markup would eat "[local]" and "[hash:base64:5]".
    app = BrowseApp()
    async with app.run_test(size=(140, 40)) as pilot:
        app.go_to("wbuild.loaders.cssModules")
        await pilot.pause()
        assert "[local]_[hash:base64:5]" in screen_text(app)


def test_snapshot_100x32(snap_compare, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)  # no config here: the detail offers to create one

    async def at_base_url(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.go_to("app.baseURL")
        await pilot.pause()

    assert snap_compare(BrowseApp(), terminal_size=(100, 32), run_before=at_base_url)


def test_snapshot_80x24(snap_compare, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)

    async def at_base_url(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.go_to("app.baseURL")
        await pilot.pause()

    assert snap_compare(BrowseApp(), terminal_size=(80, 24), run_before=at_base_url)


def test_snapshot_search(snap_compare, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    assert snap_compare(BrowseApp(), terminal_size=(100, 32), press=["slash", *"base url"])


def test_snapshot_help(snap_compare, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    assert snap_compare(BrowseApp(), terminal_size=(100, 32), press=["f1"])


async def test_a_narrow_tree_keeps_option_names_apart_and_their_marks_in_view() -> None:
    app = BrowseApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.go_to("oxtool.transform.options.target")
        await pilot.pause()
        tree_side = [line.split("▕")[0].rstrip() for line in screen_text(app).splitlines()]
        oxtool = [line for line in tree_side if "B only" in line and "…" in line]
        # Three options of one long prefix: shortened from the start, their last names tell them apart.
        assert [line.split("…")[1] for line in oxtool] == [
            "ptions.jsxFactory B only",
            "tions.jsxFragment B only",
            "rm.options.target B only",
        ]
        assert any(line.startswith("▼ Compilers and optim… ") and line.endswith("15/18") for line in tree_side)
