"""A terminal smaller than an app can lay out: a notice in its place, and the keys still typed into the app.

Below a few cells, widgets get no width at all and text wrapping divides by it
(``range() arg 3 must not be zero``). Rather than ask every widget to survive
that, :class:`MinimumSize` lays the screens out at no less than the minimum,
and while the terminal is smaller writes a notice instead of the screen.
Nothing else changes: the focus stays in its field, and keys typed meanwhile
land there at once, as in a terminal of the right size; nothing is held back
that a quit or a crash could drop, and the journal keeps them as edits.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.strip import Strip

MINIMUM = Size(40, 12)
"""The smallest terminal the editor lays out. At 30x10 a field's text got no width and wrapping it raised;
at 36x10 every group's fields, the save preview, the help and the palette lay out: 40x12 leaves a margin."""


def notice_text(terminal: Size, minimum: Size = MINIMUM) -> str:
    """What the terminal shows while it is smaller than ``minimum``."""
    # The words that matter first: a 10x5 terminal shows the first five lines.
    return (
        f"Terminal too small: {terminal.width}x{terminal.height} (needs {minimum.width}x{minimum.height}). "
        "Make the window bigger; keys you type still reach the field that has the focus."
    )


class MinimumSize:
    """Mix into an ``App`` before it: screens are laid out at ``MINIMUM_SIZE`` or more, and a smaller terminal
    shows :func:`notice_text` instead."""

    MINIMUM_SIZE: Size = MINIMUM

    @property
    def terminal_size(self) -> Size:
        """The terminal's own size (``size`` is what the screens are laid out at)."""
        return super().size  # type: ignore[misc,no-any-return]

    @property
    def size(self) -> Size:
        terminal: Size = super().size  # type: ignore[misc]
        minimum = self.MINIMUM_SIZE
        return Size(max(terminal.width, minimum.width), max(terminal.height, minimum.height))

    @property
    def too_small(self) -> bool:
        """The terminal is smaller than the app lays out: the notice is shown."""
        terminal, minimum = self.terminal_size, self.MINIMUM_SIZE
        return terminal.width < minimum.width or terminal.height < minimum.height

    def too_small_notice(self) -> str | None:
        """The notice shown now, or None when the screen is."""
        return notice_text(self.terminal_size, self.MINIMUM_SIZE) if self.too_small else None

    async def on_event(self, event: events.Event) -> None:
        # A click on the notice would land on whatever the screen has under it, unseen.
        if isinstance(event, events.MouseEvent) and self.too_small:
            return
        await super().on_event(event)  # type: ignore[misc]

    def _check_resize(self) -> None:
        # Textual hands the screens the terminal's size: they get the size they are laid out at.
        app: Any = self
        event: events.Resize | None = app._resize_event
        if event is not None:
            app._resize_event = events.Resize(self.size, self.size)
        super()._check_resize()  # type: ignore[misc]
        if getattr(self, "_shows_notice", False) and not self.too_small:
            app.refresh()  # the screen is drawn again, even where its layout did not change

    def _display(self, screen: Any, renderable: Any) -> None:
        if renderable is not None:
            if self.too_small:
                self._shows_notice = True
                renderable = _notice_update(self, self.terminal_size)
            elif getattr(self, "_shows_notice", False):
                # The notice covered cells the screen thinks are drawn: every cell is drawn again.
                self._shows_notice = False
                renderable = screen._compositor.render_update(full=True, screen_stack=screen.app._background_screens)
        super()._display(screen, renderable)  # type: ignore[misc]


def _notice_update(app: Any, terminal: Size) -> Any:
    """The notice as an update of every cell of the terminal (nothing of the screen left around it)."""
    from textual._compositor import LayoutUpdate

    console = app.console
    text = Text(notice_text(terminal, app.MINIMUM_SIZE), style="bold")
    options = console.options.update(width=terminal.width, height=terminal.height)
    lines = console.render_lines(text, options, pad=True, new_lines=False)
    strips: list[Iterable[Strip]] = [[Strip(line, terminal.width)] for line in lines[: terminal.height]]
    return LayoutUpdate(strips, Region(0, 0, terminal.width, terminal.height))
