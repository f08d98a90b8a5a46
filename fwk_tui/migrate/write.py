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
    """The config after the move, the items kept, and the errors the move would bring (then nothing is written)."""

    doc: ConfigDocument
    kept: list[Item]
    new_errors: list[Diagnostic]


def migrated(doc: ConfigDocument, plan: Plan, keep: Collection[str], catalog: Catalog) -> Outcome:
    """``doc`` moved to layout A: version 4, the pins, each item in ``keep`` pinned to its old value, removed flags gone.

    A flag version 4 removes that the project sets goes whatever is chosen; the
    check compares errors under A after with errors under B before: any new one
    is returned (the caller does not write).
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
    before = {_key(d) for d in check_document(doc, catalog, "B").diagnostics if d.severity == "error"}
    after = check_document(new, catalog, "A").diagnostics
    return Outcome(new, kept, [d for d in after if d.severity == "error" and _key(d) not in before])


def _key(d: Diagnostic) -> tuple[str, str, str]:
    return d.path, d.rule, d.message
