"""The one way fwk-tui reads a file a user controls: configs, layers, package.json, journal entries, settings, presets.

Only regular files are read (a FIFO would block, ``/dev/zero`` never ends), a
symlink is followed to its target and judged by what the target is, and no
more than a cap is read, so no file can hang a command, freeze the editor or
fill the memory. The type and size are taken from the open descriptor
(``fstat``), never from a name looked at before: a FIFO swapped in between
cannot block. Every refusal is one line naming the file.

``tests/test_architecture.py`` fails when a module reads a file another way.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from fwk_tui.oserrors import os_error_words

MAX_TEXT_BYTES = 1024 * 1024
"""The default cap: a .env, a preset, a settings file or a package.json is a few kilobytes."""
MAX_PACKAGE_JSON_BYTES = 10 * 1024 * 1024
"""A package.json (the project's, a layer package's) above this is not read: a real one is a few kilobytes."""


class UnreadableFile(Exception):
    """The file cannot be read; ``str()`` is ``file: why``."""

    def __init__(self, message: str, os_error: OSError | None = None) -> None:
        super().__init__(message)
        self.os_error = os_error


class FileNotThere(UnreadableFile):
    """The file does not exist."""


class NotARegularFile(UnreadableFile):
    """A folder, a FIFO, a device or a socket: never read."""


class FileTooBig(UnreadableFile):
    """More bytes than the cap of its kind; ``size`` is what the file holds (or at least)."""

    def __init__(self, message: str, size: int, limit: int) -> None:
        super().__init__(message)
        self.size = size
        self.limit = limit


@dataclass(frozen=True)
class FileRead:
    """The bytes of one file and what ``fstat`` said of the descriptor they were read from."""

    data: bytes
    stat: os.stat_result


def read_text_file(path: Path, limit: int = MAX_TEXT_BYTES) -> str:
    """The UTF-8 text of the regular file ``path`` (a BOM dropped), at most ``limit`` bytes of it.

    UnreadableFile (FileNotThere when it is missing) saying why otherwise.
    """
    data = read_file_bytes(path, limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise UnreadableFile(f"{path}: not UTF-8 text (byte 0x{data[exc.start]:02x} on line {line})") from None


def read_file_bytes(path: Path | str, limit: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit``; UnreadableFile saying why not."""
    return read_regular_file(path, limit).data


def read_regular_file(path: Path | str, limit: int = MAX_TEXT_BYTES) -> FileRead:
    """The bytes of the regular file ``path`` (at most ``limit``) and its ``fstat``; UnreadableFile saying why not."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError as exc:
        raise FileNotThere(f"{path}: no such file", exc) from None
    except OSError as exc:
        raise UnreadableFile(f"{path}: {os_error_words(exc)}", exc) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotARegularFile(f"{path}: not a regular file")
        if st.st_size > limit:
            raise FileTooBig(_too_big(path, limit), st.st_size, limit)
        os.set_blocking(fd, True)
        data = _read_at_most(fd, st.st_size, limit)
    except OSError as exc:
        raise UnreadableFile(f"{path}: {os_error_words(exc)}", exc) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileTooBig(_too_big(path, limit), len(data), limit)
    return FileRead(data, st)


def _read_at_most(fd: int, size: int, limit: int) -> bytes:
    """As many bytes as the size says, then whatever the file grew by since, up to ``limit`` + 1."""
    with os.fdopen(fd, "rb", closefd=False) as handle:
        # A buffer of the whole cap would cost more than the read: the size first.
        data = handle.read(size + 1)
        if len(data) > size:
            data += handle.read(limit + 1 - len(data))
    return data


def _too_big(path: Path | str, limit: int) -> str:
    return f"{path}: too big (fwk-tui reads files of this kind up to {size_words(limit)})"


def size_words(limit: int) -> str:
    """``1 MB``, ``64 KB``: a cap in the words messages use."""
    return f"{limit // 1_048_576} MB" if limit >= 1_048_576 else f"{limit // 1024} KB"


def leads_out_of(path: Path, folder: Path) -> str | None:
    """Where writing ``path`` would land when a link on its way (or ``path`` itself) leads out of ``folder``, the
    project; None when it stays inside (nothing there yet counts as inside)."""
    try:
        target, root = path.resolve(), folder.resolve()
    except (OSError, RuntimeError):  # a loop: not written through either
        return str(path)
    return None if target.is_relative_to(root) else str(target)
