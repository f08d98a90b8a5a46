"""Before saving: exactly what will change in the file, as a coloured unified diff."""

from __future__ import annotations

from typing import ClassVar, Literal

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from fwk_tui.source.document import ConfigDocument
from fwk_tui.source.textutil import plain
from fwk_tui.tui.screens.parts import part


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


SaveAnswer = Literal["write", "cancel", "back"]


WRITTEN_WIDTH = 40
"""The longest value shown as what a field left unread saves."""


def written_value(doc: ConfigDocument, path: str) -> str:
    """The source of the value the save writes at ``path``, on one line and cut; "not set" when there is none."""
    try:
        span = doc.span(path)
    except (KeyError, ValueError):
        return "not set"
    text = " ".join(doc.data[span.start : span.end].decode("utf-8", "replace").split())
    return text if len(text) <= WRITTEN_WIDTH else text[: WRITTEN_WIDTH - 1] + "…"


def pending_text(pending: list[tuple[str, str]], written: dict[str, str] | None = None) -> Text:
    """The fields whose typed text is not in the file, one line each (the user's text shown literally),
    with what the save writes for each instead: the last value that read."""
    out = Text()
    out.append("Left out: ", style="bold")
    out.append("typed text that does not read; each field saves its last value that read:\n")
    for path, text in pending:
        out.append(f"  {plain(path)}", style="bold")
        out.append(": ")
        out.append(plain(text), style="reverse")
        if written is not None and path in written:
            out.append("  saves ")
            out.append(plain(written[path]), style="bold")
        out.append("\n")
    out.append("g goes back to ", style="")
    out.append(plain(pending[0][0]), style="bold")
    out.append("; Enter saves as shown.")
    return out


class SavePreviewScreen(ModalScreen[SaveAnswer]):
    """The diff of the save; Enter or y writes the file, Esc or n goes back to editing.

    ``pending``: fields holding typed text that does not read, (path, text):
    named above the diff, and ``g`` goes back to the first of them.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,y,ctrl+s", "confirm", "Write the file", key_display="Enter"),
        Binding("escape,n", "cancel", "Back to editing", key_display="Esc"),
        Binding("g", "back", "Go to the field left out"),
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
    #save-pending { padding: 0 1; color: $text-warning; height: auto; margin: 0 0 1 0; }
    #save-diff { height: 1fr; padding: 0 1; scrollbar-size-vertical: 1; }
    """

    def __init__(
        self,
        file: str,
        diff: str,
        note: str = "",
        pending: list[tuple[str, str]] | None = None,
        written: dict[str, str] | None = None,
    ) -> None:
        super().__init__()
        self._file = file
        self._diff = diff
        self._note = note
        self._pending = pending or []
        self._written = written

    def compose(self) -> ComposeResult:
        added, removed = diff_stats(self._diff)
        with Vertical(id="save-box") as box:
            box.border_title = Text(f"Save {plain(self._file)}?")  # a file name is never markup
            box.border_subtitle = "Enter writes · Esc goes back"
            summary = (
                f"{added} line{'s' if added != 1 else ''} added, {removed} removed; nothing else in the file changes."
            )
            if self._note:
                summary += f"\n{self._note}"
            yield Static(Text(summary), id="save-summary", markup=False)
            if self._pending:
                yield Static(pending_text(self._pending, self._written), id="save-pending", markup=False)
            with VerticalScroll(id="save-diff"):
                yield Static(diff_text(self._diff), markup=False)
        yield Footer()

    def on_mount(self) -> None:
        # Enter typed as the preview opens can dismiss it before this runs: its widgets are gone then.
        if (diff := part(self, "#save-diff", VerticalScroll)) is not None:
            diff.focus()

    def on_key(self, event: events.Key) -> None:
        # A character typed while the preview is open goes nowhere: said, not lost without a word.
        if event.is_printable and event.key not in self._bindings.key_to_bindings:
            event.stop()
            self.app.bell()
            self.app.notify(
                f"{event.character!r} was not typed: the save preview is open. Enter writes the file, Esc goes back.",
                severity="warning",
                timeout=4,
            )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return bool(self._pending)
        return True

    def action_confirm(self) -> None:
        """Write the file."""
        self.dismiss("write")

    def action_cancel(self) -> None:
        """Go back to editing; nothing is written."""
        self.dismiss("cancel")

    def action_back(self) -> None:
        """Go back to the first field left out; nothing is written."""
        self.dismiss("back")
