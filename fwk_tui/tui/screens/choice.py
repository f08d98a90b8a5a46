"""A modal question with a few answers, each on a key (quit with unsaved edits, reload, recover)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from fwk_tui.source.textutil import plain
from fwk_tui.tui.screens.parts import part


@dataclass(frozen=True)
class Answer:
    """One answer: the value returned, its button label and its key."""

    value: str
    label: str
    key: str
    variant: str = "default"


class ChoiceScreen(ModalScreen[str]):
    """Ask ``question``; return the chosen answer's value (Esc returns ``cancel_value``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", key_display="Esc"),
        Binding("left", "app.focus_previous", "Previous", show=False),
        Binding("right", "app.focus_next", "Next", show=False),
    ]

    DEFAULT_CSS = """
    ChoiceScreen {
        align: center middle;
        background: $background 60%;
    }
    #choice-box {
        width: 72;
        max-width: 96%;
        height: auto;
        max-height: 90%;
        border: round $warning;
        border-title-color: $text;
        background: $surface;
        padding: 1 2;
    }
    #choice-detail { color: $text-muted; margin: 1 0 0 0; max-height: 12; }
    #choice-buttons { height: auto; margin: 1 0 0 0; align-horizontal: center; }
    #choice-buttons > Button { margin: 0 1; min-width: 12; }
    """

    def __init__(
        self,
        title: str,
        question: str,
        answers: list[Answer],
        *,
        detail: str = "",
        cancel_value: str = "cancel",
    ) -> None:
        super().__init__()
        self._title = title
        self._question = question
        self._answers = answers
        self._detail = detail
        self._cancel = cancel_value

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box") as box:
            box.border_title = Text(plain(self._title))  # titles and questions quote file names: never markup
            yield Static(Text(plain(self._question)), id="choice-question", markup=False)
            if self._detail:
                yield Static(Text(plain(self._detail)), id="choice-detail", markup=False)
            with Horizontal(id="choice-buttons"):
                for answer in self._answers:
                    label = Text(f"{answer.label} ({answer.key})")
                    yield Button(label, id=f"answer-{answer.value}", variant=answer.variant)  # type: ignore[arg-type]

    def on_mount(self) -> None:
        if (button := part(self, "Button", Button)) is not None:  # an answer key may have closed it already
            button.focus()

    def on_key(self, event: events.Key) -> None:
        if self.app.screen is not self:
            return  # answered already (two answer keys read at once): the first one counts
        for answer in self._answers:
            if event.key == answer.key:
                event.stop()
                self.dismiss(answer.value)
                return

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        assert event.button.id is not None
        self.dismiss(event.button.id.removeprefix("answer-"))

    def action_cancel(self) -> None:
        """Close without choosing."""
        self.dismiss(self._cancel)
