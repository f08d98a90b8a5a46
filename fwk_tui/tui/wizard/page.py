"""What every group of the wizard's steps shares: the answers, the scratch session, the plan, small widgets."""

from __future__ import annotations

from rich.text import Text
from textual.screen import Screen
from textual.widgets import RadioSet, Static

from fwk_tui.catalog.models import Catalog, Option
from fwk_tui.session import EditSession
from fwk_tui.tui.fields import MISSING, OptionField
from fwk_tui.tui.messages import Sent
from fwk_tui.tui.wizard.scratch import scratch_document
from fwk_tui.tui.wizard.steps import STEPS, Step
from fwk_tui.tui.wizard.toggles import GlyphRadioButton
from fwk_tui.wizard.answers import Answers, problems
from fwk_tui.wizard.plan import Plan
from fwk_tui.wizard.target import Target


class Choices(RadioSet):
    """A radio set whose cursor starts on the chosen answer (Textual's starts on the first button)."""

    class Moved(Sent["Choices"]):
        """The cursor moved, or the set took or lost the focus: what it points at (:attr:`pointed`) may differ."""

    def on_mount(self) -> None:
        self.call_after_refresh(self._to_pressed)  # after RadioSet's own mount has put it on the first

    def _to_pressed(self) -> None:
        if self.pressed_index >= 0:
            self._selected = self.pressed_index

    def watch__selected(self) -> None:
        super().watch__selected()
        self._show_cursor()

    def on_focus(self) -> None:
        self._show_cursor()

    def on_blur(self) -> None:
        self._show_cursor()

    def _show_cursor(self) -> None:
        for button in self.query(GlyphRadioButton):
            button.refresh()  # its `›` follows the cursor and the focus
        self.post_message(self.Moved(self))

    @property
    def highlighted(self) -> GlyphRadioButton | None:
        """The button under the cursor (what Enter or Space chooses)."""
        buttons = list(self.query(GlyphRadioButton))
        index = self._selected
        return buttons[index] if index is not None and 0 <= index < len(buttons) else None

    @property
    def pointed(self) -> str | None:
        """The name of the button under the cursor while the set has the focus, else ``None`` (the chosen one
        counts)."""
        button = self.highlighted if self.has_focus else None
        return button.name if button is not None else None


class WizardField(OptionField):
    """A field of the wizard: its header says the default; the value's line, while not set, says only that."""

    DEFAULT_IN_VALUE = False


class WizardPage(Screen[list[str] | None]):
    """The wizard's state; the groups of steps add their pages to it, :class:`WizardScreen` draws and moves."""

    def __init__(
        self,
        target: Target,
        catalog: Catalog,
        answers: Answers,
        *,
        preset: str | None = None,
    ) -> None:
        super().__init__()
        self.target = target
        self.catalog = catalog
        self.answers = answers
        self._first = answers
        self._preset = preset or ""
        self.index = 0
        self.scratch = EditSession(scratch_document(answers, target.before), catalog, variant=answers.variant)
        self.plan: Plan = target.plan(answers, catalog)
        self._problems: dict[str, str] = problems(answers)
        self._visited = {0}

    @property
    def step(self) -> Step:
        return STEPS[self.index]

    def _changed(self, answers: Answers) -> None:
        """Take ``answers`` as the wizard's answers and redraw (the screen does it)."""
        raise NotImplementedError

    def _field(self, path: str, option: Option | None = None, kind: type[OptionField] = WizardField) -> OptionField:
        option = option or self.catalog.get(path)
        return kind(
            path,
            option,
            self.scratch.get(path, MISSING) if self.scratch.has(path) else MISSING,
            self.answers.variant,
            [],
            id=f"field-{path.replace('.', '-')}",
        )

    def _radios(self, id: str, choices: dict[str, str], chosen: str | None) -> RadioSet:
        buttons = [GlyphRadioButton(Text(label), value=key == chosen, name=key) for key, label in choices.items()]
        return Choices(*buttons, id=id)

    def _note(self, text: str = "", id: str | None = None) -> Static:
        return Static(Text(text), classes="wizard-note", id=id)
