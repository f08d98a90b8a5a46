"""Reading the engine's values by path, with "not written" kept apart from ``null``."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Final

from fwk_tui.paths import OptionPath, Segment
from fwk_tui.source.values import UNDEFINED, Code


class _Missing:
    """No value: the key is not written (or is ``undefined``)."""

    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


MISSING: Final = _Missing()


def lookup(values: Any, path: Sequence[Segment]) -> Any:
    """The value at ``path`` or :data:`MISSING`; stops at code, which cannot be looked into."""
    node = values
    for seg in path:
        if isinstance(node, dict) and isinstance(seg, str):
            if seg not in node:
                return MISSING
            node = node[seg]
        elif isinstance(node, list) and isinstance(seg, int):
            if not -len(node) <= seg < len(node):
                return MISSING
            node = node[seg]
        else:
            return MISSING
    return MISSING if node is UNDEFINED else node


def is_code(value: Any) -> bool:
    """True for an expression nobody can evaluate here (a regex literal is a value)."""
    return isinstance(value, Code) and value.kind == "expr"


def code_in(value: Any, path: OptionPath = ()) -> Iterator[tuple[OptionPath, Code]]:
    """Each code value (regular expressions included) in ``value``, with its path below ``path``, in source order."""
    if isinstance(value, Code):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from code_in(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from code_in(item, (*path, index))
