"""One line of choices, ``○ off  ● on  ○ options…``: which kind of value a union holds."""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.widget import Widget

from fwk_tui.source.textutil import display_width, plain
from fwk_tui.tui.messages import Sent

_GAP = "  "


def picker_text(
    labels: list[str],
    chosen: int | None,
    cursor: int | None = None,
    *,
    cursor_style: Style | str = "",
    chosen_style: Style | str = "bold green",
) -> Text:
    """``○ off  ● on  ○ options…``: the kinds, the chosen one marked, the cursor's styled."""
    text = Text(no_wrap=True, overflow="ellipsis", end="")
    for i, label in enumerate(labels):
        if i:
            text.append(_GAP)
        start = len(text)
        mark = "● " if i == chosen else "○ "
        text.append(mark + plain(label), style=chosen_style if i == chosen else "")
        if i == cursor:
            text.stylize(cursor_style, start, len(text))
    return text


class KindPicker(Widget, can_focus=True):
    """The kinds of a union on one line; ←/→ move, Enter or Space picks (a click picks too).

    ``chosen`` is the kind of the current value, ``None`` when the file does not set it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Previous kind", show=False),
        Binding("right", "move(1)", "Next kind", show=False),
        Binding("enter,space", "pick", "Pick kind"),
    ]

    DEFAULT_CSS = """
    KindPicker {
        height: 1;
        width: 1fr;
        & > .kind-picker--cursor {
            background: $block-cursor-blurred-background;
        }
        &:focus > .kind-picker--cursor {
            color: $block-cursor-foreground;
            background: $block-cursor-background;
            text-style: $block-cursor-text-style;
        }
        & > .kind-picker--chosen {
            color: $text-success;
            text-style: bold;
        }
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"kind-picker--cursor", "kind-picker--chosen"}

    chosen: reactive[int | None] = reactive(None)
    cursor: reactive[int] = reactive(0)

    class Picked(Sent["KindPicker"]):
        """The user picked the kind at ``index``."""

        def __init__(self, picker: KindPicker, index: int) -> None:
            super().__init__(picker)
            self.index = index

    def __init__(self, labels: list[str], chosen: int | None = None, *, classes: str | None = None) -> None:
        super().__init__(classes=classes)
        self.labels = [plain(label) for label in labels]
        self.set_reactive(KindPicker.chosen, chosen)
        self.set_reactive(KindPicker.cursor, chosen or 0)

    def render(self) -> Text:
        return picker_text(
            self.labels,
            self.chosen,
            self.cursor,
            cursor_style=self.get_component_rich_style("kind-picker--cursor"),
            chosen_style=self.get_component_rich_style("kind-picker--chosen"),
        )

    def _at(self, x: int) -> int | None:
        pos = 0
        for i, label in enumerate(self.labels):
            width = 2 + display_width(label)
            if pos <= x < pos + width:
                return i
            pos += width + len(_GAP)
        return None

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(self.labels)

    def action_pick(self) -> None:
        self.post_message(self.Picked(self, self.cursor))

    def on_click(self, event: events.Click) -> None:
        index = self._at(event.x)
        if index is not None:
            self.cursor = index
            self.action_pick()
