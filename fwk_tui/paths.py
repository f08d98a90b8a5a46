"""Dotted option paths shared by the catalogue, the document engine and the CLI.

A path is a tuple of segments: ``str`` for object keys, ``int`` for array
indexes. Its text form joins plain keys with dots and brackets the rest:

    app.head.meta[0].name
    routeRules["/api/**"].cors
    vbuild.define["process.dev"]
"""

from __future__ import annotations

import json
import re

Segment = str | int
OptionPath = tuple[Segment, ...]

# What the parser accepts bare between dots: no dot, bracket, quote or white space.
_BARE = re.compile(r"[^.\[\]\"'\s]+")
# What the formatter writes bare: name-like keys (``alias.~~``, ``alias.#build``,
# ``hooks.build:done``); anything else, such as ``/api/**``, is bracketed.
_PLAIN = re.compile(r"[A-Za-z_$#~@][\w$#~@:/-]*")


class PathError(ValueError):
    """The text is not a well-formed option path."""


def parse_path(text: str) -> OptionPath:
    """Split ``text`` into segments; raise :class:`PathError` when malformed."""
    segments: list[Segment] = []
    i, n = 0, len(text)
    if n == 0:
        raise PathError("empty path")
    expect_key = True
    while i < n:
        ch = text[i]
        if ch == "[":
            end = _bracket_end(text, i)
            inner = text[i + 1 : end].strip()
            segments.append(_bracket_segment(inner, text))
            i = end + 1
            expect_key = False
        elif ch == ".":
            if expect_key:
                raise PathError(f"empty key in path {text!r}")
            i += 1
            expect_key = True
            if i == n:
                raise PathError(f"path {text!r} ends with a dot")
        else:
            m = _BARE.match(text, i)
            if m is None:
                raise PathError(f"unexpected {ch!r} in path {text!r}")
            if not expect_key:
                raise PathError(f"missing dot before {m.group()!r} in path {text!r}")
            segments.append(m.group())
            i = m.end()
            expect_key = False
    return tuple(segments)


def _bracket_end(text: str, start: int) -> int:
    i = start + 1
    quote = None
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 2
                continue
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "]":
            return i
        i += 1
    raise PathError(f"unclosed bracket in path {text!r}")


def _bracket_segment(inner: str, text: str) -> Segment:
    if re.fullmatch(r"\d+", inner):
        return int(inner)
    if re.fullmatch(r"-\d+", inner):  # JavaScript's a[-1] is no item: a key "-1", never the last item
        raise PathError(f"an item's index is 0 or more, not {inner}, in {text!r} (the last item of n is [n-1])")
    if len(inner) >= 2 and inner[0] == inner[-1] and inner[0] in "\"'":
        body = inner[1:-1]
        if inner[0] == "'":
            body = body.replace('\\"', '"').replace("\\'", "'").replace('"', '\\"')
        try:
            return str(json.loads(f'"{body}"'))
        except json.JSONDecodeError as exc:
            raise PathError(f"bad quoted key {inner} in path {text!r}") from exc
    raise PathError(f"bracketed key must be a number or a quoted string in {text!r}")


def format_path(path: OptionPath) -> str:
    """The text form of ``path``; ``parse_path(format_path(p)) == p``."""
    out: list[str] = []
    for seg in path:
        if isinstance(seg, int):
            out.append(f"[{seg}]")
        elif _PLAIN.fullmatch(seg):
            out.append(f".{seg}" if out else seg)
        else:
            out.append(f"[{json.dumps(seg, ensure_ascii=False)}]")
    return "".join(out)


def join(path: OptionPath, *more: Segment) -> OptionPath:
    """``path`` extended by ``more`` segments."""
    return path + tuple(more)
