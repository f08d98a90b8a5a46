"""A JavaScript value typed into an input that does not read: the message under it is about the text as typed."""

from __future__ import annotations

from fwk_tui.tui.fields.expression import ExpressionEditor
from fwk_tui.tui.fields.unknown import UnknownEditor
from tests.tui.fields.harness import FieldHarness, config, screen_text

SIZE = (80, 24)


def shown(app: FieldHarness) -> str:
    """The screen's text with the field's gutter taken off and wrapped lines joined."""
    return " ".join(line.strip(" ▌") for line in screen_text(app).splitlines() if line.strip())


def expression(app: FieldHarness) -> ExpressionEditor:
    editor = app.field.editor
    assert isinstance(editor, UnknownEditor) and isinstance(editor.inner, ExpressionEditor)
    return editor.inner


def typed_expression(app: FieldHarness) -> ExpressionEditor:
    editor = app.field.editor
    assert isinstance(editor, ExpressionEditor)
    return editor


async def test_a_path_typed_where_any_value_goes_is_text_and_says_so() -> None:
    app = FieldHarness("myModule", config("  myModule: 'x',"), option=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", *"/api")  # the text is selected on focus: typing replaces it
        await pilot.pause()
        assert expression(app).problem is None
        assert app.value == "/api"
        assert "as text" in shown(app)


async def test_a_path_typed_as_a_value_of_a_typed_field_is_told_to_be_quoted() -> None:
    app = FieldHarness("devServer.port", config("  devServer: { port: 'abc' },"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "ctrl+u", *"/api")
        await pilot.pause()
        problem = typed_expression(app).problem
        assert problem is not None
        assert "`(`" not in problem and "(a string needs quotes: '/api')" in problem
        text = shown(app)
        assert "`(`" not in text and "a string needs quotes: '/api'" in text
        assert app.value == "abc"  # nothing written


async def test_a_bare_word_pair_says_where_in_the_text() -> None:
    app = FieldHarness("devServer.port", config("  devServer: { port: 'abc' },"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "ctrl+u", *"foo bar")
        await pilot.pause()
        problem = typed_expression(app).problem
        assert problem == "syntax error: unexpected `bar` (a string needs quotes: 'foo bar')"
        assert problem in shown(app)
