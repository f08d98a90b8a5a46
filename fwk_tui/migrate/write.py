"""A plan carried out on the config: the edits, made through the document engine, and the check under layout A."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from fwk_tui.catalog.models import Catalog
from fwk_tui.migrate.plan import VERSION, Item, Plan
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import Diagnostic, check_document


@dataclass
class Outcome:
    """The config after the move, the items kept, and what the move would bring: errors (then nothing is written)
    and warnings (written, and said)."""

    doc: ConfigDocument
    kept: list[Item]
    new_errors: list[Diagnostic]
    new_warnings: list[Diagnostic]


def migrated(doc: ConfigDocument, plan: Plan, keep: Collection[str], catalog: Catalog) -> Outcome:
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
            new = new.unset(item.path)
        elif item.path in keep and item.keep is not None:
            new = new.set(item.path, item.keep)
            kept.append(item)
    new = new.set(VERSION, 4)
    before = {_key(d) for d in check_document(doc, catalog, "B").diagnostics}
    after = [d for d in check_document(new, catalog, "A").diagnostics if _key(d) not in before]
    return Outcome(
        new, kept, [d for d in after if d.severity == "error"], [d for d in after if d.severity == "warning"]
    )


def _key(d: Diagnostic) -> tuple[str, str, str, str]:
    return d.path, d.rule, d.message, d.severity
