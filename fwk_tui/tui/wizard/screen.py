"""The wizard's screen: the step list, the current page, the problems line and the buttons; moving between steps."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Checkbox, ContentSwitcher, Input, Static, Switch, TextArea

from fwk_tui.session import EditError
from fwk_tui.source.textutil import plain
from fwk_tui.tui.fields import MISSING, OptionField, ValueEditor
from fwk_tui.tui.fields.items import ItemsEditor
from fwk_tui.tui.fields.rows import RowList
from fwk_tui.tui.fields.value_editor import is_missing
from fwk_tui.tui.widgets.wrapping_footer import WrappingFooter
from fwk_tui.tui.wizard.app_steps import AppSteps
from fwk_tui.tui.wizard.output_steps import OutputSteps
from fwk_tui.tui.wizard.page import Choices
from fwk_tui.tui.wizard.scratch import FIELD_ANSWERS, read_field, scratch_src_dir
from fwk_tui.tui.wizard.setup_steps import SetupSteps
from fwk_tui.tui.wizard.steps import STEPS, Step
from fwk_tui.validate import Diagnostic, diagnostics_at, within
from fwk_tui.wizard.answers import Answers, problems


class WizardScreen(SetupSteps, AppSteps, OutputSteps):
    """The wizard; dismissed with the lines saying what was written, or ``None`` when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", key_display="Esc"),
        Binding("ctrl+b", "back", "Back", key_display="^B"),
        Binding("ctrl+n", "next", "Next", key_display="^N"),
        Binding("ctrl+s", "write", "Write", key_display="^S"),
        Binding("a", "add_runtime_key", "Add key"),
        Binding("ctrl+r", "private_values(True)", "Show", key_display="^R"),
        Binding("ctrl+r", "private_values(False)", "Hide", key_display="^R"),
        Binding("enter", "enter_unset", show=False, priority=True),
        Binding("pagedown", "page(1)", "Scroll down", show=False),
        Binding("pageup", "page(-1)", "Scroll up", show=False),
    ]

    DEFAULT_CSS = """
    WizardScreen { layout: vertical; }
    #wizard-body { height: 1fr; }
    #wizard-steps { width: 29; padding: 1 1; border-right: vkey $panel; }
    #wizard-main { padding: 0 1 0 2; }
    #wizard-title { text-style: bold; color: $accent; height: 1; margin: 1 0 0 0; }
    #wizard-question { height: auto; margin: 0 0 1 0; }
    #wizard-pages { height: 1fr; }
    #wizard-pages > VerticalScroll { height: 1fr; }
    .wizard-note { color: $text-muted; height: auto; margin: 0 0 1 0; }
    .wizard-trees { height: auto; }
    .wizard-tree { width: 1fr; height: auto; border: round $panel; padding: 0 1; margin: 0 1 0 0; }
    .wizard-tree.-chosen { border: round $accent; }
    #wizard-problems { height: auto; max-height: 6; color: $error; }
    #wizard-buttons { height: 3; align-horizontal: right; }
    #wizard-buttons > Button { margin: 0 0 0 2; min-width: 10; }
    RadioSet { margin: 0 0 1 0; }
    #preset { margin: 1 0 0 0; }
    #step-modules > .module-pick, #step-modules > .module-pick:focus { border: none; padding: 0 1; height: 1; }
    #modules-end { height: 1; }
    /* Notifications sit at the top right: never over the problems line or the buttons. */
    WizardScreen > ToastRack { dock: top; align: right top; margin: 0; }
    """

    AUTO_FOCUS = None
    """The step's first question takes the focus (see :meth:`go`), not the page that scrolls around it."""

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with Horizontal(id="wizard-body"):
            yield Static(id="wizard-steps")
            with Vertical(id="wizard-main"):
                yield Static(id="wizard-title")
                yield Static(id="wizard-question")
                with ContentSwitcher(id="wizard-pages", initial=f"step-{STEPS[0].id}"):
                    for step in STEPS:
                        with VerticalScroll(id=f"step-{step.id}"):
                            yield from getattr(self, f"_compose_{step.id.replace('-', '_')}")()
                yield Static(id="wizard-problems")
                with Horizontal(id="wizard-buttons"):
                    yield Button("Back", id="back")
                    yield Button("Next", id="next", variant="primary")
        yield WrappingFooter()

    def on_mount(self) -> None:
        self._show()
        self._focus_step()

    def on_resize(self, event: events.Resize) -> None:
        # Below 90 columns the step list would squeeze the questions; the title still says "Step n of 12".
        self.query_one("#wizard-steps").display = event.size.width >= 90

    # ------------------------------------------------------------------ changes

    def _changed(self, answers: Answers) -> None:
        if answers == self.answers:
            return
        variant_changed = answers.variant != self.answers.variant
        self.answers = answers
        self._problems = problems(answers)
        self.plan = self.target.plan(answers, self.catalog)
        if variant_changed:
            self.scratch.set_variant(answers.variant)
            wanted = scratch_src_dir(answers)
            if wanted is MISSING and self.scratch.has("srcDir"):
                self.scratch.unset("srcDir")
            elif wanted is not MISSING and self.scratch.get("srcDir") != wanted:
                self.scratch.set("srcDir", wanted)
        self._show()

    @on(OptionField.EditRequested)
    def _edit(self, event: OptionField.EditRequested) -> None:
        event.stop()
        try:
            self.scratch.apply(event.edit, merge=event.merge)
        except EditError as exc:
            self.notify(
                plain(str(exc)),
                title=f"Could not {event.edit.label.lower()}",
                severity="error",
                markup=False,
            )
            return
        answers = self.answers
        for path in FIELD_ANSWERS:
            if within(event.edit.path, path) or within(path, event.edit.path):
                answers = read_field(
                    answers,
                    path,
                    self.scratch.get(path, MISSING) if self.scratch.has(path) else MISSING,
                )
        if answers == self.answers:
            self._show()  # the answers are the same (`public: {}` removed), the field's value is not
        else:
            self._changed(answers)

    @on(OptionField.Sealed)
    def _sealed(self, event: OptionField.Sealed) -> None:
        event.stop()
        self.scratch.seal()

    @on(OptionField.Focused)
    def _focused(self, event: OptionField.Focused) -> None:
        event.stop()

    # ------------------------------------------------------------------ drawing

    def step_errors(self, step: Step) -> list[str]:
        """What keeps ``step`` from being done: the answers' problems, then the catalogue's errors."""
        found = [self._problems[name] for name in step.answers if name in self._problems]
        if step.id == "runtime":
            found += self._runtime_errors()
        if self.is_mounted:  # a text that does not read as a value yet (its field says why)
            from fwk_tui.tui.fields.input_editor import InputEditor

            for editor in self.query_one(f"#step-{step.id}").query(InputEditor):
                if editor.problem is not None:
                    found.append(f"{editor.path}: {editor.problem}")
        for d in self.plan.errors:
            if any(within(d.path, p) for p in step.paths) or (step.id == "review"):
                found.append(f"{d.path}: {d.message}")
        return found

    def _show(self) -> None:
        step = self.step
        self.query_one("#wizard-title", Static).update(Text(f"Step {self.index + 1} of {len(STEPS)} · {step.title}"))
        self.query_one("#wizard-question", Static).update(Text(step.question))
        self.query_one("#wizard-steps", Static).update(self._step_list())
        self.query_one("#next", Button).label = "Write" if step.id == "review" else "Next"
        errors = self.step_errors(step)
        shown = Text("\n".join(f"✖ {plain(e)}" for e in errors)) if errors else Text()
        self.query_one("#wizard-problems", Static).update(shown)
        self.query_one("#back", Button).disabled = self.index == 0
        self._show_fields()
        self._show_notes()
        if step.id == "review":
            self.query_one("#review", Static).update(self._review())
        self.refresh_bindings()

    def _step_list(self) -> Text:
        text = Text()
        for i, step in enumerate(STEPS):
            if i == self.index:
                mark, style = "▶", "bold"
            elif self.step_errors(step):
                mark, style = "✖", "red"
            elif i in self._visited:
                mark, style = "✓", "green"
            else:
                mark, style = " ", "dim"
            text.append(f"{mark} {i + 1:>2}. {step.title}\n", style=style)
        return text

    def _show_fields(self) -> None:
        diagnostics = self.plan.diagnostics
        for field in self.query(OptionField):
            path = field.path
            value = self.scratch.get(path, MISSING) if self.scratch.has(path) else MISSING
            found: list[Diagnostic] = diagnostics_at(diagnostics, path) if path in FIELD_ANSWERS else []
            if path.startswith("app.head."):
                found = []
            if value != field.value or found != field.diagnostics or field.variant != self.answers.variant:
                field.refresh_state(value, self.answers.variant, found)
        self.query_one("#field-spaLoadingTemplate").display = self.answers.rendering == "spa"

    def _show_notes(self) -> None:
        self._show_setup_notes()
        self._show_app_notes()
        self._show_output_notes()

    # ------------------------------------------------------------------ navigation

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "add_runtime_key":
            # From anywhere in the step (the kind choice of a value too), but a letter typed in a text is text.
            return self.step.id == "runtime" and not isinstance(self.focused, (Input, TextArea))
        if action == "private_values":
            return self.step.id == "runtime" and parameters[0] != self.private_values_shown()
        if action == "enter_unset":
            return self._unset_field_input() is not None
        if action == "back":
            return self.index > 0
        if action == "write":
            return self.step.id == "review"
        return True

    @on(Button.Pressed, "#back")
    def _back_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_back()

    @on(Button.Pressed, "#next")
    def _next_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_next()

    def action_page(self, direction: int) -> None:
        """Scroll the step's page by a screenful (the review's config, a long list)."""
        page = self.query_one(f"#step-{self.step.id}", VerticalScroll)
        if direction > 0:
            page.scroll_page_down()
        else:
            page.scroll_page_up()

    def action_back(self) -> None:
        if self.index > 0:
            self.go(self.index - 1)

    def action_next(self) -> None:
        errors = self.step_errors(self.step)
        if errors:
            self._show()  # the problems line lists them all
            self.notify(
                plain(errors[0]),
                title="Fix this step first",
                severity="error",
                markup=False,
            )
            return
        if self.step.id == "review":
            self.action_write()
        else:
            self.go(self.index + 1)

    def go(self, index: int) -> None:
        """Show step ``index`` and focus its first input."""
        self.app.clear_notifications()  # a "Fix this step first" belongs to the step left
        self.index = index
        self._visited.add(index)
        self.query_one(ContentSwitcher).current = f"step-{self.step.id}"
        self._show()
        self._focus_step()

    def _focus_step(self) -> None:
        page = self.query_one(f"#step-{self.step.id}")
        target = next((w for w in page.query("*") if w.focusable), None)
        (target or self.query_one("#next", Button)).focus()

    # ------------------------------------------------------------------ Enter

    def on_key(self, event: events.Key) -> None:
        """Enter where it means nothing else (a choice, a check box, a switch, an empty list, the page): go on.

        Text fields go on through :class:`ValueEditor.Entered`; a list's rows, a kind choice, a select and a
        multi-line text keep their own Enter (edit, pick, open, a new line). Space still chooses or toggles.
        """
        if event.key != "enter":
            return
        focused = self.focused
        page = self.query_one(f"#step-{self.step.id}")
        empty_list = isinstance(focused, RowList) and focused.row is None
        if focused is None or focused is page or empty_list or isinstance(focused, (Choices, Checkbox, Switch)):
            event.stop()
            event.prevent_default()
            # Once the keys typed before it have acted (their bindings run when they reach the app): Down
            # then Enter chooses the button Down went to.
            self.app.call_later(self._enter, focused)

    def _enter(self, focused: Widget | None) -> None:
        if not self.is_current or focused is not self.focused:
            return  # the focus went elsewhere meanwhile: this Enter was not meant for it
        if isinstance(focused, Choices):
            self._choose_highlighted(focused)
        else:
            self.action_next()

    def _choose_highlighted(self, radios: Choices) -> None:
        """Choose the button under the cursor, then go to the next step; a choice that brings a question (SPA's
        loading template) stays to show it: Tab goes to it, Enter again goes on. (Focused, its kind choice
        would take that Enter for an answer: ``spaLoadingTemplate: false``.)"""
        button = radios.highlighted
        if button is None:
            self.action_next()
            return
        before = self._questions_after(radios)
        button.value = True
        self.choose(radios.id or "", button.name or "")  # now: the set's Changed comes later, and moves nothing
        if not [w for w in self._questions_after(radios) if w not in before]:
            self.action_next()

    def _questions_after(self, widget: Widget) -> list[Widget]:
        """The widgets of the step after ``widget`` that take the focus and show."""
        page = self.query_one(f"#step-{self.step.id}")
        nodes = list(page.query("*"))
        start = nodes.index(widget) + 1 + len(widget.query("*"))

        def shown(node: Widget) -> bool:
            while node is not page:
                if not node.display or not isinstance(node.parent, Widget):
                    return False
                node = node.parent
            return True

        return [w for w in nodes[start:] if w.focusable and shown(w)]

    def _unset_field_input(self) -> Input | None:
        """The focused input when it is a field's own, empty, and the field not set (``port``: nothing typed)."""
        focused = self.focused
        if not isinstance(focused, Input) or focused.value:
            return None
        editor: ValueEditor | None = None
        for node in focused.ancestors:
            if isinstance(node, ItemsEditor):
                return None
            if isinstance(node, ValueEditor) and editor is None:
                editor = node
            if isinstance(node, OptionField):
                return focused if editor is not None and is_missing(editor.value) else None
        return None

    def action_enter_unset(self) -> None:
        """Enter in an empty field that is not set: the next step (its editor would ask for a value).

        Decided in the input's own queue, after the keys typed before the Enter: text typed meanwhile is
        entered as the input's Enter would."""
        focused = self._unset_field_input()
        if focused is not None:
            focused.call_later(self._enter_unset, focused)

    async def _enter_unset(self, focused: Input) -> None:
        if focused.value:
            await focused.action_submit()
        elif self.is_current and focused is self.focused:
            self.action_next()

    @on(ValueEditor.Entered)
    def _entered(self, event: ValueEditor.Entered) -> None:
        """Enter in a field's text, on a right value: the next step (an item's or a key's text stays in its list)."""
        event.stop()
        for node in event.control.ancestors:
            if isinstance(node, ItemsEditor):
                return
            if isinstance(node, OptionField):
                self.action_next()
                return

    @on(Input.Submitted, "#preset")
    def _preset_entered(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_next()

    def action_cancel(self) -> None:
        if self.answers == self._first:
            self.dismiss(None)
            return
        from fwk_tui.tui.screens.choice import Answer, ChoiceScreen

        def answered(choice: str | None) -> None:
            if choice == "discard":
                self.dismiss(None)

        self.app.push_screen(
            ChoiceScreen(
                "Cancel the wizard?",
                "Nothing has been written. Leave the wizard and drop the answers?",
                [
                    Answer("discard", "Leave, write nothing", "y", "error"),
                    Answer("stay", "Stay", "n"),
                ],
                cancel_value="stay",
            ),
            answered,
        )
