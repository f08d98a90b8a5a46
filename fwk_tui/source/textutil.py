"""Line arithmetic on UTF-8 source bytes, and safe printing of user text."""

from __future__ import annotations

import difflib
import re
import unicodedata

_WS = b" \t"


def line_start(data: bytes, pos: int) -> int:
    """Offset of the first byte of the line holding ``pos``."""
    return data.rfind(b"\n", 0, pos) + 1


def line_end(data: bytes, pos: int) -> int:
    """Offset of the line break (``\\r\\n`` or ``\\n``) ending the line holding ``pos``."""
    nl = data.find(b"\n", pos)
    if nl == -1:
        return len(data)
    return nl - 1 if nl > 0 and data[nl - 1] == 0x0D else nl


def after_line(data: bytes, pos: int) -> int:
    """Offset just past the line break ending the line holding ``pos``."""
    nl = data.find(b"\n", pos)
    return len(data) if nl == -1 else nl + 1


def indent_of_line(data: bytes, pos: int) -> bytes:
    """The leading spaces and tabs of the line holding ``pos``."""
    start = line_start(data, pos)
    end = start
    while end < len(data) and data[end] in _WS:
        end += 1
    return data[start:end]


def is_blank(data: bytes, start: int, end: int) -> bool:
    """True when ``data[start:end]`` holds only spaces, tabs and line breaks."""
    return not data[start:end].strip()


def skip_spaces(data: bytes, pos: int) -> int:
    """``pos`` moved past spaces and tabs (not line breaks)."""
    while pos < len(data) and data[pos] in _WS:
        pos += 1
    return pos


def line_col(data: bytes, pos: int) -> tuple[int, int]:
    """1-based line and character column of byte ``pos``; a BOM takes no column."""
    line = data.count(b"\n", 0, pos) + 1
    start = line_start(data, pos)
    prefix = data[start:pos].decode("utf-8", "replace")
    if start == 0 and prefix.startswith("\ufeff"):
        prefix = prefix[1:]
    return line, len(prefix) + 1


def point(data: bytes, pos: int) -> tuple[int, int]:
    """Tree-sitter point (0-based row, byte column) of ``pos``."""
    return data.count(b"\n", 0, pos), pos - line_start(data, pos)


# C0/C1 controls and bidirectional overrides can rewrite a terminal or hide text.
_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def plain(text: str) -> str:
    """``text`` with control characters shown as escapes, safe to print to a terminal."""
    return _UNSAFE.sub(lambda m: _escape(m.group()), text)


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def display_width(text: str) -> int:
    """Columns ``text`` takes in a terminal (wide East Asian characters count twice)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def unified_diff(old: str, new: str, name: str) -> str:
    """A unified diff of two texts; line ends are shown as plain newlines."""
    a = [line.rstrip("\r\n") + "\n" for line in old.splitlines(keepends=True)]
    b = [line.rstrip("\r\n") + "\n" for line in new.splitlines(keepends=True)]
    return "".join(difflib.unified_diff(a, b, fromfile=f"a/{name}", tofile=f"b/{name}"))
