"""Esc typed fast before another key and another Esc comes as Esc, never as a ``^`` typed into a field.

Textual's terminal parser reads ESC then a byte that starts no known sequence
then ESC (Esc, Ctrl+S, Esc typed at once: ``\\x1b\\x13\\x1b``) as the keys of that
sequence, and reports its ESC as a ``^`` key, the same event as a ``^`` typed:
the focused input inserted it, and Ctrl+S saved it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual import events
from textual._xterm_parser import XTermParser
from textual.drivers import linux_driver

ESC = "\x1b"


class EscapeKeyParser(XTermParser):
    """Textual's parser, with the ESC of a sequence it gives up on reported as the Esc key."""

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
    """Make the terminal driver read keys with :class:`EscapeKeyParser` (before the app starts)."""
    linux_driver.XTermParser = EscapeKeyParser  # type: ignore[misc]


class ReadsEscapeAsEscape:
    """Mix into an ``App``: its terminal driver reads keys with :class:`EscapeKeyParser`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        install()
        super().__init__(*args, **kwargs)
