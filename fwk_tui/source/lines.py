"""Lines and character columns of UTF-8 source, found in logarithmic time after one linear pass.

Line breaks are ``\\r\\n``, ``\\n`` and a lone ``\\r``, as TypeScript counts
them. Columns count characters, not bytes; a BOM takes none.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import accumulate

BREAK = re.compile(rb"\r\n?|\n")
"""A line break as TypeScript counts one: CRLF, LF or a lone CR."""
_BOM = b"\xef\xbb\xbf"
# Bytes 0x80-0xBF continue a UTF-8 character: a position's character offset is
# its byte offset less the continuation bytes before it.
_CONTINUATION = bytes(range(0x80, 0xC0))
_BLOCK = 256


def _continuations(chunk: bytes) -> int:
    return len(chunk) - len(chunk.translate(None, _CONTINUATION))


class LineIndex:
    """Where each line of ``data`` starts, and how many characters lie before each byte."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._starts = [0, *(m.end() for m in BREAK.finditer(data))]
        self._ascii = data.isascii()
        self._bom = data.startswith(_BOM)
        # Continuation bytes before each block: a column needs at most one block counted.
        self._before_block: list[int] = []
        if not self._ascii:
            counts = (_continuations(data[i : i + _BLOCK]) for i in range(0, len(data), _BLOCK))
            self._before_block = [0, *accumulate(counts)]

    @property
    def count(self) -> int:
        """The number of lines (a final line break starts an empty last line)."""
        return len(self._starts)

    def row(self, pos: int) -> int:
        """0-based line of byte ``pos``."""
        return bisect_right(self._starts, pos) - 1

    def start(self, row: int) -> int:
        """Offset of the first byte of 0-based line ``row``."""
        return self._starts[row]

    def end(self, row: int) -> int:
        """Offset of the line break ending 0-based line ``row`` (or of the end of the data)."""
        if row + 1 >= len(self._starts):
            return len(self._data)
        nxt = self._starts[row + 1]
        return nxt - 2 if self._data[nxt - 2 : nxt] == b"\r\n" else nxt - 1

    def line_col(self, pos: int) -> tuple[int, int]:
        """1-based line and character column of byte ``pos``."""
        row = self.row(pos)
        return row + 1, self.chars(self._starts[row], pos) + 1

    def chars(self, start: int, pos: int) -> int:
        """Characters in ``data[start:pos]``; a leading BOM is not one."""
        count = pos - start
        if self._ascii:
            pass
        elif count <= _BLOCK:
            count -= _continuations(self._data[start:pos])
        else:
            count -= self._continuations_before(pos) - self._continuations_before(start)
        if self._bom and start == 0 and pos >= len(_BOM):
            count -= 1
        return count

    def _continuations_before(self, pos: int) -> int:
        block = pos // _BLOCK
        return self._before_block[block] + _continuations(self._data[block * _BLOCK : pos])


_RECENT: dict[int, tuple[bytes, LineIndex]] = {}
_RECENT_SIZE = 4


def line_index(data: bytes) -> LineIndex:
    """The :class:`LineIndex` of ``data``, shared by the readers of the same bytes object."""
    # Found by identity: a cache keyed by the bytes themselves compares megabytes at
    # every lookup when equal bytes of an earlier read are still cached.
    found = _RECENT.get(id(data))
    if found is not None and found[0] is data:
        return found[1]
    index = LineIndex(data)
    if len(_RECENT) >= _RECENT_SIZE:
        del _RECENT[next(iter(_RECENT))]
    _RECENT[id(data)] = (data, index)
    return index
