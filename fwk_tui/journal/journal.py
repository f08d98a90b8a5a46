"""The crash journal: unsaved edits kept on disk, so a crash or a closed terminal loses nothing.

After every change the editor records its session here; a clean session
removes its entry. One JSON file per config file, in the user's state folder
(``$XDG_STATE_HOME/fwk-tui/journal``), named by a hash of the config's
absolute path. When fwk-tui opens a file with an entry whose text differs
from the file, it offers to recover it. No Textual here.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from platformdirs import user_state_path

from fwk_tui.catalog.models import Variant
from fwk_tui.journal.codec import JournalFormatError, checked, decode_edit, encode_edit, typed
from fwk_tui.session import Edit, EditSession, ReloadResult, sha256
from fwk_tui.source import MAX_BYTES, bytes_on_disk
from fwk_tui.userfiles import FileTooBig, NotARegularFile, UnreadableFile, read_file_bytes

MAX_ENTRY_BYTES = 8 * MAX_BYTES
"""An entry holds a config's text (at most MAX_BYTES) and its edits, JSON-escaped: a larger one is refused."""
FORMAT_VERSION = 1
"""Written in every entry; an entry of another version is ignored."""


def default_folder() -> Path:
    """Where journal entries live: ``<user state folder>/fwk-tui/journal`` (honours XDG_STATE_HOME)."""
    return user_state_path("fwk-tui") / "journal"


@dataclass(frozen=True)
class JournalEntry:
    """The unsaved state of one config file, as last recorded.

    ``base_sha256`` is the SHA-256 of the file contents the edits start from
    (``None`` for a file that did not exist yet), ``base_text`` those contents
    (``None`` in entries written before it was kept); ``edits`` turn them
    into ``text`` (``None`` when the history has no such list: only the text
    is kept). ``file_changed`` is set by :meth:`Journal.pending`: whether the
    file on disk is no longer the one the edits start from.
    """

    path: Path
    base_sha256: str | None
    text: str
    edits: list[Edit] | None
    variant: Variant | None
    recorded_at: float
    file_changed: bool | None = None
    base_text: str | None = None

    @property
    def summary(self) -> str:
        """How much is unsaved and since when, for the recovery question ("3 unsaved edits from 14:02")."""
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.recorded_at))
        if self.edits is None:
            what = "unsaved changes"
        else:
            what = f"{len(self.edits)} unsaved edit{'' if len(self.edits) == 1 else 's'}"
        changed = " (the file changed on disk since)" if self.file_changed else ""
        return f"{what} from {when}{changed}"

    def recover(self, session: EditSession) -> ReloadResult:
        """Bring the journaled edits into ``session`` (opened on this file), each an undo step.

        When the session's file is the one the edits started from, the result
        is exactly the journaled text (replayed edit by edit when that
        reproduces it, else as one "replace" step). When the file changed, the
        edits that still apply are replayed and the others reported as dropped.
        When the file is gone, the edits are replayed on the text they were
        made on, never on an empty config. Without an edit list the journaled
        text replaces the file's (one undo brings the file's text back), since
        it is the only copy of that work.
        """
        if self.variant is not None and session.forced_variant is None:
            session.set_variant(self.variant)
        if session.text == self.text:
            return ReloadResult()
        restore = Edit("replace", "", self.text)
        if self.edits is None:
            return session.replay([restore])
        edits = self.edits
        if _base_sha256(session) != self.base_sha256:
            if session.saved_text is not None:
                return session.replay(edits)  # the file changed: what still applies
            if self.base_text is None:
                return session.replay([restore])
            edits = [Edit("replace", "", self.base_text), *edits]  # the file is gone
        if _replays_to(session, edits, self.text):
            return session.replay(edits)
        return session.replay([restore])


def _replays_to(session: EditSession, edits: list[Edit], text: str) -> bool:
    # A dry run on a scratch session: the real one then gets the edits as its
    # undo steps only when they lead exactly to the journaled text.
    scratch = EditSession(session.document, session.catalog)
    result = scratch.replay(edits)
    return not result.dropped and scratch.text == text


def _base_sha256(session: EditSession) -> str | None:
    saved = session.saved_text
    return None if saved is None else sha256(saved.encode("utf-8"))


class Journal:
    """The journal folder: one entry per config file with unsaved edits.

    ``folder`` defaults to :func:`default_folder`. ``error`` is the reason the
    last :meth:`record` could not write (``None`` when it could): recording is
    best effort and never interrupts editing. ``problem`` says what
    :meth:`pending` found wrong with an entry it could not use and where it
    kept it (``None`` when nothing was wrong).
    """

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else default_folder()
        self.error: OSError | None = None
        self.problem: str | None = None
        self._entry_paths: dict[Path, tuple[Path, Path]] = {}  # config path -> (absolute path, entry file)
        self._base: tuple[str | None, str | None] = (None, None)  # (saved text, its sha256)
        self._folder_made = False

    def entry_file(self, path: Path) -> Path:
        """The journal file of the config at ``path``."""
        return self._resolve(path)[1]

    def _resolve(self, path: Path) -> tuple[Path, Path]:
        # Resolving costs system calls; a session's path rarely changes.
        cached = self._entry_paths.get(path)
        if cached is None:
            absolute = Path(os.path.realpath(path))  # never raises (Path.resolve does on a symlink loop)
            cached = (absolute, self.folder / f"{sha256(str(absolute).encode('utf-8'))[:32]}.json")
            self._entry_paths[path] = cached
        return cached

    def record(self, session: EditSession) -> None:
        """Write the session's unsaved state; remove its entry when the session is clean.

        A session without a path is not recorded (nothing to recover it into).
        """
        if session.path is None:
            return
        absolute, entry = self._resolve(session.path)
        try:
            if not session.dirty:
                entry.unlink(missing_ok=True)
            else:
                self._write(entry, _dumps(session, absolute, self._base_of(session)))
            self.error = None
        except OSError as exc:
            self.error = exc

    def _base_of(self, session: EditSession) -> str | None:
        # The saved text changes only on save and reload: hash it once per change.
        saved = session.saved_text
        if self._base[0] is not saved:
            self._base = (saved, None if saved is None else sha256(saved.encode("utf-8")))
        return self._base[1]

    def _write(self, entry: Path, payload: str) -> None:
        if not self._folder_made:
            # Entries hold the whole config, secrets included: for the user's eyes only.
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            os.chmod(self.folder, 0o700)
            self._folder_made = True
        # Temp file then rename: an entry is always whole, old or new. No fsync:
        # the journal guards against fwk-tui or its terminal dying, and the
        # kernel writes the page cache out after a process crash anyway; an
        # fsync per keystroke would cost milliseconds on a real disk. After a
        # power loss an entry may be empty or stale, and pending() ignores it.
        temp = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="ascii") as handle:
                handle.write(payload)  # JSON with every non-ASCII character escaped
            os.replace(temp, entry)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise

    def pending(self, path: Path) -> JournalEntry | None:
        """The entry of the config at ``path`` worth recovering, or ``None``.

        ``None`` when there is no entry, when its text is already the file's
        text (such a stale entry is removed) or when it cannot be read (corrupt,
        other version: never an exception); such an entry is renamed
        ``<entry>.corrupt`` so the next edit does not overwrite it, and
        :attr:`problem` says so.
        """
        self.problem = None
        absolute, entry_file = self._resolve(path)
        try:
            # A FIFO or a link to a device in the journal folder is refused, never read: the editor starts.
            raw = read_file_bytes(entry_file, MAX_ENTRY_BYTES)
        except (NotARegularFile, FileTooBig) as exc:
            self._unreadable(path, entry_file, str(exc).removeprefix(f"{entry_file}: "))
            return None
        except UnreadableFile:
            return None
        try:
            entry = _loads(raw.decode("utf-8"))
        except ValueError as exc:  # UnicodeDecodeError and JournalFormatError are ValueErrors
            reason = exc.args[0] if isinstance(exc, JournalFormatError) else "not a journal entry"
            self._unreadable(path, entry_file, reason)
            return None
        if entry.path != absolute:
            return None  # a hash collision or a moved folder: not this file's entry
        data = bytes_on_disk(absolute)
        if data is not None and data == entry.text.encode("utf-8"):
            self.discard(path)
            return None
        on_disk = None if data is None else sha256(data)
        return replace(entry, file_changed=on_disk != entry.base_sha256)

    def _unreadable(self, path: Path, entry_file: Path, reason: str) -> None:
        """Put the entry that cannot be read out of the way, and say so in :attr:`problem`."""
        kept = self.keep_aside(path, "corrupt")
        where = f"it is kept as {kept}" if kept is not None else f"it stays as {entry_file}"
        self.problem = f"The journal entry of this file cannot be read ({reason}); {where}."

    def keep_aside(self, path: Path, suffix: str) -> Path | None:
        """Rename the entry of the config at ``path`` to ``<entry>.<suffix>``, out of the way of new records.

        The new name, or ``None`` when it could not be renamed.
        """
        entry_file = self._resolve(path)[1]
        kept = entry_file.with_name(f"{entry_file.name}.{suffix}")
        try:
            os.replace(entry_file, kept)
        except OSError:
            return None
        return kept

    def discard(self, path: Path) -> None:
        """Remove the entry of the config at ``path`` (saved, or the user said to forget it)."""
        try:
            self._resolve(path)[1].unlink(missing_ok=True)
        except OSError:
            pass  # nothing to lose: at worst the entry is offered again and found stale


# ------------------------------------------------------------ serialisation


def _dumps(session: EditSession, absolute: Path, base: str | None) -> str:
    edits = session.unsaved_edits
    try:
        encoded = None if edits is None else [encode_edit(e) for e in edits]
    except (TypeError, RecursionError):
        encoded = None  # a value we cannot write: the text alone still recovers the work
    return json.dumps(
        {
            "format": FORMAT_VERSION,
            "path": str(absolute),
            "base_sha256": base,
            "base_text": session.saved_text,
            "text": session.text,
            "edits": encoded,
            "variant": session.forced_variant,
            "recorded_at": time.time(),
        },
        ensure_ascii=True,  # a lone surrogate ('\uD800' is valid JS) has no UTF-8: it is written escaped
        allow_nan=False,
    )


def _loads(raw: str) -> JournalEntry:
    try:
        data = json.loads(raw)
    except RecursionError as exc:
        raise JournalFormatError("journal entry nested too deeply") from exc
    return checked(_entry, data)


def _entry(data: Any) -> JournalEntry:
    if not isinstance(data, dict) or data.get("format") != FORMAT_VERSION:
        raise JournalFormatError("not a journal entry of this version")
    edits = data["edits"]
    variant = data["variant"]
    if variant not in (None, "A", "B"):
        raise JournalFormatError(f"bad variant {variant!r:.20}")
    entry = JournalEntry(
        path=Path(typed(data["path"], str)),
        base_sha256=typed(data["base_sha256"], (str, type(None))),
        text=typed(data["text"], str),
        edits=None if edits is None else [decode_edit(e) for e in typed(edits, list)],
        variant=variant,
        recorded_at=float(typed(data["recorded_at"], (int, float))),
        base_text=typed(data.get("base_text"), (str, type(None))),
    )
    # A document's text comes from UTF-8 bytes: a lone surrogate in it (or a base that
    # is not the file hashed) is damage, which must not reach the session.
    entry.text.encode("utf-8")
    if entry.base_text is not None and sha256(entry.base_text.encode("utf-8")) != entry.base_sha256:
        raise JournalFormatError("the base text does not match its hash")
    return entry
