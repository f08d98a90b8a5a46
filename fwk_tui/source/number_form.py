"""A number literal typed in a form the file does not keep: ``1.10`` is the number 1.1, ``2.0`` is 2.

A number is a value, not a text: the file gets it the way JavaScript prints it
(``1e3`` is written ``1000``). Where a text could go too (a version, a code), a
literal that does not come back as typed was most likely meant as text: the
editor keeps it as text, and ``fwk-tui set`` warns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fwk_tui.source.errors import ParseError
from fwk_tui.source.expression import read_expression
from fwk_tui.source.render import Renderer
from fwk_tui.source.style import STARTER_STYLE

# Only what can be one number literal, signed: anything else (`(1)`, `1 + 1`, words) is never parsed here.
_NUMBER_LITERAL = re.compile(
    r"[-+]?(?:0[xXoObB][0-9a-fA-F_]+|(?:[0-9][0-9_]*\.?[0-9_]*|\.[0-9][0-9_]*)(?:[eE][-+]?[0-9_]+)?)"
)


@dataclass(frozen=True)
class Reshaped:
    """A number literal as typed (``1.10``), its value and how the file writes it (``1.1``)."""

    typed: str
    value: int | float
    written: str


def reshaped_number(text: str) -> Reshaped | None:
    """What ``text`` becomes when it is a number literal written otherwise than the file writes it back.

    ``None`` for a number that keeps its form (``42``, ``1.5``, ``-3``, ``-0``) and for text that is no
    number literal (``007`` does not read, ``(1)`` is an expression, ``1.2.3`` text).
    """
    typed = text.strip()
    if not _NUMBER_LITERAL.fullmatch(typed):
        return None
    try:
        value = read_expression(typed)
    except ParseError:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    written = Renderer(STARTER_STYLE).value(value)
    return None if written == typed else Reshaped(typed, value, written)


__all__ = ["Reshaped", "reshaped_number"]
