"""What every field does: header, diagnostics, focus messages, refreshes, and user text shown literally."""

from __future__ import annotations

import asyncio

from textual.widgets import Input

from fwk_tui.tui.fields import MISSING, OptionField, field_for
from fwk_tui.tui.fields.boolean import BooleanEditor
from fwk_tui.tui.fields.expression import ExpressionEditor
from fwk_tui.tui.fields.number import NumberEditor
from fwk_tui.tui.widgets.safe_input import SafeInput, visible
from tests.tui.fields.harness import FieldHarness, catalog, config, screen_text
from tests.tui.test_editor import until

SIZE = (80, 24)


def rendered_segments(app: FieldHarness) -> list[str]:
    strips = app.screen._compositor.render_strips()
    return [seg.text for strip in strips for seg in strip]


async def test_header_shows_name_type_default_marker_and_env() -> None:
    app = FieldHarness("app.baseURL")
    async with app.run_test(size=SIZE):
        lines = screen_text(app).splitlines()
        assert lines[0].split() == ["baseURL", "string", "default"]
        assert lines[1].strip() == 'default (A): "/"  env FWK_APP_BASE_URL'


async def test_header_follows_the_variant_and_the_set_marker() -> None:
    app = FieldHarness("srcDir", config("  srcDir: 'src/',"))
    async with app.run_test(size=SIZE) as pilot:
        assert "● set" in screen_text(app) and "default (A)" in screen_text(app)
        app.session.set_variant("B")
        app.session.unset("srcDir")
        app.refresh_field()
        await pilot.pause()
        text = screen_text(app)
        assert "default (B)" in text and "● set" not in text


async def test_diagnostics_under_the_widget_with_the_fix_key() -> None:
    app = FieldHarness("ssr", config("  ssr: 'false',"), active=True)
    async with app.run_test(size=SIZE):
        assert isinstance(app.field.editor, ExpressionEditor)  # a string for a boolean: shown as written
        text = screen_text(app)
        assert "✖ expected true or false, got 'false'" in text
        assert "F3: " in text


async def test_fixing_the_value_turns_the_field_into_its_type_widget() -> None:
    app = FieldHarness("devServer.port", config("  devServer: { port: '3000' },"))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.field.editor, ExpressionEditor)
        fix = app.session.diagnostics_for("devServer.port")[0].fix
        assert fix is not None
        app.session.apply_fix(fix)
        app.refresh_field()
        await pilot.pause()
        assert isinstance(app.field.editor, NumberEditor)
        assert "✖" not in screen_text(app)
        assert app.focused is None or not app.field.has_focus_within  # a refresh never takes the focus


async def test_focus_and_seal_messages() -> None:
    app = FieldHarness("ssr")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab")
        await pilot.pause()
        assert app.focus_events == ["ssr"]
        assert app.sealed == []
        await pilot.press("tab")
        await pilot.pause()
        assert isinstance(app.focused, Input) and app.focused.id == "elsewhere"
        assert app.sealed == ["ssr"]


async def test_moving_inside_a_field_does_not_seal_it() -> None:
    app = FieldHarness("app.pageTransition", config("  app: { pageTransition: { name: 'page' } },"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "tab")  # from the kind picker to the rows under it
        await pilot.pause()
        assert app.sealed == []
        assert app.focus_events == ["app.pageTransition", "app.pageTransition"]


async def test_refresh_does_not_steal_the_focus_when_the_widget_changes() -> None:
    app = FieldHarness("ssr", config("  ssr: 'x',"))
    async with app.run_test(size=SIZE) as pilot:
        app.query_one("#elsewhere").focus()
        await pilot.pause()
        app.session.set("ssr", False)
        app.refresh_field()
        await pilot.pause()
        assert isinstance(app.field.editor, BooleanEditor)
        assert app.focused is app.query_one("#elsewhere")


MARKUP = r"'[bold]x[/]\x1b[2J\u202e'"


async def test_markup_and_escape_sequences_show_literally_in_an_input() -> None:
    app = FieldHarness("app.buildAssetsDir", config(f"  app: {{ buildAssetsDir: {MARKUP} }},"), active=True)
    async with app.run_test(size=SIZE):
        assert app.value == "[bold]x[/]\x1b[2J\u202e"
        assert app.field.query_one(SafeInput).value == app.value
        text = screen_text(app)
        assert "[bold]x[/]␛[2J�" in text
        assert not any("\x1b" in s or "\u202e" in s for s in rendered_segments(app))


async def test_markup_and_escape_sequences_show_literally_in_rows_keys_and_messages() -> None:
    source = config(
        f"  css: [{MARKUP}],\n"
        f"  alias: {{ {MARKUP}: './x' }},\n"
        f"  app: {{ baseURL: {MARKUP} }},\n"
        f"  {MARKUP}: 1,"
    )
    for path, option, shown in [
        ("css", "catalogue", r"'[bold]x[/]\x1b[2J\u202e'"),
        ("alias", "catalogue", r"'[bold]x[/]\x1b[2J\u202e'  './x'"),
        ("app.baseURL", "catalogue", r"relative base URL '[bold]x[/]\x1b[2J\u202e'"),
        ('["[bold]x[/]\\u001b[2J\\u202e"]', None, r"[bold]x[/]\x1b[2J\u202e  unknown key"),
    ]:
        app = FieldHarness(path, source, option=option)
        async with app.run_test(size=(100, 24)):
            assert shown in screen_text(app), path
            assert not any("\x1b" in s or "\u202e" in s for s in rendered_segments(app)), path


def test_control_characters_become_one_visible_symbol_each() -> None:
    assert visible("a\x1bb\tc\nd\x7f\x85") == "a␛b⇥c␊d␡�"
    assert len(visible("\x00\x1f\u202e")) == 3


def test_field_for_builds_without_an_app() -> None:
    fields = [
        field_for(o.path, o, MISSING, "A", [])
        for o in catalog().options
        if o.in_variant("A")
    ]
    assert all(isinstance(f, OptionField) for f in fields)


async def test_a_field_shows_its_value_as_text_until_it_gets_the_focus() -> None:
    app = FieldHarness("app.baseURL", config("  app: { baseURL: '/shop/' },"))
    async with app.run_test(size=SIZE) as pilot:
        assert not app.field.active
        assert not app.field.query(SafeInput)
        assert "/shop/" in screen_text(app)
        await pilot.press("tab")
        await pilot.pause()
        assert app.field.active
        assert app.focused is app.field.query_one(SafeInput)
        assert app.focus_events == ["app.baseURL"]


async def test_the_text_of_an_unfocused_field_follows_the_file() -> None:
    app = FieldHarness("css", config("  css: ['a.css'],"))
    async with app.run_test(size=SIZE) as pilot:
        app.session.set("css", [f"{i}.css" for i in range(12)])
        app.refresh_field()
        await pilot.pause()
        text = screen_text(app)
        assert "7  '7.css'" in text and "… 4 more" in text
        assert not app.field.active


async def test_previews_say_what_the_editors_say() -> None:
    source = config(
        "  ssr: false,\n  app: { pageTransition: { name: 'page' } },\n"
        "  devServer: { loadingTemplate: (d) => d },\n  typescript: { typeCheck: 'build' },"
    )
    expected = {
        "ssr": "○ false",
        "app.pageTransition": "○ off  ○ on  ● options…",
        "devServer.loadingTemplate": "(d) => d",
        "typescript.typeCheck": "'build'",
    }
    for path, shown in expected.items():
        app = FieldHarness(path, source)
        async with app.run_test(size=SIZE):
            assert shown in screen_text(app), path
    app = FieldHarness("app.pageTransition", source)
    async with app.run_test(size=SIZE):
        assert "name  'page'" in screen_text(app)


async def test_focus_at_opens_the_rows_down_to_a_nested_path() -> None:
    app = FieldHarness("runtimeConfig", config("  runtimeConfig: { public: { apiBase: '/api' } },"))
    async with app.run_test(size=SIZE) as pilot:
        assert app.field.focus_at("runtimeConfig.public.apiBase")
        await until(pilot, lambda: isinstance(app.focused, SafeInput))  # each level opens a moment after the last
        assert isinstance(app.focused, SafeInput)
        assert app.focused.value == "/api"  # any value goes in runtimeConfig: plain text, no quotes
        assert not app.field.focus_at("ssr")


async def test_escape_sequences_in_code_show_as_symbols() -> None:
    source = config("  devServer: { loadingTemplate: () => '\x1b[2J\u202eab' },")
    for active in (False, True):
        app = FieldHarness("devServer.loadingTemplate", source, active=active)
        async with app.run_test(size=SIZE):
            assert "() => '" in screen_text(app)
            assert not any("\x1b" in s or "\u202e" in s for s in rendered_segments(app))


async def test_keys_typed_while_the_editor_mounts_reach_it() -> None:
    from textual import events

    app = FieldHarness("devServer.port", config("  devServer: { port: 3000 },"))
    async with app.run_test(size=SIZE) as pilot:
        app.field.focus()
        while app.focused is not app.field:  # the field has the focus; its editor is not mounted yet
            await asyncio.sleep(0)
        for key, char in [("ctrl+u", None), ("9", "9"), ("9", "9"), ("9", "9"), ("9", "9"), ("9", "9")]:
            app.post_message(events.Key(key, char))
        # The keys are replayed one per frame and the message is drawn a frame after the last:
        # on a busy machine that outlasts a pause.
        message = "expected a whole number from 0 to 65535, got 99999"
        for _ in range(60):
            await pilot.pause(0.05)
            inputs = app.field.query(SafeInput)
            if inputs and inputs.first().value == "99999" and message in screen_text(app):
                break
        assert app.field.query_one(SafeInput).value == "99999"
        assert message in screen_text(app)


async def test_fast_typing_is_not_undone_by_the_echo_of_an_earlier_keystroke() -> None:
    app = FieldHarness("app.buildAssetsDir", config("  app: { buildAssetsDir: '/a' },"), active=True, apply=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "end", "b", "c")
        assert [e.value for e, _ in app.edits] == ["/ab", "/abc"]
        # The file comes back with the first keystroke's value after the second was typed.
        app.field.refresh_state("/ab", "A", [])
        await pilot.pause()
        assert app.field.query_one(SafeInput).value == "/abc"
        app.field.refresh_state("/abc", "A", [])
        app.field.refresh_state("/z", "A", [])  # then someone else's value (an undo): shown
        await pilot.pause()
        assert app.field.query_one(SafeInput).value == "/z"
