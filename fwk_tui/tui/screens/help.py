"""The keys of the browser and what its markers mean."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from fwk_tui.tui.render import DIFFERS_MARK, VARIANT_TITLES
from fwk_tui.tui.screens.parts import part

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

    def __init__(
        self,
        keys: tuple[tuple[str, str], ...] = KEYS,
        *,
        markers: bool = True,
        sections: Sequence[tuple[str, Sequence[tuple[str, str]]]] = (),
    ) -> None:
        super().__init__()
        self._keys = keys
        self._markers = markers
        self._sections = sections

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box") as box:
            box.border_title = "Help"
            box.border_subtitle = "Esc closes"
            yield Static(self.help_table(), markup=False)
        yield Footer()

    def on_mount(self) -> None:
        # Focus the box so ↑ ↓ scroll it when the terminal is too short.
        if (box := part(self, "#help-box", VerticalScroll)) is not None:  # Esc may have closed it already
            box.focus()

    def help_table(self) -> Group:
        """Each section: its title, then a grid of keys and what they do (the key columns aligned)."""
        sections: list[tuple[str, list[tuple[Text, Text]]]] = [
            (title, [(Text(key), Text(what)) for key, what in rows])
            for title, rows in (self._sections or (("Keys", self._keys),))
        ]
        if self._markers:
            sections.append(
                (
                    "Markers",
                    [
                        (Text(DIFFERS_MARK), Text("type or default differs between A and B")),
                        (Text("B only", style="italic"), Text("the option exists in one variant only")),
                        (Text("dimmed", style="dim"), Text("not in the current variant")),
                        (Text("15/18"), Text("options of the group in this variant / in all")),
                    ],
                )
            )
        sections.append(("Variants", [(Text(v), Text(title)) for v, title in VARIANT_TITLES.items()]))
        width = max(key.cell_len for _, rows in sections for key, _ in rows)
        parts: list[Text | Table] = []
        for title, rows in sections:
            grid = Table.grid(padding=(0, 2), expand=True)
            grid.add_column(no_wrap=True, style="bold", width=width)
            grid.add_column(ratio=1)  # the keys keep their width, the text wraps
            for key, what in rows:
                grid.add_row(key, what)
            if parts:
                parts.append(Text(""))
            parts += [Text(title, style="bold underline"), grid]
        return Group(*parts)

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
