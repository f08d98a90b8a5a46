"""A footer of key bindings that never cuts a key: the keys that do not fit go, whole, on the next line."""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.containers import HorizontalGroup
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


def key_width(key: FooterKey) -> int:
    """Cells a key takes in the footer: `` key `` then ``description `` (Textual's padding)."""
    if not key.description:
        return cell_len(key.key_display)
    return cell_len(key.key_display) + 2 + cell_len(key.description) + 1


def key_lines(keys: Iterable[Widget], width: int) -> list[list[Widget]]:
    """``keys`` in lines of ``width`` cells at most, in order; a key wider than a line has one of its own."""
    lines: list[list[Widget]] = [[]]
    room = width
    for key in keys:
        needed = key_width(key) if isinstance(key, FooterKey) else 0
        if needed > room and lines[-1]:
            lines.append([])
            room = width
        lines[-1].append(key)
        room -= needed
    return lines


class WrappingFooter(Footer):
    """Textual's ``Footer``, on as many lines as its keys need.

    Textual's draws its keys on one line and cuts those past the width (``^q Qu``, the rest out of sight): a
    key-value editor's keys with the wizard's and the editor's leave no room at 80 columns for Help.
    """

    DEFAULT_CSS = """
    WrappingFooter {
        layout: vertical;
        height: auto;
        & > .footer--line {
            height: 1;
        }
    }
    """

    _laid_for = 0
    """The width the keys were last laid out in lines for."""

    def compose(self) -> ComposeResult:
        keys = list(super().compose())
        width = self.size.width or self.app.size.width  # before the first layout, it spans the screen
        self._laid_for = width
        for line in key_lines(keys, width):
            yield HorizontalGroup(*line, classes="footer--line")

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._laid_for and self.is_attached:
            self.call_after_refresh(self.recompose)
