"""The edit session: the one mutable object between the document and the views.

A session holds the current :class:`ConfigDocument` (documents are immutable:
every edit makes a new one), the catalogue, the variant, the undo/redo
history, the dirty state and the diagnostics of the current document. Every
edit of the editor goes through it, so undo, dirty tracking, validation and
the crash journal have one home. No Textual here.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from fwk_tui.catalog import Catalog, Variant
from fwk_tui.paths import Path as KeyPath
from fwk_tui.paths import PathError, format_path, parse_path
from fwk_tui.source import (
    UNDEFINED,
    ChangedOnDiskError,
    Code,
    ConfigDocument,
    DocumentError,
    ParseError,
    ReadOnlyError,
    check_expression,
    load_document,
    save_document,
)
from fwk_tui.source.render import Renderer
from fwk_tui.source.spreads import SpreadNote, spread_notes
from fwk_tui.source.summary import one_line
from fwk_tui.source.textutil import unified_diff
from fwk_tui.source.values import JSValue
from fwk_tui.surroundings import read_layout, read_project
from fwk_tui.validate import (
    Diagnostic,
    Fix,
    Layout,
    Project,
    apply_fix,
    check_document,
    counts,
    diagnostics_at,
)
from fwk_tui.validate.spread_contents import SpreadContents, spread_contents
from fwk_tui.validate.variant import VariantChoice

EditKind = Literal["set", "set_code", "unset", "rename", "insert", "remove", "move", "fix", "replace"]

# What an edit raises when it cannot be applied to a document; the session
# turns these into EditError so callers catch one thing.
_EDIT_ERRORS = (KeyError, IndexError, PathError, DocumentError, ParseError, ReadOnlyError)


class EditError(Exception):
    """An edit that could not be applied; the document is unchanged."""


@dataclass(frozen=True)
class Edit:
    """One user edit, replayable on another document (after a reload, from the journal).

    ``value`` is the JS value for ``set``/``insert``, the source text for
    ``set_code`` and the whole new text for ``replace``; ``key`` the new key of ``rename``; ``index`` the position of
    ``insert``/``move``; ``fix`` the diagnostic fix applied.
    """

    kind: EditKind
    path: str
    value: Any = None
    key: str | None = None
    index: int | None = None
    fix: Fix | None = None

    @property
    def label(self) -> str:
        """What the edit did, for undo/redo notices ("Set app.baseURL")."""
        if self.kind == "fix" and self.fix is not None:
            return self.fix.title
        if self.kind == "replace":
            return "Restore the unsaved text"
        if self.kind == "rename":
            return f"Rename {self.path} to {self.key}"
        if self.kind == "move":
            return f"Move {self.path} to position {self.index}"
        if self.kind == "insert":
            return f"Add an item to {self.path}"
        verbs = {"set": "Set", "set_code": "Set", "unset": "Reset", "remove": "Remove"}
        return f"{verbs[self.kind]} {self.path}"

    def apply(self, doc: ConfigDocument, keep: Mapping[KeyPath, str] | None = None) -> ConfigDocument:
        """``doc`` with this edit applied (raises what the document's edits raise).

        ``keep``: for an unset (or a fix that unsets), the objects it must not
        prune, as :meth:`ConfigDocument.empty_objects` gives them.
        """
        if self.kind == "set":
            return doc.set(self.path, self.value)
        if self.kind == "set_code":
            if is_spread_item(self.path, self.value):
                check_spread(self.value)
                return doc.set(self.path, Code(self.value.strip()))
            return doc.set_code(self.path, self.value)
        if self.kind == "unset":
            return doc.unset(self.path, keep=keep)
        if self.kind == "fix" and self.fix is not None and self.fix.kind == "unset":
            return doc.unset(self.fix.path, keep=keep)
        if self.kind == "remove":
            return doc.remove(self.path)
        if self.kind == "rename":
            assert self.key is not None
            return doc.rename(self.path, self.key)
        if self.kind == "insert":
            assert self.index is not None
            return doc.insert(self.path, self.index, self.value)
        if self.kind == "move":
            assert self.index is not None
            return doc.move(self.path, self.index)
        if self.kind == "replace":
            return ConfigDocument.from_bytes(self.value.encode("utf-8"), doc.filename, link=doc.link)
        assert self.fix is not None
        return apply_fix(doc, self.fix)


def is_spread_item(path: str, source: str) -> bool:
    """True when ``source`` is a spread (``...rest``) and ``path`` names an array item, where one is valid."""
    if not source.lstrip().startswith("..."):
        return False
    try:
        return isinstance(parse_path(path)[-1], int)
    except (PathError, IndexError):
        return False


def check_spread(source: str) -> None:
    """ParseError unless ``source`` (``...rest``) spreads one expression; its line and column are in ``source``."""
    # The dots become blanks, so the expression's problems are placed where they were typed.
    check_expression(source.replace("...", "   ", 1))


@dataclass(frozen=True)
class ReloadResult:
    """What a reload did with the user's unsaved edits."""

    applied: list[Edit] = field(default_factory=list)
    dropped: list[tuple[Edit, str]] = field(default_factory=list)


def sha256(data: bytes) -> str:
    """The hex SHA-256 of ``data`` (how the journal recognises a file's contents)."""
    return hashlib.sha256(data).hexdigest()


class EditSession:
    """A config file being edited: document, history, variant and diagnostics.

    ``path`` is the file on disk (``None`` for a document not saved yet).
    ``variant`` is detected from the file and its folder unless given.
    """

    def __init__(
        self,
        document: ConfigDocument,
        catalog: Catalog,
        *,
        path: Path | None = None,
        variant: Variant | None = None,
        project: Project | None = None,
        layout: Layout | None = None,
    ) -> None:
        self.catalog = catalog
        self.path = path
        self.project = project
        self.layout = layout
        self._forced_variant = variant
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
        self.save_notes: list[str] = []
        self._check: tuple[ConfigDocument, Variant | None, Any] | None = None
        self._listeners: list[Callable[[EditSession], None]] = []
        self._merge_open = False
        self.scalar_step: tuple[ConfigDocument, ConfigDocument] | None = None
        """(before, after) of the last edit when it only replaced a scalar by another:
        keys and shapes are as in ``before``. Valid while ``after`` is the document."""
        self._values: tuple[ConfigDocument, dict[str, JSValue]] | None = None
        self._spreads: tuple[ConfigDocument, ConfigDocument, list[tuple[str, SpreadNote]]] | None = None
        self._contents: tuple[ConfigDocument, SpreadContents | None] | None = None

    @classmethod
    def open(cls, path: Path, catalog: Catalog, *, variant: Variant | None = None) -> EditSession:
        """Read ``path`` and its surroundings (package.json, folder names) into a session.

        Raises ParseError/DocumentError/OSError when the file cannot be read.
        """
        document = load_document(path)
        project, _note = read_project(path)
        return cls(document, catalog, path=path, variant=variant, project=project, layout=read_layout(path))

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

    def subscribe(self, listener: Callable[[EditSession], None]) -> None:
        """Call ``listener(session)`` after every change of document or variant."""
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener(self)

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

    # ---------------------------------------------------------- diagnostics

    def _result(self) -> Any:
        key = (self._document, self._forced_variant)
        if self._check is None or self._check[0] is not key[0] or self._check[1] != key[1]:
            result = check_document(
                self._document,
                self.catalog,
                self._forced_variant,
                project=self.project,
                layout=self.layout,
                values=self.values(),
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
            self._values = (self._document, self._document.values())
        return self._values[1]

    def get(self, path: str, default: Any = None) -> JSValue | Any:
        """The value at ``path`` in the file, or ``default`` when the file does not set it."""
        try:
            segments = parse_path(path)
        except ValueError:
            return default
        node: Any = self.values()
        for seg in segments:
            if isinstance(node, dict) and isinstance(seg, str) and seg in node:
                node = node[seg]
            elif isinstance(node, list) and isinstance(seg, int) and -len(node) <= seg < len(node):
                node = node[seg]
            else:
                return default
        return node

    def has(self, path: str) -> bool:
        """True when the file sets ``path``."""
        missing = object()
        return self.get(path, missing) is not missing

    def spread_notes(self) -> list[tuple[str, SpreadNote]]:
        """(edited path, spread) for each edit since the file was read that a spread makes mean something else.

        Only paths whose value differs from the file's count; computed once per document.
        """
        cached = self._spreads
        if cached is not None and cached[0] is self._origin and cached[1] is self._document:
            return cached[2]
        found: list[tuple[str, SpreadNote]] = []
        spreads = b"..." in self._origin.data or b"..." in self._document.data  # else none to find: most files
        if spreads and self._origin.read_only is None and self._document.read_only is None:
            for path in _touched_paths([edit for edit, _ in self._undo + self._redo]):
                if _value_at(self._origin, path) == _value_at(self._document, path):
                    continue
                text = format_path(path)
                found += [(text, n) for n in spread_notes(self._origin, self._document, path) if n.risky]
        self._spreads = (self._origin, self._document, found)
        return found

    def spread_origin(self, path: str) -> list[str]:
        """Where a spread of the document gives (or may give) the value at ``path``, a line each, for under its field."""
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
        except _EDIT_ERRORS as exc:
            raise EditError(_reason(exc)) from exc
        if after.text == before.text:
            return before  # a no-op is not an undo step
        top = self._undo[-1] if self._undo else None
        if (
            merge
            and self._merge_open
            and top is not None
            and (self._saved_edits is None or len(self._undo) > self._saved_edits)
            and (joined := _joined(top[0], edit)) is not None
        ):
            self._undo[-1] = (joined, top[1])
        else:
            self._push(edit, before)
        self._merge_open = merge
        self._redo.clear()
        self._carry_values(edit, before, after)
        self._document = after
        self._changed()
        return after

    def _carry_values(self, edit: Edit, before: ConfigDocument, after: ConfigDocument) -> None:
        """After a scalar replacing a scalar, derive the new values instead of reading the file again.

        Typing in a field is such an edit at every keystroke; reading a 450-line
        file costs a few milliseconds. Only kinds that read back exactly as set
        qualify (not floats: ``1.0`` reads back as ``1``), and not hooks, which
        the reader flattens. ``scalar_step`` tells views the keys did not change.
        """
        self.scalar_step = None
        if edit.kind != "set" or self._values is None or self._values[0] is not before:
            return
        if not _exact_scalar(edit.value):
            return
        try:
            segments = parse_path(edit.path)
        except PathError:
            return
        if not segments or segments[0] == "hooks" or str(segments[0]).startswith("$"):
            return
        root: Any = dict(self._values[1])
        node = root
        for seg in segments[:-1]:
            child = node[seg] if _holds(node, seg) else None
            if isinstance(child, dict):
                child = dict(child)
            elif isinstance(child, list):
                child = list(child)
            else:
                return
            node[seg] = child
            node = child
        last = segments[-1]
        if not _holds(node, last) or not _exact_scalar(node[last]):
            return
        node[last] = edit.value
        self._values = (after, root)
        self.scalar_step = (before, after)

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

    def reset(self, path: str) -> bool:
        """Back to the default: remove ``path`` from the file. False when it was not set."""
        if not self.has(path):
            return False
        self.unset(path)
        return True

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
        if not self._undo:
            return None
        edit, before = self._undo.pop()
        self._merge_open = False
        self._redo.append((edit, self._document))
        self._document = before
        self._changed()
        return edit

    def redo(self) -> Edit | None:
        """Redo the last undone edit; the edit redone, or ``None``."""
        if not self._redo:
            return None
        edit, after = self._redo.pop()
        self._merge_open = False
        self._undo.append((edit, self._document))
        self._document = after
        self._changed()
        return edit

    # ----------------------------------------------------------------- disk

    def diff(self) -> str:
        """A unified diff from the file on disk to the current document ('' when equal)."""
        name = self.path.name if self.path is not None else self._document.filename
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
        try:
            data = self.path.read_bytes()
        except OSError:
            return True
        return data != self._document.link.state.data

    def reload(self) -> ReloadResult:
        """Read the file again and re-apply the unsaved edits where they still apply.

        The history restarts from the file read. Raises ParseError/DocumentError/
        OSError (session unchanged) when the file on disk cannot be read.
        """
        assert self.path is not None
        fresh = load_document(self.path)
        edits = self.unsaved_edits
        if edits is None:  # undone past the last save: keep the text the user sees
            edits = [Edit("replace", "", self._document.text)] if self.dirty else []
        self._undo, self._redo = [], []
        self._deleted = False
        self._saved_text = fresh.text
        self._saved_edits = 0
        self._document = fresh
        self._set_origin(fresh)
        self._check = None
        return self.replay(edits)

    def replay(self, edits: list[Edit]) -> ReloadResult:
        """Apply ``edits`` in order, each an undo step; those that no longer apply are dropped."""
        applied: list[Edit] = []
        dropped: list[tuple[Edit, str]] = []
        doc = self._document
        for edit in edits:
            try:
                after = self._apply_edit(edit, doc)
            except _EDIT_ERRORS as exc:
                dropped.append((edit, _reason(exc)))
                continue
            if after.text != doc.text:
                self._push(edit, doc)
                applied.append(edit)
            doc = after
        self._merge_open = False  # typing after a reload or recovery is a new step
        self._redo.clear()
        self._document = doc
        self._changed()
        return ReloadResult(applied, dropped)


def _touched_paths(edits: list[Edit]) -> list[KeyPath]:
    """The paths ``edits`` write or remove (a renamed key at both names), each once, in order."""
    texts: list[str] = []
    for edit in edits:
        fix = edit.fix
        if edit.kind == "replace":
            continue
        if fix is not None:
            texts.append(fix.path)
            if fix.new_path:
                texts.append(fix.new_path)
            if fix.new_key:
                texts.append(_renamed(fix.path, fix.new_key))
            continue
        texts.append(edit.path)
        if edit.kind == "rename" and edit.key is not None:
            texts.append(_renamed(edit.path, edit.key))
    out: list[KeyPath] = []
    for text in dict.fromkeys(texts):
        try:
            out.append(parse_path(text))
        except PathError:
            continue
    return out


def _renamed(path: str, key: str) -> str:
    try:
        return format_path((*parse_path(path)[:-1], key))
    except PathError:
        return path


_ABSENT = object()


def _value_at(doc: ConfigDocument, path: KeyPath) -> Any:
    try:
        return doc.get(path)
    except (KeyError, DocumentError):
        return _ABSENT


def _joined(first: Edit, then: Edit) -> Edit | None:
    """One edit doing ``first`` then ``then`` (typing merged into one undo step), or ``None``.

    A set (or code) at the same path: the later edit. A value typed into an
    item just added (``insert`` at ``css`` index 2, then ``set`` of ``css[2]``):
    the insert of that value.
    """
    if (first.kind, first.path) == (then.kind, then.path) and first.kind in ("set", "set_code"):
        return then  # the same value typed on; two items added to one list are two steps
    if first.kind == "insert" and then.kind == "set" and first.index is not None:
        try:
            item = format_path((*parse_path(first.path), first.index))
        except PathError:
            return None
        if then.path == item:
            return Edit("insert", first.path, then.value, index=first.index)
    return None


def _exact_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, bool, int)) and not isinstance(value, float)


def _holds(node: Any, seg: str | int) -> bool:
    if isinstance(node, dict):
        return isinstance(seg, str) and seg in node
    return isinstance(node, list) and isinstance(seg, int) and 0 <= seg < len(node)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, KeyError):
        return f"{exc.args[0] if exc.args else ''} is not in the file"
    return str(exc)


__all__ = [
    "UNDEFINED",
    "ChangedOnDiskError",
    "Code",
    "Edit",
    "EditError",
    "EditSession",
    "ReloadResult",
    "format_path",
    "sha256",
]
