"""The keys of the browser and what its markers mean."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from fwk_tui.tui.render import DIFFERS_MARK, VARIANT_TITLES

KEYS: tuple[tuple[str, str], ...] = (
    ("↑ ↓", "move; the right pane follows the cursor"),
    ("→ ←", "open a group; close it, or go up to the group"),
    ("Enter  Space", "open or close a group"),
    ("Enter  e", "on an option: edit it in this folder's fwk.config.ts (quit the editor to come back)"),
    ("c", "copy the option's path to the clipboard (OSC 52)"),
    ("Tab", "to the detail pane and its related links"),
    ("Enter on a link", "jump to that option (b goes back)"),
    ("/  Ctrl+F", "search as you type: ↑ ↓, Enter goes, Esc closes"),
    ("v", "switch between variant A and variant B"),
    ("F1  ?", "this help (Esc closes it)"),
    ("q", "quit"),
)
"""Every key of the browser, as the help lists them."""


class HelpScreen(ModalScreen[None]):
    """A modal list of keys and markers; Esc, q, F1 or ? closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1,question_mark", "close", "Close help", key_display="Esc"),
    ]

    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
        background: $background 50%;
    }
    #help-box {
        width: 76;
        max-width: 95%;
        height: auto;
        max-height: 90%;
        border: round $accent;
        border-title-color: $text;
        border-subtitle-color: $text-muted;
        background: $surface;
        padding: 0 2;
    }
    """

    def __init__(self, keys: tuple[tuple[str, str], ...] = KEYS, *, markers: bool = True) -> None:
        super().__init__()
        self._keys = keys
        self._markers = markers

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box") as box:
            box.border_title = "Help"
            box.border_subtitle = "Esc closes"
            yield Static(self._help_text(), markup=False)
        yield Footer()

    def on_mount(self) -> None:
        # Focus the box so ↑ ↓ scroll it when the terminal is too short.
        self.query_one("#help-box").focus()

    def _help_text(self) -> Table:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True, style="bold")
        grid.add_column()

        def heading(title: str) -> None:
            grid.add_row(Text(title, style="bold underline"), "")

        heading("Keys")
        for key, what in self._keys:
            grid.add_row(Text(key), Text(what))
        grid.add_row("", "")
        if not self._markers:
            heading("Variants")
            for variant, title in VARIANT_TITLES.items():
                grid.add_row(Text(variant), Text(title))
            return grid
        heading("Markers")
        grid.add_row(Text(DIFFERS_MARK), Text("type or default differs between A and B"))
        grid.add_row(Text("B only", style="italic"), Text("the option exists in one variant only"))
        grid.add_row(Text("dimmed", style="dim"), Text("not in the current variant"))
        grid.add_row(Text("15/18"), Text("options of the group in this variant / in all"))
        grid.add_row("", "")
        heading("Variants")
        for variant, title in VARIANT_TITLES.items():
            grid.add_row(Text(variant), Text(title))
        return grid

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
