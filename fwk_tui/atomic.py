"""Writing a whole text file or nothing: a temp file beside it, fsync, then rename."""

from __future__ import annotations

import os
from pathlib import Path


def write_text_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8, newlines as given), keeping its mode; never a partial file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with temp.open("w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            os.chmod(temp, path.stat().st_mode & 0o7777)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
