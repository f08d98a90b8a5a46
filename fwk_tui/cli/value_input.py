"""What to type instead of a VALUE that does not read, said in the user's own columns, ready for a shell.

The document engine finds the first problem of a VALUE as typed
(:func:`fwk_tui.source.find_problem`); this module shows it with a caret and
suggests the string the user probably meant, with shell quoting that survives
a paste.
"""

from __future__ import annotations

import re

from fwk_tui.source import ParseError, Problem, Style, find_problem, read_expression
from fwk_tui.source.expression_problem import position_of
from fwk_tui.source.parse import error_at
from fwk_tui.source.render import Renderer
from fwk_tui.source.textutil import SURROGATE, first_surrogate, plain, shell_quote


def describe(text: str, problem: Problem) -> str:
    """``syntax error at column N: message`` (or ``at line L, column N``) and the text with a caret."""
    if problem.offset is None:
        lines = text.strip().split("\n") or [""]
        frame = "\n".join(f"{i + 1:>4} | {line}" for i, line in enumerate(lines[:5]))
        return f"{problem.message}\n{frame}" if text.strip() else problem.message
    # A byte of the command line that is not UTF-8 (a lone surrogate here) shows as one U+FFFD.
    shown = SURROGATE.sub("\ufffd", text)
    frame = error_at(shown.encode("utf-8"), len(shown[: problem.offset].encode("utf-8")), "", "VALUE").frame
    at = f"at {position_of(text, problem.offset)}"
    return f"{'syntax error ' if problem.syntax else ''}{at}: {problem.message}\n{frame}"


def as_string(text: str, problem: Problem, style: Style) -> tuple[str, str] | None:
    """A string literal the user probably meant, and what to do for it; None when they meant something else.

    An empty VALUE means ``''``; a VALUE opening a string it does not close means
    that string closed; a VALUE that is not an object or array means itself, quoted.
    """
    stripped = text.strip()
    render = Renderer(style)
    if first_surrogate(text) is not None:
        return None  # bytes that are not text: no string to suggest
    if not stripped:
        return render.string(""), "to set an empty string, quote it"
    first = stripped[0]
    if first in "'\"`":
        lead = len(text) - len(text.lstrip())
        if problem.offset != lead:
            return None
        closed = stripped + first
        try:
            value = read_expression(closed)
        except ParseError:
            return None
        return (closed, "to set a string, close its quote") if isinstance(value, str) else None
    if first in "{[":
        return None
    return render.string(stripped), "to set a string, quote it"


def shell_word(text: str) -> str:
    """``text`` quoted for a shell, in double quotes when that reads best (``"'/api'"``), ``$'...'`` for controls."""
    if text and re.fullmatch(r"[\w@%+=:,./-]+", text):
        return text
    if "!" not in text and text == plain(text):
        return '"' + re.sub(r'(["$`\\])', r"\\\1", text) + '"'
    return shell_quote(text)


__all__ = ["Problem", "as_string", "describe", "find_problem", "shell_word"]
