"""Merging the text the user sees into the file's new text, by line, from the text the file had."""

from __future__ import annotations

import random

from fwk_tui.session.merge import merge_texts


def _change(lines: list[str], start: int, end: int, new: list[str]) -> list[str]:
    return lines[:start] + new + lines[end:]


def test_changes_of_separate_lines_from_both_sides_are_both_in_the_merge() -> None:
    """Replacements, insertions and deletions at random, one each side, on lines apart from each other."""
    rng = random.Random(7)
    for _ in range(3000):
        base = [f"line {i}\n" for i in range(rng.randint(4, 40))]
        a_start = rng.randrange(len(base))
        a_end = min(len(base), a_start + rng.randint(0, 3))
        b_start = rng.randrange(len(base))
        b_end = min(len(base), b_start + rng.randint(0, 3))
        if not (a_end < b_start or b_end < a_start):  # the two must leave a line between them
            continue
        ours_new = [f"ours {k}\n" for k in range(rng.randint(0 if a_end > a_start else 1, 3))]
        theirs_new = [f"theirs {k}\n" for k in range(rng.randint(0 if b_end > b_start else 1, 3))]
        ours = _change(base, a_start, a_end, ours_new)
        theirs = _change(base, b_start, b_end, theirs_new)
        first, second = sorted([(a_start, a_end, ours_new), (b_start, b_end, theirs_new)])
        expected = _change(_change(base, *second), *first)  # the later one first: indexes of the earlier hold
        merged = merge_texts("".join(base), "".join(ours), "".join(theirs))
        assert (merged.text, merged.conflicts) == ("".join(expected), [])


def test_a_line_both_changed_keeps_the_files_and_names_the_line() -> None:
    base = "a\nb\nc\n"
    merged = merge_texts(base, "a\nmine\nc\n", "a\ntheirs\nc\nd\n")
    assert (merged.text, merged.conflicts) == ("a\ntheirs\nc\nd\n", [2])


def test_neighbouring_lines_are_no_conflict() -> None:
    merged = merge_texts("a\nb\nc\n", "a\nB\nc\n", "a\nb\nC\n")
    assert (merged.text, merged.conflicts) == ("a\nB\nC\n", [])
