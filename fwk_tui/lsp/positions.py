"""LSP positions (a line and a column in the client's code units) and byte offsets of the UTF-8 text.

The engine speaks byte offsets; a client speaks lines and characters in the
position encoding agreed at initialize (UTF-16 unless it offers another).
Lines end at ``\\r\\n``, ``\\n`` or a lone ``\\r``, as both LSP and the engine
count them (not at the other breaks Python's ``str.splitlines`` knows). The
conversion of a line's characters to code units is pygls's position codec.

An edit makes the positions of the new text from the old ones (:meth:`Positions.spliced`):
the line starts after the edit shift, only the lines it touched are searched
again, so an edit to a big file does not cost a scan of all of it.
"""

from __future__ import annotations

from bisect import bisect_right

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from fwk_tui.source.lines import BREAK


class Positions:
    """Positions of one text (its UTF-8 bytes), in the units of ``codec``."""

    def __init__(self, data: bytes, codec: PositionCodec, starts: list[int] | None = None) -> None:
        self._data = data
        self._codec = codec
        self._lines = _Lines(data, [0, *(m.end() for m in BREAK.finditer(data))] if starts is None else starts)
        self._ascii: dict[int, bool] = {}
        """Lines known to be ASCII (or not)."""
        self._counted: dict[int, tuple[int, int]] = {}
        """Per line of other text, the last offset asked at the start of a character, and its units."""

    @property
    def starts(self) -> list[int]:
        """Where each line starts (byte offsets, ascending)."""
        return self._lines.starts

    def spliced(self, start: int, end: int, text: bytes, data: bytes) -> Positions:
        """The positions of ``data``: this text with bytes ``start``..``end`` replaced by ``text``."""
        starts = self._lines.starts
        # From the line before the edit (a CR there may pair with an LF the edit adds) to the first line start
        # past it with a byte to spare (so the break that ends there is untouched): the rest only shifts.
        low = starts[max(0, bisect_right(starts, max(start - 1, 0)) - 1)]
        after = bisect_right(starts, end + 1)
        delta = len(text) - (end - start)
        high = starts[after] + delta if after < len(starts) else len(data) + 1
        between = [m.end() for m in BREAK.finditer(data, low, high) if m.end() < high]
        kept = starts[: bisect_right(starts, low)]
        tail = starts[after:] if delta == 0 else [s + delta for s in starts[after:]]
        return Positions(data, self._codec, kept + between + tail)

    def position(self, offset: int) -> types.Position:
        """The position of byte ``offset`` (moved back to the start of a character it falls inside).

        Linear in the number of positions asked, even on one long line (a config written on one line, with a
        diagnostic at each of its 20,000 keys): a line of ASCII counts a unit per byte in every encoding, and in
        another line the count goes on from the last position asked at or before ``offset``.
        """
        offset = max(0, min(offset, len(self._data)))
        row = self._lines.row(offset)
        start = self._lines.start(row)
        offset = min(offset, self._lines.end(row))
        ascii_line = self._ascii.get(row)
        if ascii_line is None:
            ascii_line = self._ascii[row] = self._data[start : self._lines.end(row)].isascii()
        if ascii_line:
            return types.Position(line=row, character=offset - start)
        last = self._counted.get(row)
        base, units = last if last is not None and last[0] <= offset else (start, 0)
        units += self._codec.client_num_units(self._data[base:offset].decode("utf-8", "ignore"))
        if offset == len(self._data) or (self._data[offset] & 0xC0) != 0x80:  # a character starts here
            self._counted[row] = (offset, units)
        return types.Position(line=row, character=units)

    def offset(self, position: types.Position) -> int:
        """The byte offset of ``position``; past the end of its line, the line's end; past the last line, the end."""
        if position.line < 0:
            return 0
        if position.line >= self._lines.count:
            return len(self._data)
        start = self._lines.start(position.line)
        text = self._data[start : self._lines.end(position.line)].decode("utf-8", "surrogatepass")
        if position.character >= self._codec.client_num_units(text):
            return start + len(text.encode("utf-8", "surrogatepass"))
        # One line given: the codec counts in it alone (and is not asked past its end, where it steps back).
        column = self._codec.position_from_client_units([text], types.Position(0, max(0, position.character)))
        return start + len(text[: column.character].encode("utf-8", "surrogatepass"))

    def point(self, offset: int) -> tuple[int, int]:
        """The line of byte ``offset`` and its column in bytes (a point as tree-sitter counts it)."""
        row = self._lines.row(offset)
        return row, offset - self._lines.start(row)

    def range(self, start: int, end: int) -> types.Range:
        """The range from byte ``start`` to byte ``end``."""
        return types.Range(start=self.position(start), end=self.position(end))

    def line_end(self, line: int) -> int:
        """The byte offset where 0-based ``line`` ends (before its line break)."""
        return self._lines.end(min(max(line, 0), self._lines.count - 1))

    def line_start(self, line: int) -> int:
        """The byte offset where 0-based ``line`` starts."""
        return self._lines.start(min(max(line, 0), self._lines.count - 1))


class _Lines:
    """Where each line of ``data`` starts (``starts``: ascending, 0 first)."""

    def __init__(self, data: bytes, starts: list[int]) -> None:
        self._data = data
        self.starts = starts

    @property
    def count(self) -> int:
        return len(self.starts)

    def row(self, pos: int) -> int:
        return bisect_right(self.starts, pos) - 1

    def start(self, row: int) -> int:
        return self.starts[row]

    def end(self, row: int) -> int:
        if row + 1 >= len(self.starts):
            return len(self._data)
        nxt = self.starts[row + 1]
        return nxt - 2 if self._data[nxt - 2 : nxt] == b"\r\n" else nxt - 1
