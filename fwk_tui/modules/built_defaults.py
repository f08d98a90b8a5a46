"""The defaults a built module gives its options: the ``defaults`` of its ``define...Module({...})`` call in
``dist/module.mjs``, read with the document engine, nothing run.

The module builder keeps the module's source call: ``defaults: {...}``, ``defaults: DEFAULTS`` (a ``const`` of the
file) or ``defaults: (fwk) => ({...})``. Each plain value there (a string, a number, a boolean, null, an object
or a list of such) is the option's default as the module sets it; a value computed by code (``void 0``,
``fwk.options.dev``, a call) is none, and ``@default`` of the declarations says what it can.

Only the ``defaults`` is parsed: a built module is up to some hundred KB, and parsing one whole costs 50 ms where
this costs about one. The call is found by its name, its object and the value of ``defaults`` are delimited by
their brackets (strings, templates and comments skipped), and that text alone goes to the parser.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from fwk_tui.source.errors import DocumentError
from fwk_tui.source.parse import parse_bytes
from fwk_tui.source.read import Reader
from fwk_tui.source.values import UNDEFINED, Code

MAX_BUILT_BYTES = 2 * 1024 * 1024
"""A built module past this is not read for its defaults (the largest seen are about 100 KB)."""
MAX_SLICE = 256 * 1024
"""The longest ``defaults`` object that is read (a module's are some hundred bytes)."""

_CALL = re.compile(rb"\bdefine\w*Module\s*\(\s*\{")
_KEY = re.compile(rb"\bdefaults\s*:\s*")
_NAME = re.compile(rb"[A-Za-z_$][\w$]*")
_ARROW = re.compile(rb"(?:async\s*)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*=>\s*")
_OPEN, _CLOSE = b"{([", b"})]"


def built_defaults(data: bytes) -> dict[str, Any]:
    """The plain defaults the module's ``define...Module`` call gives (empty when there is no such call, or its
    defaults are code)."""
    if len(data) > MAX_BUILT_BYTES or b"\0" in data:
        return {}
    for call in _CALL.finditer(data):
        at = _member_value(data, call.end() - 1)
        if at is not None:
            return _plain_object(_object_text(data, at))
    return {}


def _member_value(data: bytes, body: int) -> int | None:
    """Where the value of ``defaults:`` starts among the members of the object whose ``{`` is at ``body`` (one
    pass, stopping there: the call's object goes on with the module's whole setup)."""
    keys = _KEY.finditer(data, body + 1)
    key = next(keys, None)
    depth = 0
    for kind, at in _brackets(data, body, len(data)):
        while key is not None and key.start() < at:
            if depth == 1:  # a member of the call's object, not of one inside it
                return key.end()
            key = next(keys, None)
        depth += 1 if kind == "open" else -1
        if depth == 0 or key is None:
            return None
    return None


def _object_text(data: bytes, at: int) -> bytes | None:
    """The text of the object literal the value at ``at`` stands for: written there, a ``const`` it names, or the
    object an arrow function returns."""
    for _ in range(4):  # a name of a name...: a few steps, no loop
        arrow = _ARROW.match(data, at)
        if arrow is not None:
            at = arrow.end()
            continue
        head = data[at : at + 1]
        if head == b"(":
            at = _skip_space(data, at + 1)
            continue
        if head == b"{":
            end = _balanced_end(data, at)
            return data[at:end] if end is not None and end - at <= MAX_SLICE else None
        name = _NAME.match(data, at)
        if name is None:
            return None
        found = re.search(rb"\b(?:const|let|var)\s+" + re.escape(name.group()) + rb"\s*=\s*", data)
        if found is None:
            return None
        at = found.end()
    return None


def _skip_space(data: bytes, at: int) -> int:
    while at < len(data) and data[at : at + 1].isspace():
        at += 1
    return at


def _balanced_end(data: bytes, start: int) -> int | None:
    """The index after the bracket that closes the one at ``start``."""
    depth = 0
    for kind, at in _brackets(data, start, len(data)):
        depth += 1 if kind == "open" else -1
        if depth == 0:
            return at + 1
    return None


def _brackets(data: bytes, start: int, end: int) -> Iterator[tuple[str, int]]:
    """The brackets between ``start`` and ``end`` that are code: not in a string, a template's text or a comment
    (a template's ``${...}`` is code)."""
    inside: list[int] = []  # for each `${` open: the brackets open inside it
    i = start
    while i < end:
        c = data[i]
        if c in (0x27, 0x22):  # ' "
            i = _after_string(data, i, c)
        elif c == 0x60:  # `
            i, entered = _after_template_text(data, i + 1)
            if entered:
                inside.append(0)
        elif c == 0x2F and data[i + 1 : i + 2] == b"/":
            i = data.find(b"\n", i)
            i = end if i < 0 else i
        elif c == 0x2F and data[i + 1 : i + 2] == b"*":
            i = data.find(b"*/", i + 2)
            i = end if i < 0 else i + 2
        elif c == 0x7D and inside and inside[-1] == 0:  # the } of a template's ${...}: its text goes on
            inside.pop()
            i, entered = _after_template_text(data, i + 1)
            if entered:
                inside.append(0)
        elif c in _OPEN or c in _CLOSE:
            opening = c in _OPEN
            if inside:
                inside[-1] += 1 if opening else -1
            yield ("open" if opening else "close"), i
            i += 1
        else:
            i += 1


def _after_string(data: bytes, i: int, quote: int) -> int:
    i += 1
    while i < len(data) and data[i] != quote and data[i] != 0x0A:
        i += 2 if data[i] == 0x5C else 1
    return i + 1


def _after_template_text(data: bytes, i: int) -> tuple[int, bool]:
    """After a template's text from ``i``: the index, and whether a ``${`` was entered (else the template ended)."""
    while i < len(data):
        c = data[i]
        if c == 0x5C:
            i += 2
        elif c == 0x60:
            return i + 1, False
        elif c == 0x24 and data[i + 1 : i + 2] == b"{":
            return i + 2, True
        else:
            i += 1
    return i, False


def _plain_object(text: bytes | None) -> dict[str, Any]:
    if text is None:
        return {}
    data = b"(" + text + b")"
    root = parse_bytes(data).root_node
    statement = root.named_children[0] if root.named_children else None
    inner = statement.named_children[0] if statement is not None and statement.named_children else None
    node = inner.named_children[0] if inner is not None and inner.named_children else None
    if node is None or node.type != "object" or root.has_error:
        return {}
    try:
        value = Reader(data).value(node)
    except DocumentError:
        return {}
    plain = _plain(value)
    return plain if isinstance(plain, dict) else {}


_NONE = object()


def _plain(value: Any) -> Any:
    """``value`` without what code computes: an object keeps its plain members, a list is plain or none."""
    if isinstance(value, Code) or value is UNDEFINED:
        return _NONE
    if isinstance(value, dict):
        return {k: v for k, v in ((k, _plain(v)) for k, v in value.items()) if v is not _NONE}
    if isinstance(value, list):
        items = [_plain(v) for v in value]
        return _NONE if any(v is _NONE for v in items) else items
    return value


def leaf_values(defaults: dict[str, Any]) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Each value of ``defaults`` that is no object with members, with its path (an object's members in turn)."""
    pending: list[tuple[tuple[str, ...], Any]] = [((k,), v) for k, v in reversed(defaults.items())]
    while pending:
        path, value = pending.pop()
        if isinstance(value, dict) and value:
            pending.extend(((*path, k), v) for k, v in reversed(value.items()))
        else:
            yield path, value
