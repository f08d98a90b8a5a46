"""A typed field of the editor's form: header, the value's editor, and the diagnostics under it.

A field never touches the session or the document: its editor posts
:class:`OptionField.EditRequested` and the app applies the edit, then calls
:meth:`OptionField.refresh_state` with the new value. The part that edits the
value is a :class:`ValueEditor` chosen by kind (:mod:`fwk_tui.tui.fields.registry`);
it is swapped in place when the value changes kind (code replaced by a typed
value, a fix turning ``'3000'`` into ``3000``, an undo).

Until a field first gets the focus it shows its value as text in one
``Static`` (each editor's :meth:`ValueEditor.preview`): a group's form holds
up to ~40 fields and every mounted widget costs styling and layout. The
editor is mounted when the field is focused (Tab, a click, the form's
``focus_path``) and stays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeAlias

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Input, Static

from fwk_tui.catalog.models import Default, Option, Variant
from fwk_tui.catalog.types import TypeExpr, render
from fwk_tui.paths import PathError, parse_path
from fwk_tui.source.values import UNDEFINED
from fwk_tui.tui.fields.header import HeaderLines, header
from fwk_tui.tui.fields.input_editor import InputEditor
from fwk_tui.tui.fields.lines import PreviewLines
from fwk_tui.tui.fields.present import diagnostics_text, effective_text, spreads_text
from fwk_tui.tui.fields.registry import editor_for
from fwk_tui.tui.fields.slot import update_editor
from fwk_tui.tui.fields.steady import SteadyArrange
from fwk_tui.tui.fields.value_editor import ValueEditor, is_missing
from fwk_tui.tui.held_keys import HeldKeys
from fwk_tui.tui.messages import Sent
from fwk_tui.tui.settle import settle
from fwk_tui.validate import Diagnostic


class OptionField(SteadyArrange, can_focus=True):
    """One option (or a key the catalogue does not know) of the form.

    Shows the name, the type, the default of the current variant, whether the
    file sets it and its environment variable, then the value's editor, then
    the diagnostics at or below ``path``.
    """

    DEFAULT_CSS = """
    OptionField {
        height: auto;
        margin: 0 0 1 0;
        padding: 0 0 0 1;
        border-left: blank;
        &:focus-within {
            border-left: outer $accent;
        }
        & > .field--header {
            height: auto;
        }
        & > .field--diagnostics, & > .field--spreads, & > .field--effective {
            height: auto;
        }
        & > .field--value {
            background: $boost;
        }
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"field--value"}

    EditRequested: TypeAlias = ValueEditor.EditRequested
    """The edit request of the field's editors (see :class:`ValueEditor.EditRequested`)."""

    class Focused(Sent["OptionField"]):
        """A part of the field got the focus (the app shows the option's docs)."""

        def __init__(self, field: OptionField, path: str, option: Option | None) -> None:
            super().__init__(field)
            self.path = path
            self.option = option

    class Sealed(Sent["OptionField"]):
        """The focus left the field (the app ends the merged undo step of typing)."""

        def __init__(self, field: OptionField, path: str) -> None:
            super().__init__(field)
            self.path = path

    def __init__(
        self,
        path: str,
        option: Option | None,
        value: Any,
        variant: Variant,
        diagnostics: list[Diagnostic],
        *,
        full_name: bool = False,
        **widget_kwargs: Any,
    ) -> None:
        super().__init__(**widget_kwargs)
        self.path = path
        self.full_name = full_name
        """Name the field by its path below the top-level key (``head.title``): a form of a whole group."""
        self.option = option
        self.value = value
        self.variant = variant
        self.diagnostics = list(diagnostics)
        self._editor: ValueEditor = self._new_editor()
        self._active = False
        self._header_state: tuple[object, ...] | None = None
        self._early_keys: list[tuple[str, str | None]] = []
        self._replaying = False
        self._handed_over = False  # the editor was asked to take the focus
        self._app_holds = False  # the app holds the keys typed here until the editor has the focus
        self._row = False  # the field itself holds the focus (see hold_row): a key enters it or acts as a command
        self._inactive: RenderableType | None = None
        self.spread_notes: list[str] = []
        """Why an unsaved edit here means something else at run time: a spread of the same object defines the key."""
        self.effective_notes: list[tuple[str, str]] = []
        """(kind, text): the value the app gets when not the file's, and where from (``fwk_tui.resolve.notes``)."""
        self._lines_shown: dict[str, list[Any]] = {}  # the notes each kind of line under the editor shows

    DEFAULT_IN_VALUE: ClassVar[bool] = True
    """The value's line of an option the file does not set says its default, as the header's second line does."""

    def _new_editor(self) -> ValueEditor:
        return self._own(editor_for(self.path, self.type_, self.value, default=self.default))

    def _own(self, editor: ValueEditor) -> ValueEditor:
        """``editor``, made this field's value editor (:attr:`DEFAULT_IN_VALUE`)."""
        editor.default_in_value = self.DEFAULT_IN_VALUE
        return editor

    # ------------------------------------------------------------------ state

    @property
    def type_(self) -> TypeExpr | None:
        """The option's type in the current variant; ``None`` for a key the catalogue does not know."""
        return None if self.option is None else self.option.type_for(self.variant)

    @property
    def default(self) -> Default | None:
        if self.option is None or not self.option.in_variant(self.variant):
            return None
        return self.option.default_for(self.variant)

    @property
    def is_set(self) -> bool:
        return not is_missing(self.value) or self.value is UNDEFINED

    @property
    def active(self) -> bool:
        """True once the editor is mounted; until then the field shows its value as text."""
        return self._active

    @property
    def editor(self) -> ValueEditor:
        """The editor of the value, mounted on first use (it changes when the value changes kind)."""
        self.activate(focus=False)
        return self._editor

    def activate(self, *, focus: bool = True) -> ValueEditor:
        """Mount the editor in place of the value's text (and focus it)."""
        if not self._active:
            self._active = True
            self.can_focus = False
            if self.is_mounted:
                self._inactive = None
                self.mount_all([Static(classes="field--header"), self._editor])
                self._show()
        if focus:
            self.call_after_refresh(self._focus_editor)
        return self._editor

    def _focus_editor(self) -> None:
        # The field itself was brought into view by what focused it: the hand-over to its
        # editor, inside the same rows, does not scroll again (an animated scroll, aimed
        # before the form was laid out, would carry the field away).
        focused = self.screen.focused if self.is_attached else None
        elsewhere = focused is not None and focused is not self and self not in focused.ancestors
        if not elsewhere or self._early_keys or self._app_holds:
            self._editor.focus_first(scroll_visible=False)  # else the focus went on meanwhile (a click): it stays
        self.can_focus = False  # the editor has the keys now (see take_focus)
        self._handed_over = True
        self._schedule_replay()
        if self._app_holds and isinstance(self.app, HeldKeys):
            self._app_holds = False
            self.app.release_keys_soon()

    def take_focus(self) -> None:
        """Focus the field's editor; keys typed before the editor can take them are kept for it.

        An editor mounted a moment ago (text put back when its group opened again) has no
        focusable widget yet: the field holds the focus, and the keys, until it has.
        """
        # The field's current editor: one it replaces may still be there, going once the focus
        # has moved (see swap_editor); focusing that would hand the keys to another field.
        parts = [self._editor, *self._editor.query("*")] if self._active else list(self.query("*"))
        target = next((w for w in parts if w.focusable), None)
        if target is not None:
            target.focus(scroll_visible=False)  # the form scrolls to the field (ConfigForm.focus_path)
            return
        self.can_focus = True
        self.focus(scroll_visible=False)

    def hold_row(self) -> None:
        """Focus the field itself, not its editor: after an undo, a redo, a fix or a reset the person has not chosen
        to type here, so a key meant as a command (``/`` searches, Ctrl+Z undoes again) acts as one; Enter enters the
        editor, and any other key enters it and is typed there."""
        self._row = True
        self.can_focus = True
        self.focus(scroll_visible=False)

    def end_typing(self) -> None:
        """Done typing in the field's own value (Esc, or Enter on a text that reads): what was typed is one undo step
        (:class:`Sealed`), whatever is typed next another, and the row holds the focus (see :meth:`hold_row`)."""
        self.post_message(self.Sealed(self, self.path))
        self.hold_row()

    @property
    def holds_row(self) -> bool:
        """The field itself has the focus (see :meth:`hold_row`)."""
        return self._row and self.has_focus

    def _types_in_own_input(self) -> bool:
        """The focus is in the input of this field's own editor (a text, a number), not in one it opened (a
        record's key or value, a list's item: Esc closes those)."""
        focused = self.screen.focused if self._active and self.is_attached else None
        if not isinstance(focused, Input):
            return False
        owner = next((a for a in focused.ancestors if isinstance(a, ValueEditor)), None)
        # Its own text or number, or a union's: not a key's input of a record, which Esc closes.
        return isinstance(owner, InputEditor) and self._editor.enters_with(owner)

    def _row_beside(self, step: int) -> None:
        """Hold the row of the field ``step`` fields above (-1) or below (1) this one, if there is one."""
        rows = [w for w in self.parent.children if isinstance(w, OptionField) and w.display] if self.parent else []
        at = rows.index(self) + step if step and self in rows else -1
        if 0 <= at < len(rows):
            rows[at].hold_row()
            if at == 0 and isinstance(self.parent, Widget):
                self.parent.scroll_home(animate=False)  # the form's title and summary above the first row too
            else:
                rows[at].scroll_visible(animate=False)

    def _enter_from_row(self, key: str | None = None, character: str | None = None) -> None:
        self._row = False
        if key is not None:
            self._early_keys.append((key, character))
        self._handed_over = False
        self.activate(focus=True)

    def _schedule_replay(self) -> None:
        if self._early_keys and not self._replaying:
            self._replaying = True
            self.run_worker(self._replay(), group="field-keys")

    async def _replay(self) -> None:
        # One at a time, each handled to the end before the next: a key bound to an
        # action (ctrl+u) acts when its event has gone up the DOM, so the next
        # characters would overtake it. Keys may still arrive until the focus moves.
        await settle(self.app, rounds=1)  # the focus has moved (Widget.focus is deferred)
        while self._early_keys:
            key, character = self._early_keys.pop(0)
            self.app.post_message(events.Key(key, character))
            await settle(self.app)
        self._replaying = False

    def restore_text(self, text: str) -> None:
        """Show ``text`` typed into this field's editor earlier, that does not read (see ``ConfigForm.unread``)."""
        editor = self.activate(focus=False)
        self.call_after_refresh(editor.restore_text, text)

    def focus_at(self, path: str) -> bool:
        """Focus the part of the field editing ``path`` (``app.head.title`` in the field of ``app.head``).

        Opens the rows that hold it; ``False`` when ``path`` is not at or below the field's path.
        """
        try:
            inner, whole = parse_path(path), parse_path(self.path)
        except PathError:
            return False
        if inner[: len(whole)] != whole:
            return False
        editor = self.activate(focus=False)
        editor.reveal_once_composed(inner[len(whole) :])
        return True

    def compose(self) -> ComposeResult:
        # Until it is focused a field is one widget drawing its own text (see render):
        # a form holds dozens of fields, and each widget costs at start and at every layout.
        if self._active:
            yield Static(classes="field--header")
            yield self._editor

    def render(self) -> RenderableType:
        return self._inactive if self._inactive is not None and not self._active else ""

    def on_mount(self) -> None:
        self._show()

    def refresh_state(self, value: Any, variant: Variant, diagnostics: list[Diagnostic]) -> None:
        """Show the file's new ``value``, the ``variant``'s default and type, and ``diagnostics``.

        Never moves the focus, and leaves an input alone when it already reads ``value``.
        """
        self.value = value
        self.variant = variant
        self.diagnostics = list(diagnostics)
        if self._active and self.is_mounted:
            self._editor = self._own(update_editor(self, self._editor, self.type_, value, self.default))
        else:
            self._editor = self._new_editor()
        if self.is_mounted:
            self._show()

    # ------------------------------------------------------------------ drawing

    def _show(self) -> None:
        type_text = "unknown key" if self.option is None else render(self.option.type_for(self.variant))
        if self._active:
            head = self.query_one(".field--header", Static)
            state = (self.variant, self.is_set, type_text, self._elsewhere)
            if state != self._header_state:  # an update lays the form out again: not at every keystroke
                self._header_state = state
                head.update(self._header(type_text))
            for name, notes, text_of in self._notes():
                if notes != self._lines_shown.get(name):  # a layout of the form per keystroke is saved
                    self._lines_shown[name] = list(notes)
                    self._show_lines(name, text_of(notes) if notes else None)
            return
        self._header_state = None
        top = self._header(type_text)
        # Not focused yet: one Static says it all (a form holds dozens of fields).
        box = Style(bgcolor=self.get_component_rich_style("field--value").bgcolor)
        parts: list[Any] = [top]
        if not self._elsewhere:
            parts.append(PreviewLines(self._editor.preview(), box))  # else the layer's value says it, not "not set"
        for _, notes, text_of in self._notes():
            if notes:
                text = text_of(notes)
                text.end = "\n"  # measured one line short inside a Group without it
                parts.append(text)
        self._inactive = Group(*parts)
        self.refresh(layout=True)

    def _notes(self) -> list[tuple[str, list[Any], Callable[[list[Any]], Text]]]:
        """The lines under the value, by class: its diagnostics, the spreads that define the key again, the value
        the app gets when not the file's."""
        return [
            ("field--diagnostics", self.diagnostics, lambda shown: diagnostics_text(shown, self.path)),
            ("field--spreads", self.spread_notes, spreads_text),
            ("field--effective", self.effective_notes, effective_text),
        ]

    @property
    def _elsewhere(self) -> bool:
        """Not set in the file, and a layer or a section gives the app a value."""
        return not self.is_set and any(kind == "layer" for kind, _ in self.effective_notes)

    def _header(self, type_text: str) -> HeaderLines:
        return header(
            self.path, self.option, self.variant, self.is_set, type_text, full_name=self.full_name,
            elsewhere=self._elsewhere,
        )  # fmt: skip

    def show_spread_notes(self, notes: list[str]) -> None:
        """Show ``notes`` under the field (none: the line goes)."""
        if notes == self.spread_notes:
            return
        self.spread_notes = list(notes)
        if self.is_mounted:
            self._show()

    def show_effective_notes(self, notes: list[tuple[str, str]]) -> None:
        """Show ``notes`` of the effective configuration under the field (none: the lines go)."""
        if notes == self.effective_notes:
            return
        self.effective_notes = list(notes)
        if self.is_mounted:
            self._show()

    def _show_lines(self, name: str, text: RenderableType | None) -> None:
        """The lines of class ``name`` under the field show ``text`` (None: they go)."""
        found = self.query_children(f".{name}")
        if text is None:
            found.remove()
        elif found:
            found.first(Static).update(text)
        else:
            self.mount(Static(text, classes=name))

    # ------------------------------------------------------------------ focus

    def on_focus(self, event: events.Focus) -> None:
        if self._row:  # held as a row (hold_row): the editor takes over at the first key that is not a command
            self.post_message(self.Focused(self, self.path, self.option))  # the docs pane follows it all the same
            return
        # Tab, a click or the form's focus_path reached the field's text: its editor takes over.
        self.activate(focus=True)

    def on_blur(self, event: events.Blur) -> None:
        if self._row and self.is_attached and self.app.screen is self.screen:
            self._row = False  # the focus went on in the form (a search's screen over it keeps the row)
            self.can_focus = not self._active

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape" and self._types_in_own_input():
            event.stop()
            event.prevent_default()
            self.end_typing()  # the next `/` searches, Enter or a key enters the value again
            return
        if event.key in ("up", "down") and self._types_in_own_input():
            # One line of text has no line above or below: the arrows go to the field above or below, as in a form.
            event.stop()
            event.prevent_default()
            (self.screen.focus_previous if event.key == "up" else self.screen.focus_next)()
            return
        if self.holds_row:
            if _is_command(self, event.key):
                return  # the app's, or the screen's: it acts as it does anywhere (`/` searches)
            event.stop()
            event.prevent_default()
            if event.key in ("up", "down", "left", "right"):
                # Rows are moved between, not entered: ← on a code's row opened its editor unasked.
                self._row_beside(-1 if event.key == "up" else 1 if event.key == "down" else 0)
            elif event.key == "enter":
                self._enter_from_row()
            else:
                self._enter_from_row(event.key, event.character)
            return
        if self.has_focus:
            # Typed while the editor is being mounted: kept for it, not lost.
            event.stop()
            event.prevent_default()
            app = self.app
            if not self._handed_over and isinstance(app, HeldKeys):
                # The app holds this key and the ones typed after it, some perhaps read by the
                # editor once it has the focus: kept here, this one would come after them.
                app.hold_keys()
                if app.hold_key(event.key, event.character):
                    self._app_holds = True
                    return
            self._early_keys.append((event.key, event.character))
            if self._handed_over:
                self._schedule_replay()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._row = False
        self.post_message(self.Focused(self, self.path, self.option))

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        focused = self.screen.focused if self.is_attached else None
        if focused is None or not (focused is self or self in focused.ancestors):
            self.post_message(self.Sealed(self, self.path))
            self.settle_kind()

    def settle_kind(self) -> None:
        """Give the value its kind's editor, now that the focus has left (see ``slot.update_editor``)."""
        if self._active and self.is_mounted and not self._editor.has_focus_within:
            self._editor = self._own(update_editor(self, self._editor, self.type_, self.value, self.default))


def _is_command(field: OptionField, key: str) -> bool:
    """A key the app or the screen binds (undo, search, save, Tab...), as the keymap has it."""
    return any(key in node._bindings.key_to_bindings for node in (field.app, field.screen))
