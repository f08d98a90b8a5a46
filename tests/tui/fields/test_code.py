"""Code and functions: a TypeScript editor; the text is parsed before it is written."""

from __future__ import annotations

from fwk_tui.session import Edit
from fwk_tui.source.values import Code
from fwk_tui.tui.fields.boolean import BooleanEditor
from fwk_tui.tui.fields.code import CodeEditor, parse_problem
from fwk_tui.tui.fields.code_area import CodeArea
from fwk_tui.tui.fields.record import RecordEditor
from tests.tui.fields.harness import FieldHarness, config, screen_text

SIZE = (80, 24)


def code(app: FieldHarness) -> CodeEditor:
    editor = app.field.editor
    assert isinstance(editor, CodeEditor)
    return editor


def test_parse_problems_say_line_and_column() -> None:
    assert parse_problem("(d) => d") is None
    assert parse_problem("async setup() { return 1 }") is None  # a method is accepted as written
    problem = parse_problem("(d) => {\n  return d +\n}")
    assert problem == "2:3: syntax error: unexpected `return`"
    assert parse_problem("a, b") is not None


def test_a_spread_reads_as_an_array_item_only_and_its_problems_are_placed_where_typed() -> None:
    assert parse_problem("...(env.X ? ['a'] : [])", "modules[0]") is None
    assert parse_problem("...base", "css[3]") is None
    assert (parse_problem("...base", "ssr") or "").startswith("1:1: syntax error: unexpected `...`")  # not a key's
    assert parse_problem("...(a ? [1] :)", "modules[0]") == "1:14: syntax error: a value is missing here"
    assert parse_problem("...", "modules[0]") is not None


async def test_ctrl_enter_accepts_code_that_parses() -> None:
    app = FieldHarness("devServer.loadingTemplate")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab")
        app.field.query_one(CodeArea).insert("(data) => `<h1>${data}</h1>`")
        await pilot.press("ctrl+enter")
        await pilot.pause()
        assert app.edits == [(Edit("set_code", "devServer.loadingTemplate", "(data) => `<h1>${data}</h1>`"), False)]
        assert app.value == Code("(data) => `<h1>${data}</h1>`")


async def test_code_that_does_not_parse_is_refused_with_its_position() -> None:
    app = FieldHarness("devServer.loadingTemplate")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab")
        app.field.query_one(CodeArea).insert("(data) => {\n  return data +\n}")
        await pilot.press("ctrl+j")
        await pilot.pause()
        assert app.edits == []
        assert code(app).problem is not None
        assert f"✖ {code(app).problem}" in screen_text(app)
        assert code(app).problem.startswith("2:3: ")
        await pilot.press("escape")  # back to the file's text (nothing)
        await pilot.pause()
        assert app.field.query_one(CodeArea).text == "" and code(app).problem is None


async def test_leaving_the_editor_accepts_the_code() -> None:
    app = FieldHarness("hooks", config("  hooks: { close: () => {} },"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "enter")
        await pilot.pause()
        area = app.field.query_one(".record--panel CodeArea", CodeArea)
        assert app.focused is area and area.text == "() => {}"
        area.load_text("() => console.log('bye')")
        await pilot.press("tab")
        await pilot.pause()
        assert app.edits == [(Edit("set_code", "hooks.close", "() => console.log('bye')"), False)]
        assert "close: () => console.log('bye')" in app.text


async def test_a_code_value_of_a_typed_option_can_become_a_typed_value() -> None:
    app = FieldHarness("ssr", config("  ssr: process.env.SSR === '1',"), active=True)
    async with app.run_test(size=SIZE) as pilot:
        assert code(app).typed
        assert "process.env.SSR === '1'" in screen_text(app)
        await pilot.press("tab")
        await pilot.pause()
        assert "Ctrl+T: typed value" in screen_text(app)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert app.edits == [(Edit("set", "ssr", True), False)]  # the default
        assert isinstance(app.field.editor, BooleanEditor)
        await pilot.pause()
        assert app.field.editor.has_focus_within  # the focus followed the field's new widget
        app.session.undo()
        app.refresh_field()
        await pilot.pause()
        assert isinstance(app.field.editor, CodeEditor)


async def test_a_function_option_has_no_typed_value() -> None:
    app = FieldHarness("devServer.loadingTemplate")
    async with app.run_test(size=SIZE) as pilot:
        assert not code(app).typed
        await pilot.press("tab", "ctrl+t")
        await pilot.pause()
        assert app.edits == []


async def test_typescript_is_highlighted() -> None:
    app = FieldHarness("devServer.loadingTemplate", config("  devServer: { loadingTemplate: (d: Data): string => 'x' },"), active=True)
    async with app.run_test(size=SIZE):
        area = app.field.query_one(CodeArea)
        names = {name for line in area._highlights.values() for *_, name in line}
        assert {"type", "string", "variable.parameter"} <= names


async def test_hooks_written_as_methods() -> None:
    app = FieldHarness("hooks", config("  hooks: {\n    'build:done'(builder) { console.log(builder) },\n  },"))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.field.editor, RecordEditor)
        await pilot.press("tab", "enter")
        await pilot.pause()
        area = app.field.query_one(".record--panel CodeArea", CodeArea)
        area.load_text("'build:done'(builder) { console.log('done') }")
        await pilot.press("ctrl+enter")
        await pilot.pause()
        assert app.edits == [(Edit("set_code", "hooks.build:done", "'build:done'(builder) { console.log('done') }"), False)]
        assert "console.log('done')" in app.text


async def test_code_that_does_not_parse_is_said_as_it_is_typed_and_counted() -> None:
    """The status line counts fields holding text no save could write: code said nothing until it was accepted,
    so the editor showed "no problems" over unparsable code."""
    app = FieldHarness("devServer.loadingTemplate")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab")
        for key in "(d) => {":
            await pilot.press(key)
        await pilot.pause()
        assert code(app).problem is not None and code(app).has_class("-invalid")  # what the status line counts
        await pilot.press("}")
        await pilot.pause()
        assert code(app).problem is None and not code(app).has_class("-invalid")
        assert app.edits == []  # nothing written while typing


async def test_the_files_text_arriving_after_the_area_went_is_kept_not_a_crash() -> None:
    """The file's text of an object shown as code is asked for at mount and answered later; a record closed (or
    opened deeper) meanwhile took the editor's area away: the answer is kept for when an area shows it again
    (opening records twenty deep one Enter at a time stopped the editor on this)."""
    app = FieldHarness("appConfig", config("  appConfig: { a: 1 },"))
    async with app.run_test(size=SIZE) as pilot:
        editor = CodeEditor("appConfig", None, {"a": 1})
        await app.field.mount(editor)
        await pilot.pause()
        await editor.query_one(CodeArea).remove()
        editor.written_as("{ a: 1 /* as written */ }")  # no area: no NoMatches
        assert editor.file_text() == "{ a: 1 /* as written */ }"
        await editor.mount(CodeArea(editor.file_text()))
        assert editor.query_one(CodeArea).text == "{ a: 1 /* as written */ }"
