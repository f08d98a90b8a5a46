"""The report an app prints when it stops on an unexpected error: the traceback, never a variable's value.

Textual's own report lists each frame's local variables: the parsed ``.env``
text, a field's typed value, a token read from the environment. A report is
pasted into issues and chat, so it shows where the error happened and what
it was, and nothing else. No other copy of it is written anywhere.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.segment import Segments
from rich.text import Text

CRASH_NOTE = (
    "fwk-tui stopped on an unexpected error. The report above leaves out the values of variables "
    "(they can hold secrets from .env); it is the whole report: no other copy was written."
)


class PrivateCrashReport:
    """Mix into an ``App`` before it (``class X(PrivateCrashReport, App)``): its crash report has no frame locals.

    :meth:`crash_note` is the sentence printed under the traceback; an app adds what it kept for the user.
    """

    def crash_note(self) -> str:
        """What is printed under the traceback."""
        return CRASH_NOTE

    def _fatal_error(self) -> None:
        # Textual's own _fatal_error renders rich's Traceback with show_locals=True.
        import rich
        from rich.traceback import Traceback

        app: Any = self
        app.bell()
        traceback = Traceback(show_locals=False, width=None, suppress=[rich])
        report = Group(traceback, Text(self.crash_note()))
        app._exit_renderables.append(Segments(app.console.render(report, app.console.options)))
        app._close_messages_no_wait()
