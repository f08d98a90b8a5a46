"""Keys the catalogue does not know: shown as values (keys, items, literals) or as code."""

from __future__ import annotations

from fwk_tui.session import Edit
from fwk_tui.source.values import Code
from fwk_tui.tui.fields.code import CodeEditor
from fwk_tui.tui.fields.code_area import CodeArea
from fwk_tui.tui.fields.expression import ExpressionEditor
from fwk_tui.tui.fields.record import RecordEditor
from fwk_tui.tui.fields.unknown import UnknownEditor
from tests.tui.fields.harness import FieldHarness, config, screen_text

SIZE = (80, 24)


def unknown(app: FieldHarness) -> UnknownEditor:
    editor = app.field.editor
    assert isinstance(editor, UnknownEditor)
    return editor


async def test_an_object_is_shown_as_keys_and_switches_to_code() -> None:
    app = FieldHarness("i18n", config("  i18n: { locales: ['en', 'fr'], strategy: 'prefix' },"), option=None)
    async with app.run_test(size=SIZE) as pilot:
        text = screen_text(app)
        assert "i18n  unknown key" in text and "not in the catalogue" in text
        assert isinstance(unknown(app).inner, RecordEditor)
        assert "locales   ['en', 'fr']" in text
        await pilot.press("tab")
        await pilot.pause()
        assert "Ctrl+T: as code" in screen_text(app)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(unknown(app).inner, CodeEditor)
        area = app.field.query_one(CodeArea)
        assert app.focused is area
        assert area.text == "{\n  locales: ['en', 'fr'],\n  strategy: 'prefix'\n}"
        area.load_text("{ locales: ['en'] }")
        await pilot.press("ctrl+enter")
        await pilot.pause()
        assert app.edits == [(Edit("set_code", "i18n", "{ locales: ['en'] }"), False)]
        assert app.value == {"locales": ["en"]}
        assert isinstance(unknown(app).inner, CodeEditor)  # the mode chosen stays
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(unknown(app).inner, RecordEditor)


async def test_a_scalar_is_a_javascript_literal() -> None:
    app = FieldHarness("myModule", config("  myModule: 'x',"), option=None)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(unknown(app).inner, ExpressionEditor)
        await pilot.press("tab", "ctrl+u", "4")
        await pilot.pause()
        await pilot.press("2")  # the text is selected on focus: typing replaces it
        await pilot.pause()
        assert app.value == 42
        await pilot.press("ctrl+u", *"process.env.X")
        await pilot.pause()
        assert "Enter writes it as code" in screen_text(app)
        assert unknown(app).inner.pending_text() == "process.env.X"  # the code waits for Enter, and is not lost
        await pilot.press("enter")
        await pilot.pause()
        assert app.edits[-1] == (Edit("set_code", "myModule", "process.env.X"), False)
        assert app.value == Code("process.env.X")
        assert isinstance(unknown(app).inner, ExpressionEditor)  # still a value input, holding code


async def test_code_starts_as_code() -> None:
    app = FieldHarness("myModule", config("  myModule: defineThing({ a: 1 }),"), option=None, active=True)
    async with app.run_test(size=SIZE):
        assert unknown(app).mode == "code"
        assert app.field.query_one(CodeArea).text == "defineThing({ a: 1 })"


async def test_plain_words_are_text_and_the_field_says_what_it_took() -> None:
    app = FieldHarness("myModule", config("  myModule: 1,"), option=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "ctrl+u")
        for key in "Docs Site":
            await pilot.press(key if key != " " else "space")
            await pilot.pause(0.05)
        await pilot.pause()
        assert app.value == "Docs Site"
        assert "myModule: 'Docs Site'," in app.text
        assert "as text" in screen_text(app)
        await pilot.press("ctrl+u", *"3000")
        await pilot.pause()
        assert app.value == 3000 and "as a number" in screen_text(app)
        await pilot.press("ctrl+u", *"'3000'")
        await pilot.pause()
        assert app.value == "3000" and "as a quoted string" in screen_text(app)
        await pilot.press("ctrl+u", *"true")
        await pilot.pause()
        assert app.value is True and "as a boolean" in screen_text(app)
        await pilot.press("ctrl+u", *"[1, 2]")
        await pilot.pause()
        assert app.value == [1, 2]


async def test_a_string_is_shown_without_quotes_unless_it_would_read_as_something_else() -> None:
    for source, shown in (("'Docs Site'", "Docs Site"), ("'42'", "'42'"), ("'true'", "'true'"),
                          ("'process.env.X'", "'process.env.X'")):
        app = FieldHarness("myModule", config(f"  myModule: {source},"), option=None)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("tab")
            await pilot.pause()
            editor = unknown(app).inner
            assert isinstance(editor, ExpressionEditor)
            assert editor.input.value == shown, source
