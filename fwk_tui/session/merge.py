"""Three texts merged by line: what one side changed from a common base, put onto what the other side made of it.

A reload after undoing past the last save has no edit list leading from the file to the text the user sees;
the text the file had then (the base), the text the user sees (ours) and the file's new text (theirs) are
enough: each of our changes to the base goes into theirs where theirs left those lines alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher


@dataclass(frozen=True)
class Merged:
    """The merged text, and the lines (1-based, of the base) where both sides changed the same lines."""

    text: str
    conflicts: list[int]


def merge_texts(base: str, ours: str, theirs: str) -> Merged:
    """Our changes from ``base`` put into ``theirs``; where both changed the same lines, theirs is kept."""
    base_lines = base.splitlines(keepends=True)
    ours_lines = ours.splitlines(keepends=True)
    theirs_lines = theirs.splitlines(keepends=True)
    their_hunks = _hunks(base_lines, theirs_lines)
    out = list(theirs_lines)
    conflicts: list[int] = []
    shift = 0  # lines our hunks put in so far, less those they took out
    for start, end, lines in _hunks(base_lines, ours_lines):
        if any(_touch(start, end, s, e) for s, e, _ in their_hunks):
            conflicts.append(start + 1)
            continue
        at = _in_theirs(start, their_hunks) + shift
        out[at : at + (end - start)] = lines
        shift += len(lines) - (end - start)
    return Merged("".join(out), conflicts)


def _hunks(a: list[str], b: list[str]) -> list[tuple[int, int, list[str]]]:
    """The changes turning ``a`` into ``b``: ``a[start:end]`` becomes ``lines``, in order."""
    # The lines both start and end with are left out first: a change of a few lines compares those lines only.
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    a_mid, b_mid = a[head : len(a) - tail], b[head : len(b) - tail]
    matcher = SequenceMatcher(None, a_mid, b_mid, autojunk=False)
    return [(head + i1, head + i2, b_mid[j1:j2]) for op, i1, i2, j1, j2 in matcher.get_opcodes() if op != "equal"]


def _touch(start: int, end: int, other_start: int, other_end: int) -> bool:
    """Two changes of the base take the same lines, or insert at the same place (next to each other is fine:
    in a config, neighbouring lines are neighbouring keys)."""
    if start == end and other_start == other_end:
        return start == other_start
    if start == end:
        return other_start < start < other_end
    if other_start == other_end:
        return start < other_start < end
    return start < other_end and other_start < end


def _in_theirs(line: int, their_hunks: list[tuple[int, int, list[str]]]) -> int:
    """Where base ``line`` (left alone by theirs) is in their text."""
    shift = 0
    for start, end, lines in their_hunks:
        if end > line:
            break
        shift += len(lines) - (end - start)
    return line + shift
