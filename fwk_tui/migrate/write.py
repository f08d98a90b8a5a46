"""A plan carried out on the config: the edits, made through the document engine, and the check under layout A."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from fwk_tui.catalog.models import Catalog
from fwk_tui.migrate.disk import root_entry
from fwk_tui.migrate.plan import VERSION, Item, Plan
from fwk_tui.paths import OptionPath, format_path, parse_path
from fwk_tui.source import ConfigDocument
from fwk_tui.source.comment import comment_after
from fwk_tui.source.strings import rewrite_strings, string_literals
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
    rewrites: list[Rewrite] = field(default_factory=list)
    """Strings written through ``~/`` to what stays beside the config, written through ``~~/``."""


@dataclass(frozen=True)
class Rewrite:
    line: int
    before: str
    after: str


Findings = frozenset[tuple[str, str, str, str]]
"""What the check says of a config, as the move compares it (path, rule, message, severity)."""


def findings_under_b(doc: ConfigDocument, catalog: Catalog) -> Findings:
    """What the check says of ``doc`` before the move (the same for every choice: computed once by a caller that
    tries several)."""
    # The config alone, without its project's folders: they move with the config (or pins keep them), so what the
    # check says of the folders is `fwk-tui check`'s after the move, not a finding the rewrite brings.
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
    pinned: list[tuple[str, str]] = []
    for path, value in plan.pins:
        new = new.set(path, value)
        pinned.append((path, SOURCE_KEPT))
    for item in plan.items:
        if item.kind == "removed":
            if item.path in keep:
                kept.append(item)  # as the file writes it
            else:
                new = _without(new, item.path)
        elif item.choosable and item.path in keep:
            new = new.set(item.path, item.keep)
            kept.append(item)
            pinned.append((item.path, FOLDER_KEPT if item.kind == "folder" else BEHAVIOUR_KEPT))
    new, rewrites = _through_root(new, plan.staying)
    new = _commented(new, pinned)
    new = new.set(VERSION, 4)
    if before is None:
        before = findings_under_b(doc, catalog)
    doc.drop_caches()  # read again if asked: the two checks need not hold two readings of a large config at once
    after = [d for d in check_document(new, catalog, "A").diagnostics if _key(d) not in before]
    errors = [d for d in after if d.severity == "error"]
    return Outcome(new, kept, errors, [d for d in after if d.severity == "warning"], rewrites)


SOURCE_KEPT = "kept from layout B (version 3): the sources beside the config; remove (and move them into app/) for A"
FOLDER_KEPT = (
    "kept from layout B (version 3), a path from the config's folder; remove (and move the folder beside it) for A"
)
BEHAVIOUR_KEPT = "kept from layout B (version 3); remove to adopt layout A's behaviour"


def _commented(doc: ConfigDocument, pinned: list[tuple[str, str]]) -> ConfigDocument:
    """Each pinned line with a short comment naming what it keeps; pins written inside an object on one line share
    one comment at the end of that object's line, naming them."""
    at_line: dict[OptionPath, list[tuple[str, str]]] = {}
    for path, words in pinned:
        where = parse_path(path)
        while len(where) > 1 and not _ends_line(doc, where):
            where = where[:-1]
        at_line.setdefault(where, []).append((path, words))
    for where, pins in at_line.items():
        if len(where) == 1 and not _ends_line(doc, where):  # a config written on one line: a comment at each value
            for path, words in pins:  # short: the line is long already
                doc = comment_after(doc, path, words.split(";")[0].split(":")[0].split(",")[0], inline=True)
            continue
        words = pins[0][1]
        if len(pins) > 1 or format_path(where) != pins[0][0]:
            head, tail = words.split(";", 1)
            words = f"{head} ({', '.join(p.rsplit('.', 1)[-1] for p, _ in pins)});{tail}"
        doc = comment_after(doc, where, words)
    return doc


def _ends_line(doc: ConfigDocument, where: OptionPath) -> bool:
    return comment_after(doc, where, "") is not doc


def _through_root(doc: ConfigDocument, staying: frozenset[str]) -> tuple[ConfigDocument, list[Rewrite]]:
    """Every string of the config (code included) naming through ``~/`` or ``@/`` something that stays beside the
    config, written through ``~~/`` or ``@@/``: under layout A, ``~`` is app/."""
    if not staying:
        return doc, []
    change = {}
    for literal in string_literals(doc):
        text = literal.value
        if text.startswith(("~/", "@/")) and root_entry(text[2:].split("/", 1)[0], staying) is not None:
            change[text] = text[0] * 2 + text[1:]
    doc, done = rewrite_strings(doc, change)
    return doc, [Rewrite(d.line, d.value, change[d.value]) for d in done]


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
