"""Holding off SIGINT, SIGTERM and SIGHUP while a change to the user's files must finish whole.

Inside :func:`deferred_signals`, those signals are noted, not obeyed: the first
one prints a line saying the work goes on to its end, and once the block is left
(its work whole, done or put back) the first signal noted is raised again with
the handlers from before, so the process stops as it would have.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

DEFERRED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


@contextmanager
def deferred_signals(note: str) -> Iterator[list[int]]:
    """Run the block with SIGINT, SIGTERM and SIGHUP held off; ``note`` is written to stderr (once) when one
    arrives. Yields the signals noted so far. Outside the main thread (where handlers cannot be set) it holds off
    nothing."""
    noted: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield noted
        return

    def hold(signum: int, _frame: FrameType | None) -> None:
        if not noted:
            try:
                os.write(2, (note + "\n").encode("utf-8", "replace"))
            except OSError:
                pass  # stderr gone: the work still finishes
        noted.append(signum)

    before: dict[int, Callable[[int, FrameType | None], Any] | int | None] = {}
    try:
        for held in DEFERRED:
            before[held] = signal.signal(held, hold)
        yield noted
    finally:
        for number, handler in before.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
        if noted:
            signal.raise_signal(noted[0])  # as if it came now: Python's KeyboardInterrupt, or the default stop
