"""A group of more fields than a form holds shows them a page at a time; F8, a search and the page rows reach each.

Thousands of unknown keys under one object were thousands of fields laid out again at every change of focus:
one F8 took 20 s with 15,000. Typed at a person's pace, the keys land in the field reached.
"""

from __future__ import annotations

from pathlib import Path

from fwk_tui.tui.editor.form_sync import PAGE_FIELDS
from fwk_tui.tui.editor.widgets.config_form import ConfigForm, PageTurn
from fwk_tui.tui.editor.widgets.group_tree import GroupTree

from .test_editor import make_app
from .test_human_speed import focused_field, type_slowly, write_config

KEYS = PAGE_FIELDS + 150


def _config(tmp_path: Path) -> Path:
    members = "".join(f"    extra{i}: 'v{i}',\n" for i in range(KEYS))
    return write_config(tmp_path, f"export default defineFwkConfig({{\n  app: {{\n{members}  }},\n}})\n")


async def test_f8_to_a_field_on_a_later_page_shows_that_page_and_keys_land_in_it(tmp_path: Path) -> None:
    file = _config(tmp_path)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.query_one(GroupTree).focus()
        await type_slowly(pilot, "shift+f8")  # the last problem: the last unknown key, on the second page
        form = app.query_one(ConfigForm)
        assert focused_field(app) == f"app.extra{KEYS - 1}"
        assert len(form.fields) <= PAGE_FIELDS
        turns = list(form.query(PageTurn))
        assert [t.step for t in turns] == [-1]  # the last page: a row back, none forward
        await type_slowly(pilot, "end", "x", "y")
        await type_slowly(pilot, "ctrl+s", "enter", pause=1.0)  # the save shows the change, Enter writes it
        assert f"extra{KEYS - 1}: 'v{KEYS - 1}xy'" in file.read_text()


async def test_the_page_rows_show_the_next_and_the_previous_fields(tmp_path: Path) -> None:
    file = _config(tmp_path)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.query_one(GroupTree).focus()
        await type_slowly(pilot, "f8")  # the first unknown key: the first page
        form = app.query_one(ConfigForm)
        assert focused_field(app) == "app.extra0"
        (after,) = form.query(PageTurn)
        assert after.step == 1 and f"of {len(app._sync.all_entries(form.group)):,} shown" in str(after.render())
        after.focus()
        await type_slowly(pilot, "enter", pause=1.0)
        first = focused_field(app)
        assert first is not None and first not in ("app.extra0",)
        assert {t.step for t in form.query(PageTurn)} == {-1}
        assert f"Enter shows the {PAGE_FIELDS} before them" in str(form.query(PageTurn).first().render())
        await type_slowly(pilot, "end", "z")
        await type_slowly(pilot, "ctrl+s", "enter", pause=1.0)
        index = int(first.removeprefix("app.extra"))
        assert f"extra{index}: 'v{index}z'" in file.read_text()
        form.query(PageTurn).first().focus()
        await type_slowly(pilot, "enter", pause=1.0)
        assert focused_field(app) is not None and len(form.fields) == PAGE_FIELDS
        assert [t.step for t in form.query(PageTurn)] == [1]
