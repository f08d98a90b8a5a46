"""The last steps: the other files to write, the review, and the write itself."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.syntax import Syntax
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.widgets import Checkbox, Input, Static

from fwk_tui.source import DocumentError
from fwk_tui.source.textutil import plain
from fwk_tui.tui.fields.present import SEVERITY_MARKS, SEVERITY_STYLES
from fwk_tui.tui.screens.save_preview import diff_text
from fwk_tui.tui.widgets.safe_input import SafeInput
from fwk_tui.tui.wizard.page import WizardPage
from fwk_tui.tui.wizard.toggles import GlyphCheckbox
from fwk_tui.wizard.extra_files import env_lines, skeleton
from fwk_tui.wizard.plan import shown_path
from fwk_tui.wizard.preset import PresetError, preset_target, save_preset
from fwk_tui.wizard.report import report


class OutputSteps(WizardPage):
    """Other files (folders, .env.example, a preset), the review, and Write."""

    def _compose_outputs(self) -> ComposeResult:
        yield GlyphCheckbox(
            "Create the folders of the chosen layout",
            self.answers.skeleton,
            id="skeleton",
        )
        yield self._note(id="skeleton-note")
        yield GlyphCheckbox(
            "Write .env.example listing the FWK_ variables",
            self.answers.env_example,
            id="env_example",
        )
        yield self._note(id="env-note")
        yield Static(
            Text("Save these answers as a preset (a TOML file; leave empty to skip):"),
            id="preset-label",
        )
        yield SafeInput(self._preset, placeholder="e.g. fwk-preset.toml", id="preset")
        yield self._note(id="preset-note")

    def _compose_review(self) -> ComposeResult:
        yield Static(id="review", markup=False)

    @on(Checkbox.Changed, "#skeleton, #env_example")
    def _checkbox(self, event: Checkbox.Changed) -> None:
        event.stop()
        self._changed(self.answers.with_(**{event.checkbox.id or "": event.value}))

    @on(Input.Changed, "#preset")
    def _preset_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._preset = event.value.strip()
        self._show_preset_note()

    def _show_preset_note(self) -> None:
        if self._preset:
            where = f"Will be saved as {shown_path(preset_target(self.target.folder, self._preset))}"
        else:
            where = f"A bare name is saved in the project folder, {shown_path(self.target.folder)}/"
        self.query_one("#preset-note", Static).update(Text(where))

    def _show_output_notes(self) -> None:
        a = self.answers
        folders = skeleton(a.variant, a.src_dir)
        shown = ", ".join(shown_path(self.target.folder / f) + "/" for f in folders)
        self.query_one("#skeleton-note", Static).update(Text(shown))
        names = ", ".join(name for name, _ in env_lines(a)) or "FWK_APP_BASE_URL, FWK_APP_CDN_URL (commented)"
        self.query_one("#env-note", Static).update(Text(f"Lists {names}."))
        self._show_preset_note()

    def _review(self) -> Group:
        plan = self.plan
        config = shown_path(plan.config)
        parts: list[Any] = [Text("\n".join(plan.summary()), style="bold")]
        if plan.before is None:
            parts.append(Text(f"\n{config}:", style="bold"))
            parts.append(Syntax(plan.after.text, "typescript", theme="ansi_dark", line_numbers=True))
        elif plan.changes_config:
            parts.append(Text(f"\nChanges to {config}:", style="bold"))
            parts.append(diff_text(plan.config_diff()))
        else:
            parts.append(Text(f"\n{config} already says all this: it is left as it is."))
        if plan.env_path is not None and plan.env_text is not None:
            parts.append(Text(f"\n{shown_path(plan.env_path)}:", style="bold"))
            parts.append(Text(plan.env_text.rstrip("\n")))
        notes = [d for d in plan.diagnostics if d.severity != "info"]
        for d in notes:
            parts.append(
                Text(
                    f"{SEVERITY_MARKS[d.severity]} {plain(d.path)}: {plain(d.message)}",
                    style=SEVERITY_STYLES[d.severity],
                )
            )
        if self.answers.dev_dependencies:
            parts.append(Text(f"\nThen install: npm install -D {' '.join(self.answers.dev_dependencies)}"))
        return Group(*parts)

    def action_write(self) -> None:
        if self.step.id != "review":
            return
        if self.plan.errors or any(self._problems.values()):
            self.notify(
                "The answers have errors: nothing written.",
                severity="error",
                markup=False,
            )
            return
        saved: list[str] = []
        target = preset_target(self.target.folder, self._preset) if self._preset else None
        try:
            if target is not None:
                # The preset first: when it cannot be written, nothing else is, as the notice says.
                save_preset(target, self.answers, self.target.folder)
                saved.append(f"saved the answers to {shown_path(target)}")
            done = self.plan.write() + saved
        except PresetError as exc:
            self.notify(plain(f"{exc}; nothing was written"), title="Nothing written", severity="error", markup=False)
            return
        except (OSError, DocumentError, ValueError) as exc:
            # The message says what of the project was written before the failure.
            title = f"Write failed (the answers were saved to {saved[0].split(' to ', 1)[1]})" if saved else "Write failed"
            self.notify(plain(str(exc)), title=title, severity="error", markup=False)
            return
        self.dismiss(report(done, self.plan, self.app_folder_arg))

    @property
    def app_folder_arg(self) -> str:
        return getattr(self.app, "folder_arg", None) or str(self.target.folder)
