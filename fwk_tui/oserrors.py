"""What an OSError means to a user, in a few words: "disk full", "permission denied"."""

from __future__ import annotations

import errno
import os

_WORDS = {
    errno.ENOSPC: "disk full (no space left on device)",
    errno.EROFS: "read-only file system",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted (is the file immutable or append-only?)",
    errno.ELOOP: "too many levels of symbolic links",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.ENAMETOOLONG: "file name too long",
    errno.EISDIR: "a folder, not a file",
    errno.EEXIST: "already there, and not a folder",
    errno.ENOENT: "no such file or folder",
    errno.EIO: "input/output error (a failing disk or a lost connection?)",
    errno.EDQUOT: "disk quota exceeded",
    errno.EMFILE: "too many open files",
    errno.ENXIO: "no such device (a FIFO or a socket without a reader?)",
}


def os_error_words(exc: OSError) -> str:
    """Why ``exc`` happened, in lowercase words without a file name or an errno number."""
    if exc.errno in _WORDS:
        return _WORDS[exc.errno]
    text = exc.strerror or (os.strerror(exc.errno) if exc.errno else "") or type(exc).__name__
    return text[:1].lower() + text[1:]


def os_error_message(exc: OSError, name: object) -> str:
    """``name: words``, naming the other path too when the error is about one (a folder, a link target)."""
    words = os_error_words(exc)
    other = os.fsdecode(exc.filename) if isinstance(exc.filename, (str, bytes, os.PathLike)) else ""
    if other and os.path.realpath(other) != os.path.realpath(str(name)):
        return f"{name}: {other}: {words}"
    return f"{name}: {words}"
