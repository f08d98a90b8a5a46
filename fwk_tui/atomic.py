"""Writing a whole file or nothing: a temp file beside it, fsync, then rename, keeping mode and owner."""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import time
from collections.abc import Callable
from pathlib import Path

# A temp file of ours is `.NAME.PID.RANDOM.tmp`: the pid says whether its writer may still be at work.
_TEMP_REST = re.compile(r"(\d+)\.[0-9a-f]{8}\.tmp")
# Earlier releases named them `.NAME.PID.tmp` and `.NAME.XXXXXXXX.tmp` (mkstemp): without a
# live pid to ask, only old ones go.
_LEGACY_TEMP_REST = re.compile(r"(?:\d+|[a-z0-9_]{8})\.tmp")
# A write takes milliseconds; a temp file this old is stale even when its pid lives again.
STALE_SECONDS = 600.0


def write_text_atomically(path: Path, text: str) -> list[str]:
    """Replace ``path`` with ``text`` (UTF-8, newlines as given), creating its folder; see write_bytes_atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_bytes_atomically(path, text.encode("utf-8"))


def write_bytes_atomically(
    path: Path,
    data: bytes,
    *,
    before_rename: Callable[[], None] | None = None,
    like: os.stat_result | None = None,
    follow_symlinks: bool = True,
) -> list[str]:
    """Replace ``path`` (a symlink's target, or with ``follow_symlinks=False`` the link itself) with ``data``.

    Whole or not at all. The new file keeps the old one's mode and, where the OS
    allows, its owner and group (``like``'s instead, when given); ``before_rename``
    runs last and may raise to give up. Returns notes for the user (hard links
    left with the old text, an owner not kept). OSError names the file, or its
    folder when no file could be made there.
    """
    try:
        if follow_symlinks:
            target = Path(os.path.realpath(path))
            current: os.stat_result | None = target.stat()
        else:
            target = Path(os.path.realpath(path.parent)) / path.name
            current = target.lstat()
            if stat.S_ISLNK(current.st_mode):
                current = None  # the link is replaced, never what it points to
    except FileNotFoundError:
        current = None
    except OSError as exc:
        raise _about(exc, path) from exc
    if current is not None and not stat.S_ISREG(current.st_mode):
        # Renaming over a device, a FIFO or a socket would replace it with a plain file (as root: /dev/null).
        raise NotAFile(path, current.st_mode)
    folder = target.parent
    remove_stale_temps(target)
    temp = folder / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    try:
        # A new file gets 0o666 less the umask, as any program's would.
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600 if current or like else 0o666)
    except OSError as exc:
        raise _about(exc, folder) from exc
    try:
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            notes = _keep_owner_and_mode(temp, like or current, path)
            if before_rename is not None:
                before_rename()
            os.replace(temp, target)
        except OSError as exc:
            raise _about(exc, path) from exc
    except BaseException:
        _unlink(temp)
        raise
    _fsync_folder(folder)
    if current is not None and current.st_nlink > 1:
        others = current.st_nlink - 1
        notes.append(
            f"note: {path} had {current.st_nlink} hard links; the other {others} "
            f"keep{'s' if others == 1 else ''} the old text"
        )
    return notes


def is_read_only(target: Path, st: os.stat_result) -> bool:
    """The file at ``target`` (``st``) is read-only to us: a rename would replace it all the same, so writers ask.
    No write bit for us; for root, who may write anything, no write bit at all: the owner meant it."""
    if os.statvfs(target).f_flag & os.ST_RDONLY:
        return False  # a read-only file system: the write itself says so, in those words
    if os.geteuid() == 0:
        return not st.st_mode & 0o222
    return not os.access(target, os.W_OK)


class NotAFile(OSError):
    """The path holds a folder, a device, a FIFO or a socket: a write replaces only regular files."""

    def __init__(self, path: Path, mode: int) -> None:
        if stat.S_ISDIR(mode):
            super().__init__(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        else:
            super().__init__(errno.EINVAL, f"{_kind(mode)}, not a regular file: it is never replaced", str(path))


def _kind(mode: int) -> str:
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def remove_stale_temps(target: Path) -> None:
    """Delete the temp files a killed write of ``target`` left: ours by name, whose writer is gone or which are old."""
    prefix = f".{target.name}."
    now = time.time()
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if not name.startswith(prefix):
            continue
        rest = name[len(prefix) :]
        match = _TEMP_REST.fullmatch(rest)
        if match is None and _LEGACY_TEMP_REST.fullmatch(rest) is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            continue
        old = now - st.st_mtime > STALE_SECONDS
        if old or (match is not None and int(match.group(1)) != os.getpid() and not _alive(int(match.group(1)))):
            _unlink(Path(entry.path))


def _keep_owner_and_mode(temp: Path, current: os.stat_result | None, path: Path) -> list[str]:
    if current is None:
        return []
    notes = []
    mine = temp.stat()
    if (mine.st_uid, mine.st_gid) != (current.st_uid, current.st_gid):
        try:
            os.chown(temp, current.st_uid, current.st_gid)
        except PermissionError:
            # Only root may give a file away; a user's own copy is still better than no write.
            notes.append(f"note: {path} belonged to {current.st_uid}:{current.st_gid}; the new file is yours")
    # After chown, which clears set-user-id bits.
    os.chmod(temp, stat.S_IMODE(current.st_mode))
    return notes


def _alive(pid: int) -> bool:
    if os.name == "nt":
        return True  # os.kill would end the process there; age alone decides
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, as another user's process
    return True


def _about(exc: OSError, name: Path) -> OSError:
    """``exc`` naming ``name``: a user knows their file or folder, not our temp file."""
    return OSError(exc.errno, exc.strerror, str(name))


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


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
