"""``// fwk-tui-ignore FWK104`` comments: silence a code at the key on the next line.

A comment names one or more codes (``// fwk-tui-ignore FWK104, FWK201``); the
diagnostics with those codes on the first line after it that holds code (blank
lines and other comments skipped) are set aside. A comment that silences
nothing is reported (an info), so stale ones do not pile up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fwk_tui.source.document import ConfigDocument
from fwk_tui.source.nodes import comments_in, text_of
from fwk_tui.validate.codes import CODES
from fwk_tui.validate.diagnostics import Diagnostic

MARK = "fwk-tui-ignore"
UNUSED_RULE = "unused-ignore"
_COMMENT = re.compile(rf"^(?://|/\*)\s*{MARK}\b(?P<rest>.*?)(?:\*/)?\s*$", re.DOTALL)
_CODE = re.compile(r"FWK\d{3}", re.IGNORECASE)
_KNOWN = frozenset(CODES.values())


@dataclass(frozen=True)
class IgnoreComment:
    """One ignore comment: where it is (1-based), the line it covers and the codes it names."""

    line: int
    column: int
    target: int
    codes: frozenset[str]


@dataclass(frozen=True)
class Ignored:
    """A diagnostic set aside, and the line of the comment that did it."""

    diagnostic: Diagnostic
    comment_line: int


def ignore_comments(doc: ConfigDocument) -> list[IgnoreComment]:
    """The ignore comments of ``doc``, in source order."""
    if MARK not in doc.text:
        return []
    lines = doc.text.split("\n")
    found: list[IgnoreComment] = []
    for node in comments_in(doc.tree.root_node):
        match = _COMMENT.match(text_of(node))
        if match is None:
            continue
        codes = frozenset(c.upper() for c in _CODE.findall(match["rest"]))
        found.append(
            IgnoreComment(node.start_point[0] + 1, node.start_point[1] + 1, _next_code_line(lines, node.end_point[0] + 1), codes)
        )
    return found


def set_aside(
    diagnostics: list[Diagnostic], comments: list[IgnoreComment]
) -> tuple[list[Diagnostic], list[Ignored], list[Diagnostic]]:
    """``diagnostics`` split into kept and ignored, plus an info for each comment that ignored nothing.

    The diagnostics must be placed (their lines are what the comments cover).
    """
    if not comments:
        return diagnostics, [], []
    by_line: dict[int, list[IgnoreComment]] = {}
    for comment in comments:
        by_line.setdefault(comment.target, []).append(comment)
    kept: list[Diagnostic] = []
    ignored: list[Ignored] = []
    used: set[tuple[int, str]] = set()
    for d in diagnostics:
        hit = next((c for c in by_line.get(d.line, ()) if d.code in c.codes), None)
        if hit is None:
            kept.append(d)
        else:
            ignored.append(Ignored(d, hit.line))
            used.add((hit.line, d.code))
    unused = [
        _unused(comment, code)
        for comment in comments
        for code in sorted(comment.codes) or [""]
        if (comment.line, code) not in used
    ]
    return kept, ignored, unused


def _unused(comment: IgnoreComment, code: str) -> Diagnostic:
    if not code:
        message = f"{MARK} names no code; write the code to silence, e.g. // {MARK} FWK101"
    elif code not in _KNOWN:
        message = f"{MARK}: {code} is not a code of fwk-tui (fwk-tui explain lists them in docs/rules.md)"
    else:
        message = f"{MARK} {code}: line {comment.target} has no {code} to silence; remove the comment"
    return Diagnostic("info", "", message, UNUSED_RULE, line=comment.line, column=comment.column)


def _next_code_line(lines: list[str], after: int) -> int:
    """The 1-based number of the first line after line ``after`` that is not blank or only a comment."""
    for index in range(after, len(lines)):
        stripped = lines[index].strip()
        if stripped and not stripped.startswith(("//", "/*", "*")):
            return index + 1
    return after + 1
