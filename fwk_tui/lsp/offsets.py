"""Character offsets (into a ``str``) and UTF-8 byte offsets (the engine's) of one text, both ways, in time linear
in a line rather than in the file.

The knowledge functions speak character offsets into the document's text; the
engine's spans and the server's positions speak bytes. For ASCII text the two
are the same number; otherwise a line index (built once per text) finds the
line and only that line is encoded or decoded.
"""

from __future__ import annotations

from bisect import bisect_right


class OffsetMap:
    """Offsets of ``data`` (UTF-8) and of its text, converted line by line."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.ascii = data.isascii()
        self._byte_starts: list[int] = []
        self._char_starts: list[int] = []
        if not self.ascii:
            chars = 0
            start = 0
            for line in data.split(b"\n"):
                self._byte_starts.append(start)
                self._char_starts.append(chars)
                start += len(line) + 1
                chars += len(line.decode("utf-8", "surrogatepass")) + 1

    def to_byte(self, char: int) -> int:
        """The byte offset of character offset ``char``."""
        if self.ascii:
            return char
        row = max(0, bisect_right(self._char_starts, char) - 1)
        start = self._byte_starts[row]
        end = self._byte_starts[row + 1] if row + 1 < len(self._byte_starts) else len(self.data)
        line = self.data[start:end].decode("utf-8", "surrogatepass")
        return start + len(line[: char - self._char_starts[row]].encode("utf-8", "surrogatepass"))

    def to_char(self, byte: int) -> int:
        """The character offset of byte offset ``byte`` (inside a character: that character's)."""
        if self.ascii:
            return byte
        row = max(0, bisect_right(self._byte_starts, byte) - 1)
        start = self._byte_starts[row]
        return self._char_starts[row] + len(self.data[start:byte].decode("utf-8", "ignore"))


_LAST: list[OffsetMap] = []


def offsets_of(data: bytes) -> OffsetMap:
    """The map of ``data``, kept for the last text asked about (the knowledge functions ask many times per text)."""
    if _LAST and _LAST[0].data is data:
        return _LAST[0]
    made = OffsetMap(data)
    _LAST[:] = [made]
    return made
