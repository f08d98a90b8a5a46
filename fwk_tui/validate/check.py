"""Validation entry points: values to diagnostics, and a document to placed diagnostics."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fwk_tui.catalog.models import Catalog, Variant
from fwk_tui.paths import OptionPath, PathError, parse_path
from fwk_tui.source.document import ConfigDocument
from fwk_tui.source.values import Span
from fwk_tui.validate.diagnostics import Diagnostic, sort_key
from fwk_tui.validate.duplicates import duplicate_keys
from fwk_tui.validate.env import masked_messages
from fwk_tui.validate.ignore import Ignored, ignore_comments, set_aside
from fwk_tui.validate.index import index_of
from fwk_tui.validate.keys import KeyChecker
from fwk_tui.validate.module_options import module_diagnostics
from fwk_tui.validate.not_checked import not_checked
from fwk_tui.validate.prototype import prototype_setters
from fwk_tui.validate.rules import RULES, VALUE_RULES, RuleContext
from fwk_tui.validate.spread_contents import spread_contents
from fwk_tui.validate.surroundings import Layout, ModuleOptions, Package
from fwk_tui.validate.variant import VariantChoice, detect_variant, forced


def validate(
    catalog: Catalog,
    values: dict[str, Any],
    variant: Variant,
    *,
    package: Package | None = None,
    positions: Mapping[OptionPath, Span] | None = None,
    key_positions: Mapping[OptionPath, Span] | None = None,
    unknown: Callable[[OptionPath], bool] | None = None,
    layout: Layout | None = None,
    modules: Sequence[ModuleOptions] = (),
) -> list[Diagnostic]:
    """Every diagnostic of ``values`` (a config as :meth:`ConfigDocument.values` reads it).

    ``unknown`` says which paths a spread that cannot be read may set: the rules
    judge no value there (an imported ``...spa`` may turn ssr off).

    ``package`` is the package.json beside the config, when there is one;
    ``positions`` maps paths to where their values are written (see
    :func:`positions_of`) and ``key_positions`` to where their keys are (see
    :func:`key_positions_of`); without them every diagnostic is at 1:1.
    """
    found = KeyChecker(index_of(catalog), variant, values).run()
    if modules:  # the options of an installed module: its declarations judge them, not "a module's options?"
        names = {m.key for m in modules if m.key}
        found = [d for d in found if not (d.rule == "unknown-group" and d.path in names)]
        found += module_diagnostics(values, modules)
    ctx = RuleContext(values, variant, catalog, package, unknown, layout)
    from_rules = [
        Diagnostic(f.severity, f.path, f.message, r.id, f.fix, about_key=r.about == "key", related=f.related)
        for r in RULES
        for f in r.check(ctx)
    ]
    # A rule's advice on a path says more than "only in variant B" does, and a rule judging
    # the value itself (an empty entry, with its fix; a port) more than the type check there.
    ruled = {d.path for d in from_rules}
    judged = {d.path for d in from_rules if d.rule in VALUE_RULES}
    found = [
        d
        for d in found
        if not (d.rule == "other-variant" and d.path in ruled) and not (d.rule == "type" and d.path in judged)
    ]
    diagnostics = found + from_rules
    if positions is not None:
        diagnostics = [_place(d, positions, key_positions or {}) for d in diagnostics]
    diagnostics.sort(key=sort_key)
    return masked_messages(diagnostics, values)


def positions_of(doc: ConfigDocument) -> dict[OptionPath, Span]:
    """Where each value of ``doc`` is written, by path."""
    return {entry.path: entry.span for entry in doc.entries()}


def key_positions_of(doc: ConfigDocument) -> dict[OptionPath, Span]:
    """Where the key of each member of ``doc`` is written, by path (array items have none)."""
    return {entry.path: entry.key_span for entry in doc.entries() if entry.key_span is not None}


def _place(d: Diagnostic, values: Mapping[OptionPath, Span], keys: Mapping[OptionPath, Span]) -> Diagnostic:
    """``d`` at its key when it is about the key and the key is written, else at its (nearest) value.

    The line of the path it names as ``related`` (the earlier entry of a duplicate) joins its message.
    """
    if d.related is not None:
        related = _exact(values, d.related)
        if related is not None:
            d = d.related_at(related.line)
    if d.about_key:
        span = _exact(keys, d.path)
        if span is not None:
            return d.at(span)
    return d.at(_nearest(values, d.path))


def _placed(doc: ConfigDocument, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """``diagnostics`` placed in ``doc``, in the same order (those placed already stay where they are)."""
    if not diagnostics:
        return []
    entries = doc.entries()
    values_at = {e.path: e.span for e in entries}
    keys_at = {e.path: e.key_span for e in entries if e.key_span is not None}
    return [d if d.span is not None else _place(d, values_at, keys_at) for d in diagnostics]


def _exact(positions: Mapping[OptionPath, Span], path_text: str) -> Span | None:
    try:
        return positions.get(parse_path(path_text))
    except PathError:
        return None


def _nearest(positions: Mapping[OptionPath, Span], path_text: str) -> Span | None:
    """The span of ``path``, else of its nearest written parent (a missing key points at its object)."""
    try:
        path = parse_path(path_text)
    except PathError:
        return None
    while path:
        span = positions.get(path)
        if span is not None:
            return span
        path = path[:-1]
    return None


@dataclass(frozen=True)
class CheckResult:
    """The outcome of checking a document: the variant used, the diagnostics, and those ignore comments set aside."""

    variant: VariantChoice
    diagnostics: list[Diagnostic]
    ignored: list[Ignored] = field(default_factory=list)


def check_document(
    doc: ConfigDocument,
    catalog: Catalog,
    variant: Variant | None = None,
    *,
    package: Package | None = None,
    layout: Layout | None = None,
    values: dict[str, Any] | None = None,
    repeats_keys: bool | None = None,
    positions: bool = True,
    modules: Sequence[ModuleOptions] = (),
) -> CheckResult:
    """Validate ``doc``: the variant is detected unless given; diagnostics carry positions.

    ``modules``: the options of the modules the project installs (their declarations judge them).
    ``values`` is ``doc.values()`` when the caller already has it, and ``repeats_keys``
    what it knows of keys written twice (False: none, so none is looked for). ``positions=False``
    skips placing the diagnostics (all at 1:1): the editor shows them at their field.
    """
    spreads = spread_contents(doc)
    if spreads is not None:
        values = spreads.passes[0].values  # what the readable spreads add is checked too
    elif values is None:
        values = doc.values()
    choice = forced(variant) if variant is not None else detect_variant(catalog, values, layout)
    if spreads is not None:
        may_set = spreads.may_set if spreads.unread else None

        def run(v: dict[str, Any]) -> list[Diagnostic]:
            return validate(
                catalog, v, choice.variant, package=package, unknown=may_set, layout=layout, modules=modules
            )

        diagnostics = sorted(spreads.diagnostics(run, _place if positions else None), key=sort_key)
    else:
        diagnostics = validate(catalog, values, choice.variant, package=package, layout=layout, modules=modules)
    if diagnostics and positions:
        diagnostics = sorted(_placed(doc, diagnostics), key=sort_key)
    # Placed already: the file has these, the values do not.
    repeats = doc.repeats_keys if repeats_keys is None else repeats_keys
    duplicates = [] if repeats is False else duplicate_keys(doc)
    in_source = prototype_setters(doc) + duplicates + not_checked(doc, values)
    # A name code changes says more than "not checked (code)" at the same value.
    changed = {d.path for d in in_source if d.rule == "not-checked"}
    diagnostics = [d for d in diagnostics if not (d.rule == "code-value" and d.path in changed)]
    if in_source:
        diagnostics = sorted([*diagnostics, *in_source], key=sort_key)
    diagnostics = masked_messages(diagnostics, values)  # what the spreads and the file's own text say too
    comments = ignore_comments(doc)
    if not comments:
        return CheckResult(choice, diagnostics)
    placed = diagnostics if positions else _placed(doc, diagnostics)
    kept, ignored, unused = set_aside(placed, comments)
    if not positions:  # the caller shows diagnostics at their fields: give them back unplaced
        keep = {id(d) for d in kept}
        kept = [d for d, p in zip(diagnostics, placed) if id(p) in keep]
    return CheckResult(choice, sorted([*kept, *unused], key=sort_key), ignored)
