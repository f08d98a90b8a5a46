"""An object with a spread typed in the editor is code, written as typed on Enter, never a literal with members dropped."""

from __future__ import annotations

from tests.tui.fields.harness import FieldHarness, config, screen_text

SIZE = (80, 24)


async def test_a_spread_is_not_written_as_an_object_without_it() -> None:
    app = FieldHarness("myModule", config("  myModule: 'x',"), option=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", *"{a: 1, ...{a: 2}}")
        await pilot.pause()
        assert app.value == "x"  # not { a: 1 }
        assert "an expression, not a value: Enter writes it as code" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.edits[-1][0].value == "{a: 1, ...{a: 2}}"
        assert "myModule: {a: 1, ...{a: 2}}," in app.text
