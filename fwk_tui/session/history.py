"""The document's history: the current document, undo and redo, and the saved state they lead from.

Documents are immutable: every edit makes a new one. Every edit of the
editor goes through :meth:`History.apply`, so undo, dirty tracking and the
crash journal have one home.
"""

from __future__ import annotations

from pathlib import Path

from fwk_tui.paths import OptionPath as KeyPath
from fwk_tui.session.edit import EDIT_ERRORS, Edit, EditError, joined, reason
from fwk_tui.source import ConfigDocument
from fwk_tui.source.values import JSValue
from fwk_tui.validate import Fix


class History:
    """A config's documents over time: the current one, undo and redo steps, and what the file holds."""

    def __init__(self, document: ConfigDocument, path: Path | None) -> None:
        self.path = path
        self._undo: list[tuple[Edit, ConfigDocument]] = []  # (edit, document before it)
        self._redo: list[tuple[Edit, ConfigDocument]] = []  # (edit, document after it)
        self._document = document
        self._saved_text = document.text if path is not None and document.link.state is not None else None
        # The document as opened, reloaded or saved: its empty objects are the user's,
        # so an unset keeps them (and their spelling) instead of pruning them.
        self._origin = document
        self._origin_empties: dict[KeyPath, str] | None = None
        # len(self._undo) when the document matched the file; None once that state
        # left the history (an edit made after undoing past the save drops the redo
        # branch that led to it), so no edit list leads from the file to the document.
        self._saved_edits: int | None = 0
        self._deleted = False
        self._merge_open = False

    # ----------------------------------------------------------------- state

    @property
    def document(self) -> ConfigDocument:
        """The current document (every edit replaces it)."""
        return self._document

    @property
    def text(self) -> str:
        return self._document.text

    @property
    def read_only(self) -> str | None:
        """Why the file cannot be edited, or ``None``."""
        return self._document.read_only

    @property
    def dirty(self) -> bool:
        """True when the document differs from the file on disk (or was never saved)."""
        return self._saved_text is None or self._document.text != self._saved_text

    @property
    def deleted(self) -> bool:
        """True once :meth:`notice_deleted` found the file gone (until a save or reload)."""
        return self._deleted

    @property
    def saved_text(self) -> str | None:
        """The text last read from or written to disk (``None`` if never, or once the file was found deleted)."""
        return self._saved_text

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def unsaved_edits(self) -> list[Edit] | None:
        """The edits that turn the saved file into the current document, in order.

        ``None`` when no such list exists (the user undid past the last save);
        the journal then keeps the text only.
        """
        if self._saved_edits is None or len(self._undo) < self._saved_edits:
            return None
        return [edit for edit, _ in self._undo[self._saved_edits :]]

    def _changed(self) -> None:
        """Called after every change of document (a subclass tells its listeners)."""

    # ---------------------------------------------------------------- edits

    def _become(self, document: ConfigDocument) -> None:
        """Make ``document`` the current one; the one before keeps its text and tree only (an undo step holds one
        document per edit: what each read from its text would grow with every key typed into a big config)."""
        if document is not self._document:
            self._document.drop_caches()
        self._document = document

    def _set_origin(self, document: ConfigDocument) -> None:
        self._origin = document
        self._origin_empties = None

    def _apply_edit(self, edit: Edit, doc: ConfigDocument) -> ConfigDocument:
        """``edit`` on ``doc``: the one place the session applies edits (live, replayed, re-applied)."""
        if self._origin_empties is None:
            self._origin_empties = self._origin.empty_objects()
        return edit.apply(doc, self._origin_empties)

    def apply(self, edit: Edit, *, merge: bool = False) -> ConfigDocument:
        """Apply ``edit``; EditError (document unchanged) when it cannot be applied.

        ``merge``: typing in a field makes one edit per keystroke; with ``merge``
        an edit of the same kind and path as the last one, with no other edit
        or :meth:`seal` between them, joins that undo step instead of adding one.
        """
        before = self._document
        try:
            after = self._apply_edit(edit, before)
        except EDIT_ERRORS as exc:
            raise EditError(reason(exc)) from exc
        if after.text == before.text:
            return before  # a no-op is not an undo step
        top = self._undo[-1] if self._undo else None
        if (
            merge
            and self._merge_open
            and top is not None
            and (self._saved_edits is None or len(self._undo) > self._saved_edits)
            and (merged := joined(top[0], edit)) is not None
        ):
            self._undo[-1] = (merged, top[1])
        else:
            self._push(edit, before)
        self._merge_open = merge
        self._redo.clear()
        self._edited(edit, before, after)
        self._become(after)
        self._changed()
        return after

    def _edited(self, edit: Edit, before: ConfigDocument, after: ConfigDocument) -> None:
        """Called when ``edit`` turned ``before`` into ``after``, before the listeners hear of it."""

    def _push(self, edit: Edit, before: ConfigDocument) -> None:
        # A new step below the saved state forks the history: the redo branch
        # that led to the saved text is about to be cleared.
        if self._saved_edits is not None and len(self._undo) < self._saved_edits:
            self._saved_edits = None
        self._undo.append((edit, before))

    def seal(self) -> None:
        """End the current merged undo step (a field lost focus)."""
        self._merge_open = False

    def set(self, path: str, value: JSValue, *, merge: bool = False) -> ConfigDocument:
        return self.apply(Edit("set", path, value), merge=merge)

    def set_code(self, path: str, source: str) -> ConfigDocument:
        return self.apply(Edit("set_code", path, source))

    def unset(self, path: str) -> ConfigDocument:
        return self.apply(Edit("unset", path))

    def rename(self, path: str, key: str) -> ConfigDocument:
        return self.apply(Edit("rename", path, key=key))

    def insert(self, path: str, index: int, value: JSValue, *, merge: bool = False) -> ConfigDocument:
        return self.apply(Edit("insert", path, value, index=index), merge=merge)

    def remove(self, path: str) -> ConfigDocument:
        return self.apply(Edit("remove", path))

    def move(self, path: str, index: int) -> ConfigDocument:
        return self.apply(Edit("move", path, index=index))

    def apply_fix(self, fix: Fix) -> ConfigDocument:
        """Apply a diagnostic's fix as one undoable edit."""
        return self.apply(Edit("fix", fix.path, fix=fix))

    def undo(self) -> Edit | None:
        """Undo the last edit; the edit undone, or ``None`` when there is none."""
        return self._step(self._undo, self._redo)

    def redo(self) -> Edit | None:
        """Redo the last undone edit; the edit redone, or ``None``."""
        return self._step(self._redo, self._undo)

    def withdraw(self) -> Edit | None:
        """Undo the last edit as one that never happened (its write was refused): no redo brings it back."""
        edit = self.undo()
        if edit is not None:
            self._redo.pop()
        return edit

    def _step(self, back: list[tuple[Edit, ConfigDocument]], forth: list[tuple[Edit, ConfigDocument]]) -> Edit | None:
        """Go back to the document the last step of ``back`` kept; ``forth`` keeps the current one."""
        if not back:
            return None
        edit, document = back.pop()
        self._merge_open = False
        forth.append((edit, self._document))
        self._become(document)
        self._changed()
        return edit
