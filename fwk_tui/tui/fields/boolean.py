"""``boolean``: a switch; toggling it writes ``true`` or ``false``."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static, Switch

from fwk_tui.tui.fields.present import default_value, not_set
from fwk_tui.tui.fields.registry import register
from fwk_tui.tui.fields.value_editor import PreviewLine, ValueEditor, is_missing


@register("boolean")
class BooleanEditor(ValueEditor):
    """A switch showing the value, or the default (dimmed) while the file does not set it."""

    # Enter and Space toggle: the Switch's own keys.

    DEFAULT_CSS = """
    BooleanEditor {
        height: 1;
        layout: horizontal;
        & > Switch {
            border: none;
            padding: 0;
            height: 1;
            width: 6;
            &:focus {
                border: none;
                background-tint: $foreground 10%;
            }
        }
        & > .boolean--label {
            width: 1fr;
            margin: 0 0 0 1;
        }
    }
    """

    def compose(self) -> ComposeResult:
        yield Switch(value=self._shown(self.value), animate=False)
        yield Static(self._label(self.value), classes="boolean--label")

    def _shown(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        default = default_value(self.default)
        return default if isinstance(default, bool) else False

    def _label(self, value: Any) -> Text:
        if is_missing(value) and not isinstance(default_value(self.default), bool):
            # No default to show: "false" would claim one the reference does not give.
            return Text(not_set(self.said_default), style="dim italic", end="")
        text = Text("true" if self._shown(value) else "false", end="")
        if is_missing(value):
            text.stylize("dim")
            if self.default_in_value:
                text.append("  (default)", "dim")
        return text

    def preview(self) -> list[PreviewLine]:
        if is_missing(self.value) and not isinstance(default_value(self.default), bool):
            return [(self._label(self.value), False)]
        mark = Text("● ", style="green") if self._shown(self.value) else Text("○ ", style="dim")
        return [(mark + self._label(self.value), False)]

    def show(self, value: Any) -> None:
        super().show(value)
        switch = self.query_one(Switch)
        with self.prevent(Switch.Changed):
            switch.value = self._shown(value)
        self.query_one(".boolean--label", Static).update(self._label(value))

    def on_switch_changed(self, event: Switch.Changed) -> None:
        event.stop()
        self.query_one(".boolean--label", Static).update(self._label(event.value))
        self.request_set(event.value)
