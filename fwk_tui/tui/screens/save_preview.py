"""Before saving: exactly what will change in the file, as a coloured unified diff."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from fwk_tui.source.textutil import plain


def diff_text(diff: str) -> Text:
    """``diff`` coloured line by line; its text shown literally (control characters made visible)."""
    out = Text()
    for line in diff.splitlines():
        style = ""
        if line.startswith(("+++", "---")):
            style = "bold"
        elif line.startswith("+"):
            style = "green"
        elif line.startswith("-"):
            style = "red"
        elif line.startswith("@@"):
            style = "cyan"
        out.append(plain(line), style=style)
        out.append("\n")
    out.rstrip()
    return out


def diff_stats(diff: str) -> tuple[int, int]:
    """Lines added and removed by ``diff``."""
    added = removed = 0
    for line in diff.splitlines():
        if line.startswith("+") and not line.startswith("+++"):
            added += 1
        elif line.startswith("-") and not line.startswith("---"):
            removed += 1
    return added, removed


class SavePreviewScreen(ModalScreen[bool]):
    """The diff of the save; Enter or y writes the file, Esc or n goes back to editing."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,y,ctrl+s", "confirm", "Write the file", key_display="Enter"),
        Binding("escape,n", "cancel", "Back to editing", key_display="Esc"),
    ]

    DEFAULT_CSS = """
    SavePreviewScreen {
        align: center middle;
        background: $background 60%;
    }
    #save-box {
        width: 96%;
        max-width: 120;
        height: 90%;
        border: round $accent;
        border-title-color: $text;
        border-subtitle-color: $text-muted;
        background: $surface;
    }
    #save-summary { padding: 0 1; color: $text-muted; height: auto; }
    #save-diff { height: 1fr; padding: 0 1; scrollbar-size-vertical: 1; }
    """

    def __init__(self, file: str, diff: str, note: str = "") -> None:
        super().__init__()
        self._file = file
        self._diff = diff
        self._note = note

    def compose(self) -> ComposeResult:
        added, removed = diff_stats(self._diff)
        with Vertical(id="save-box") as box:
            box.border_title = f"Save {plain(self._file)}?"
            box.border_subtitle = "Enter writes · Esc goes back"
            summary = f"{added} line{'s' if added != 1 else ''} added, {removed} removed; nothing else in the file changes."
            if self._note:
                summary += f"\n{self._note}"
            yield Static(Text(summary), id="save-summary", markup=False)
            with VerticalScroll(id="save-diff"):
                yield Static(diff_text(self._diff), markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#save-diff").focus()

    def action_confirm(self) -> None:
        """Write the file."""
        self.dismiss(True)

    def action_cancel(self) -> None:
        """Go back to editing; nothing is written."""
        self.dismiss(False)
