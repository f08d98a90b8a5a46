"""Load a config file from disk, save it back atomically, find it in a folder."""

from __future__ import annotations

import os
from pathlib import Path

from fwk_tui.atomic import is_read_only, write_bytes_atomically
from fwk_tui.oserrors import os_error_message
from fwk_tui.source.disk import DiskLink, DiskState
from fwk_tui.source.document import ConfigDocument
from fwk_tui.source.errors import ChangedOnDiskError, DocumentError, ReadOnlyFileError
from fwk_tui.source.lock import locked
from fwk_tui.source.parse import MAX_BYTES, dense_error
from fwk_tui.userfiles import (
    FileNotThere,
    FileTooBig,
    NotARegularFile,
    UnreadableFile,
    read_file_bytes,
    read_regular_file,
)

CONFIG_NAMES = ("fwk.config.ts", "fwk.config.js", "fwk.config.mjs")

StrPath = str | os.PathLike[str]


def find_config_file(folder: StrPath = ".") -> Path | None:
    """The config in ``folder``: ``fwk.config.ts``, else ``.js``, else ``.mjs``; None if none."""
    base = Path(folder)
    for name in CONFIG_NAMES:
        candidate = base / name
        if candidate.is_file():
            return candidate
    return None


def load_document(path: StrPath) -> ConfigDocument:
    """Read and parse a config file; ParseError or DocumentError with a message when we cannot."""
    p = Path(path)
    name = str(p)
    try:
        # One open descriptor gives the type, the size and the bytes: a FIFO swapped in
        # after a look at the name cannot block the read.
        read = read_regular_file(p, MAX_BYTES)
    except FileNotThere:
        raise DocumentError(f"{name}: no such file") from None
    except NotARegularFile:
        raise DocumentError(f"{name}: not a file") from None
    except FileTooBig as exc:
        raise DocumentError(
            f"{name}: {exc.size / 1_048_576:.1f} MB is too big for a config file "
            f"(fwk-tui opens files up to {MAX_BYTES // 1_048_576} MB)"
        ) from None
    except UnreadableFile as exc:
        if isinstance(exc.os_error, IsADirectoryError):
            raise DocumentError(f"{name}: not a file") from None
        raise DocumentError(os_error_message(exc.os_error, name) if exc.os_error else str(exc)) from None
    data, st = read.data, read.stat
    _check_encoding(data, name)
    link = DiskLink(DiskState(_key(p), st.st_mtime_ns, st.st_size, data))
    return ConfigDocument.from_bytes(data, name, link=link)


def bytes_on_disk(path: StrPath) -> bytes | None:
    """The bytes of the config file at ``path`` as :func:`load_document` would read them; None when it cannot.

    For a watcher: never blocks (a FIFO is refused) and never reads past the size of a config file.
    """
    try:
        return read_file_bytes(Path(path), MAX_BYTES)
    except UnreadableFile:
        return None


def _check_encoding(data: bytes, name: str) -> None:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise DocumentError(f"{name}: the file is UTF-16 text; save it as UTF-8 to edit it")
    if b"\0" in data:
        raise DocumentError(f"{name}: this is a binary file, not a config file")
    if data.isascii():
        return  # ASCII is UTF-8: no need to decode it all
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DocumentError(
            f"{name}: not UTF-8 text (byte 0x{data[exc.start]:02x} on line {line}); save it as UTF-8"
        ) from None


def save_document(
    doc: ConfigDocument,
    path: StrPath,
    *,
    backup: bool = False,
    expected_mtime_ns: int | None = None,
    expected_bytes: bytes | None = None,
    read_only_ok: bool = False,
) -> list[str]:
    """Write ``doc`` to ``path`` atomically, holding the folder's lock; return notes for the user.

    Refused with ChangedOnDiskError when the file on disk is not the one the
    document was read from (or not ``expected_bytes`` / ``expected_mtime_ns``),
    checked again just before the rename; a new document may only create a
    file. ReadOnlyFileError for a read-only file unless ``read_only_ok``;
    ``backup`` first replaces ``<file>.bak`` (atomically) with the old bytes.
    Any OS failure is a DocumentError in words; the file is then unchanged.
    """
    if doc.tree.root_node.has_error:
        raise DocumentError(f"{path}: the document does not parse; nothing was written")
    if len(doc.data) > MAX_BYTES:  # fwk-tui could not open the file it wrote, nor take the edit back
        raise DocumentError(
            f"{path}: the config would be {len(doc.data):,} bytes, over the {MAX_BYTES:,} "
            f"({MAX_BYTES // 1_048_576} MB) fwk-tui opens; nothing was written"
        )
    dense = dense_error(doc.tree, str(path))
    if dense is not None:
        raise DocumentError(f"{dense}; nothing was written")
    target = Path(os.path.realpath(path))
    try:
        with locked(target):
            current = _stat(target)
            if current is not None and not read_only_ok and is_read_only(target, current):
                raise ReadOnlyFileError(f"{path}: the file is read-only; nothing was written")
            old = _bytes_as_read(doc, str(path), target, current, expected_mtime_ns, expected_bytes)
            notes = []
            if backup and old is not None:
                # The backup holds what the file held: its mode and owner too (a 0600 file
                # of secrets gets a 0600 backup); a symlink under its name is replaced,
                # never followed out of the folder.
                bak = target.with_name(target.name + ".bak")
                notes += write_bytes_atomically(bak, old, like=current, follow_symlinks=False)

            def still_unchanged() -> None:
                # Another program may have written since the check above: it keeps its bytes.
                meanwhile = ChangedOnDiskError(f"{path} changed on disk while saving; nothing was written")
                if _read(target, meanwhile) != old:
                    raise meanwhile

            notes += write_bytes_atomically(target, doc.data, before_rename=still_unchanged)
            st = target.stat()
    except OSError as exc:
        raise DocumentError(f"{os_error_message(exc, path)}; nothing was written") from None
    doc.link.state = DiskState(_key(target), st.st_mtime_ns, st.st_size, doc.data)
    return notes


def _bytes_as_read(
    doc: ConfigDocument,
    name: str,
    target: Path,
    current: os.stat_result | None,
    expected_mtime_ns: int | None,
    expected_bytes: bytes | None,
) -> bytes | None:
    """The file's bytes (None: no file) when they are the ones the save expects; else ChangedOnDiskError."""
    changed = ChangedOnDiskError(f"{name} changed on disk since it was read; nothing was written")
    deleted = ChangedOnDiskError(f"{name} was deleted since it was read; nothing was written")
    state = doc.link.state
    if expected_bytes is not None or expected_mtime_ns is not None:
        if current is None:
            raise deleted
        if expected_bytes is None and current.st_mtime_ns != expected_mtime_ns:
            raise changed
        want = expected_bytes
    elif state is None or state.path != str(target):
        if current is not None:
            raise ChangedOnDiskError(
                f"{name} already exists and this document was not read from it; nothing was written"
            )
        return None
    elif current is None:
        raise deleted
    else:
        want = state.data  # bytes, not times: a touch is no conflict, two writes in one clock tick are
    if want is not None and current.st_size != len(want):
        raise changed  # without reading a file that grew huge
    old = _read(target, changed)
    if old is None:
        raise deleted
    if want is not None and old != want:
        raise changed
    return old


def _read(path: Path, changed: ChangedOnDiskError) -> bytes | None:
    """The bytes of the file at ``path`` (None: no file); ``changed`` raised when it is no config file now."""
    try:
        return read_file_bytes(path, MAX_BYTES)
    except FileNotThere:
        return None
    except (NotARegularFile, FileTooBig):
        raise changed from None  # a FIFO or a huge file swapped in
    except UnreadableFile as exc:
        if exc.os_error is not None:
            raise exc.os_error from None
        raise


def _stat(path: Path) -> os.stat_result | None:
    try:
        return path.stat()
    except FileNotFoundError:
        return None


def _key(path: Path) -> str:
    return os.path.realpath(path)
