"""Read the small text files a user names (.env, presets, settings, package.json), safely.

Only regular files are read (a FIFO would block, ``/dev/zero`` never ends), and
no more than a cap, so no file argument can hang a command or fill the memory.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from fwk_tui.oserrors import os_error_words

MAX_TEXT_BYTES = 1024 * 1024
"""The default cap: a .env, a preset or a settings file is a few kilobytes."""


class UnreadableFile(Exception):
    """The file cannot be read as text; ``str()`` is ``file: why``."""


class FileNotThere(UnreadableFile):
    """The file does not exist."""


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


def read_file_bytes(path: Path, limit: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit``; UnreadableFile saying why not."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise FileNotThere(f"{path}: no such file") from None
    except OSError as exc:
        raise UnreadableFile(f"{path}: {os_error_words(exc)}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnreadableFile(f"{path}: not a regular file")
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise UnreadableFile(f"{path}: {os_error_words(exc)}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise UnreadableFile(f"{path}: too big (fwk-tui reads files of this kind up to {_size(limit)})")
    return data


def _size(limit: int) -> str:
    return f"{limit // 1_048_576} MB" if limit >= 1_048_576 else f"{limit // 1024} KB"
