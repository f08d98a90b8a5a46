"""A one-line input whose Enter moves the focus on: the keys typed after the Enter follow it."""

from __future__ import annotations

from textual import events

from fwk_tui.tui.held_keys import HeldKeys
from fwk_tui.tui.widgets.safe_input import SafeInput


class EnterHoldsKeys(SafeInput):
    """Enter submits, and the keys typed after it are held for where the submit puts the focus.

    Whoever handles its ``Submitted`` releases them (``app.release_keys_soon()``), also when the
    text is refused: then they come back here. Without the hold, keys typed with the Enter (a
    burst, a fast typist) went into this input as it was being removed.
    """

    submitted = False
    """Enter was typed: the keys after it are held."""

    async def _on_key(self, event: events.Key) -> None:
        app = self.app
        if not isinstance(app, HeldKeys):
            return
        if self.submitted and app.hold_key(event.key, event.character):
            event.stop()
            event.prevent_default()
        elif event.key == "enter":
            self.submitted = True
            app.hold_keys()  # the input's own binding submits next
            app.hold_queued_keys(self)

    def released(self) -> None:
        """The submit was handled: keys typed from now on are this input's again, if it stays."""
        self.submitted = False
        if isinstance(self.app, HeldKeys):
            self.app.release_keys_soon()
