"""The string formats of the reference's types (date, url, glob, source): what is wrong with a text, or None."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from urllib.parse import urlsplit

from fwk_tui.validate.text import js_text

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]+):")  # two letters at least: C:\ is a path
SOURCE_PREFIXES = ("github", "gh", "gitlab", "bitbucket", "https")


def _date_problem(text: str) -> str | None:
    if not _DATE.fullmatch(text):
        return f"expected a date written YYYY-MM-DD, got {js_text(text)}"
    try:
        datetime.date(int(text[:4]), int(text[5:7]), int(text[8:10]))
    except ValueError:
        return f"{js_text(text)} is not a real date (YYYY-MM-DD)"
    return None


def _url_problem(text: str) -> str | None:
    parts = urlsplit(text)
    if parts.scheme and parts.netloc and "://" in text:
        return None
    return f"expected an absolute URL such as https://cdn.example.com/, got {js_text(text)}"


def _glob_problem(text: str) -> str | None:
    if not text:
        return "an empty glob pattern matches nothing"
    depth = {"{": 0, "[": 0}
    closing = {"}": "{", "]": "["}
    escaped = False
    for ch in text:
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch in depth:
            depth[ch] += 1
        elif ch in closing:
            depth[closing[ch]] -= 1
            if depth[closing[ch]] < 0:
                return f"glob pattern {js_text(text)} has a {ch} without its opening {closing[ch]}"
    for opener, n in depth.items():
        if n > 0:
            return f"glob pattern {js_text(text)} has an unclosed {opener}"
    return None


def _source_problem(text: str) -> str | None:
    if not text.strip():
        return "expected a layer source (github:, gh:, gitlab:, bitbucket:, https: or a local path), got ''"
    m = _SCHEME.match(text)
    if m and m.group(1).lower() not in SOURCE_PREFIXES:
        return (
            f"unknown source prefix {m.group(1)}: in {js_text(text)}; expected github:, gh:, gitlab:, "
            "bitbucket:, https: (theme only) or a local path"
        )
    return None


FORMAT_CHECKS: dict[str, Callable[[str], str | None]] = {
    "date": _date_problem,
    "url": _url_problem,
    "glob": _glob_problem,
    "source": _source_problem,
}
