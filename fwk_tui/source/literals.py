"""Decode JavaScript literal tokens (strings, templates, numbers) into Python values."""

from __future__ import annotations

import math
import re

_ESCAPE = re.compile(
    r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[0-7]{1,3}|\r\n|[\s\S])"
)
_SIMPLE = {
    "n": "\n",
    "t": "\t",
    "r": "\r",
    "b": "\b",
    "f": "\f",
    "v": "\v",
    # A backslash before a line terminator is a line continuation: it reads as nothing.
    "\n": "",
    "\r": "",
    "\r\n": "",
    "\u2028": "",
    "\u2029": "",
}
_LEGACY_OCTAL = re.compile(r"0[0-9]+")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def decode_string(raw: str) -> str:
    """The value of a quoted string literal's text, quotes included."""
    return _cook(raw[1:-1])


def decode_template(raw: str) -> str:
    """The value of a template literal without substitutions, backticks included."""
    # JS normalises line breaks written inside a template to LF, escapes aside.
    body = raw[1:-1].replace("\r\n", "\n").replace("\r", "\n")
    return _cook(body)


def decode_name(raw: str) -> str:
    """The name an identifier's text spells: ``p\\u006frt`` is ``port``, as in JavaScript."""
    return _cook(raw)


def _cook(body: str) -> str:
    if "\\" not in body:
        return body
    out = _ESCAPE.sub(_unescape, body)
    if _SURROGATE.search(out):
        # \uD83D\uDE00 is one character written as a UTF-16 pair; join such pairs.
        out = out.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
    return out


def _unescape(match: re.Match[str]) -> str:
    esc = match.group(1)
    simple = _SIMPLE.get(esc)
    if simple is not None:
        return simple
    head = esc[0]
    if head == "u":
        digits = esc[2:-1] if esc[1] == "{" else esc[1:]
        code = int(digits, 16)
        return chr(code) if code <= 0x10FFFF else esc
    if head == "x":
        return chr(int(esc[1:], 16))
    if head in "01234567":
        return chr(int(esc, 8))
    return esc


def decode_number(raw: str) -> int | float | None:
    """The value of a number literal; None for BigInt (``10n``), kept as code."""
    text = raw.replace("_", "")
    if text.endswith("n"):
        return None
    low = text.lower()
    if low.startswith(("0x", "0o", "0b")):
        return _as_double(int(text[2:], {"x": 16, "o": 8, "b": 2}[low[1]]))
    if _LEGACY_OCTAL.fullmatch(text):
        # Sloppy-mode 017 is octal, 019 is decimal; both are rare, both are exact.
        return int(text, 8) if all(c in "01234567" for c in text) else _decimal(text)
    if "." in text or "e" in low:
        return float(text)
    return _decimal(text)


def _decimal(digits: str) -> int | float:
    """A decimal integer literal as JavaScript reads it: a double (so any length reads, Python's int would refuse
    over 4,300 digits), kept an int while it is a whole number; Infinity past the largest double."""
    if len(digits) <= 15:
        return int(digits)
    value = float(digits)
    return int(value) if math.isfinite(value) else value


def _as_double(whole: int) -> int | float:
    """``whole`` as JavaScript holds it: a double, so past 2**53 the nearest one (``9007199254740993`` is ...992)."""
    if abs(whole) <= 2**53:
        return whole
    try:
        return int(float(whole))
    except OverflowError:
        return math.inf if whole > 0 else -math.inf


def number_key(value: int | float) -> str:
    """The property name a numeric key stands for (JS ``String(n)`` for common cases)."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e21:
        return str(int(value))
    if isinstance(value, float):
        return repr(value).replace("e+0", "e+").replace("e-0", "e-")
    return str(value)
