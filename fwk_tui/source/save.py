"""Load a config file from disk, save it back atomically, find it in a folder."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from fwk_tui.source.disk import DiskLink, DiskState
from fwk_tui.source.document import ConfigDocument
from fwk_tui.source.errors import ChangedOnDiskError, DocumentError
from fwk_tui.source.parse import MAX_BYTES

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
        st = p.stat()
        if not p.is_file():
            raise DocumentError(f"{name}: not a file")
        if st.st_size > MAX_BYTES:
            raise DocumentError(
                f"{name}: {st.st_size / 1_048_576:.1f} MB is too big for a config file "
                f"(fwk-tui opens files up to {MAX_BYTES // 1_048_576} MB)"
            )
        with p.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise DocumentError(f"{name}: no such file") from None
    except PermissionError:
        raise DocumentError(f"{name}: permission denied") from None
    except IsADirectoryError:
        raise DocumentError(f"{name}: not a file") from None
    _check_encoding(data, name)
    link = DiskLink(DiskState(_key(p), st.st_mtime_ns, st.st_size, data))
    return ConfigDocument.from_bytes(data, name, link=link)


def _check_encoding(data: bytes, name: str) -> None:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise DocumentError(f"{name}: the file is UTF-16 text; save it as UTF-8 to edit it")
    if b"\0" in data:
        raise DocumentError(f"{name}: this is a binary file, not a config file")
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
) -> None:
    """Write ``doc`` to ``path`` atomically (same-folder temp file, fsync, rename, mode kept).

    Refused with ChangedOnDiskError when the file on disk is not the one the
    document was read from (or not ``expected_bytes`` / ``expected_mtime_ns`` when
    given). A new document may only create a file, not replace one. ``backup``
    keeps the previous file as ``<file>.bak``.
    """
    if doc.tree.root_node.has_error:
        raise DocumentError(f"{path}: the document does not parse; nothing was written")
    target = Path(os.path.realpath(path))
    current = _stat(target)
    _check_unchanged(doc, target, current, expected_mtime_ns, expected_bytes)
    if backup and current is not None:
        shutil.copy2(target, target.with_name(target.name + ".bak"))
    mode = current.st_mode & 0o7777 if current is not None else 0o666 & ~_umask()
    _write_atomic(target, doc.data, mode)
    st = target.stat()
    doc.link.state = DiskState(_key(target), st.st_mtime_ns, st.st_size, doc.data)


def _check_unchanged(
    doc: ConfigDocument,
    target: Path,
    current: os.stat_result | None,
    expected_mtime_ns: int | None,
    expected_bytes: bytes | None,
) -> None:
    name = str(target)
    if expected_bytes is not None or expected_mtime_ns is not None:
        if current is None:
            raise ChangedOnDiskError(f"{name} was deleted since it was read; nothing was written")
        if expected_bytes is not None:
            if target.read_bytes() != expected_bytes:
                raise ChangedOnDiskError(f"{name} changed on disk since it was read; nothing was written")
        elif current.st_mtime_ns != expected_mtime_ns:
            raise ChangedOnDiskError(f"{name} changed on disk since it was read; nothing was written")
        return
    state = doc.link.state
    if state is None or state.path != _key(target):
        if current is not None:
            raise ChangedOnDiskError(
                f"{name} already exists and this document was not read from it; nothing was written"
            )
        return
    if current is None:
        raise ChangedOnDiskError(f"{name} was deleted since it was read; nothing was written")
    if current.st_mtime_ns == state.mtime_ns and current.st_size == state.size:
        return
    # A touch without a change is not a conflict: compare the bytes themselves.
    if current.st_size != state.size or target.read_bytes() != state.data:
        raise ChangedOnDiskError(f"{name} changed on disk since it was read; nothing was written")


def _write_atomic(target: Path, data: bytes, mode: int) -> None:
    folder = target.parent
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # some platforms cannot open a folder; the rename is still atomic
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _stat(path: Path) -> os.stat_result | None:
    try:
        return path.stat()
    except FileNotFoundError:
        return None


def _key(path: Path) -> str:
    return os.path.realpath(path)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
