"""The string formats of the type language (``date``, ``url``, ``glob``...): everything about each, in one place.

A format is named in the catalogue's types (``string``, ``date``...); what
``check`` requires of a text, how the type reads in words and in messages, the
JSON Schema keywords, the editor's placeholder and a sample value all come from
its :class:`StringFormat` here. Adding a format is one entry of :data:`FORMATS`
(tests/catalog/test_formats.py adds one and sees every surface take it).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

Problem = Callable[[str, str], "str | None"]
"""What is wrong with a text of the format, or None: called with the text and the text as a message shows it."""


@dataclass(frozen=True)
class StringFormat:
    name: str
    words: str
    """The type in words for people: ``date (YYYY-MM-DD)``."""
    phrase: str
    """One value, as a message says what was expected: ``a date written YYYY-MM-DD``."""
    plural: str
    """Many values: ``dates written YYYY-MM-DD`` (``a list of ...``)."""
    problem: Problem | None = None
    """What ``check`` requires of a text beyond being a string (None: any string)."""
    schema: dict[str, Any] = field(default_factory=dict)
    """JSON Schema keywords beside ``"type": "string"`` (a format is only an annotation to many validators: a
    pattern says the same)."""
    hint: str = ""
    """The editor's placeholder for an empty value."""
    sample: str = "x"
    """A value of the format (the framework-types report probes with it)."""


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]+):")  # two letters at least: C:\ is a path
SOURCE_PREFIXES = ("github", "gh", "gitlab", "bitbucket", "https")


def _date_problem(text: str, shown: str) -> str | None:
    if not _DATE.fullmatch(text):
        return f"expected a date written YYYY-MM-DD, got {shown}"
    try:
        datetime.date(int(text[:4]), int(text[5:7]), int(text[8:10]))
    except ValueError:
        return f"{shown} is not a real date (YYYY-MM-DD)"
    return None


def _url_problem(text: str, shown: str) -> str | None:
    parts = urlsplit(text)
    if parts.scheme and parts.netloc and "://" in text:
        return None
    return f"expected an absolute URL such as https://cdn.example.com/, got {shown}"


def _glob_problem(text: str, shown: str) -> str | None:
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
                return f"glob pattern {shown} has a {ch} without its opening {closing[ch]}"
    for opener, n in depth.items():
        if n > 0:
            return f"glob pattern {shown} has an unclosed {opener}"
    return None


def _source_problem(text: str, shown: str) -> str | None:
    if not text.strip():
        return "expected a layer source (github:, gh:, gitlab:, bitbucket:, https: or a local path), got ''"
    m = _SCHEME.match(text)
    if m and m.group(1).lower() not in SOURCE_PREFIXES:
        return (
            f"unknown source prefix {m.group(1)}: in {shown}; expected github:, gh:, gitlab:, "
            "bitbucket:, https: (theme only) or a local path"
        )
    return None


FORMATS: dict[str, StringFormat] = {
    f.name: f
    for f in (
        StringFormat("string", "text", "a string", "strings"),
        StringFormat(
            "date", "date (YYYY-MM-DD)", "a date written YYYY-MM-DD", "dates written YYYY-MM-DD", _date_problem,
            {"format": "date", "pattern": r"^\d{4}-\d{2}-\d{2}$"}, "YYYY-MM-DD", "2025-07-22",
        ),
        StringFormat(
            "url", "absolute URL", "an absolute URL such as https://cdn.example.com/", "absolute URLs", _url_problem,
            {"format": "uri", "pattern": r"^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]"}, "https://…",
        ),
        StringFormat("path", "path", "a path", "paths"),
        StringFormat(
            "glob", "glob pattern", "a glob pattern", "glob patterns", _glob_problem,
            {"minLength": 1},  # "an empty glob pattern matches nothing"
        ),
        # A regular expression is a literal (/.../), not a string: the checker and the editor take it as code.
        StringFormat(
            "regex", "regular expression", "a regular expression", "regular expressions", None,
            {"format": "regex"}, "/pattern/flags",
        ),
        StringFormat(
            "source", "layer source", "a layer source (github:, gh:, gitlab:, bitbucket:, https: or a local path)",
            "layer sources", _source_problem, {"pattern": r"\S"},  # a blank source names no layer
            "github:owner/repo, gh:…, ./local",
        ),
    )  # fmt: skip
}
"""Every format by name; ``string`` is the plain one."""
