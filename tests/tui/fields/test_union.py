"""Unions: pick the kind, then edit the value with that kind's widget."""

from __future__ import annotations

from fwk_tui.session import Edit
from fwk_tui.tui.fields.expression import ExpressionEditor
from fwk_tui.tui.fields.kind_picker import KindPicker
from fwk_tui.tui.fields.number import NumberEditor
from fwk_tui.tui.fields.record import RecordEditor
from fwk_tui.tui.fields.text import TextEditor
from fwk_tui.tui.fields.union import UnionEditor
from tests.tui.fields.harness import FieldHarness, config, screen_text

SIZE = (80, 24)


def union(app: FieldHarness) -> UnionEditor:
    editor = app.field.editor
    assert isinstance(editor, UnionEditor)
    return editor


async def test_boolean_or_object_offers_off_on_and_options() -> None:
    app = FieldHarness("app.pageTransition", active=True)
    async with app.run_test(size=SIZE) as pilot:
        assert [k.label for k in union(app).kinds] == ["off", "on", "options…"]
        assert "○ off  ○ on  ○ options…" in screen_text(app)
        assert union(app).kind is None and union(app).inner is None
        await pilot.press("tab", "right", "enter")
        await pilot.pause()
        assert app.edits == [(Edit("set", "app.pageTransition", True), False)]
        assert "○ off  ● on  ○ options…" in screen_text(app)
        await pilot.press("right", "space")
        await pilot.pause()
        assert app.value == {}
        assert isinstance(union(app).inner, RecordEditor)
        assert "pageTransition: {" in app.text
        await pilot.press("left", "left", "enter")
        await pilot.pause()
        assert app.value is False
        assert union(app).inner is None
        assert app.focused is app.field.query_one(KindPicker)  # the focus stays on the picker


async def test_picking_a_kind_starts_from_the_default_of_that_kind() -> None:
    app = FieldHarness("experimental.checkOutdatedBuildInterval", variant="B")
    async with app.run_test(size=SIZE) as pilot:
        assert [k.label for k in union(app).kinds] == ["number", "false"]
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert app.value == 3600000
        assert isinstance(union(app).inner, NumberEditor)
        await pilot.press("tab", "end", "backspace")
        await pilot.pause()
        assert app.value == 360000  # the number's own input, under the picker


async def test_object_kind_starts_with_its_required_fields() -> None:
    app = FieldHarness("devServer.https")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "right", "right", "enter")
        await pilot.pause()
        assert app.value == {"key": "", "cert": ""}
        text = screen_text(app)
        assert "● options…" in text and "key" in text and "cert" in text


async def test_string_literals_join_the_text_kind_as_suggestions() -> None:
    app = FieldHarness("typescript.builder", config("  typescript: { builder: 'shared' },"))
    async with app.run_test(size=SIZE):
        editor = union(app)
        assert [k.label for k in editor.kinds] == ["false", "text", "null"]
        assert editor.kind == 1
        assert isinstance(editor.inner, TextEditor)
        assert editor.inner.suggestions() == ["shared"]


async def test_a_value_of_no_kind_is_shown_as_javascript_to_correct() -> None:
    app = FieldHarness("devServer.https", config("  devServer: { https: 'yes' },"), active=True)
    async with app.run_test(size=SIZE) as pilot:
        editor = union(app)
        assert editor.kind is None
        assert isinstance(editor.inner, ExpressionEditor)
        assert "'yes'" in screen_text(app)
        await pilot.press("tab", "tab", "ctrl+u", *"true")
        await pilot.pause()
        assert app.value is True
        assert union(app).kind == 1 and union(app).inner is None


async def test_variant_switch_changes_the_type_and_the_widget() -> None:
    app = FieldHarness("builder", config("  builder: 'wbuild',"))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.field.editor, UnionEditor)
        app.session.set_variant("B")
        app.refresh_field()
        await pilot.pause()
        assert isinstance(app.field.editor, TextEditor)
        assert "builder  string" in screen_text(app)
        assert "default (B)" in screen_text(app)
