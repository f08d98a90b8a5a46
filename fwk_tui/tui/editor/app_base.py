"""What the editor changes in Textual's App: plain toasts, the search key in text fields, hooks on screens and keys."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.notifications import SeverityLevel

from fwk_tui.source.textutil import plain
from fwk_tui.tui.crash_report import PrivateCrashReport
from fwk_tui.tui.escape_keys import ReadsEscapeAsEscape
from fwk_tui.tui.held_keys import HeldKeys
from fwk_tui.tui.long_lived import KeepsStartedObjects
from fwk_tui.tui.min_size import MinimumSize

if TYPE_CHECKING:
    from fwk_tui.journal import Journal


class EditorAppBase(PrivateCrashReport, ReadsEscapeAsEscape, MinimumSize, KeepsStartedObjects, HeldKeys, App[None]):
    """Textual's App with the editor's habits; the editor says what a new screen and a typed key mean to it."""

    journal: Journal | None = None
    """Where unsaved edits are kept as they are made (None: nowhere)."""

    def crash_note(self) -> str:
        note = super().crash_note()
        if self.journal is None:
            return note
        return f"{note} Your unsaved edits are in the journal: open the file again and fwk-tui offers them back."

    def screen_pushed(self) -> None:
        """Another screen (search, palette, save, help) takes the keys."""

    def key_typed(self) -> None:
        """A key the user typed (not one forwarded between widgets) reached the app."""

    def push_screen(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        self.screen_pushed()
        # Keys typed right after the key that opens a screen (Ctrl+F, F1, Ctrl+P) are for that screen: held until
        # it is there, those the focused widget was given and has not read yet too (else a text field took them).
        self.hold_keys()
        if self.focused is not None:
            self.hold_queued_keys(self.focused)
        pushed = super().push_screen(*args, **kwargs)
        self.call_after_refresh(self.release_keys)  # keys held for the screen go to it, now it is there
        return pushed

    async def on_event(self, event: events.Event) -> None:
        if self.holds(event):
            return
        if isinstance(event, events.Key) and not event.is_forwarded:
            self.key_typed()
        if isinstance(event, events.MouseDown):
            # A click moves the focus a moment later (a field hands it to its editor): the keys typed right
            # after it wait for that, then go where it went, not into the widget focused before.
            self.hold_keys()
            await super().on_event(event)
            self.release_keys_soon()
            return
        await super().on_event(event)

    def get_key_display(self, binding: Binding) -> str:
        # In a text field `/` types a slash: the footer names the key that searches there.
        if binding.action == "search" and _types_text(self.focused):
            return super().get_key_display(Binding("ctrl+f", binding.action))
        return super().get_key_display(binding)

    def action_help_quit(self) -> None:
        """Ctrl+C, pressed out of habit: say which key quits (Textual's own words are markup, shown raw here)."""
        for active in self.active_bindings.values():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(f"Press {self.get_key_display(active.binding)} to quit.", title="Do you want to quit?")
                return

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A toast; unlike Textual's default its text is never markup (it often quotes the user's file)."""
        super().notify(plain(message), title=plain(title), severity=severity, timeout=timeout, markup=markup)


def _types_text(widget: object) -> bool:
    """True for a widget where printable keys type text (an input, the code editor)."""
    from textual.widgets import Input

    if isinstance(widget, Input):
        return True
    # No TextArea exists before its module is imported: importing it here (~30 ms) would slow the start.
    text_area = sys.modules.get("textual.widgets._text_area")
    return text_area is not None and isinstance(widget, text_area.TextArea)
