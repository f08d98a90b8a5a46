"""Arrays: rows of items; add, remove, reorder with keys; Enter edits an item with its type's widget."""

from __future__ import annotations

from fwk_tui.session import Edit
from fwk_tui.source.values import Code
from fwk_tui.tui.fields.list import ListEditor
from fwk_tui.tui.fields.rows import RowList
from fwk_tui.tui.fields.text import TextEditor
from fwk_tui.tui.fields.union import UnionEditor
from fwk_tui.tui.widgets.safe_input import SafeInput
from tests.tui.fields.harness import FieldHarness, config, screen_text

SIZE = (80, 24)


def lister(app: FieldHarness) -> ListEditor:
    editor = app.field.editor
    assert isinstance(editor, ListEditor)
    return editor


async def test_add_items_type_them_and_close() -> None:
    app = FieldHarness("css")
    async with app.run_test(size=SIZE) as pilot:
        assert "not set · a: add an item" in screen_text(app)
        await pilot.press("tab", "a")
        await pilot.pause()
        assert app.edits == []  # a new item is a draft: the file gets it with its first character
        assert lister(app).open_index == 0
        assert isinstance(app.focused, SafeInput)
        await pilot.press(*"a.c")
        await pilot.pause()
        assert app.value == ["a.c"]
        assert app.edits[0] == (Edit("insert", "css", "a", index=0), True)
        assert app.edits[-1] == (Edit("set", "css[0]", "a.c"), True)
        await pilot.press("escape")
        await pilot.pause()
        assert lister(app).open_index is None
        assert isinstance(app.focused, RowList)
        await pilot.press("a", *"b", "escape")
        await pilot.pause()
        assert app.value == ["a.c", "b"]
        assert "0  'a.c'" in screen_text(app) and "1  'b'" in screen_text(app)


async def test_move_remove_and_edit_an_item() -> None:
    app = FieldHarness("css", config("  css: ['a.css', 'b.css', 'c.css'],"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "down", "ctrl+up")
        await pilot.pause()
        assert app.edits == [(Edit("move", "css[1]", index=0), False)]
        assert app.value == ["b.css", "a.css", "c.css"]
        assert lister(app).rows.row == 0  # the cursor follows the item
        await pilot.press("shift+down", "shift+down")
        await pilot.pause()
        assert app.value == ["a.css", "c.css", "b.css"]
        assert lister(app).rows.row == 2
        await pilot.press("ctrl+down")  # already last: nothing
        await pilot.press("delete")
        await pilot.pause()
        assert app.value == ["a.css", "c.css"]
        assert app.edits[-1] == (Edit("remove", "css[2]"), False)
        await pilot.press("up", "enter")
        await pilot.pause()
        editor = app.field.query_one(".list--panel TextEditor", TextEditor)
        assert editor.path == "css[0]"
        await pilot.press("end", "x")
        await pilot.pause()
        assert app.value == ["a.cssx", "c.css"]


async def test_keys_of_the_rows_do_not_fire_while_typing_in_an_item() -> None:
    app = FieldHarness("css", config("  css: ['a.css'],"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "enter", "end", "a", "backspace", "delete")
        await pilot.pause()
        assert [e.kind for e, _ in app.edits] == ["set", "set"]  # 'a' typed, not 'add an item'
        assert app.value == ["a.css"]


async def test_items_of_a_union_type_get_the_union_widget() -> None:
    app = FieldHarness("modules", config("  modules: ['@fwk/a', () => 1],"))
    async with app.run_test(size=SIZE) as pilot:
        assert "1  () => 1" in screen_text(app)
        await pilot.press("tab", "enter")
        await pilot.pause()
        editor = app.field.query_one(".list--panel UnionEditor", UnionEditor)
        assert [k.label for k in editor.kinds] == ["text", "list…", "function…"]
        assert editor.kind == 0
        await pilot.press("escape", "down", "enter")
        await pilot.pause()
        assert app.field.query_one(".list--panel EditorSlot").editor.__class__.__name__ == "CodeEditor"
        assert app.value[1] == Code("() => 1")


async def test_removing_the_open_item_closes_its_editor() -> None:
    app = FieldHarness("css", config("  css: ['a.css', 'b.css'],"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "enter", "escape", "delete")
        await pilot.pause()
        assert lister(app).open_index is None
        assert app.value == ["b.css"]
        assert "'a.css'" not in screen_text(app)


async def test_a_new_object_item_starts_with_its_required_fields() -> None:
    app = FieldHarness("serverHandlers")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "a")
        await pilot.pause()
        assert "handler" in screen_text(app)  # shown, not written until it gets a value
        assert app.edits == []
        await pilot.pause()
        assert app.field.query_one(".list--panel RecordEditor").path == "serverHandlers[0]"
        await pilot.press("enter", *"~/a.ts")  # the handler row, then its path input
        await pilot.pause()
        assert app.value == [{"handler": "~/a.ts"}]
        assert app.edits[-1][0].path == "serverHandlers[0].handler"


async def test_modules_are_typed_one_after_another_with_enter() -> None:
    # modules: array<string | [string, object] | function>. A new item is text: the keys
    # go to its input (not to the kind picker); Enter goes back to the rows for the next one.
    app = FieldHarness("modules")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "a")
        await pilot.pause()
        assert isinstance(app.focused, SafeInput)
        assert "'' (an empty string)" in screen_text(app)  # an item: no word of resetting the option
        await pilot.press(*"@fwk/content", "enter")
        await pilot.pause()
        assert lister(app).open_index is None
        assert isinstance(app.focused, RowList)
        await pilot.press("a", *"@fwk/image", "enter")
        await pilot.pause()
        assert app.value == ["@fwk/content", "@fwk/image"]
