"""Count a file's single- and double-quoted strings from its text, without asking the tree."""

from __future__ import annotations

import re
from operator import itemgetter

_SINGLE = rb"""(?:[^'\\\n\r]++|\\(?:\r\n|[\s\S]))*+'"""
_DOUBLE = rb'''(?:[^"\\\n\r]++|\\(?:\r\n|[\s\S]))*+"'''
# The tokens that can hold a quote: comments, strings, templates without `${`,
# each found by its first character. That character alone (a regular
# expression, a division, a template with substitutions, text cut at the end)
# is left to the tree.
_TOKENS = re.compile(
    rb"""[/'"`](?:"""
    rb"""(?<=/)(?:/[^\n\r]*+|\*.*?\*/)"""  # a line comment ends at a line break, CR included
    rb"""|(?<=')""" + _SINGLE + rb"""|(?<=")""" + _DOUBLE
    + rb"""|(?<=`)(?:[^`\\$]++|\\[\s\S]|\$(?!\{))*+`"""
    rb""")?""",
    re.S,
)
# Text the tokens above would read otherwise than the grammar: line and paragraph
# separators (U+2028, U+2029), HTML-like comments. Each is looked for only when
# the file holds what they start with.
_ODD = ((b"\xe2\x80", (b"\xe2\x80\xa8", b"\xe2\x80\xa9")), (b"--", (b"<!--", b"-->")))


def quote_read_as_text(data: bytes, end: int) -> str | None:
    """The quote most strings starting before byte ``end`` use (``'`` on a tie); None when only the tree can tell.

    Often the first half settles it: the other half cannot hold more strings of a
    kind than it holds quotes of that kind.
    """
    half = data.rfind(b"\n", 0, end // 2) + 1
    first = _count(data, 0, half, half) if half > 0 else None
    if first is None:  # (or a token runs on past the half: read it all)
        counted = quotes_read_as_text(data, end)
    else:
        single, double = first
        if single >= double + data.count(b'"', half, end):
            return "'"
        if double > single + data.count(b"'", half, end):
            return '"'
        rest = _count(data, half, data.rfind(b"\n", 0, end) + 1, end)
        counted = None if rest is None else (single + rest[0], double + rest[1])
    if counted is None:
        return None
    single, double = counted
    return '"' if double > single else "'"


def quotes_read_as_text(data: bytes, end: int) -> tuple[int, int] | None:
    """How many ``'`` and ``"`` strings start before byte ``end``; None when only the tree can tell.

    The same count as the grammar's ``string`` nodes that start before ``end``, or
    None: the tokens are read up to the line break before ``end``, then that
    line's tokens that start before it.
    """
    return _count(data, 0, data.rfind(b"\n", 0, end) + 1, end)


def _count(data: bytes, begin: int, line: int, end: int) -> tuple[int, int] | None:
    """The strings of the tokens from ``begin`` (where none runs on from before) that start before ``end``.

    ``line`` is the start of the line ``end`` is on, or ``end`` itself.
    """
    line_end = data.find(b"\n", end)
    if line_end == -1:
        line_end = len(data)
    if data.startswith((b"#!", b"\xef\xbb\xbf#!")) or _has_odd_text(data, line_end):
        return None  # a hashbang line, or text read otherwise
    tokens = _TOKENS.findall(data, begin, line)
    if line < end:
        tokens += [m.group() for m in _TOKENS.finditer(data, line, line_end) if m.start() < end]
    if tokens and min(map(len, tokens)) == 1:
        return None
    firsts = bytes(map(itemgetter(0), tokens))
    return firsts.count(b"'"), firsts.count(b'"')


def _has_odd_text(data: bytes, end: int) -> bool:
    for start, odd in _ODD:
        if data.find(start, 0, end) != -1 and any(data.find(text, 0, end) != -1 for text in odd):
            return True
    return False
