"""Applying a :class:`Fix` to a document (one edit, or two for a move), and every safe fix at once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fwk_tui.paths import parse_path
from fwk_tui.source.document import ConfigDocument
from fwk_tui.source.errors import DocumentError
from fwk_tui.validate.diagnostics import Diagnostic, Fix


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
    return d.fix is not None and d.rule in SAFE_FIX_RULES


@dataclass(frozen=True)
class FixOutcome:
    """What applying the safe fixes gave: the document, the diagnostics fixed, and what is left."""

    doc: ConfigDocument
    applied: list[Diagnostic]
    left: list[Diagnostic]


def apply_safe_fixes(doc: ConfigDocument, check: Callable[[ConfigDocument], list[Diagnostic]]) -> FixOutcome:
    """``doc`` with every safe fix applied, one at a time, re-checking after each.

    A fix that no longer applies (the path moved with an earlier fix) or that
    would bring an error is skipped. ``check`` gives a document's diagnostics.
    """
    left = check(doc)
    applied: list[Diagnostic] = []
    tried: set[tuple[str, str, str]] = set()
    for _ in range(2 * len(left) + 1):  # each round applies a fix or marks one tried
        candidate = next((d for d in left if is_safe(d) and _key(d) not in tried), None)
        if candidate is None or candidate.fix is None:
            break
        tried.add(_key(candidate))
        try:
            fixed = apply_fix(doc, candidate.fix)
        except (KeyError, DocumentError):
            continue
        after = check(fixed)
        if _errors(after) > _errors(left):
            continue
        doc, left = fixed, after
        applied.append(candidate)
    return FixOutcome(doc, applied, left)


def _key(d: Diagnostic) -> tuple[str, str, str]:
    return (d.rule, d.path, d.fix.title if d.fix else "")


def _errors(diagnostics: list[Diagnostic]) -> int:
    return sum(1 for d in diagnostics if d.severity == "error")
