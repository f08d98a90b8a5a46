"""The Python side of a config: opaque code, ``undefined``, spans and entries."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Literal

from fwk_tui.paths import OptionPath

CodeKind = Literal["expr", "regex"]


class _Undefined:
    """JavaScript's ``undefined``: distinct from ``None`` (``null``)."""

    _instance: _Undefined | None = None

    def __new__(cls) -> _Undefined:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNDEFINED"

    def __bool__(self) -> bool:
        return False

    def __reduce__(self) -> str:
        return "UNDEFINED"


UNDEFINED: Final = _Undefined()


@dataclass(frozen=True, slots=True)
class Span:
    """Where a value sits: byte offsets into the UTF-8 text, 1-based line and column."""

    start: int
    end: int
    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True, slots=True)
class Code:
    """Source the engine does not evaluate, kept as its exact text.

    ``kind`` is ``"regex"`` for a regular expression literal, else ``"expr"``: any
    other expression, an object method (``async setup() {}``, whole) or an array
    spread (``...base``). Equal when text and kind are; the span is information.
    """

    text: str
    kind: CodeKind = "expr"
    span: Span | None = field(default=None, compare=False, repr=False)


# What ConfigDocument.get returns: str, int, float, bool, None, UNDEFINED, Code, list, dict.
JSValue = Any


@dataclass(frozen=True, slots=True)
class Entry:
    """One object, array or leaf of the config, with its path and the span of its value.

    ``key_span`` is where the member's key is written (from a quote of a quoted
    key, the ``[`` of a computed one, the name of a method); None for an array item.
    """

    path: OptionPath
    value: JSValue
    span: Span
    key_span: Span | None = None


def value_in(values: JSValue, path: OptionPath) -> JSValue:
    """The value at ``path`` inside ``values`` (objects by key, arrays by index, negative from the end); KeyError."""
    value = values
    for seg in path:
        if isinstance(value, dict) and isinstance(seg, str) and seg in value:
            value = value[seg]
        elif isinstance(value, list) and isinstance(seg, int) and -len(value) <= seg < len(value):
            value = value[seg]
        else:
            raise KeyError(seg)
    return value
