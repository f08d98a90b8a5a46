"""A plan carried out on the config: the edits, made through the document engine, and the check under layout A."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from fwk_tui.catalog.models import Catalog
from fwk_tui.migrate.plan import VERSION, Item, Plan
from fwk_tui.paths import parse_path
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import Diagnostic, check_document
from fwk_tui.validate.keys import ENV_BLOCKS


@dataclass
class Outcome:
    """The config after the move, the items kept, and what the move would bring: errors (then nothing is written)
    and warnings (written, and said)."""

    doc: ConfigDocument
    kept: list[Item]
    new_errors: list[Diagnostic]
    new_warnings: list[Diagnostic]


Findings = frozenset[tuple[str, str, str, str]]
"""What the check says of a config, as the move compares it (path, rule, message, severity)."""


def findings_under_b(doc: ConfigDocument, catalog: Catalog) -> Findings:
    """What the check says of ``doc`` before the move (the same for every choice: computed once by a caller that
    tries several)."""
    return frozenset(_key(d) for d in check_document(doc, catalog, "B").diagnostics)


def migrated(
    doc: ConfigDocument, plan: Plan, keep: Collection[str], catalog: Catalog, before: Findings | None = None
) -> Outcome:
    """``doc`` moved to layout A: version 4, the pins, each item in ``keep`` pinned to its old value, removed flags gone.

    A flag version 4 removes that the project sets goes whatever is chosen; the
    check compares findings under A after with those under B before: a new
    error is returned (the caller does not write), a new warning too (the
    caller says it: the reference's way back pins two flags that version 4
    removes, and the check warns about them under A).
    """
    new = doc
    kept: list[Item] = []
    for path, value in plan.pins:
        new = new.set(path, value)
    for item in plan.items:
        if item.goes:
            new = _without(new, item.path)
        elif item.path in keep and item.keep is not None:
            new = new.set(item.path, item.keep)
            kept.append(item)
    new = new.set(VERSION, 4)
    if before is None:
        before = findings_under_b(doc, catalog)
    after = [d for d in check_document(new, catalog, "A").diagnostics if _key(d) not in before]
    return Outcome(
        new, kept, [d for d in after if d.severity == "error"], [d for d in after if d.severity == "warning"]
    )


def _without(doc: ConfigDocument, path: str) -> ConfigDocument:
    """``doc`` without ``path``, in its body and in each environment section that writes it."""
    where = parse_path(path)
    values = doc.values()
    places = [where]
    for name, section in values.items():
        if name in ENV_BLOCKS:
            places.append((name, *where))
        elif name == "$env" and isinstance(section, dict):
            places += [("$env", env, *where) for env in section]
    for place in places:
        if doc.has(place):
            doc = doc.unset(place)
    return doc


def _key(d: Diagnostic) -> tuple[str, str, str, str]:
    return d.path, d.rule, d.message, d.severity
