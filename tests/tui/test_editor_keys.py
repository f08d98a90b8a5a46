"""Keys where the focus is: the footer, the help, F4's filter over the tree, F8, F9 and the palette."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from textual.binding import Binding

from fwk_tui.tui.editor import EditorApp
from fwk_tui.tui.editor.commands import cut_at_word
from fwk_tui.tui.editor.widgets.config_form import ConfigForm
from fwk_tui.tui.editor.widgets.group_tree import GroupTree
from fwk_tui.tui.fields.code import CodeEditor
from fwk_tui.tui.fields.kind_picker import KindPicker
from fwk_tui.tui.fields.list import ListEditor
from fwk_tui.tui.fields.record import RecordEditor
from fwk_tui.tui.fields.unknown import UnknownEditor
from fwk_tui.tui.key_help import key_name
from fwk_tui.tui.screens.help import HelpScreen
from fwk_tui.tui.widgets.option_detail import OptionDetail
from tests.tui.test_editor import config, go_to, make_app, screen_text, told, until  # noqa: F401 (config: a fixture)

PROBLEMS = """\
export default defineFwkConfig({
  app: { baseURL: 5 },
  devServer: { port: 99999 },
})
"""


@pytest.fixture
def problems(tmp_path: Path) -> Path:
    folder = tmp_path / "project"
    folder.mkdir()
    target = folder / "fwk.config.ts"
    target.write_text(PROBLEMS)
    return target


def footer_line(app: EditorApp) -> str:
    return screen_text(app).splitlines()[-1]


def help_text(app: EditorApp) -> str:
    """The whole help, also the part below the screen's edge."""
    assert isinstance(app.screen, HelpScreen)
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(app.screen.help_table())
    return console.export_text()


async def test_the_footer_names_the_search_key_that_works_where_the_focus_is(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert "/ Search" in footer_line(app)  # in the tree `/` searches
        await go_to(app, pilot, "app.baseURL")  # a text input: `/` types a slash there
        await pilot.pause()
        assert "^f Search" in footer_line(app) and "/ Search" not in footer_line(app)
        await pilot.press("ctrl+f")
        await pilot.pause()
        assert type(app.screen).__name__ == "SearchScreen"


async def test_f1_stays_in_the_footer_at_80x24_in_a_list(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "devServer.cors.origin")
        await pilot.pause()
        line = footer_line(app)
        assert "f1 Help" in line and "a Add item" in line and "del Remove item" in line


async def test_the_footer_shows_whole_keys_at_80_columns(config: Path) -> None:
    # In a text field the keys outgrow 80 columns: the last goes whole (F1 lists it), none shows cut.
    from textual.widgets._footer import FooterKey

    app = make_app(config)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "app.baseURL")
        await pilot.pause(0.2)
        keys = list(app.screen.query(FooterKey))
        palette = next(k for k in keys if k.has_class("-command-palette"))
        assert "f1 Help" in footer_line(app)
        for key in keys:
            if key is not palette:
                assert key.region.right <= palette.region.x, key.description
        await pilot.resize_terminal(100, 32)
        await pilot.pause(0.3)
        assert "f9 Docs" in footer_line(app)  # more room: more keys


async def test_the_code_editor_footer_shows_how_to_accept_and_revert(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "typescript.typeCheck")
        await pilot.pause()
        line = footer_line(app)
        assert "tab/^j Accept code" in line and "^t Typed value" in line
        assert "Revert" not in line  # nothing to revert yet: Esc goes on to what holds the editor
        await pilot.press("end", "x")
        await pilot.pause()
        assert "esc Revert code" in footer_line(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "Revert" not in footer_line(app)


def every_binding() -> list[Binding]:
    out = []
    for owner in (EditorApp, ListEditor, RecordEditor, CodeEditor, UnknownEditor, KindPicker):
        out += [b for b in owner.BINDINGS if isinstance(b, Binding)]
    return out


async def test_the_help_lists_every_binding_of_the_editor_and_its_fields(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        text = help_text(app)
        for binding in every_binding():
            if binding.action == "no_fix":
                continue  # F3 where there is no fix: the row of F3
            for key in binding.key.split(","):
                assert key_name(key) in text, (binding, key_name(key))
        for named in ("Ctrl+↑", "Ctrl+↓", "Delete", "Esc", "Ctrl+T", "Ctrl+J", "Tab", "F8", "Shift+F8", "F9"):
            assert named in text
        assert "In a list" in text and "In a key-value editor" in text and "In the code editor" in text
        assert "Move to layout A..." in text and "fwk-tui migrate" in text  # commands with no key: by name


async def test_the_help_fits_80x24_and_scrolls(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        box = app.screen.query_one("#help-box")
        assert box.region.right <= 80 and box.region.bottom <= 24
        assert box.max_scroll_y > 0  # more than fits: it scrolls
        for _ in range(8):  # a page at a time, as far as it goes
            await pilot.press("pagedown")
            await pilot.pause()
        assert box.scroll_y == box.max_scroll_y > 0
        assert "Variants" in screen_text(app)  # its last section


async def test_at_80x24_the_docs_fold_and_six_fields_show(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "devServer.cors.origin")
        await pilot.pause()
        form = app.query_one(ConfigForm)
        view = form.region
        shown = [p for p, f in form.fields.items() if f.region.height and view.contains_region(f.region)]
        assert not app.query_one(OptionDetail).display
        assert len(shown) >= 6, shown
        await pilot.press("f9")
        await pilot.pause()
        assert app.query_one(OptionDetail).display
        assert 'docs = "shown"' in (config.parent.parent / "settings.toml").read_text()
    again = make_app(config)  # the choice is kept
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.query_one(OptionDetail).display


async def test_the_filter_counts_matches_in_every_group_and_dims_the_others(problems: Path) -> None:
    app = make_app(problems)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        tree = app.query_one(GroupTree)
        tree.focus()
        tree.select_group("build")  # a group without a problem
        await pilot.pause(0.2)
        assert app.query_one(ConfigForm).group.id == "build"  # type: ignore[union-attr]
        await pilot.press("f4", "f4")  # all → set in the file → with problems
        await pilot.pause()
        text = screen_text(app)
        tree_lines = [line.split("▕")[0] for line in text.splitlines()]
        assert any(line.startswith("App shell") and " 1/2" in line for line in tree_lines), tree_lines  # 1 of 2x
        assert any(line.startswith("Dev server") and " 1/" in line for line in tree_lines)
        assert any(line.startswith("Application") and " 0/" in line for line in tree_lines)
        # The open group had no problem: the first group with one opened.
        assert app.query_one(ConfigForm).group.id == "app"  # type: ignore[union-attr]
        assert "baseURL" in screen_text(app)
        await pilot.press("f4", "f4")  # back to all: no counts
        await pilot.pause()
        assert not any(" 0/" in line.split("▕")[0] for line in screen_text(app).splitlines())


async def test_f8_goes_to_the_next_problem_across_groups_and_wraps(problems: Path) -> None:
    app = make_app(problems)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.query_one(GroupTree).focus()
        seen = []
        for _ in range(3):
            await pilot.press("f8")
            await pilot.pause()
            seen.append(app.query_one(ConfigForm).focused_path())
        assert seen == ["app.baseURL", "devServer.port", "app.baseURL"]
        await pilot.press("shift+f8")
        await pilot.pause()
        assert app.query_one(ConfigForm).focused_path() == "devServer.port"
        await pilot.press("shift+f8")
        await pilot.pause()
        assert app.query_one(ConfigForm).focused_path() == "app.baseURL"


async def test_f8_to_a_problem_lower_in_the_same_group_shows_its_field(tmp_path: Path) -> None:
    """The field F8 goes to is on screen, also when the last problem was in the same group (the form, rebuilt
    around the old field, scrolled back to it: the new one had the focus out of sight)."""
    (tmp_path / "p").mkdir()
    file = tmp_path / "p" / "fwk.config.ts"
    file.write_text("export default defineFwkConfig({ app: { baseURL: 5, keepalive: 'x' }, devServer: { port: 'a' } })\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        form = app.query_one(ConfigForm)
        for expected in ("app.baseURL", "app.keepalive", "devServer.port", "app.baseURL"):
            await pilot.press("f8")
            await until(pilot, lambda: form.focused_path() == expected)
            field = form.field_at(expected)
            assert field is not None
            for _ in range(3):  # a scroll asked before the focus moved lands after a refresh or two
                await pilot.wait_for_scheduled_animations()
                await pilot.pause()
            shown = form.scroll_offset.y, form.scroll_offset.y + form.scrollable_content_region.height
            assert shown[0] <= field.virtual_region.y and field.virtual_region.bottom <= shown[1], (expected, shown)


async def test_f8_says_so_when_there_is_no_problem(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("f8")
        await pilot.pause()
        assert any("No errors or warnings" in str(n.message) for n in told(app))


async def test_the_palette_lists_the_editors_commands_not_textuals_duplicates(config: Path) -> None:
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause(0.5)
        text = screen_text(app)
        assert "Apply fix" in text and "Help" in text and "Next problem" in text
        assert "as soon as possible" not in text and "Keys" not in text.replace("Keys and", "")
        await pilot.press(*"quit")
        await pilot.pause(0.5)
        assert "asks first about unsaved edits" in screen_text(app)


def test_descriptions_are_cut_after_a_whole_word() -> None:
    doc = "Controls behaviour of presets of the server engine and of modules that may change behaviour soon."
    cut = cut_at_word(doc, 60)
    assert cut.endswith("…") and len(cut) <= 60
    assert doc.startswith(cut[:-1]) and doc[len(cut) - 1] == " "  # the next character was a space
    assert cut_at_word("short doc") == "short doc"


async def test_tab_from_the_tree_lands_in_the_first_field(config: Path) -> None:
    # Not on the form's scroll area, where the focus shows nowhere and Down scrolls instead.
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.query_one(GroupTree).focus()
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause(0.2)
        form = app.query_one(ConfigForm)
        assert app.focused is not form
        assert form.focused_path() is not None
