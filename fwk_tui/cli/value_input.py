"""Why a VALUE typed on the command line does not read, said in the user's own columns.

The document engine reads a VALUE by parsing it wrapped in parentheses, so its
syntax errors can point at a ``(`` the user never typed. This module finds the
first problem again in the text as typed (unclosed strings, comments, regular
expressions and brackets, characters JavaScript has no use for), keeps the
engine's error when it points into that text, and suggests what to type
instead, with shell quoting that survives a paste.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from fwk_tui.source import ParseError, Style, read_expression
from fwk_tui.source.parse import error_at
from fwk_tui.source.render import Renderer

_OPENERS = {"(": ")", "[": "]", "{": "}"}
_CLOSERS = {v: k for k, v in _OPENERS.items()}
_NOT_JAVASCRIPT = frozenset("#@\\")  # no use in a value expression
_UNEXPECTED = re.compile(r"syntax error: unexpected `(.*)`")
_MISSING = re.compile(r"syntax error: missing `(.*)`")


@dataclass(frozen=True)
class Problem:
    """What is wrong with a VALUE; ``offset`` is a character index into it (None: nowhere in particular)."""

    message: str
    offset: int | None = None
    syntax: bool = True  # a syntax error (else a rule such as a method's name)


def find_problem(text: str, error: ParseError | None = None) -> Problem:
    """The first problem of ``text``, which the engine refused with ``error``."""
    if not text.strip():
        return Problem("it is empty")
    found = scan(text)
    if found is not None:
        return found
    if error is not None:
        from_engine = _engine_problem(text, error)
        if from_engine is not None:
            return from_engine
    return Problem("it does not read as JavaScript")


def scan(text: str) -> Problem | None:
    """The first lexical or bracket problem of ``text``, or None when it has none of those."""
    stack: list[tuple[str, int]] = []
    i, n = 0, len(text)
    after_value = False  # a `/` after a value divides; elsewhere it starts a regular expression
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                return Problem("the comment that starts here is not closed with */", i)
            i = end + 2
        elif ch in "'\"`":
            closed = _quoted_end(text, i)
            if closed is None:
                kind = "template string" if ch == "`" else "string"
                return Problem(f"the {kind} that starts here is not closed with {ch}", i)
            i, after_value = closed, True
        elif ch == "/" and not after_value:
            closed = _regex_end(text, i)
            if closed is None:
                return Problem("`/` starts a regular expression here, and it is not closed", i)
            i, after_value = closed, True
        elif ch in _OPENERS:
            stack.append((ch, i))
            i, after_value = i + 1, False
        elif ch in _CLOSERS:
            if not stack:
                return Problem(f"unexpected `{ch}`: there is nothing to close", i)
            opener, at = stack.pop()
            if _OPENERS[opener] != ch:
                return Problem(f"`{ch}` does not close the `{opener}` at {_where(text, at)}", i)
            i, after_value = i + 1, True
        elif ch == ";":
            return Problem("`;` ends a statement; VALUE must be one value", i)
        elif ch in _NOT_JAVASCRIPT:
            return Problem(f"unexpected `{ch}`", i)
        elif ch.isalnum() or ch in "_$" or ord(ch) > 127:
            while i < n and (text[i].isalnum() or text[i] in "_$." or ord(text[i]) > 127):
                i += 1
            after_value = True
        else:
            i, after_value = i + 1, False
    if stack:
        opener, at = stack[-1]
        return Problem(f"the `{opener}` here is not closed with `{_OPENERS[opener]}`", at)
    return None


def _quoted_end(text: str, start: int) -> int | None:
    quote = text[start]
    i = start + 1
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == quote:
            return i + 1
        if ch == "\n" and quote != "`":
            return None
        i += 1
    return None


def _regex_end(text: str, start: int) -> int | None:
    i, in_class = start + 1, False
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "\n":
            return None
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "/":
            i += 1
            while i < len(text) and text[i].isalpha():
                i += 1  # flags
            return i
        i += 1
    return None


def _engine_problem(text: str, error: ParseError) -> Problem | None:
    """The engine's error, when it is about the text as typed (not about its wrapping)."""
    if not error.line:
        if error.message.startswith("not a single expression"):
            return Problem("it is more than one expression; a list is written [a, b]")
        if error.message == "an empty expression":
            return Problem("it is empty")
        return Problem(error.message)
    offset = _offset(text, error.line, error.column)
    if offset is None:
        return None
    unexpected = _UNEXPECTED.fullmatch(error.message)
    if unexpected:
        token = unexpected.group(1)
        return Problem(f"unexpected `{token}`", offset) if token and text.startswith(token, offset) else None
    missing = _MISSING.fullmatch(error.message)
    if missing:
        token = missing.group(1)
        if token == ")":
            return None  # the wrapper's own parenthesis
        if re.fullmatch(r"\w+", token):
            return Problem("a value is missing here", offset)  # a grammar name such as `identifier`
        return Problem(f"`{token}` is missing here", offset)
    return Problem(error.message.removeprefix("syntax error: "), offset)


def _offset(text: str, line: int, column: int) -> int | None:
    """The index in ``text`` of a position the engine gave in ``text.strip()``."""
    stripped = text.strip()
    lead = len(text) - len(text.lstrip())
    lines = stripped.split("\n")
    if line > len(lines) or column > len(lines[line - 1]) + 1:
        return None
    return lead + sum(len(x) + 1 for x in lines[: line - 1]) + column - 1


def _where(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}" if "\n" in text.strip() else f"column {column}"


def describe(text: str, problem: Problem) -> str:
    """``syntax error at column N: message`` (or ``at line L, column N``) and the text with a caret."""
    if problem.offset is None:
        shown = text.strip().split("\n") or [""]
        frame = "\n".join(f"{i + 1:>4} | {line}" for i, line in enumerate(shown[:5]))
        return f"{problem.message}\n{frame}" if text.strip() else problem.message
    data = text.encode("utf-8")
    frame = error_at(data, len(text[: problem.offset].encode("utf-8")), "", "VALUE").frame
    at = f"at {_where(text, problem.offset)}"
    return f"{'syntax error ' if problem.syntax else ''}{at}: {problem.message}\n{frame}"


def as_string(text: str, problem: Problem, style: Style) -> tuple[str, str] | None:
    """A string literal the user probably meant, and what to do for it; None when they meant something else.

    An empty VALUE means ``''``; a VALUE opening a string it does not close means
    that string closed; a VALUE that is not an object or array means itself, quoted.
    """
    stripped = text.strip()
    render = Renderer(style)
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
    """``text`` quoted for a POSIX shell, in double quotes when that reads best (``"'/api'"``)."""
    if text and re.fullmatch(r"[\w@%+=:,./-]+", text):
        return text
    if "!" not in text:
        return '"' + re.sub(r'(["$`\\])', r"\\\1", text) + '"'
    return shlex.quote(text)
