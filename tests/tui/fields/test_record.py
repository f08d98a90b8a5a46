"""Objects and records: a key–value editor with add, rename, remove and nested editing."""

from __future__ import annotations

from fwk_tui.session import Edit
from fwk_tui.source.values import Code
from fwk_tui.tui.fields.code_area import CodeArea
from fwk_tui.tui.fields.expression import ExpressionEditor
from fwk_tui.tui.fields.record import RecordEditor
from fwk_tui.tui.fields.rows import RowList
from fwk_tui.tui.fields.text import TextEditor
from fwk_tui.tui.widgets.safe_input import SafeInput
from tests.tui.fields.harness import FieldHarness, config, screen_text

SIZE = (80, 24)


def record(app: FieldHarness) -> RecordEditor:
    editor = app.field.editor
    assert isinstance(editor, RecordEditor)
    return editor


async def test_known_fields_are_listed_with_their_types() -> None:
    app = FieldHarness("runtimeConfig", config("  runtimeConfig: { secret: 'x' },"), active=True)
    async with app.run_test(size=SIZE):
        keys = [e.key for e in record(app).entries]
        assert keys == ["public", "app", "srv", "secret"]
        text = screen_text(app)
        assert "public  — record<any>" in text
        assert "secret  'x'" in text


async def test_add_a_key_to_a_nested_record_and_type_its_value() -> None:
    app = FieldHarness("runtimeConfig")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "enter")  # public, not set yet: its own key-value editor opens
        await pilot.pause()
        inner = app.field.query_one(".record--panel RecordEditor", RecordEditor)
        assert inner.path == "runtimeConfig.public"
        assert isinstance(app.focused, RowList)
        await pilot.press("a", *"apiBase", "enter")
        await pilot.pause()
        # Merged: the value typed next joins the new key's undo step.
        assert app.edits == [(Edit("set", "runtimeConfig.public.apiBase", None), True)]
        assert isinstance(app.focused, SafeInput)
        await pilot.press(*"'/api'")
        await pilot.pause()
        assert app.value == {"public": {"apiBase": "/api"}}
        assert app.edits[-1] == (Edit("set", "runtimeConfig.public.apiBase", "/api"), True)
        assert "apiBase: '/api'" in app.text


async def test_odd_keys_are_quoted_in_paths() -> None:
    app = FieldHarness("routeRules")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "a", *"/api/**", "enter")
        await pilot.pause()
        assert app.edits == [(Edit("set", 'routeRules["/api/**"]', {}), True)]
        assert app.value == {"/api/**": {}}
        assert "'/api/**'  {}" in screen_text(app)
        await pilot.press("a", *"cors", "enter")
        await pilot.pause()
        await pilot.press(*"true")
        await pilot.pause()
        assert app.value == {"/api/**": {"cors": True}}
        assert app.edits[-1] == (Edit("set", 'routeRules["/api/**"].cors', True), True)


async def test_rename_and_remove_keys() -> None:
    app = FieldHarness("alias", config("  alias: { '@x': './x', '@y': './y' },"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "r")
        await pilot.pause()
        assert app.focused is app.field.query_one(".record--key-input", SafeInput)
        assert app.focused.value == "@x"
        await pilot.press("ctrl+u", *"@y", "enter")
        await pilot.pause()
        assert "'@y' is already there" in screen_text(app)
        assert app.edits == []
        await pilot.press("ctrl+u", *"@z", "enter")
        await pilot.pause()
        assert app.edits == [(Edit("rename", "alias.@x", key="@z"), False)]
        assert list(app.value) == ["@z", "@y"]
        await pilot.press("down", "delete")
        await pilot.pause()
        assert app.edits[-1] == (Edit("unset", "alias.@y"), False)
        assert app.value == {"@z": "./x"}


async def test_values_are_edited_with_the_record_value_type() -> None:
    app = FieldHarness("alias", config("  alias: { '@x': './x' },"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "enter")
        await pilot.pause()
        editor = app.field.query_one(".record--panel TextEditor", TextEditor)
        assert editor.path == "alias.@x"
        await pilot.press("end", "/", "escape")
        await pilot.pause()
        assert app.value == {"@x": "./x/"}
        assert isinstance(app.focused, RowList)
        assert not app.field.query(".record--panel")


async def test_empty_key_refused_and_escape_cancels() -> None:
    app = FieldHarness("vbuild.define")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "a", "enter")
        await pilot.pause()
        assert "a key cannot be empty" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert record(app).key_mode is None and app.edits == []


async def test_any_values_open_the_value_editor_with_its_text_selected() -> None:
    app = FieldHarness("vbuild.define", config("  vbuild: { define: { __DEV__: false } },"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "enter")
        await pilot.pause()
        editor = app.field.query_one(".record--panel ExpressionEditor", ExpressionEditor)
        assert editor.input.value == "false"
        await pilot.press(*"'x'")  # replaces the selected text
        await pilot.pause()
        assert app.value == {"__DEV__": "x"}


async def test_a_new_hook_starts_as_a_function_to_edit() -> None:
    app = FieldHarness("hooks")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "a", *"build:done", "enter")
        await pilot.pause()
        assert app.edits[0][0].path == "hooks.build:done"
        assert app.value == {"build:done": Code("() => {}")}
        area = app.field.query_one(".record--panel CodeArea", CodeArea)
        assert app.focused is area
        area.load_text("() => console.log('built')")
        await pilot.press("ctrl+enter")
        await pilot.pause()
        assert app.value == {"build:done": Code("() => console.log('built')")}
