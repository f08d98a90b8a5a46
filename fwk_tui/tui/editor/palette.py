"""The editor's command palette: Textual's, closed once however many Enters a burst sends, and with a short query."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.await_complete import AwaitComplete
from textual.command import CommandInput, CommandPalette
from textual.widgets import Button, Input

from fwk_tui.tui.widgets.safe_input import MAX_QUERY


async def _nothing() -> None:
    return None


class EditorPalette(CommandPalette):
    """Textual's palette, which a second Enter (already queued as it closed) neither closes again nor runs again."""

    _closed_once = False

    def on_mount(self) -> None:
        for query in self.query(CommandInput):
            query.max_length = MAX_QUERY  # a paste past it is cut: each key searches the whole query

    @on(Input.Submitted)
    @on(Button.Pressed)
    def _after_closing(self, event: Input.Submitted | Button.Pressed) -> None:
        # Runs before the palette's own handler, which the default is; a late Enter stops here.
        if self._closed_once:
            event.stop()
            event.prevent_default()

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if self._closed_once or not self.is_active:
            return AwaitComplete(_nothing())
        self._closed_once = True
        return super().dismiss(result)
