"""Small text helpers for messages: values as JavaScript, lists in words, near names."""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from fwk_tui.source.values import UNDEFINED, Code

_MAX_SHOWN = 60


def js_text(value: Any) -> str:
    """A value as a person reads it in a message: ``'x'``, ``70000``, ``true``, ``an object``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if value is UNDEFINED:
        return "undefined"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e16:
        return "-0" if value == 0 and math.copysign(1, value) < 0 else str(int(value))
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        shown = value if len(value) <= _MAX_SHOWN else value[: _MAX_SHOWN - 1] + "…"
        return "'" + shown.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'"
    if isinstance(value, list):
        return "an empty list" if not value else "a list"
    if isinstance(value, dict):
        return "an empty object" if not value else "an object"
    if isinstance(value, Code):
        if value.kind == "regex":
            return f"a regular expression {value.text}"
        return "code"
    return repr(value)


def quote_list(items: Iterable[str], conjunction: str = "and") -> str:
    """``a, b and c`` (or ``a, b or c``)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def closest(name: str, candidates: Iterable[str]) -> str | None:
    """The one candidate ``name`` is most likely a misspelling of, or None.

    Same letters in another case always count; otherwise the edit distance
    (a swap of two letters is one edit) must be small for the length: one
    edit up to 8 letters, then one more per 8. Ties mean no answer: a guess
    between two names helps nobody.
    """
    # Remembered: a check after each keystroke asks again about the same unknown keys.
    best = _nearest(name, tuple(candidates))
    return best[0] if len(best) == 1 else None


def nearest(name: str, candidates: Iterable[str]) -> tuple[str, ...]:
    """Every candidate at the smallest distance allowed from ``name`` (see :func:`closest`): a tie is more than one."""
    return _nearest(name, tuple(candidates))


@lru_cache(maxsize=4096)
def _nearest(name: str, candidates: tuple[str, ...]) -> tuple[str, ...]:
    # Imported on the first near-name question (an unknown key): rapidfuzz costs ~8 ms at start.
    from rapidfuzz.distance import DamerauLevenshtein

    low = name.lower()
    best: list[str] = []
    best_distance = 1 << 30
    for candidate in candidates:
        if candidate == name:
            continue
        other = candidate.lower()
        if other == low:
            return (candidate,)
        limit = max(1, len(other) // 8)
        if abs(len(other) - len(low)) > limit:
            continue  # every edit distance is at least the difference in length
        distance = DamerauLevenshtein.distance(low, other, score_cutoff=limit)
        if distance > limit:
            continue
        if distance < best_distance:
            best, best_distance = [candidate], distance
        elif distance == best_distance and candidate not in best:
            best.append(candidate)
    return tuple(best)


_SPLITTERS = frozenset("-_/.")


def split_words(text: str) -> list[str]:
    """Words of a key the way the framework's env naming splits them (scule's ``splitByCase``).

    ``baseURL`` → ``base, URL``; ``apiSecret`` → ``api, Secret``; ``URLPrefix``
    → ``URL, Prefix``; digits stay with the word before (``apiV2Base`` → ``api,
    V2, Base``); ``- _ / .`` separate words (two in a row leave an empty word,
    as the framework's does).
    """
    parts: list[str] = []
    buff = ""
    previous_upper: bool | None = None
    previous_splitter: bool | None = None
    for ch in text:
        if ch in _SPLITTERS:
            parts.append(buff)
            buff = ""
            previous_upper = None
            continue
        upper: bool | None = None if ch.isdigit() else ch != ch.lower()
        if previous_splitter is False:
            if previous_upper is False and upper is True:
                parts.append(buff)
                buff = ch
                previous_upper = upper
                continue
            if previous_upper is True and upper is False and len(buff) > 1:
                parts.append(buff[:-1])
                buff = buff[-1] + ch
                previous_upper = upper
                continue
        buff += ch
        previous_upper = upper
        previous_splitter = False
    parts.append(buff)
    return parts
