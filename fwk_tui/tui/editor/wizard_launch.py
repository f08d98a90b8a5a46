"""The new-project wizard, opened from the editor: offered where there is no config, or from the palette."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from fwk_tui.source import DocumentError
from fwk_tui.source.textutil import plain

if TYPE_CHECKING:
    from pathlib import Path

    from fwk_tui.tui.editor.disk import DiskWatch
    from fwk_tui.tui.editor.form_sync import FormSync
    from fwk_tui.tui.editor.host import EditorHost


@dataclass(eq=False)
class WizardLaunch:
    """Runs the wizard over the editor; what it writes is read back into the editor."""

    app: EditorHost
    sync: FormSync
    disk: DiskWatch

    def offer(self) -> None:
        """No config here: offer the new-project wizard, or an empty config to fill in the editor."""
        from fwk_tui.tui.screens.choice import Answer, ChoiceScreen  # a question is not shown at start

        path = self.app.session.path
        assert path is not None

        def answered(answer: str | None) -> None:
            if answer == "wizard":
                self.run(path)
            elif answer == "quit":
                self.app.exit()

        self.app.push_screen(
            ChoiceScreen(
                "No config here",
                f"There is no fwk.config.ts in {plain(str(path.parent))}. Start the new-project wizard, "
                "or edit an empty config (Ctrl+S writes it)?",
                [
                    Answer("wizard", "Wizard", "w", "primary"),
                    Answer("empty", "Empty config", "e"),
                    Answer("quit", "Quit", "q"),
                ],
                cancel_value="empty",
            ),
            answered,
        )

    def run(self, path: Path) -> None:
        """Open the wizard on the project of the config ``path``."""
        from fwk_tui.tui.wizard import WizardScreen
        from fwk_tui.wizard import open_target

        app = self.app
        try:
            target = open_target(path.parent, app.session.catalog)
        except (OSError, DocumentError) as exc:
            app.notify(plain(str(exc)), title="Cannot start the wizard", severity="error", timeout=8)
            return

        def done(outcome: list[str] | None) -> None:
            if outcome is None:
                return
            self.disk.reload(quiet=True)
            app.label = str(path)
            self.sync.refresh_chrome()
            app.notify("\n".join(outcome), title="Written", timeout=12)

        app.push_screen(WizardScreen(target, app.session.catalog, target.initial), done)
