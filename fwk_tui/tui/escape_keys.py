"""How the terminal's bytes become keys: Esc stays Esc, and a paste without bracketed paste is a paste.

Textual's terminal parser reads ESC then a byte that starts no known sequence
then ESC (Esc, Ctrl+S, Esc typed at once: ``\\x1b\\x13\\x1b``) as the keys of that
sequence, and reports its ESC as a ``^`` key, the same event as a ``^`` typed:
the focused input inserted it, and Ctrl+S saved it.

A terminal that does not bracket a paste (or ``tmux paste-buffer`` without
``-p``) sends the pasted text as if typed: 800 KB became 800,000 key events,
queued at once (2 GB, two minutes, Ctrl+Q answered after them), each newline
an Enter that submits. No person types 128 characters between two reads of the
terminal: such a read is a paste, and goes in as one (its control keys, such as
Ctrl+Q, still keys).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from textual import events
from textual._parser import Read1
from textual._xterm_parser import XTermParser
from textual.drivers import linux_driver

ESC = "\x1b"


PASTE_AT_LEAST = 128
"""Characters read at once that are a paste, not keys typed."""

_PASTE_START = "\x1b[200~"
_PASTE_END = "\x1b[201~"
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class EscapeKeyParser(XTermParser):
    """Textual's parser, with the ESC of a sequence it gives up on reported as the Esc key, and a read of many
    characters without an escape sequence (a paste the terminal did not bracket) reported as a paste."""

    _bracketed = False  # inside a paste the terminal brackets: its own parser gathers it
    _tail = ""  # the end of the last read, where a bracket's sequence may have begun

    def feed(self, data: str) -> Any:
        window = self._tail + data
        opened, closed = window.rfind(_PASTE_START), window.rfind(_PASTE_END)
        if opened != closed:
            self._bracketed = opened > closed
        self._tail = data[-(len(_PASTE_START) - 1) :]
        awaiting = self._awaiting
        if (
            len(data) < PASTE_AT_LEAST
            or ESC in data
            or self._bracketed
            or not isinstance(awaiting, Read1)
            or awaiting.timeout is not None  # within an escape sequence
        ):
            return super().feed(data)
        return self._pasted(data)

    def _pasted(self, data: str) -> Iterator[Any]:
        at = 0
        for control in _CONTROL.finditer(data):
            if control.start() > at:
                yield events.Paste(data[at : control.start()].replace("\r\n", "\n").replace("\r", "\n"))
            yield from super().feed(control.group())
            at = control.end()
        if at < len(data):
            yield events.Paste(data[at:].replace("\r\n", "\n").replace("\r", "\n"))

    def parse(self, token_callback: Any) -> Any:
        self._tokens_to = token_callback
        return super().parse(token_callback)

    def _sequence_to_key_events(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        if sequence == ESC:
            # Only a sequence given up on is read again one character at a time with its ESC
            # (Esc pressed alone is reported without this method): the caller would turn an
            # escape key event into `^`, so the Esc goes out here, in its place in the order.
            self._tokens_to(events.Key("escape", ESC))
            return ()
        return super()._sequence_to_key_events(sequence, alt)


def install() -> None:
    """Make the terminal driver read keys with :class:`EscapeKeyParser` (before the app starts), and bytes that are
    no UTF-8 (a paste of a Latin-1 file, a byte of an encoded surrogate) as U+FFFD: the driver's strict decoder
    raised on them, which ended the app at once (exit 0) and lost the unsaved edits."""
    linux_driver.XTermParser = EscapeKeyParser  # type: ignore[misc]
    linux_driver.getincrementaldecoder = _forgiving_decoder  # type: ignore[assignment]


def _forgiving_decoder(encoding: str) -> Callable[[], codecs.IncrementalDecoder]:
    decoder = codecs.getincrementaldecoder(encoding)
    return lambda: decoder(errors="replace")


class ReadsEscapeAsEscape:
    """Mix into an ``App``: its terminal driver reads keys with :class:`EscapeKeyParser`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        install()
        super().__init__(*args, **kwargs)
