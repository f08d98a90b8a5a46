"""The file behind a history: diff, save, a deleted or changed file, reload with the unsaved edits."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from fwk_tui.session.edit import EDIT_ERRORS, Edit, reason
from fwk_tui.session.history import History
from fwk_tui.session.merge import merge_texts
from fwk_tui.source import ConfigDocument, DocumentError, ReadOnlyError, bytes_on_disk, load_document, save_document
from fwk_tui.source.textutil import unified_diff


@dataclass(frozen=True)
class ReloadResult:
    """What a reload did with the user's unsaved edits."""

    applied: list[Edit] = field(default_factory=list)
    dropped: list[tuple[Edit, str]] = field(default_factory=list)


def sha256(data: bytes) -> str:
    """The hex SHA-256 of ``data`` (how the journal recognises a file's contents)."""
    return hashlib.sha256(data).hexdigest()


class FileHistory(History):
    """A history whose saved state is a file on disk (``path``; ``None`` until first saved)."""

    def __init__(self, document: ConfigDocument, path: Path | None) -> None:
        super().__init__(document, path)
        self.save_notes: list[str] = []

    def diff(self, name: str | None = None) -> str:
        """A unified diff from the file on disk to the current document ('' when equal); ``name``: the file as the
        view names it (a layer's ``base/fwk.config.ts``), else its own name."""
        name = name or (self.path.name if self.path is not None else self._document.filename)
        return unified_diff(self._saved_text or "", self._document.text, name)

    def save(self, path: Path | None = None, *, backup: bool = False, read_only_ok: bool = False) -> Path:
        """Write the document atomically; ChangedOnDiskError when the file changed meanwhile.

        ReadOnlyFileError when the file's mode is read-only, unless ``read_only_ok``;
        what the user should know about the write (a hard link left behind) is in ``save_notes``.
        """
        target = path or self.path
        if target is None:
            raise DocumentError("this config has no file yet: give a path to save it")
        if self.read_only:
            raise ReadOnlyError(self.read_only)
        self.save_notes = save_document(self._document, target, backup=backup, read_only_ok=read_only_ok)
        self.path = target
        self._deleted = False
        self._saved_text = self._document.text
        self._set_origin(self._document)
        self._saved_edits = len(self._undo)
        self._changed()
        return target

    def notice_deleted(self) -> bool:
        """True when the file read or last saved is gone from disk (found now or before).

        The session then holds the only copy of the config: all of its text
        counts as unsaved (quitting asks, the journal keeps it) and a save
        writes it whole, creating the file only while none is there again.
        """
        if self._deleted:
            return True
        if self.path is None or self._document.link.state is None:
            return False
        try:
            os.stat(self.path)
        except FileNotFoundError:
            self._forget_file()
            return True
        except OSError:
            pass  # there, but unreadable: a save or reload says why
        return False

    def _forget_file(self) -> None:
        self._deleted = True
        self._saved_text = None
        self._saved_edits = None  # no list of edits leads from "no file" to the document
        self._document.link.state = None  # the documents of this session no longer come from a file
        self._changed()

    def disk_changed(self) -> bool:
        """True when the file on disk is no longer the one read or last saved (or a deleted one is back)."""
        if self._deleted and self.path is not None:
            return self.path.exists()
        if self.path is None or self._document.link.state is None:
            return False
        return self.bytes_on_disk() != self._document.link.state.data

    def bytes_on_disk(self) -> bytes | None:
        """The file's bytes now; None when there is none or it is no config file (a FIFO, a device, too big)."""
        return None if self.path is None else bytes_on_disk(self.path)

    def reload(self) -> ReloadResult:
        """Read the file again and re-apply the unsaved edits where they still apply.

        The history restarts from the file read. Raises ParseError/DocumentError/
        OSError (session unchanged) when the file on disk cannot be read.
        """
        assert self.path is not None
        fresh = load_document(self.path)
        edits = self.unsaved_edits
        kept: list[tuple[Edit, str]] = []
        if edits is None:  # undone past the last save: no edits lead from the file to the text the user sees
            edits, kept = self._merged_edits(fresh)
        self._undo, self._redo = [], []
        self._deleted = False
        self._saved_text = fresh.text
        self._saved_edits = 0
        self._become(fresh)
        self._set_origin(fresh)
        result = self.replay(edits)
        result.dropped.extend(kept)
        return result

    def _merged_edits(self, fresh: ConfigDocument) -> tuple[list[Edit], list[tuple[Edit, str]]]:
        """The text the user sees, merged into the file's new text by line from the text the file had (what the
        user changed goes in where the file's change left the lines alone), and what of either side is not in."""
        ours = self._document.text
        if self._saved_text is None:  # no text the file had (deleted, or never saved): the user's text, whole
            return [Edit("replace", "", ours)], []
        if ours == self._saved_text:
            return [], []
        merged = merge_texts(self._saved_text, ours, fresh.text)
        kept = [
            (
                Edit("replace", "", "", key=f"Your change at line {line}"),
                "the file changed those lines too: its text is kept",
            )
            for line in merged.conflicts
        ]
        try:
            ConfigDocument.parse(merged.text, fresh.filename)
        except DocumentError:  # (a ParseError too) the two changes make no config together: the user's text stays
            mine = Edit("replace", "", ours, key="Your text, in place of the file's")
            return [mine], [
                (Edit("replace", "", "", key="The file's change"), "it does not merge with yours: not kept")
            ]
        if merged.text == fresh.text:
            return [], kept
        return [Edit("replace", "", merged.text, key="Your changes, merged into the file's")], kept

    def replay(self, edits: list[Edit]) -> ReloadResult:
        """Apply ``edits`` in order, each an undo step; those that no longer apply are dropped."""
        applied: list[Edit] = []
        dropped: list[tuple[Edit, str]] = []
        doc = self._document
        for edit in edits:
            try:
                after = self._apply_edit(edit, doc)
            except EDIT_ERRORS as exc:
                dropped.append((edit, reason(exc)))
                continue
            if after.text != doc.text:
                self._push(edit, doc)
                applied.append(edit)
            doc = after
        self._merge_open = False  # typing after a reload or recovery is a new step
        self._redo.clear()
        self._become(doc)
        self._changed()
        return ReloadResult(applied, dropped)
