"""How the language server says what went wrong: in one line, never a traceback.

A client shows the server's log messages and error answers as they come; a
traceback there tells its user nothing and may fill the panel. Every failure is
its type and the first line of its message; the server's own log (stderr) adds
the file and line it was raised at.
"""

from __future__ import annotations

import functools
import inspect
import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def one_line(text: str) -> str:
    """The first line of ``text`` that says something (an exception's message, not its traceback)."""
    lines = [line.strip() for line in str(text).splitlines() if line.strip()]
    return lines[-1] if lines and lines[0].startswith("Traceback") else (lines[0] if lines else "")


def said(error: BaseException) -> str:
    """``error`` in one line: its type and the first line of its message."""
    text = one_line(str(error))
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def raised_at(error: BaseException) -> str:
    """The file and line ``error`` was raised at (for the server's own log)."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return "an unknown place"
    last = frames[-1]
    return f"{Path(last.filename).name}:{last.lineno}"


def boundary(nothing: Any) -> Callable[[F], F]:
    """A feature handler that never fails: a bug is one line in the log and ``nothing`` is the answer."""

    def wrap(handler: F) -> F:
        if inspect.iscoroutinefunction(handler):

            @functools.wraps(handler)
            async def guarded_async(ls: Any, params: Any) -> Any:
                try:
                    return await handler(ls, params)
                except Exception as error:  # noqa: BLE001
                    ls.failed(f"{handler.__name__} failed (a bug in fwk-tui)", error)
                    return nothing

            return guarded_async  # type: ignore[return-value]

        @functools.wraps(handler)
        def guarded(ls: Any, params: Any) -> Any:
            try:
                return handler(ls, params)
            except Exception as error:  # noqa: BLE001
                ls.failed(f"{handler.__name__} failed (a bug in fwk-tui)", error)
                return nothing

        return guarded  # type: ignore[return-value]

    return wrap


class _OneLine(logging.Formatter):
    """Log records in one line each: the first line of the message, an exception as its type and message."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage().split("\n", 1)[0].rstrip()
        error = record.exc_info[1] if record.exc_info else None
        return f"fwk-tui lsp: {message} ({said(error)})" if error is not None else f"fwk-tui lsp: {message}"


def log_in_lines() -> None:
    """The server's log (and pygls's) on stderr, warnings and worse, a line each."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLine())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
