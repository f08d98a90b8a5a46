"""The form of one group: a typed field per option, then the file's own keys."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from fwk_tui.catalog.models import Variant
from fwk_tui.tui.fields import MISSING
from fwk_tui.tui.fields.factory import field_for
from fwk_tui.tui.fields.field import OptionField
from fwk_tui.tui.fields.value_editor import ValueEditor
from fwk_tui.tui.form_model import FieldEntry, TreeGroup
from fwk_tui.tui.form_problems import fields_diagnostics
from fwk_tui.tui.messages import Sent
from fwk_tui.validate import Diagnostic


class PageTurn(Static, can_focus=True):
    """A row above or below the fields of a form that shows a page of them: Enter (or a click) shows the
    previous (``step`` -1) or the next (1) page."""

    BINDINGS = [Binding("enter", "turn", "Show them")]

    class Turned(Sent["PageTurn"]):
        def __init__(self, turn: PageTurn, step: int) -> None:
            super().__init__(turn)
            self.step = step

    def __init__(self, text: str, step: int) -> None:
        super().__init__(Text(text), markup=False, classes="form-page-before" if step < 0 else "form-page-after")
        self.step = step

    def action_turn(self) -> None:
        self.post_message(self.Turned(self, self.step))

    def on_click(self) -> None:
        self.action_turn()


class ConfigForm(VerticalScroll):
    """Fields of the selected group; replaced when the group changes, reconciled when its fields change.

    The rule that keeps keystrokes where they are typed: a change of state (a
    value turning valid or invalid, new diagnostics, a badge, fields coming or
    going under a filter) never moves the focus, never replaces the focused
    field's widget and never re-targets keys. Fields are updated in place
    (:meth:`refresh_state`); when the group's list of fields changes, only the
    fields that come or go are mounted or removed (:meth:`show` on the same
    group), and the focused field stays, wanted or not, until the focus leaves it.
    """

    can_focus = False  # Tab from the tree goes to the first field, not to an invisible scroll focus

    DEFAULT_CSS = """
    ConfigForm {
        height: 1fr;
        padding: 0 1;
        scrollbar-size-vertical: 1;
        & > .form-title { text-style: bold; margin: 0 0 0 0; }
        & > .form-summary { color: $text-muted; margin: 0 0 1 0; }
        & > .form-note { color: $text-muted; text-style: italic; margin: 1 0 0 0; }
        & > PageTurn { color: $accent; margin: 0 0 1 0; }
        & > PageTurn:focus { background: $accent 30%; }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._fields: dict[str, OptionField] = {}
        self._states: dict[str, tuple[object, Variant, list[Diagnostic]]] = {}
        self._later: list[Static | OptionField] = []
        self.group: TreeGroup | None = None
        self.unread: dict[str, str] = {}
        """Text typed into fields of groups since left, that does not read (by path): shown again when
        the field comes back, and named by the save."""
        self._sought: OptionField | None = None  # the field focus_path went to, kept in view while laid out
        self._sought_focus: Widget | None = None
        self._page = 0
        self._showing = asyncio.Lock()

    @property
    def fields(self) -> dict[str, OptionField]:
        """The fields shown, by path."""
        return self._fields

    async def show(
        self,
        group: TreeGroup,
        entries: list[FieldEntry],
        get: Callable[[str, object], object],
        variant: Variant,
        diagnostics: list[Diagnostic],
        note: str | None = None,
        *,
        first: int | None = None,
        keep_focused: bool = True,
        page: int = 0,
        turns: tuple[str | None, str | None] = (None, None),
    ) -> None:
        """Replace the form by the fields of ``entries`` (and ``note`` under them); ``get(path, MISSING)`` reads values.

        ``page`` and ``turns``: which page of a group's fields ``entries`` is (a group of more fields than a
        form holds at once), and the rows above and below them that show the previous and the next page (None
        where there is none). Another page is another form; the same page is reconciled as any change is.

        ``keep_focused``: on the same group the focused field stays even when ``entries`` leave it
        out (a change of state); ``False`` when the user asked for another list (a new filter).

        ``first``: mount only that many fields now, the rest when the form is
        first used (focus, scroll): at start the screen shows a handful of a
        group's dozens of fields, and each mounted widget costs.
        """
        async with self._showing:  # one show at a time: two interleaved mounted the same panel twice
            if self.group is not None and self.group.id == group.id and self.is_mounted and page == self._page:
                await self._reconcile(entries, get, variant, diagnostics, note, keep_focused)
                self._place_turns(turns)
                return
            self._page = page
            self.group = group
            self.unread.update(self.pending_texts())
            with self.app.batch_update():
                await self.remove_children()
                widgets: list[Static | OptionField] = [
                    Static(Text(group.title), classes="form-title", markup=False)
                ]
                if group.summary:
                    widgets.append(
                        Static(Text(group.summary), classes="form-summary", markup=False)
                    )
                if turns[0] is not None:
                    widgets.append(PageTurn(turns[0], -1))
                heading = len(widgets)
                self._fields = {}
                self._states = {}
                problems = fields_diagnostics(diagnostics, {e.path for e in entries})
                for entry in entries:
                    value = get(entry.path, MISSING)
                    at = problems[entry.path]
                    self._states[entry.path] = (value, variant, at)
                    field = field_for(entry.path, entry.option, value, variant, at)
                    self._fields[entry.path] = field
                    widgets.append(field)
                if turns[1] is not None:
                    widgets.append(PageTurn(turns[1], 1))
                if note:
                    widgets.append(Static(Text(note), classes="form-note", markup=False))
                cut = (
                    len(widgets)
                    if first is None or first >= len(entries)
                    else heading + first
                )
                self._later = widgets[cut:]
                await self.mount_all(widgets[:cut])
            self.scroll_home(animate=False)
            for path in [p for p in self.unread if p in self._fields]:
                if not self._fields[path].is_attached:
                    await self.mount_rest()
                self._fields[path].restore_text(self.unread.pop(path))

    async def show_panel(self, group: TreeGroup, panel: Widget) -> None:
        """Show ``panel`` (a group that is not a list of fields: the layers) in place of the form."""
        async with self._showing:
            await self._show_panel(group, panel)

    async def _show_panel(self, group: TreeGroup, panel: Widget) -> None:
        self.unread.update(self.pending_texts())
        self.group = group
        self._fields = {}
        self._states = {}
        self._later = []
        with self.app.batch_update():
            await self.remove_children()
            widgets: list[Widget] = [Static(Text(group.title), classes="form-title", markup=False)]
            if group.summary:
                widgets.append(Static(Text(group.summary), classes="form-summary", markup=False))
            await self.mount_all([*widgets, panel])
        self.scroll_home(animate=False)

    async def _reconcile(
        self,
        entries: list[FieldEntry],
        get: Callable[[str, object], object],
        variant: Variant,
        diagnostics: list[Diagnostic],
        note: str | None,
        keep_focused: bool,
    ) -> None:
        """Mount the fields that come, remove those that go (not the focused one), keep the rest as they are."""
        await self.mount_rest()  # every field in place, so new ones go at their exact position
        focused = self.focused_path() if keep_focused else None
        wanted = {e.path for e in entries}
        problems: dict[str, list[Diagnostic]] | None = None
        with self.app.batch_update():
            for path in [p for p in self._fields if p not in wanted and p != focused]:
                self._fields.pop(path).remove()
                self._states.pop(path, None)
            titles = self.query_children(".form-title, .form-summary, .form-page-before")
            previous: Static | OptionField | None = titles.last() if titles else None  # type: ignore[assignment]
            fields: dict[str, OptionField] = {}
            for entry in entries:
                field = self._fields.get(entry.path)
                if field is None:
                    value = get(entry.path, MISSING)
                    if problems is None:
                        problems = fields_diagnostics(diagnostics, wanted)
                    at = problems[entry.path]
                    self._states[entry.path] = (value, variant, at)
                    field = field_for(entry.path, entry.option, value, variant, at)
                    if previous is None:
                        self.mount(field, before=0)
                    else:
                        self.mount(field, after=previous)
                fields[entry.path] = field
                previous = field
            if focused is not None and focused not in fields:
                fields[focused] = self._fields[focused]
            self._fields = fields
            if focused is not None:
                # Fields came and went around it: the field holding the keys stays in view.
                self.call_after_refresh(self._keep_focused_in_view, fields[focused])
            self.refresh_state(get, variant, diagnostics)
            notes = self.query_children(".form-note")
            if note and notes:
                notes.first(Static).update(Text(note))
            elif note:
                self.mount(Static(Text(note), classes="form-note", markup=False))
            else:
                notes.remove()

    def _place_turns(self, turns: tuple[str | None, str | None]) -> None:
        """The page rows of the same page after a change: their counts said again, one come or gone."""
        for turn in list(self.query_children(PageTurn)):
            text = turns[0] if turn.step < 0 else turns[1]
            if text is None:
                turn.remove()
            else:
                turn.update(Text(text))
        have = {turn.step for turn in self.query_children(PageTurn)}
        if turns[0] is not None and -1 not in have:
            self.mount(PageTurn(turns[0], -1), after=self.query_children(".form-title, .form-summary").last())
        if turns[1] is not None and 1 not in have:
            notes = self.query_children(".form-note")
            if notes:
                self.mount(PageTurn(turns[1], 1), before=notes.first())
            else:
                self.mount(PageTurn(turns[1], 1))

    def pending_texts(self) -> dict[str, str]:
        """Text typed into this form's fields that does not read (so the file does not have it), by path."""
        out: dict[str, str] = {}
        for editor in self.query(ValueEditor):
            text = editor.pending_text()
            if text is not None:
                out[editor.path] = text
        return out

    def unread_fields(self) -> int:
        """How many fields hold typed text that does not read: shown with its error here, or kept from a group left."""
        shown: set[int] = set()
        for editor in self.query(".-invalid").results(ValueEditor):
            field = next((a for a in editor.ancestors if isinstance(a, OptionField)), None)
            shown.add(id(field) if field is not None else id(editor))
        return len(shown) + len(self.unread)

    def focused_path(self) -> str | None:
        """The path of the field holding the focus, if any."""
        focused = self.screen.focused if self.is_attached else None
        if focused is None:
            return None
        for path, field in self._fields.items():
            if focused is field or field in focused.ancestors:
                return path
        return None

    async def mount_rest(self) -> None:
        """Mount the fields ``show(first=...)`` held back."""
        later, self._later = self._later, []
        if later:
            await self.mount_all(later)

    def _mount_rest_soon(self) -> None:
        if self._later:
            self.run_worker(self.mount_rest(), exclusive=True, group="form-rest")

    # The form is being used: the held-back fields are wanted now.
    on_focus = _mount_rest_soon

    def refresh_state(
        self,
        get: Callable[[str, object], object],
        variant: Variant,
        diagnostics: list[Diagnostic],
    ) -> None:
        """Give every field its current value, variant and diagnostics (``get(path, MISSING)``)."""
        shown = fields_diagnostics(diagnostics, self._fields)
        for path, field in self._fields.items():
            value = get(path, MISSING)
            state = (value, variant, shown[path])
            # Most edits touch one field: the others keep their widgets as they are.
            if self._states.get(path) != state:
                self._states[path] = state
                field.refresh_state(*state)

    def reshow(self, path: str) -> None:
        """Show again what the file holds in the field of ``path``: an edit it asked for was refused."""
        field = self.field_at(path)
        state = self._states.get(field.path) if field is not None else None
        if field is not None and state is not None:
            field.refresh_state(*state)

    def field_at(self, path: str) -> OptionField | None:
        """The field editing ``path`` or the value holding it."""
        best: OptionField | None = None
        best_len = -1
        for field_path, field in self._fields.items():
            if (
                path == field_path
                or path.startswith(field_path + ".")
                or path.startswith(field_path + "[")
            ) and len(field_path) > best_len:
                best, best_len = field, len(field_path)
        return best

    def focus_first(self) -> bool:
        """Focus the first field of the form; ``False`` when it has none."""
        first = next(iter(self._fields), None)
        if first is None:
            panel = next((w for w in self.children if w.focusable), None)  # a group shown as a panel
            if panel is not None:
                panel.focus()
            return panel is not None
        return self.focus_path(first)

    def focus_path(self, path: str, *, row: bool = False) -> bool:
        """Scroll to the field of ``path`` and focus it; ``False`` when the form has none.

        ``row``: the field itself takes the focus, not its editor (see ``OptionField.hold_row``), when ``path`` is
        the field's own."""
        field = self.field_at(path)
        if field is None or not field.is_attached:
            return False
        if row and field.path == path:
            field.hold_row()
        else:
            field.take_focus()
        # Fields just mounted have no place yet, or a stale one, and the fields above it and the
        # docs pane beside still take their sizes: until the person moves the focus or scrolls,
        # each change of the form's size or content scrolls the field's top to the form's top
        # again (as far as the form scrolls; a field the first screen holds stays under the
        # group's title). The focus itself does not scroll (take_focus): its animated scroll
        # aims at where the field was when it began.
        self._sought, self._sought_focus = field, None
        self._keep_sought_in_view()
        self.call_after_refresh(self._keep_sought_in_view)
        return True

    def _keep_focused_in_view(self, field: OptionField) -> None:
        """Scroll to ``field`` if it still holds the keys: F8 or a search may have gone to another one since the
        form was rebuilt around it (scrolled back to the old field, the new one was focused out of sight)."""
        focused = self.app.focused
        if self._sought not in (None, field) or focused is None or field not in focused.ancestors_with_self:
            return
        if field.is_attached:
            self.scroll_to_widget(field, animate=False)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._mount_rest_soon()
        if self._sought is None:
            return
        if self._sought_focus in (None, self._sought) and self._sought in event.widget.ancestors_with_self:
            self._sought_focus = event.widget  # the focus focus_path gave, or the field's hand-over to its editor
        elif event.widget is not self._sought_focus:
            self._sought = None  # the person moved on: the form scrolls as they ask

    def on_mouse_scroll_down(self) -> None:
        self._sought = None
        self._mount_rest_soon()

    def on_mouse_scroll_up(self) -> None:
        self._sought = None

    def on_resize(self) -> None:
        self._keep_sought_in_view()

    def watch_virtual_size(self) -> None:
        self._keep_sought_in_view()

    def _keep_sought_in_view(self) -> None:
        field = self._sought
        if field is None:
            return
        if not field.is_attached:
            self._sought = None
            return
        region = field.virtual_region
        if not region.size:
            return
        # A field the form's first screen holds whole is shown with the group's title above it.
        height = self.scrollable_content_region.height
        top = 0 if region.bottom <= height else min(region.y, self.max_scroll_y)
        if round(self.scroll_y) != top:
            self.scroll_to(y=top, animate=False, immediate=True)
