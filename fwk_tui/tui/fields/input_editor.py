"""The base of the one-line editors (text, number, JavaScript literal): an input checked at every keystroke."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Input

from fwk_tui.paths import parse_path
from fwk_tui.session import Edit
from fwk_tui.source.values import Code
from fwk_tui.tui.fields.kinds import field_error
from fwk_tui.tui.fields.prefix_suggester import PrefixSuggester
from fwk_tui.tui.fields.present import not_set, safe
from fwk_tui.tui.fields.slot import EditorSlot
from fwk_tui.tui.fields.value_editor import (
    PreviewLine,
    ValueEditor,
    is_missing,
    lazy_static,
    same_value,
)
from fwk_tui.tui.widgets.safe_input import SafeInput, cap_words, first_line_words, visible_text


class InvalidText(Exception):
    """Typed text that stands for no value of the editor's kind; the message says why."""


class InputEditor(ValueEditor):
    """An input; each keystroke that makes a right value asks for it to be written, merged into one undo step.

    A wrong text shows the reason under the input and writes nothing; an empty
    input of an unset field writes nothing either. Subclasses say how text
    reads as a value (:meth:`read`) and how a value is written (:meth:`text_of`).
    """

    DEFAULT_CSS = """
    InputEditor {
        height: auto;
        & > SafeInput {
            width: 1fr;
            margin: 0 1 0 0;
        }
        & > .input--message {
            height: auto;
            color: $text-error;
            display: none;
        }
        &.-invalid > .input--message {
            display: block;
        }
        &.-note > .input--message {
            display: block;
            color: $text-muted;
        }
    }
    """

    _shown_problem: tuple[str | None, bool] = (None, False)

    def prepare(self) -> None:
        super().prepare()
        self._asked: list[Any] = []

    SELECT_ON_FOCUS = False
    """Select the whole text when the input gets the focus (typing replaces it)."""

    def compose(self) -> ComposeResult:
        suggestions = self.suggestions()
        yield SafeInput(
            self.text_of(self.value),
            placeholder=self._placeholder_now(),
            suggester=PrefixSuggester(suggestions) if suggestions else None,
            compact=True,
            select_on_focus=self.SELECT_ON_FOCUS,
        )

    # -- what subclasses say ------------------------------------------------------

    def read(self, text: str) -> Any:
        """The value ``text`` stands for; raises :class:`InvalidText`."""
        return text

    def text_of(self, value: Any) -> str:
        """How ``value`` is written in the input (``''`` when not set)."""
        return value if isinstance(value, str) else ""

    def placeholder(self) -> str:
        return not_set(self.said_default)

    def suggestions(self) -> list[str]:
        return []

    def post(self, value: Any) -> None:
        """Ask for ``value`` to be written (a keystroke: merged)."""
        self.request_set(value, merge=True)

    def request(self, edit: Edit, *, merge: bool = False) -> None:
        # Remember what was asked: when the file comes back with it, the user may have typed on.
        self._asked.append(edit.value if edit.kind == "set" else Code(edit.value))
        super().request(edit, merge=merge)

    def _placeholder_now(self) -> str:
        """What the empty input says: the default, or that the file holds an empty string."""
        if self.value == "":
            # Ctrl+R resets a whole option: said only by the option's own input, not by an item's, and where the
            # key does (the wizard's Ctrl+R shows private values).
            whole = self.parent is None or not isinstance(self.parent, (ValueEditor, EditorSlot))
            key = self.app.active_bindings.get("ctrl+r") if whole and self.is_attached else None
            if key is not None and key.binding.action == "reset":
                return "'' (an empty string is set; Ctrl+R resets to the default)"
            return "'' (an empty string is set)" if whole else "'' (an empty string)"
        return self.placeholder()

    def preview(self) -> list[PreviewLine]:
        text = self.text_of(self.value)
        if not text:
            return [(Text(self._placeholder_now(), style="dim"), True)]
        return [(visible_text(text), True)]

    # -- behaviour ----------------------------------------------------------------

    @property
    def input(self) -> SafeInput:
        return self.query_one(SafeInput)

    def check(self, text: str) -> tuple[Any, str | None]:
        """``(value, None)`` for a right text, else ``(None, reason)``."""
        try:
            value = self.read(text)
        except InvalidText as exc:
            return None, str(exc)
        if self.type_ is None:
            return value, None
        return value, field_error(self.type_, value, parse_path(self.path), self.variant)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        text = event.value
        self.text_changed(text)
        if (not text and is_missing(self.value)) or text == self.text_of(self.value):
            # The file's own value: its diagnostics are the field's to show.
            self._message(self._reading_note(text), note=True)
            return
        value, problem = self.check(text)
        if problem is None:
            self._message(self._reading_note(text), note=True)
        else:
            self._message(problem)
        if problem is None and not same_value(value, self.value):
            self.post(value)

    def on_safe_input_full(self, event: SafeInput.Full) -> None:
        event.stop()
        self._message(f"This field {cap_words(event.control.max_length)}.", note=True)

    def on_safe_input_first_line(self, event: SafeInput.FirstLine) -> None:
        event.stop()
        self._message(f"This field holds one line: {first_line_words(event.left)}.", note=True)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit(event.value)
        if self.check(event.value)[1] is None:
            self.post_message(ValueEditor.Entered(self))

    def submit(self, text: str) -> None:
        """Enter in the input: nothing more by default (every keystroke already wrote what it could)."""

    def text_changed(self, text: str) -> None:
        """The input now holds ``text`` (typed, or put back): what depends on the text alone follows it."""

    def reading_note(self, text: str) -> str | None:
        """A dim note under the input on what right ``text`` was taken as (``as text``), or ``None``."""
        return None

    def _reading_note(self, text: str) -> str | None:
        return self.reading_note(text) if text else None

    def _message(self, problem: str | None, *, note: bool = False) -> None:
        """Show ``problem`` under the input (an error, or a ``note`` that is not one); ``None`` hides it."""
        note = note and problem is not None
        if (problem, note) == self._shown_problem:
            return
        invalid = problem is not None and not note
        if invalid != self.has_class("-invalid"):
            self.post_message(ValueEditor.ReadChanged(self))
        self._shown_problem = (problem, note)
        self.set_class(invalid, "-invalid")
        self.set_class(problem is not None and note, "-note")
        if problem is not None or self.query_children(".input--message"):
            lazy_static(self, "input--message").update(safe(problem) if problem else Text())

    def pending_text(self) -> str | None:
        if not self.query_children(SafeInput):
            return None  # not composed: nothing typed
        text = self.input.value
        if (not text and is_missing(self.value)) or text == self.text_of(self.value):
            return None
        value, problem = self.check(text)
        if problem is None and same_value(value, self.value):
            return None
        return text

    def discard_text(self) -> None:
        text = self.text_of(self.value)
        self.restore_text(text)  # read as if typed: the file's own text, so nothing is written
        self.input.cursor_position = len(text)

    def restore_text(self, text: str) -> None:
        if self.query_children(SafeInput):
            self.input.value = text  # checked as if typed: the message under it says why it does not read
        else:
            self.call_after_refresh(self.restore_text, text)

    @property
    def problem(self) -> str | None:
        """The message under the input, or ``None``."""
        return self.check(self.input.value)[1] if self.has_class("-invalid") else None

    def show(self, value: Any) -> None:
        previous = self.value
        super().show(value)
        placeholder = self._placeholder_now()
        for field in self.query(SafeInput):  # none until composed
            if field.placeholder != placeholder:
                field.placeholder = placeholder
        for i, asked in enumerate(self._asked):
            if same_value(asked, value):
                # Our own edit coming back; keys typed since then are newer than it.
                del self._asked[: i + 1]
                return
        self._asked.clear()
        field = self.input
        if same_value(previous, value):
            return  # nothing new from the file: the user's text stays, even half typed
        if not field.value and is_missing(value):
            return
        typed, problem = self.check(field.value)
        if problem is None and same_value(typed, value):
            return  # the user's own text: keep it and its cursor
        with self.prevent(Input.Changed):
            field.max_length = max(field.max_length or 0, len(self.text_of(value)))  # the file's own text fits
            field.value = self.text_of(value)
            field.cursor_position = len(field.value)
        self._message(None)
