"""Booleans (a switch) and closed sets of values (a select)."""

from __future__ import annotations

from textual.widgets import Select, Switch

from fwk_tui.session import Edit
from fwk_tui.tui.fields.boolean import BooleanEditor
from fwk_tui.tui.fields.enum import EnumEditor
from tests.tui.fields.harness import FieldHarness, config, screen_text

SIZE = (80, 24)


async def test_switch_shows_the_default_then_writes_the_toggled_value() -> None:
    app = FieldHarness("ssr", active=True)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.field.editor, BooleanEditor)
        assert app.field.query_one(Switch).value is True  # the default of ssr
        assert "true  (default)" in screen_text(app)
        await pilot.press("tab", "space")
        await pilot.pause()
        assert app.edits == [(Edit("set", "ssr", False), False)]
        assert "ssr: false" in app.text
        assert "● set" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.value is True


async def test_switch_follows_the_file_without_asking_for_edits() -> None:
    app = FieldHarness("ssr", config("  ssr: false,"), active=True)
    async with app.run_test(size=SIZE) as pilot:
        switch = app.field.query_one(Switch)
        assert switch.value is False
        app.session.set("ssr", True)
        app.refresh_field()
        await pilot.pause()
        assert switch.value is True
        app.session.unset("ssr")
        app.refresh_field()
        await pilot.pause()
        assert switch.value is True and "(default)" in screen_text(app)
        assert app.edits == []


async def test_enum_lists_values_as_js_with_the_default_marked() -> None:
    app = FieldHarness("experimental.emitRouteChunkError", variant="B", active=True)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.field.editor, EnumEditor)
        assert "not set: 'automatic' by default" in screen_text(app)
        await pilot.press("tab", "enter")
        await pilot.pause()
        text = screen_text(app)
        assert "'automatic'  (default)" in text
        assert "'automatic-immediate'" in text and "'manual'" in text and "false" in text
        await pilot.press("down", "down", "down", "enter")
        await pilot.pause()
        assert app.edits == [(Edit("set", "experimental.emitRouteChunkError", "manual"), False)]
        assert "emitRouteChunkError: 'manual'" in app.text


async def test_enum_of_booleans_and_a_literal() -> None:
    app = FieldHarness("typescript.typeCheck", active=True)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.field.editor, EnumEditor)
        assert app.field.editor.values == [True, False, "build"]
        app.field.query_one(Select).value = 2
        await pilot.pause()
        assert app.value == "build"


async def test_enum_shows_a_value_it_does_not_allow() -> None:
    app = FieldHarness("experimental.emitRouteChunkError", config("  experimental: { emitRouteChunkError: 'auto' },"), variant="B", active=True)
    async with app.run_test(size=SIZE) as pilot:
        text = screen_text(app)
        assert "'auto'  (not allowed)" in text
        assert "expected one of" in text or "did you mean" in text or "✖" in text
        app.field.query_one(Select).value = 0
        await pilot.pause()
        assert app.value == "automatic"
        assert "(not allowed)" not in screen_text(app)


async def test_blank_choice_removes_the_key() -> None:
    app = FieldHarness("typescript.typeCheck", config("  typescript: { typeCheck: true },"), active=True)
    async with app.run_test(size=SIZE) as pilot:
        app.field.query_one(Select).value = Select.NULL
        await pilot.pause()
        assert app.edits == [(Edit("unset", "typescript.typeCheck"), False)]
        assert app.field.is_set is False


async def test_a_switch_without_a_documented_default_says_so_not_false() -> None:
    for active in (False, True):  # the preview before the field is focused, then the switch
        app = FieldHarness("telemetry", active=active)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "not set (no documented default)" in text
            assert "○ false" not in text and "false  (not set)" not in text


async def test_a_text_field_without_a_documented_default_says_so() -> None:
    app = FieldHarness("devServer.host", active=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "not set (no documented default)" in screen_text(app)
