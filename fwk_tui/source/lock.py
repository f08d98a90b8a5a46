"""One writer at a time in a folder: an advisory lock held across read, edit and write.

The lock is ``flock`` on the config's folder, not on the config: a save replaces
the file by a rename, so a lock on the file's inode would be lost with the old
inode, and a lock file beside it would be one more file to leave lying around.
A folder can always be opened for reading, needs no writing to lock and
survives every save. It is advisory: it orders fwk-tui's own writers (the
CLI, the editor, the wizard), and the bytes are compared again just before the
rename for every other program.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from fwk_tui.source.errors import BusyError

try:
    import fcntl
except ImportError:  # Windows: no flock; the check before the rename still holds
    fcntl = None  # type: ignore[assignment]

LOCK_SECONDS = 5.0
_POLL_SECONDS = 0.01

_guard = threading.Lock()
_threads: dict[str, threading.RLock] = {}
_held: dict[str, tuple[int, int | None]] = {}  # folder -> (depth, fd), touched only by its RLock's owner


@contextmanager
def locked(path: str | os.PathLike[str], *, timeout: float | None = None) -> Iterator[None]:
    """Hold the write lock of ``path``'s folder (reentrant); BusyError when it is not free within ``timeout`` s.

    Where the OS gives no lock (a folder we cannot open, a file system without
    flock), the block runs unlocked: the check before the rename still holds.
    """
    folder = os.path.dirname(os.path.realpath(path)) or "."
    wait = LOCK_SECONDS if timeout is None else timeout
    deadline = time.monotonic() + wait
    with _guard:
        rlock = _threads.setdefault(folder, threading.RLock())
    if not rlock.acquire(timeout=wait):
        raise _busy(path, wait)
    try:
        depth, fd = _held.get(folder, (0, None))
        if depth == 0:
            fd = _flock(folder, deadline, path, wait)
        _held[folder] = (depth + 1, fd)
        try:
            yield
        finally:
            depth, fd = _held.pop(folder)
            if depth > 1:
                _held[folder] = (depth - 1, fd)
            elif fd is not None:
                os.close(fd)  # closing the descriptor releases the lock
    finally:
        rlock.release()


def _flock(folder: str, deadline: float, path: str | os.PathLike[str], wait: float) -> int | None:
    if fcntl is None:
        return None
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return None
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                raise _busy(path, wait) from None
            time.sleep(_POLL_SECONDS)
        except OSError:
            os.close(fd)
            return None


def _busy(path: str | os.PathLike[str], wait: float) -> BusyError:
    folder = Path(os.path.realpath(path)).parent
    return BusyError(
        f"{path}: another fwk-tui kept writing in {folder} for {wait:g} s; nothing was written (try again)"
    )
