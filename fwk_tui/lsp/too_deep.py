"""A body that is JSON nested past what the decoder reads (it stops on Python's recursion limit): who asked.

JSON-RPC answers a body it cannot read with a parse error and a null id. A
request the server could not read still deserves its answer: when the id and
the method sit at the top level of the object (where a client puts them), they
are found by a scan that keeps count of the nesting and decodes only those two
values, so the client's request gets its error instead of silence. The scan
stops after :data:`MOST_TOKENS` (what it has not found by then is not there).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

_TOKEN = re.compile(rb'["{}\[\]:,]')
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
MOST_TOKENS = 200_000
"""How many brackets, quotes and separators the scan reads at most (a 4 MB body of brackets is not read through)."""
_SCALAR = re.compile(rb'\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\]|\\.)*"|null)', re.DOTALL)


@dataclass(frozen=True)
class Asker:
    """What the top level of an unreadable body says of it: its id (when it has one) and whether it names a method."""

    has_id: bool
    id: Any
    has_method: bool


def asker_of(body: bytes) -> Asker:
    """The id and method found at the top level of ``body`` (an object), without decoding what is nested in it."""
    depth = 0
    key: bytes | None = None
    expect_key = False
    found: dict[bytes, Any] = {}
    position = 0
    for _ in range(MOST_TOKENS):
        token = _TOKEN.search(body, position)
        if token is None:
            break
        char, position = token.group(), token.end()
        if char == b'"':
            string = _STRING.match(body, token.start())
            if string is None:
                break
            position = string.end()
            if depth == 1 and expect_key:
                key, expect_key = string.group()[1:-1], False
        elif char in b"{[":
            depth += 1
            expect_key = depth == 1 and char == b"{"
        elif char in b"}]":
            depth -= 1
        elif char == b"," and depth == 1:
            expect_key = True
        elif char == b":" and depth == 1 and key in (b"id", b"method") and key not in found:
            value = _SCALAR.match(body, position)
            if value is not None:
                found[key] = _decoded(value.group(1))
                position = value.end()
            key = None
    raw_id = found.get(b"id")
    has_id = isinstance(raw_id, (int, str)) and not isinstance(raw_id, bool)
    return Asker(has_id, raw_id if has_id else None, isinstance(found.get(b"method"), str))


def _decoded(value: bytes) -> Any:
    try:
        return json.loads(value)
    except ValueError:
        return None
