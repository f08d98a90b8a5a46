"""``fwk-tui new``: the wizard alone, as an app."""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.app import App

from fwk_tui.catalog.models import Catalog
from fwk_tui.tui.crash_report import PrivateCrashReport
from fwk_tui.tui.escape_keys import ReadsEscapeAsEscape
from fwk_tui.tui.long_lived import KeepsStartedObjects
from fwk_tui.tui.min_size import MinimumSize
from fwk_tui.tui.wizard.screen import WizardScreen
from fwk_tui.wizard.answers import Answers
from fwk_tui.wizard.target import Target


class WizardApp(PrivateCrashReport, ReadsEscapeAsEscape, MinimumSize, KeepsStartedObjects, App[None]):
    """``fwk-tui new``: the wizard alone; :attr:`outcome` holds what was written (``None``: cancelled)."""

    TITLE = "fwk-tui new"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        target: Target,
        catalog: Catalog,
        answers: Answers,
        *,
        folder_arg: str = ".",
        preset: str | None = None,
    ) -> None:
        super().__init__()
        self._wizard = partial(WizardScreen, target, catalog, answers, preset=preset)
        self.folder_arg = folder_arg
        self.outcome: list[str] | None = None

    def on_mount(self) -> None:
        self.push_screen(self._wizard(), self._done)

    def _done(self, outcome: list[str] | None) -> None:
        self.outcome = outcome
        self.exit()

    def notify(self, message: str, **kwargs: Any) -> None:  # type: ignore[override]
        kwargs["markup"] = False
        super().notify(message, **kwargs)
