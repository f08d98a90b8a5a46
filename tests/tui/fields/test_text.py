"""Text and number fields: every keystroke checked, right values written, wrong ones explained."""

from __future__ import annotations

from fwk_tui.catalog.types import StrType
from fwk_tui.session import Edit
from fwk_tui.source.values import Code
from fwk_tui.tui.fields.input_editor import InputEditor
from fwk_tui.tui.fields.number import NumberEditor
from fwk_tui.tui.fields.registry import editor_for
from fwk_tui.tui.fields.text import TextEditor
from fwk_tui.tui.widgets.safe_input import SafeInput
from tests.tui.fields.harness import FieldHarness, config, screen_text

SIZE = (80, 24)


def editor(app: FieldHarness) -> InputEditor:
    found = app.field.editor
    assert isinstance(found, InputEditor)
    return found


async def test_typing_a_string_writes_each_keystroke_merged() -> None:
    app = FieldHarness("app.buildAssetsDir")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.field.editor, TextEditor)
        await pilot.press("tab", *"/a")
        await pilot.pause()
        assert app.edits == [(Edit("set", "app.buildAssetsDir", "/"), True), (Edit("set", "app.buildAssetsDir", "/a"), True)]
        assert app.value == "/a"
        assert "buildAssetsDir: '/a'" in app.text
        assert app.session.can_undo and app.session.undo() is not None
        assert not app.session.has("app.buildAssetsDir")  # one undo step for the whole typing


async def test_empty_input_of_an_unset_field_writes_nothing() -> None:
    app = FieldHarness("compatibilityDate")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "2", "backspace")
        await pilot.pause()
        assert app.edits == []  # '2' is no date, and the emptied input of an unset field asks for nothing
        assert "expected a date" not in screen_text(app)


async def test_invalid_date_shows_the_checker_message_and_writes_nothing() -> None:
    app = FieldHarness("compatibilityDate")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.field.editor, TextEditor)
        await pilot.press("tab", *"2024-13")
        await pilot.pause()
        assert app.edits == []
        assert "expected a date written YYYY-MM-DD, got '2024-13'" in screen_text(app)
        await pilot.press(*"-01")
        await pilot.pause()
        assert "is not a real date" in screen_text(app)
        await pilot.press("ctrl+u", *"2024-01-15")
        await pilot.pause()
        assert app.edits == [(Edit("set", "compatibilityDate", "2024-01-15"), True)]
        assert editor(app).problem is None
        assert "expected a date" not in screen_text(app)


async def test_url_with_empty_literal_accepts_empty_text() -> None:
    app = FieldHarness("app.cdnURL", config("  app: { cdnURL: 'https://cdn.example.com/' },"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "end", "ctrl+u")
        await pilot.pause()
        assert app.value == ""  # url | '': the empty string is allowed
        await pilot.press(*"ftp:")
        await pilot.pause()
        assert app.value == ""
        assert "expected '' or an absolute URL" in screen_text(app)
        assert "env FWK_APP_CDN_URL" in screen_text(app)


def test_regex_text_is_read_as_a_regular_expression() -> None:
    regex = editor_for("watch[0]", StrType("regex"), Code("/a/", kind="regex"))
    assert isinstance(regex, TextEditor)
    assert regex.text_of(Code("/a/", kind="regex")) == "/a/"
    assert regex.check("/b+/i") == (Code("/b+/i", kind="regex"), None)
    assert regex.check("b+")[1] == "expected a regular expression written /pattern/flags"


async def test_number_range_checked_at_each_keystroke() -> None:
    app = FieldHarness("devServer.port", config("  devServer: { port: 3000 },"))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.field.editor, NumberEditor)
        await pilot.press("tab", "end", "0")
        await pilot.pause()
        assert app.value == 30000
        await pilot.press("0")
        await pilot.pause()
        assert app.value == 30000  # 300000 is out of range: not written
        assert "expected a whole number from 0 to 65535, got 300000" in screen_text(app)
        await pilot.press("backspace")
        await pilot.pause()
        assert editor(app).problem is None
        assert [e.value for e, merge in app.edits] == [30000]  # 30000 again: already the value


async def test_number_refuses_text_and_reads_js_numbers() -> None:
    app = FieldHarness("devServer.port")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", *"4e3")
        await pilot.pause()
        assert app.value == 4000 and isinstance(app.value, int)
        await pilot.press("ctrl+u", *"abc")
        await pilot.pause()
        assert app.value == 4000
        assert "expected a whole number from 0 to 65535, got abc" in screen_text(app)


async def test_refresh_keeps_the_text_being_typed_and_its_cursor() -> None:
    app = FieldHarness("app.baseURL", config("  app: { baseURL: '/base/' },"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "home", "right", "x")
        await pilot.pause()
        field = app.field.query_one(SafeInput)
        assert field.value == "/xbase/" and field.cursor_position == 2
        app.refresh_field()
        await pilot.pause()
        assert field.value == "/xbase/" and field.cursor_position == 2


async def test_refresh_replaces_the_text_when_the_file_changed() -> None:
    app = FieldHarness("app.baseURL", config("  app: { baseURL: '/base/' },"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "end", "x")
        await pilot.pause()
        app.session.undo()
        app.refresh_field()
        await pilot.pause()
        assert app.field.query_one(SafeInput).value == "/base/"
        assert len(app.edits) == 1  # showing the file's value asks for nothing


async def test_half_typed_invalid_text_survives_an_unrelated_refresh() -> None:
    app = FieldHarness("compatibilityDate")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", *"2024-0")
        await pilot.pause()
        app.refresh_field()
        await pilot.pause()
        assert app.field.query_one(SafeInput).value == "2024-0"
