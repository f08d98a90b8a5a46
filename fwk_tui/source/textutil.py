"""Line arithmetic on UTF-8 source bytes, and safe printing of user text."""

from __future__ import annotations

import difflib
import re
import shlex
import unicodedata

from fwk_tui.source.lines import BREAK

_WS = b" \t"


_BREAK_CHAR = re.compile(rb"[\r\n]")
_LONE_CR = re.compile(rb"\r(?!\n)")


def line_start(data: bytes, pos: int) -> int:
    """Offset of the first byte of the line holding ``pos`` (lines end at ``\\n``, ``\\r\\n`` or a lone ``\\r``)."""
    nl = data.rfind(b"\n", 0, pos)
    end = pos - 1 if data[pos : pos + 1] == b"\n" else pos  # the CR of the CRLF ending this line is not a break
    return max(nl, data.rfind(b"\r", nl + 1, end)) + 1


def line_end(data: bytes, pos: int) -> int:
    """Offset of the line break (``\\r\\n``, ``\\n`` or ``\\r``) ending the line holding ``pos``."""
    found = _BREAK_CHAR.search(data, pos)
    if found is None:
        return len(data)
    at = found.start()
    return at - 1 if data[at] == 0x0A and at > 0 and data[at - 1] == 0x0D else at


def after_line(data: bytes, pos: int) -> int:
    """Offset just past the line break ending the line holding ``pos``."""
    found = BREAK.search(data, pos)
    return len(data) if found is None else found.end()


def same_line(data: bytes, start: int, end: int) -> bool:
    """True when no line break lies between ``start`` and ``end``."""
    if start > end:
        start, end = end, start
    found = _BREAK_CHAR.search(data, start, end)
    if found is None:
        return True
    # A CRLF whose LF is at ``end`` starts its line after ``end``: still the same line.
    at = found.start()
    return at + 1 == end and data[at] == 0x0D and data[end : end + 1] == b"\n"


def count_breaks(chunk: bytes) -> int:
    """The line breaks in ``chunk`` (a CRLF is one)."""
    return len(BREAK.findall(chunk))


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


def points(data: bytes, start: int, end: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """:func:`point` of ``start`` and of ``end`` (not before it), the lines before ``start`` counted once."""
    first = point(data, start)
    if b"\r" in data:
        return first, point(data, end)
    return first, (first[0] + data.count(b"\n", start, end), end - data.rfind(b"\n", 0, end) - 1)


def point(data: bytes, pos: int) -> tuple[int, int]:
    """Tree-sitter point of ``pos``: 0-based row and byte column, a lone CR being a row break as parsed."""
    rows = data.count(b"\n", 0, pos)
    if b"\r" in data:
        rows += len(_LONE_CR.findall(data, 0, pos))
        return rows, pos - line_start(data, pos)
    return rows, pos - data.rfind(b"\n", 0, pos) - 1


# What a terminal would obey or hide instead of showing: C0/C1 controls and DEL
# rewrite it; bidirectional controls (U+061C, U+200E/F, U+202A-U+202E,
# U+2066-U+2069) reorder text; zero-width characters, U+2028/U+2029 and the BOM
# hide in it; a lone surrogate cannot be written as UTF-8 at all.
UNSAFE = re.compile(
    r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ud800-\udfff]"
)


def plain(text: str) -> str:
    """``text`` safe to print: controls, invisible and bidi characters and lone surrogates as escapes (``\\x1b``)."""
    return UNSAFE.sub(lambda m: _escape(m.group()), text)


def plain_line(text: str) -> str:
    """``text`` as :func:`plain` shows it, on one line: a line break as ``\\n`` cannot fake a line of output."""
    return plain(text).replace("\n", "\\n")


SURROGATE = re.compile(r"[\ud800-\udfff]")


def first_surrogate(text: str) -> tuple[int, str] | None:
    """Index and description of the first lone surrogate of source ``text``, which no UTF-8 file can hold."""
    found = SURROGATE.search(text)
    if found is None:
        return None
    code = ord(found.group())
    if code >= 0xDC80 and code <= 0xDCFF:
        # How Python hands over a byte of a command line that is not UTF-8 (surrogateescape).
        return found.start(), f"byte 0x{code - 0xDC00:02x} is not UTF-8 text"
    return found.start(), f"a lone surrogate cannot be written in a file; in a string, write it as \\u{code:04X}"


def shell_quote(word: str) -> str:
    """``word`` quoted for a shell so that a paste gives it back; bash's ``$'...'`` when it holds controls.

    Printed output shows controls as escapes (:func:`plain`), so single quotes around
    one would paste as a different word.
    """
    if not (UNSAFE.search(word) or "\n" in word or "\t" in word):
        return shlex.quote(word)
    body = "".join(_ANSI_C.get(ch) or (_escape(ch) if UNSAFE.match(ch) else ch) for ch in word)
    return f"$'{body}'"


_ANSI_C = {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\t": "\\t"}


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
    name = plain_line(name)  # a line break in a name would start a line of the diff
    return "".join(difflib.unified_diff(a, b, fromfile=f"a/{name}", tofile=f"b/{name}"))
