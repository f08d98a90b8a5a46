"""The docs pane: folded in a short terminal unless the user chose otherwise (F9, kept in settings.toml)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fwk_tui.source.textutil import plain
from fwk_tui.tui.editor.widgets.config_form import ConfigForm
from fwk_tui.tui.widgets.option_detail import OptionDetail

if TYPE_CHECKING:
    from fwk_tui.settings import DocsSetting
    from fwk_tui.tui.editor.host import EditorHost

# A terminal shorter than this (rows) folds the docs pane unless settings.toml says otherwise.
DOCS_FOLD_BELOW = 28


class DocsPane:
    """Shows or folds the docs pane, and makes the form compact in a short terminal."""

    def __init__(self, app: EditorHost) -> None:
        self.app = app
        settings = app.settings
        self._choice: DocsSetting = settings.docs if settings is not None else "auto"

    def folded(self, height: int | None = None) -> bool:
        if self._choice == "auto":
            return (self.app.size.height if height is None else height) < DOCS_FOLD_BELOW
        return self._choice == "folded"

    def show(self, height: int | None = None) -> None:
        """Fold or show the pane as chosen, for the terminal's height (``height``: the one a resize gives)."""
        height = self.app.size.height if height is None else height
        self.app.query_one(OptionDetail).display = not self.folded(height)
        # A short terminal drops the blank line between fields: six or more fit at 80x24.
        self.app.query_one(ConfigForm).set_class(height < DOCS_FOLD_BELOW, "-short")

    def toggle(self) -> None:
        """Fold or show the pane; the choice is kept in settings.toml."""
        app = self.app
        self._choice = "shown" if self.folded() else "folded"
        self.show()
        app.notify(f"Docs pane {self._choice} (F9 toggles)", timeout=2)
        if app.settings is not None and app.settings.docs != self._choice:
            try:
                app.settings.set("docs", self._choice)
            except (OSError, ValueError) as exc:
                app.notify(plain(str(exc)), title="Settings not saved", severity="warning")
