"""The messages a client sends, cut out of its byte stream whatever the stream holds.

LSP frames each JSON body with headers (``Content-Length: N``, a blank line).
A client that sends a bad header (no length, a negative or non-numeric one, one
that is too short for its body), or a length over :data:`MAX_MESSAGE_BYTES`,
loses that one message: the server says so in one log line and reads on from
the next header. The next header is found by ``Content-Length: <digits>`` and
a CR LF, which no JSON body can hold (JSON escapes a CR or LF inside a string),
so a search for it never lands inside a message.

:class:`FrameReader` hands the messages on as the reader pygls's message loop
expects (a ``readline`` for each header line, a ``readexactly`` for the body),
with only well-formed frames in it.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from fwk_tui.source import MAX_BYTES

MAX_MESSAGE_BYTES = 2 * MAX_BYTES
"""The largest message taken (4 MB): a document of the 2 MB fwk-tui opens, even if JSON's escapes double it."""
MAX_HEADER_BYTES = 8192
"""The most the headers of one message may take; more is not a header."""
CHUNK = 65536
_TAIL = 256
"""What is kept of skipped bytes, where the next header may have begun."""

_HEADER = re.compile(rb"(?i)content-length:[ \t]*\d+[ \t]*\r\n")
_FIELD = re.compile(rb"([!#-'*+.0-9A-Z^-z|~-]+):[ \t]*(.*?)[ \t]*")
_LENGTH_DIGITS = 12
"""More digits than this (leading zeros aside) is a length no message has: refused before it becomes a number."""


class FrameReader:
    """Well-formed frames of ``read_chunk``'s stream, as pygls's loop reads a stream; ``note`` is told each drop."""

    def __init__(self, read_chunk: Callable[[], Awaitable[bytes]], note: Callable[[str], None]) -> None:
        self._read_chunk = read_chunk
        self._note = note
        self._buffer = bytearray()
        self._body: bytes | None = None
        self._blank_next = False
        self._ended = False
        self._resyncing = False
        self.last_body = b""
        """The body of the last message handed on (what an error in reading it is about)."""

    async def readline(self) -> bytes:
        """The next header line of the next good message (b"" at the end of the stream)."""
        if self._blank_next:
            self._blank_next = False
            return b"\r\n"
        body = await self._next_body()
        if body is None:
            return b""
        self._body, self._blank_next = body, True
        return b"Content-Length: %d\r\n" % len(body)

    async def readexactly(self, n: int) -> bytes:
        """The body of the message whose header :meth:`readline` gave."""
        body, self._body = self._body or b"", None
        self.last_body = body[:n]
        return self.last_body

    async def _next_body(self) -> bytes | None:
        while True:
            if self._resyncing:
                found = _HEADER.search(self._buffer)
                if found is None:
                    del self._buffer[: max(0, len(self._buffer) - _TAIL)]
                    if not await self._fill():
                        return None
                    continue
                del self._buffer[: found.start()]
                self._resyncing = False
            end = self._buffer.find(b"\r\n\r\n")
            if end < 0:
                if len(self._buffer) > MAX_HEADER_BYTES:
                    self._drop("its headers run over 8 KB without a blank line")
                elif not await self._fill():
                    return None
                continue
            length, problem = _length(bytes(self._buffer[:end]))
            if problem is not None:
                self._drop(problem)
                continue
            if length > MAX_MESSAGE_BYTES:
                self._drop(f"it is {length:,} bytes, over the {MAX_MESSAGE_BYTES // 1_048_576} MB a message may be")
                continue
            del self._buffer[: end + 4]
            while len(self._buffer) < length:
                if not await self._fill():
                    self._note(
                        f"the client's stream ended inside a message ({len(self._buffer):,} of {length:,} bytes)"
                    )
                    return None
            body = bytes(self._buffer[:length])
            del self._buffer[:length]
            return body

    async def _fill(self) -> bool:
        """Read more of the stream into the buffer; False at its end."""
        if self._ended:
            return False
        chunk = await self._read_chunk()
        if not chunk:
            self._ended = True
            return False
        self._buffer += chunk
        return True

    def _drop(self, why: str) -> None:
        """Say why the message at the start of the buffer is dropped, and skip to the next header after it."""
        self._note(f"a message from the client was dropped: {why}; reading on from the next header")
        del self._buffer[:1]
        self._resyncing = True


def _length(head: bytes) -> tuple[int, str | None]:
    """The Content-Length the header lines ``head`` give, or why they are not a message's headers."""
    length: int | None = None
    for line in head.split(b"\r\n"):
        field = _FIELD.fullmatch(line)
        if field is None:
            shown = line[:40].decode("latin-1")
            return 0, f"{shown!r} is not a header line"
        if field.group(1).lower() != b"content-length":
            continue
        value = field.group(2)
        shown = value[:20].decode("latin-1")
        if length is not None:
            return 0, "it has two Content-Length headers"
        if not value.isdigit():
            return 0, f"its Content-Length {shown!r} is not a number of bytes"
        digits = value.lstrip(b"0") or b"0"  # a length is read by its value: leading zeros add nothing
        if len(digits) > _LENGTH_DIGITS:
            shown = digits[:20].decode("latin-1")
            return 0, f"its Content-Length {shown}... is over the {MAX_MESSAGE_BYTES // 1_048_576} MB a message may be"
        length = int(digits)
        if length == 0:
            return 0, "its Content-Length is 0"
    if length is None:
        return 0, "it has no Content-Length header"
    return length, None
