"""The effective configuration in the editor: layers, environment sections and ``FWK_`` variables.

Read after the first paint (the start stays within its budget), then again when the
file is saved or reloaded (F5, or a change on disk taken in), when the environment changes (F6) and when a layer's
session is left. While the user types, the file's new values are merged in memory
with the layers already read (:func:`fwk_tui.resolve.loader.remerge`), once typing
pauses: no file is read at a keystroke. Layers of more than ``READ_NOW_BYTES`` in all
are read in a thread of their own: the screen keeps answering keys (and Ctrl+Q) while
they are parsed, and shows what they give once read.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from fwk_tui.resolve.effective import Effective, effective_of, variable_prefixes
from fwk_tui.resolve.loader import OverBudget, Resolved, remerge, resolve_layers
from fwk_tui.resolve.notes import field_notes
from fwk_tui.resolve.sections import ENVIRONMENTS
from fwk_tui.resolve.variables import DotenvFile, Variable, read_environment
from fwk_tui.tui.fields import MISSING
from fwk_tui.tui.form_model import TreeGroup

if TYPE_CHECKING:
    from textual.timer import Timer

    from fwk_tui.source import ConfigDocument
    from fwk_tui.tui.editor.host import EditorHost

LAYERS_GROUP = TreeGroup("layers:", "Layers", "What the config's layers, environment sections and .env give the app")
REMERGE_SECONDS = 0.3
"""Typing pauses this long before the file's values are merged with the layers again."""
READ_NOW_BYTES = 512 * 1024
"""Layers up to this size in all are read at once (parsed within a frame or two); bigger ones in a thread."""


class EffectiveView:
    """The effective configuration of the file being edited, for the environment chosen with F6."""

    def __init__(self, app: EditorHost) -> None:
        self.app = app
        self.env: str | None = None
        self.effective: Effective | None = None
        self._read: Resolved | None = None  # the layers as read from disk
        self._environment: dict[str, Variable] = {}
        self._merged: ConfigDocument | None = None  # the document ``effective`` is of
        self._timer: Timer | None = None
        self._reading = 0  # which read is the latest: a thread's result for an older one is dropped
        self.on_change: list[Callable[[], None]] = []
        """Called after each new effective configuration (the app shows it)."""

    @property
    def has_layers(self) -> bool:
        """True when something besides the file gives values: layers, environment sections, a ``.env``."""
        effective = self.effective
        if effective is None:
            return False
        resolved = effective.resolved
        dotenv = any(v.file is not None for v in effective.environment.values())
        return bool(resolved.layers or resolved.env_names or dotenv or effective.runtime.overrides)

    @property
    def env_names(self) -> list[str | None]:
        """What F6 goes through: no environment, the three the framework knows, then those the files name."""
        named = self.effective.resolved.env_names if self.effective is not None else []
        return [None, *ENVIRONMENTS, *(n for n in named if n not in ENVIRONMENTS)]

    def load(self) -> None:
        """Read the layers and the ``.env`` beside the file again, and show what they give."""
        session = self.app.session
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if session.path is None:
            self.effective = self._read = None
            self._merged = None
            return
        dotenv = session.project.dotenv_or_none()  # unreadable: `fwk-tui env` says why; here none applies
        self._reading += 1
        path, document, env = session.path, session.document, self.env
        try:
            resolved = resolve_layers(path, document, env, budget=READ_NOW_BYTES)
        except OverBudget:
            reading = self._reading
            threading.Thread(
                target=self._read_aside, args=(reading, path, document, env, dotenv), daemon=True
            ).start()  # a daemon: Ctrl+Q does not wait for a parse nobody will see
            return
        self._took(self._reading, resolved, document, dotenv)

    def _read_aside(
        self, reading: int, path: Path, document: ConfigDocument, env: str | None, dotenv: list[DotenvFile]
    ) -> None:
        resolved = resolve_layers(path, document, env)
        try:
            self.app.call_from_thread(self._took, reading, resolved, document, dotenv)
        except RuntimeError:
            pass  # the app has closed meanwhile

    def _took(self, reading: int, resolved: Resolved, document: ConfigDocument, dotenv: list[DotenvFile]) -> None:
        if reading != self._reading:
            return  # read again since (a save, F6): that read's result is the one to show
        # The prefixes of every file and section tell private variables from public ones, as resolve tells them.
        environment = read_environment(os.environ, dotenv, variable_prefixes(resolved))
        self._read, self._environment = resolved, environment
        self._apply(resolved, document)
        if self.app.session.document is not document:
            self.session_changed()  # typed while the layers were read: merge the new text too

    def session_changed(self) -> None:
        """The file's text changed: merge it with the layers once typing pauses."""
        if self._read is None or self.app.session.document is self._merged:
            return
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.app.set_timer(REMERGE_SECONDS, self._remerge, name="effective")

    def _remerge(self) -> None:
        self._timer = None
        session = self.app.session
        if self._read is None or session.path is None or session.document is self._merged:
            return
        if not session.dirty:  # reloaded from disk (or undone to what it holds): its layers may have changed too
            self.load()
            return
        again = remerge(self._read, session.path, session.document)
        if again is None:  # other layers named: read them
            self.load()
            return
        self._apply(again, session.document)

    def _apply(self, resolved: Resolved, document: ConfigDocument) -> None:
        session = self.app.session
        self.effective = effective_of(resolved, session.catalog, self._environment, layout=session.project.layout)
        self._merged = document
        for callback in self.on_change:
            callback()

    def next_env(self) -> str | None:
        """Choose the next environment of F6's list; returns it."""
        names = self.env_names
        at = names.index(self.env) if self.env in names else 0
        self.set_env(names[(at + 1) % len(names)])
        return self.env

    def set_env(self, env: str | None) -> None:
        """Show the values of environment ``env`` (``None``: none)."""
        self.env = env
        self.load()

    def notes(self, path: str) -> list[tuple[str, str]]:
        """(kind, text) lines under the field of ``path``."""
        if self.effective is None or not self.has_layers:
            return []  # the file is the whole story: nothing to say under any field
        value = self.app.session.get(path, MISSING)
        return [(n.kind, n.text) for n in field_notes(self.effective, path, value, MISSING)]
