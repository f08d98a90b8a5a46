"""An object or a list edited as code is shown as the file writes it, so a change writes back only what changed
(it was shown rendered: one written line became seventeen, a comment inside went)."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.tui.fields.code import CodeEditor
from fwk_tui.tui.fields.code_area import CodeArea
from fwk_tui.tui.fields.registry import MAX_DEPTH
from fwk_tui.tui.fields.rows import RowList
from tests.tui.test_editor import editor_focused, make_app, until


def _opened(focused: object, level: int) -> bool:
    """The Enter on level ``level`` has opened the next one: its rows (past the limit, its code) have the focus (it
    waited for the code at every level: ten seconds each until the last)."""
    rows_below = isinstance(focused, RowList) and getattr(focused.parent, "path", "").count(".") == level + 1
    return isinstance(focused, CodeArea) or rows_below


def _config(tmp_path: Path, text: str) -> Path:
    (tmp_path / "p").mkdir()
    file = tmp_path / "p" / "fwk.config.ts"
    file.write_text(text)
    return file


async def test_a_value_deeper_than_the_limit_is_edited_as_written(tmp_path: Path) -> None:
    depth = MAX_DEPTH + 3
    body = "{ a: " * depth + "1" + " }" * depth
    text = f"export default defineFwkConfig({{\n  appConfig: {body},\n  ssr: true,\n}})\n"
    app = make_app(_config(tmp_path, text))
    async with app.run_test(size=(100, 32)) as pilot:
        assert await app.go_to("appConfig")
        await editor_focused(app, pilot)
        for level in range(MAX_DEPTH):
            await pilot.press("enter")
            await until(pilot, lambda: _opened(app.focused, level))  # noqa: B023
        area = app.focused
        assert isinstance(area, CodeArea)
        await until(pilot, lambda: area.text == "{ a: { a: { a: 1 } } }")  # the app answers with the text
        assert area.text == "{ a: { a: { a: 1 } } }"
        area.text = "{ a: { a: { a:42}} }"  # spaced as a person may type it
        await pilot.press("ctrl+j")
        await pilot.pause()
        assert app.session.text == text.replace("{ a: { a: { a: 1 } } }", "{ a: { a: { a:42}} }")  # that alone
        editor = next(e for e in app.query(CodeEditor) if e.area is area)
        await until(pilot, lambda: editor.pending_text() is None)
        assert editor.pending_text() is None  # written: nothing is left out at the save (it said "does not read")


async def test_an_object_as_code_keeps_its_comments(tmp_path: Path) -> None:
    text = (
        "export default defineFwkConfig({\n  appConfig: {\n    theme: {\n      // the brand's colour\n"
        "      primary: 'red',\n    },\n  },\n})\n"
    )
    app = make_app(_config(tmp_path, text))
    async with app.run_test(size=(100, 32)) as pilot:
        assert await app.go_to("appConfig")
        await editor_focused(app, pilot)
        await pilot.press("enter")  # theme's rows
        await until(pilot, lambda: isinstance(app.focused, RowList))
        await pilot.press("ctrl+t")  # as code
        await until(pilot, lambda: isinstance(app.focused, CodeArea) and "//" in app.focused.text)
        area = app.focused
        assert isinstance(area, CodeArea) and "// the brand's colour" in area.text, area
        area.text = area.text.replace("'red'", "'blue'")
        await pilot.press("ctrl+j")
        await pilot.pause()
        assert app.session.text == text.replace("'red'", "'blue'")
