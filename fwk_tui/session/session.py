"""The edit session: the one mutable object between the document and the views.

A session holds the current :class:`ConfigDocument` (documents are immutable:
every edit makes a new one), the catalogue, the variant, the undo/redo
history, the dirty state and the diagnostics of the current document. Every
edit of the editor goes through it, so undo, dirty tracking, validation and
the crash journal have one home. No Textual here: the history lives in
``history.py``, the file behind it in ``disk.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fwk_tui.catalog.models import Catalog, Variant
from fwk_tui.modules.installed import InstalledModule
from fwk_tui.paths import PathError, format_path, parse_path
from fwk_tui.project import Project
from fwk_tui.session.disk import FileHistory
from fwk_tui.session.edit import Edit
from fwk_tui.session.values import carried_values, touched_paths, value_at
from fwk_tui.source import ConfigDocument, DocumentError, load_document
from fwk_tui.source.render import Renderer
from fwk_tui.source.spreads import SpreadNote, may_hide_keys, spread_notes
from fwk_tui.source.summary import one_line
from fwk_tui.source.values import JSValue, value_in
from fwk_tui.validate import Diagnostic, counts, diagnostics_at
from fwk_tui.validate.spread_contents import SpreadContents, spread_contents
from fwk_tui.validate.variant import VariantChoice


class EditSession(FileHistory):
    """A config file being edited: document, history, variant and diagnostics.

    ``path`` is the file on disk (``None`` for a document not saved yet).
    ``variant`` is detected from the file and its folder unless given; ``project`` is what lies beside the file
    (read from ``path`` when not given).
    """

    def __init__(
        self,
        document: ConfigDocument,
        catalog: Catalog,
        *,
        path: Path | None = None,
        variant: Variant | None = None,
        project: Project | None = None,
    ) -> None:
        super().__init__(document, path)
        self.catalog = catalog
        self._project = project if project is not None else Project.at(path)
        self._project_of = document  # the document the project was read for
        self._forced_variant = variant
        self._check: tuple[ConfigDocument, Variant | None, Any] | None = None
        self._listeners: list[Callable[[EditSession], None]] = []
        self.scalar_step: tuple[ConfigDocument, ConfigDocument] | None = None
        """(before, after) of the last edit when it only replaced a scalar by another:
        keys and shapes are as in ``before``. Valid while ``after`` is the document."""
        self._values: tuple[ConfigDocument, dict[str, JSValue], bool | None] | None = None
        """(document, its values, whether an object of it writes a key twice)."""
        self._spreads: tuple[ConfigDocument, ConfigDocument, list[tuple[str, SpreadNote]]] | None = None
        self._contents: tuple[ConfigDocument, SpreadContents | None] | None = None
        self._modules: tuple[Project, list[InstalledModule]] | None = None
        """The modules read, for the project read for the current document (the forms ask at every layout)."""

    @classmethod
    def open(cls, path: Path, catalog: Catalog, *, variant: Variant | None = None) -> EditSession:
        """Read ``path`` and its project (package.json, folder names) into a session.

        Raises ParseError/DocumentError/OSError when the file cannot be read.
        """
        return cls(load_document(path), catalog, path=path, variant=variant, project=Project.at(path))

    def subscribe(self, listener: Callable[[EditSession], None]) -> None:
        """Call ``listener(session)`` after every change of document or variant."""
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener(self)

    def _edited(self, edit: Edit, before: ConfigDocument, after: ConfigDocument) -> None:
        # After a scalar replacing a scalar, derive the new values instead of reading
        # the file again; ``scalar_step`` tells views the keys did not change.
        self.scalar_step = None
        if self._values is None or self._values[0] is not before:
            return
        carried = carried_values(edit, self._values[1])
        if carried is not None:
            self._values = (after, carried, self._values[2])  # same keys: same repeats
            self.scalar_step = (before, after)

    # -------------------------------------------------------------- variant

    @property
    def variant_choice(self) -> VariantChoice:
        """The variant in use and why (detected from the file, or chosen)."""
        return self._result().variant

    @property
    def variant(self) -> Variant:
        return self.variant_choice.variant

    @property
    def forced_variant(self) -> Variant | None:
        """The variant chosen with :meth:`set_variant` or at open, ``None`` when detected (no validation run)."""
        return self._forced_variant

    def set_variant(self, variant: Variant | None) -> None:
        """Use ``variant`` (``None``: detect it again from the file)."""
        if variant != self._forced_variant:
            self._forced_variant = variant
            self._changed()

    @property
    def project(self) -> Project:
        """The project the file is in, read once per document (a folder made or moved, a package installed while
        the file is edited count from the next edit, as in the language server), and again when the file is saved
        elsewhere or :meth:`read_surroundings` is asked."""
        if self._project.file != self.path:
            self._project = Project.at(self.path).modules_read(self._project.with_modules)
            self._project_of = self._document
        elif self._project_of is not self._document and self.path is not None:
            self._project = self._project.read_again()  # about 0.3 ms: a folder listed, package.json read
            self._project_of = self._document
        return self._project

    def read_surroundings(self) -> None:
        """Read the project again now, its modules too (after folders moved, F5): the checks follow it."""
        if self.path is not None:
            self._project = self._project.fresh()
            self._project_of = self._document
            self._check = None
            self._changed()

    def defer_modules(self) -> None:
        """Leave the installed modules' packages unread until :meth:`read_modules` (the editor's first paint does
        not wait for them)."""
        self._project = self._project.modules_read(False)
        self._check = None

    def read_modules(self) -> None:
        """Read the installed modules' packages now: their options are checked and shown from here on (the
        listeners are told only when one is installed: else nothing they show changes)."""
        if not self._project.with_modules:
            self._project = self._project.modules_read()
            if self.modules():
                self._check = None
                self._changed()

    def modules(self) -> list[InstalledModule]:
        """The modules the project installs whose packages are read (none while :meth:`defer_modules` holds);
        asked once per document."""
        project = self.project
        if self._modules is None or self._modules[0] is not project:
            self._modules = (project, project.modules(self.values())[0] if project.with_modules else [])
        return self._modules[1]

    # ---------------------------------------------------------- diagnostics

    def _result(self) -> Any:
        key = (self._document, self._forced_variant)
        if self._check is None or self._check[0] is not key[0] or self._check[1] != key[1]:
            values = self.values()
            assert self._values is not None
            result = self.project.check(
                self._document,
                self.catalog,
                self._forced_variant,
                values=values,
                repeats_keys=self._values[2],
                positions=False,  # placed at their fields; line:col is for the CLI
            )
            self._check = (self._document, self._forced_variant, result)
        return self._check[2]

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """The diagnostics of the current document in the current variant (computed once per edit)."""
        return list(self._result().diagnostics)

    def diagnostics_for(self, path: str) -> list[Diagnostic]:
        """The diagnostics at ``path`` or below it."""
        return diagnostics_at(self._result().diagnostics, path)

    def counts(self) -> dict[str, int]:
        """How many errors, warnings and infos the current document has."""
        return {severity: n for severity, n in counts(self._result().diagnostics).items()}

    # --------------------------------------------------------------- values

    def values(self) -> dict[str, JSValue]:
        """The whole config as values, read once per document: treat it as read-only."""
        if self._values is None or self._values[0] is not self._document:
            values = self._document.values()
            self._values = (self._document, values, self._document.repeats_keys)
        return self._values[1]

    def get(self, path: str, default: Any = None) -> JSValue | Any:
        """The value at ``path`` in the file, or ``default`` when the file does not set it."""
        try:
            return value_in(self.values(), parse_path(path))
        except (ValueError, KeyError):
            return default

    def written_text(self, path: str) -> str | None:
        """The text of the value at ``path`` as the file writes it (None: not written there, or not one piece)."""
        try:
            span = self._document.span(path)
        except (ValueError, KeyError, DocumentError):
            return None
        return self._document.data[span.start : span.end].decode("utf-8", "surrogateescape")

    def has(self, path: str) -> bool:
        """True when the file sets ``path``."""
        missing = object()
        return self.get(path, missing) is not missing

    def reset(self, path: str) -> bool:
        """Back to the default: remove ``path`` from the file. False when it was not set."""
        if not self.has(path):
            return False
        self.unset(path)
        return True

    def spread_notes(self) -> list[tuple[str, SpreadNote]]:
        """(edited path, spread) for each edit since the file was read that a spread makes mean something else.

        Only paths whose value differs from the file's count; computed once per document.
        """
        cached = self._spreads
        if cached is not None and cached[0] is self._origin and cached[1] is self._document:
            return cached[2]
        found: list[tuple[str, SpreadNote]] = []
        spreads = may_hide_keys(self._origin.data) or may_hide_keys(self._document.data)
        if spreads and self._origin.read_only is None and self._document.read_only is None:
            for path in touched_paths([edit for edit, _ in self._undo + self._redo]):
                if value_at(self._origin, path) == value_at(self._document, path):
                    continue
                text = format_path(path)
                found += [(text, n) for n in spread_notes(self._origin, self._document, path) if n.risky]
        self._spreads = (self._origin, self._document, found)
        return found

    def spread_origin(self, path: str) -> list[str]:
        """Where a spread of the document gives (or may give) the value at ``path``: a line each, under its field."""
        cached = self._contents
        if cached is None or cached[0] is not self._document:
            cached = self._contents = (self._document, spread_contents(self._document))
        contents = cached[1]
        if contents is None:
            return []
        try:
            key_path = parse_path(path)
        except PathError:
            return []
        render = Renderer(self._document.style)
        return contents.origin(key_path).notes(lambda v: one_line(render.value(v), 60))

    # ---------------------------------------------------------------- edits
