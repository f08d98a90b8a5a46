"""Applying a :class:`Fix` to a document (one edit, or two for a move), and every safe (or every) fix at once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from fwk_tui.paths import parse_path
from fwk_tui.source.document import ConfigDocument
from fwk_tui.source.errors import DocumentError
from fwk_tui.source.nodes import comments_in, text_of
from fwk_tui.validate.diagnostics import Diagnostic, Fix, outer_paths


def apply_fix(doc: ConfigDocument, fix: Fix) -> ConfigDocument:
    """The document with ``fix`` applied (a new document; ``doc`` is untouched).

    Raises what the document's edits raise (``KeyError``, ``DocumentError``)
    when the file changed since the diagnostic was made.
    """
    if fix.kind == "set":
        return doc.set(fix.path, fix.value)
    if fix.kind == "unset":
        return doc.unset(fix.path)
    if fix.kind == "rename":
        assert fix.new_key is not None
        return doc.rename(fix.path, fix.new_key)
    if fix.kind == "remove-duplicate":
        assert fix.occurrence is not None
        return doc.remove_occurrence(fix.path, fix.occurrence)
    assert fix.new_path is not None
    if fix.kind == "merge":
        if fix.needs_choice:
            differ = ", ".join(fix.conflicts)
            raise DocumentError(f"{differ} differ in {fix.path} and {fix.new_path}: choose which to keep")
        return doc.merge(fix.path, fix.new_path, prefer=fix.prefer or "existing")
    if fix.kind == "replace":
        old, new = parse_path(fix.path), parse_path(fix.new_path)
        if old[:-1] == new[:-1] and isinstance(new[-1], str):
            # Beside the old key: take its place in the file rather than go to the end.
            return doc.rename(old, new[-1]).set(new, fix.value)
        return doc.unset(old).set(new, fix.value)
    value = doc.get(fix.path)
    return doc.unset(fix.path).set(fix.new_path, value)


# Rules whose fix keeps what the app does (or what the user plainly meant): the
# same option under its canonical spelling or documented shape, or the removal
# of what has no effect (an earlier duplicate key, an empty or repeated entry, a
# flag removed in v4, a value the framework manages itself). ``check --fix``
# applies these; the others change behaviour and are left for a person to choose.
SAFE_FIX_RULES = frozenset(
    {
        "alias",
        "undocumented-shape",
        "duplicate-key",
        "empty-module",
        "duplicate-module",
        "empty-plugin",
        "duplicate-plugin",
        "empty-css",
        "duplicate-css",
        "empty-layer",
        "duplicate-layer",
        "removed-in-v4",
        "dev-server-url-managed",
        "typescript-managed-options",
        "outdated-build-check-without-manifest",
    }
)


def is_safe(d: Diagnostic) -> bool:
    """True when ``d`` has a fix that ``check --fix`` may apply without asking."""
    return d.fix is not None and d.rule in SAFE_FIX_RULES and d.fix.keeps_behaviour


def is_unsafe(d: Diagnostic) -> bool:
    """True when ``d`` has a fix that changes what the app does, which ``check --fix --unsafe-fixes`` applies
    (a merge that waits for a choice is neither safe nor unsafe: nothing applies it without a person)."""
    return d.fix is not None and not is_safe(d) and not d.fix.needs_choice


@dataclass(frozen=True)
class Applied:
    """A fix applied: its diagnostic, placed in the file as read when it was there already."""

    diagnostic: Diagnostic
    in_file_as_read: bool


@dataclass(frozen=True)
class FixOutcome:
    """What applying the safe fixes gave: the document, the fixes applied, those held back (and why), what is left."""

    doc: ConfigDocument
    applied: list[Applied]
    held_back: list[tuple[Diagnostic, str]]
    left: list[Diagnostic]

    @property
    def needs_choice(self) -> list[Diagnostic]:
        """What is left whose fix waits for a person's choice (a merge of keys written in both, differently)."""
        return [d for d in self.left if d.fix is not None and d.fix.needs_choice]


def apply_safe_fixes(doc: ConfigDocument, check: Callable[[ConfigDocument], list[Diagnostic]]) -> FixOutcome:
    """``doc`` with every safe fix applied (see :func:`apply_fixes`)."""
    return apply_fixes(doc, check)


def apply_fixes(
    doc: ConfigDocument, check: Callable[[ConfigDocument], list[Diagnostic]], *, unsafe: bool = False
) -> FixOutcome:
    """``doc`` with every safe fix applied, and with ``unsafe`` every other one that needs no choice, re-checking
    after each round.

    A round applies every safe fix that edits a place of its own at once, from
    the end of the file up (so the paths of the others hold: a removed item or
    key copy comes after those still to remove), then checks once: 1,500
    repeated modules were 1,500 checks (30 s) and are now one. When the round
    would bring an error or drop a comment, its fixes go one at a time, each
    checked, as they always could. A fix is held back when it no longer
    applies (an earlier fix moved its path), would bring an error, or would
    drop a comment (nothing the user wrote is lost). ``check`` gives a
    document's diagnostics.
    """
    left = check(doc)
    as_read = {_key(d): d for d in left}
    applied: list[Applied] = []
    held: list[tuple[Diagnostic, str]] = []
    tried: set[tuple[str, str, str]] = set()

    def taken(done: list[Diagnostic]) -> None:
        for d in done:
            first = as_read.pop(_key(d), None)  # once: a later fix may take an earlier one's path
            applied.append(Applied(first, True) if first is not None else Applied(d, False))

    batches = True  # until a round of them fails: then one at a time, as before
    for _ in range(2 * len(left) + 1):  # each round applies fixes or holds one back
        candidates = [d for d in left if (is_safe(d) or unsafe and is_unsafe(d)) and _key(d) not in tried]
        if not candidates:
            break
        batch = _apart(candidates) if batches else []
        if len(batch) > 1:
            together = _all_applied(doc, batch)
            if together is not None and _lost_comment(doc, together) is None:
                after = check(together)
                if _errors(after) <= _errors(left):
                    doc, left = together, after
                    taken(batch)
                    continue
            batches = False
        candidate = candidates[0]
        assert candidate.fix is not None
        why = None
        try:
            fixed = apply_fix(doc, candidate.fix)
        except (KeyError, DocumentError) as exc:
            why = f"it no longer applies ({exc})"
        else:
            lost = _lost_comment(doc, fixed)
            after = check(fixed) if lost is None else left
            if lost is not None:
                why = f"it would drop the comment {lost}"
            elif _errors(after) > _errors(left):
                why = "it would bring an error"
        if why is not None:
            tried.add(_key(candidate))  # an applied fix is not: what takes its path after it is another entry
            held.append((candidate, why))
            continue
        doc, left = fixed, after
        taken([candidate])
    return FixOutcome(doc, applied, held, left)


_IN_PLACE = ("unset", "remove-duplicate", "rename", "set")
"""Fixes that edit the place of their path and nothing else: applied from the end of the file up, each leaves
the paths before it as they were."""


def _apart(candidates: list[Diagnostic]) -> list[Diagnostic]:
    """The candidates that edit places apart from each other (no path inside another's; copies of one key are
    apart), last in the file first."""
    chosen: list[Diagnostic] = []
    kinds: dict[str, set[str]] = {}  # a path chosen: the kinds of the fixes there
    inside: set[str] = set()  # every path a chosen one lies in (not itself)
    for d in sorted(candidates, key=lambda d: (d.line, d.column), reverse=True):
        fix = d.fix
        if fix is None or fix.kind not in _IN_PLACE:
            continue
        outer = list(outer_paths(fix.path))[1:]
        there = kinds.get(fix.path)
        if there is not None and not (fix.kind == "remove-duplicate" and there == {"remove-duplicate"}):
            continue
        if fix.path in inside or any(p in kinds for p in outer):
            continue  # one inside another: the next round, after a check
        chosen.append(d)
        kinds.setdefault(fix.path, set()).add(fix.kind)
        inside.update(outer)
    return chosen


def _all_applied(doc: ConfigDocument, batch: list[Diagnostic]) -> ConfigDocument | None:
    """``doc`` with each fix of ``batch`` applied; None when one no longer applies. Removals of array items and
    of key copies are made together (each container read once), the other fixes one by one before them."""
    removals: list[tuple[str, int | None]] = []
    try:
        for d in batch:
            fix = d.fix
            assert fix is not None
            if fix.kind == "remove-duplicate":
                removals.append((fix.path, fix.occurrence))
            elif fix.kind == "unset" and fix.path.endswith("]"):
                removals.append((fix.path, None))
            else:
                doc = apply_fix(doc, fix)
        return doc.remove_all(removals) if removals else doc
    except (KeyError, DocumentError):
        return None


def _lost_comment(before: ConfigDocument, after: ConfigDocument) -> str | None:
    """A comment of ``before`` that ``after`` no longer has (shortened), or None."""
    kept = Counter(text_of(c) for c in comments_in(after.tree.root_node))
    for comment in comments_in(before.tree.root_node):
        text = text_of(comment)
        if kept[text] <= 0:
            return text if len(text) <= 40 else text[:39] + "…"
        kept[text] -= 1
    return None


def _key(d: Diagnostic) -> tuple[str, str, str]:
    return (d.rule, d.path, d.fix.title if d.fix else "")


def _errors(diagnostics: list[Diagnostic]) -> int:
    return sum(1 for d in diagnostics if d.severity == "error")
