"""Why a typed JavaScript value does not read, said in the columns of the text as typed.

The engine reads a typed value by parsing it wrapped in parentheses, so the
parser's own errors can point at a ``(`` nobody typed. This module finds the
first problem again in the text as typed (unclosed strings, comments, regular
expressions and brackets, characters JavaScript has no use for), keeps the
parser's error when it points into that text, and says when the text reads as
a bare word or path that only needs quotes to be a string.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from fwk_tui.source.errors import ParseError
from fwk_tui.source.parse import error_at, first_error, parse_bytes
from fwk_tui.source.render import Renderer
from fwk_tui.source.style import STARTER_STYLE

_OPENERS = {"(": ")", "[": "]", "{": "}"}
_CLOSERS = {v: k for k, v in _OPENERS.items()}
_NOT_JAVASCRIPT = frozenset("#@\\")  # no use in a value expression
_UNEXPECTED = re.compile(r"syntax error: unexpected `(.*)`")
_MISSING = re.compile(r"syntax error: missing `(.*)`")
_PREFIX = b"void "  # a second wrapping, for when the parentheses take the blame
# A bare word or path: no brackets, commas or semicolons, no word opening a string,
# and every word has a letter or a slash (so `1 +` is an unfinished sum, not text).
_BARE_WORD = re.compile(r"[^\s'\"`()\[\]{},;][^\s()\[\]{},;]*")
_WORDY = re.compile(r"[^\W\d_]|/")


@dataclass(frozen=True)
class Problem:
    """What is wrong with a typed value; ``offset`` is a character index into it (None: nowhere in particular).

    ``hint`` says what to type instead when the text reads as a bare word or path.
    """

    message: str
    offset: int | None = None
    syntax: bool = True  # a syntax error (else a rule such as a method's name)
    hint: str = ""


class ExpressionError(ParseError):
    """A ParseError about a typed value, with the :class:`Problem` found in it; line and column are the text's own."""

    def __init__(self, text: str, problem: Problem) -> None:
        message = problem.message
        if problem.syntax and problem.offset is not None:
            message = f"syntax error: {message}"
        if problem.hint:
            message = f"{message} ({problem.hint})"
        line = column = 0
        frame = ""
        if problem.offset is not None:
            data = text.encode("utf-8", "surrogatepass")
            where = error_at(data, len(text[: problem.offset].encode("utf-8", "surrogatepass")), message, "<code>")
            line, column, frame = where.line, where.column, where.frame
        super().__init__(message, filename="<code>", line=line, column=column, frame=frame)
        self.text = text
        self.problem = problem


def find_problem(text: str, error: ParseError | None = None) -> Problem:
    """The first problem of ``text``, which the engine refused with ``error``.

    ``error`` gives positions in ``text.strip()`` (as the engine's parser saw it),
    or is the :class:`ExpressionError` the engine raised for ``text``.
    """
    if isinstance(error, ExpressionError):
        if error.text == text:
            return error.problem
        error = None  # about another text, in that text's columns
    problem = _first_problem(text, error)
    hint = string_hint(text)
    return replace(problem, hint=hint) if hint else problem


def string_hint(text: str) -> str:
    """``a string needs quotes: '/api'`` when ``text`` reads as a bare word or path; else ``''``."""
    stripped = text.strip()
    words = stripped.split(" ")
    if not stripped or "\n" in stripped:
        return ""
    if not all(_BARE_WORD.fullmatch(w) and _WORDY.search(w) for w in words if w):
        return ""
    return f"a string needs quotes: {Renderer(STARTER_STYLE).string(stripped)}"


def _first_problem(text: str, error: ParseError | None) -> Problem:
    if not text.strip():
        return Problem("it is empty")
    found = scan(text)
    if found is not None:
        return found
    if error is not None:
        from_engine = _engine_problem(text, error)
        if from_engine is not None:
            return from_engine
    found = _second_opinion(text)
    if found is not None:
        return found
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
                return Problem(f"`{ch}` does not close the `{opener}` at {position_of(text, at)}", i)
            i, after_value = i + 1, True
        elif ch == ";":
            return Problem("`;` ends a statement; a value is one expression", i)
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


def position_of(text: str, offset: int) -> str:
    """``column N`` of character ``offset`` in ``text``, or ``line L, column N`` when the text has several lines."""
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}" if "\n" in text.strip() else f"column {column}"


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


def _second_opinion(text: str) -> Problem | None:
    """The parser's error with the text read after ``void``, when the parentheses took the blame."""
    raw = text.strip().encode("utf-8", "surrogatepass")
    tree = parse_bytes(_PREFIX + raw)
    if not tree.root_node.has_error:
        return None
    pos, message = first_error(tree)
    if pos < len(_PREFIX):
        return None  # the prefix took the blame as well
    return _engine_problem(text, error_at(raw, min(pos - len(_PREFIX), len(raw)), message, "<code>"))


def _offset(text: str, line: int, column: int) -> int | None:
    """The index in ``text`` of a position the engine gave in ``text.strip()``."""
    stripped = text.strip()
    lead = len(text) - len(text.lstrip())
    lines = stripped.split("\n")
    if line > len(lines) or column > len(lines[line - 1]) + 1:
        return None
    return lead + sum(len(x) + 1 for x in lines[: line - 1]) + column - 1


__all__ = ["ExpressionError", "Problem", "find_problem", "position_of", "scan", "string_hint"]
