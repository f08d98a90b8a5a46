"""An Input that shows control characters as visible symbols instead of sending them to the terminal."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Input

from fwk_tui.tui.messages import Sent
from fwk_tui.tui.widgets.ordered_keys import OrderedKeys

# One visible character per control character, so cursor positions stay the
# same: the Unicode control pictures (␛ for ESC, ␊ for a line feed...), ⇥ for
# a tab, and � for what could reorder or hide the text around it (C1 controls,
# bidirectional controls, zero-width characters, line separators, the BOM) and
# for lone surrogates, which no terminal output can hold: the set textutil.plain
# escapes in command output.
_VISIBLE = {c: 0x2400 + c for c in range(0x20)}
_VISIBLE[0x09] = 0x21E5
_VISIBLE[0x7F] = 0x2421
_VISIBLE.update({c: 0xFFFD for c in range(0x80, 0xA0)})
_VISIBLE.update({c: 0xFFFD for c in (0x061C, *range(0x200B, 0x2010), *range(0x2028, 0x202F), *range(0x2060, 0x2070))})
_VISIBLE.update({c: 0xFFFD for c in (0xFEFF, *range(0xD800, 0xE000))})


def visible(text: str) -> str:
    """``text`` with each control character replaced by one visible symbol."""
    return text.translate(_VISIBLE)


def visible_text(text: str, style: Style | str = "reverse") -> Text:
    """``text`` as ``Text`` with control characters as visible symbols, marked with ``style``."""
    shown = visible(text)
    out = Text(shown, end="")
    if shown != text:
        for i, (a, b) in enumerate(zip(text, shown, strict=True)):
            if a != b:
                out.stylize(style, i, i + 1)
    return out


MAX_TYPED = 10_000
"""The most characters typing makes of a one-line input (more when its first value is longer).

Each key costs work in proportion to the text (the input's rendering, the edit, the
check): 1 MB typed as keys by a terminal without bracketed paste ran for hours.
Past the cap a key costs nothing, and the input says it is full."""


MAX_QUERY = 200
"""The most characters a search query takes (the go-to's, the palette's): longer than any option's path.

Each key searches the catalogue with the whole query: pasted text stops here."""


def cap_words(most: int | None) -> str:
    """What a field (or the code editor) says when typing or a paste ran past its cap, ``most`` (only a capped one
    says it)."""
    assert most is not None
    return f"takes at most {most:,} characters; the keys typed past that are not in it"


def first_line_words(left: int) -> str:
    """What a one-line field says of a paste of several lines (``left``: the lines it left out)."""
    return f"the paste's first line went in, its {left:,} other {'line' if left == 1 else 'lines'} did not"


class SafeInput(OrderedKeys, Input):
    """An ``Input`` whose value may hold escape sequences: they show as ␛, ␊, ⇥ and never reach the terminal.

    Typing stops at :data:`MAX_TYPED` characters (or the first value's length); then :class:`Full` is posted.
    """

    class Full(Sent["SafeInput"]):
        """A key or a paste did not fit: the input holds as many characters as typing may make."""

    class FirstLine(Sent["SafeInput"]):
        """A paste of several lines: a one-line input took the first (``left``: how many lines it left out)."""

        def __init__(self, input: SafeInput, left: int) -> None:
            super().__init__(input)
            self.left = left

    def __init__(self, value: str | None = None, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", max(MAX_TYPED, len(value or "")))
        super().__init__(value, *args, **kwargs)
        self._told_full = False

    DEFAULT_CSS = """
    SafeInput {
        & > .safe-input--control {
            color: $text-warning;
            text-style: reverse;
        }
    }
    """

    COMPONENT_CLASSES = Input.COMPONENT_CLASSES | {"safe-input--control"}

    @property
    def _value(self) -> Text:
        if self.password:
            return super()._value
        shown = visible(self.value)
        text = Text(shown, no_wrap=True, overflow="ignore", end="")
        if self.highlighter is not None:
            text = self.highlighter(text)
        if shown != self.value:
            try:
                style = self.get_component_rich_style("safe-input--control")
            except KeyError:  # before the styles are ready (the value is set in __init__)
                style = Style(reverse=True)
            for i, (a, b) in enumerate(zip(self.value, shown, strict=True)):
                if a != b:
                    text.stylize(style, i, i + 1)
        return text

    def _watch_value(self, value: str) -> None:
        # Input keeps its virtual size at the text's width, a layout reactive: every key
        # would lay out the whole screen again. This input's width comes from its CSS,
        # not from its text, so only its own scrolling needs the new size: set it
        # quietly, then Input's own watcher finds it current and repaints just the input.
        if self.styles.width is None or not self.styles.width.is_auto:
            self.set_reactive(Widget.virtual_size, Size(self.content_width, 1))
        super()._watch_value(value)
        self.refresh()
        if self.max_length and len(value) < self.max_length:
            self._told_full = False

    def restricted(self) -> None:
        # Input rings the bell on each key it refuses: 1 MB of keys would ring a million times.
        if self.max_length and len(self.value) >= self.max_length:
            if not self._told_full:
                self._told_full = True
                self.post_message(self.Full(self))
            return
        super().restricted()

    def _on_paste(self, event: events.Paste) -> None:
        # Input refuses a whole paste that would not fit: what fits goes in, and the input says it is full.
        lines = event.text.splitlines() if event.text else []
        line = lines[0] if lines else ""
        left = sum(1 for rest in lines[1:] if rest.strip())
        if left:  # Input takes the first line alone: said (after the change it makes), not done silently
            self.call_later(self.post_message, self.FirstLine(self, left))
        start, end = sorted(self.selection)
        room = self.max_length - (len(self.value) - (end - start)) if self.max_length else len(line)
        if len(line) > room:
            event.stop()
            event.prevent_default()
            self.replace(line[: max(room, 0)], start, end)
            self.restricted()

    def _position_to_cell(self, position: int) -> int:
        return cell_len(visible(self.value[:position]))
