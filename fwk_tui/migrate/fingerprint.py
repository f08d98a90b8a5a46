"""A cheap fingerprint of a moved tree, to tell whether anything changed in it since the move."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path
from typing import Any

FINGERPRINT_LIMIT = 200_000
"""A tree with more entries than this is fingerprinted by its count only."""


def fingerprint(path: Path) -> dict[str, Any]:
    """A cheap fingerprint of the tree at ``path``: its entry count and a hash of each entry's relative path, kind,
    size and mtime (files), target (symlinks: never followed); a tree of more than FINGERPRINT_LIMIT entries by
    its count only. A folder's own mtime is left out: its entries say what changed in it."""
    digest = hashlib.sha256()
    count = 0
    pending: list[tuple[bytes, bytes]] = [(b"", os.fsencode(path))]  # (relative, absolute)
    while pending:
        relative, absolute = pending.pop()
        st = os.lstat(absolute)
        count += 1
        if count <= FINGERPRINT_LIMIT:
            digest.update(_entry(relative, absolute, st))
        if stat.S_ISDIR(st.st_mode):
            try:
                with os.scandir(absolute) as entries:
                    names = sorted(e.name for e in entries)
            except OSError as exc:
                raise OSError(exc.errno, exc.strerror, os.fsdecode(absolute)) from None
            pending += [(relative + b"/" + n if relative else n, absolute + b"/" + n) for n in reversed(names)]
    if count > FINGERPRINT_LIMIT:
        return {"entries": count}
    return {"entries": count, "sha256": digest.hexdigest()}


def _entry(relative: bytes, absolute: bytes, st: os.stat_result) -> bytes:
    if stat.S_ISLNK(st.st_mode):
        detail = b"l " + os.readlink(absolute)
    elif stat.S_ISREG(st.st_mode):
        detail = b"f %d %d" % (st.st_size, st.st_mtime_ns)
    elif stat.S_ISDIR(st.st_mode):
        detail = b"d"
    else:
        detail = b"o %o" % stat.S_IFMT(st.st_mode)
    return relative + b"\0" + detail + b"\0"
