"""Values nested deep: each level opened is a panel in the one before, laid out once per width; past
:data:`MAX_DEPTH` an object opens as code, so no key waits on drawing twenty panels."""

from __future__ import annotations

from collections import Counter
from typing import Any

import textual.widget as textual_widget

from fwk_tui.tui.fields.code_area import CodeArea
from fwk_tui.tui.fields.record import RecordEditor
from fwk_tui.tui.fields.registry import MAX_DEPTH
from fwk_tui.tui.fields.rows import RowList
from fwk_tui.tui.fields.unknown import UnknownEditor
from tests.tui.fields.harness import FieldHarness, config
from tests.tui.test_editor import until

SIZE = (100, 32)


def nested(depth: int, inner: str = "1") -> str:
    return "{ a: " * depth + inner + " }" * depth


async def _opened(app: FieldHarness, pilot: Any, level: int) -> None:
    """Wait until the Enter on level ``level`` has opened the next one: its rows (or, past the limit, its code)
    have the focus. A test waits for the state it asserts: one pause was not always enough under load."""

    def opened() -> bool:
        focused = app.focused
        rows_below = isinstance(focused, RowList) and getattr(focused.parent, "path", "").count(".") == level + 1
        return isinstance(focused, CodeArea) or rows_below

    await until(pilot, opened)


async def test_an_object_deeper_than_the_limit_opens_as_code_and_writes_there() -> None:
    depth = MAX_DEPTH + 4
    app = FieldHarness("appConfig", config(f"  appConfig: {nested(depth)},"), active=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab")
        for level in range(MAX_DEPTH):  # appConfig.a ... (ten a's: eleven keys deep)
            await pilot.press("enter")
            await _opened(app, pilot, level)
        records = list(app.field.query(RecordEditor))
        assert len(records) == MAX_DEPTH  # the field's own and the nine opened inside it
        area = app.focused
        assert isinstance(area, CodeArea), area
        assert " ".join(area.text.split()) == nested(depth - MAX_DEPTH)
        deep = next(e for e in app.field.query(UnknownEditor) if e.mode == "code")
        assert f"as code (more than {MAX_DEPTH} keys deep)" in deep.hint().plain
        area.text = "{ b: 2 }"
        await pilot.press("ctrl+j")
        await pilot.pause()
        path = "appConfig" + ".a" * MAX_DEPTH
        assert app.edits and app.edits[-1][0].path == path
        value = app.value
        for _ in range(MAX_DEPTH):
            value = value["a"]
        assert value == {"b": 2}
        assert "{ a: { b: 2 } }" in " ".join(app.text.split())


async def test_each_level_opened_is_laid_out_a_bounded_number_of_times(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Textual lays out a container of containers of their content's height again for each size offered from
    above: without :class:`SteadyArrange` the ninth level opened cost over 4,000 layouts, here under 300."""
    levels = MAX_DEPTH - 1
    app = FieldHarness("appConfig", config(f"  appConfig: {nested(levels + 1)},"), active=True)
    laid_out = []
    original = textual_widget.arrange

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        laid_out.append(type(args[0]).__name__)
        return original(*args, **kwargs)

    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab")
        for level in range(levels):
            if level == levels - 1:
                monkeypatch.setattr(textual_widget, "arrange", counted)
            await pilot.press("enter")
            await _opened(app, pilot, level)
        assert len(app.field.query(RecordEditor)) == levels + 1
        assert 0 < len(laid_out) <= 30 * levels, Counter(laid_out)
