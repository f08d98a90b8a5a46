"""Config values as JSON data, for every command's ``--json`` form."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator

from fwk_tui.source import UNDEFINED, Code
from fwk_tui.source.textutil import UNSAFE
from fwk_tui.source.values import JSValue


def json_text(data: object) -> str:
    """``data`` as indented JSON that ``json.loads`` reads back exactly, safe to print to a terminal.

    Text stays readable (no ``ensure_ascii``) except what a terminal would obey or
    hide and lone surrogates: those are ``\\uXXXX`` escapes, valid in any JSON string.
    """
    return "".join(json_pieces(data))


def json_pieces(data: object, size: int = 1 << 16) -> Iterator[str]:
    """:func:`json_text` in pieces of about ``size`` characters: a large answer is written as it is made."""
    pending: list[str] = []
    held = 0
    # Outside strings the encoder writes only ASCII, so every match is inside a string (one piece).
    for piece in json.JSONEncoder(ensure_ascii=False, indent=2).iterencode(data):
        pending.append(piece)
        held += len(piece)
        if held >= size:
            yield _escaped("".join(pending))
            pending.clear()
            held = 0
    yield _escaped("".join(pending))


def _escaped(text: str) -> str:
    return UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def to_json(value: JSValue) -> object:
    """``value`` as JSON data; code (and ``undefined``, NaN, Infinity) as ``{"code": "..."}``."""
    if isinstance(value, Code):
        return {"code": value.text}
    if value is UNDEFINED:
        return {"code": "undefined"}
    if isinstance(value, float) and not math.isfinite(value):
        return {"code": _special_float(value)}
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [to_json(v) for v in value]
    return value


def _special_float(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    return "Infinity" if value > 0 else "-Infinity"
