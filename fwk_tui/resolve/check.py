"""The rules run on the effective configuration: what only the merge of a config and its layers shows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path as FilePath

from fwk_tui.catalog.models import Catalog, Variant
from fwk_tui.paths import PathError, parse_path
from fwk_tui.resolve.effective import Effective, effective_config
from fwk_tui.resolve.loader import LAYER_KEYS, Layer, Resolved
from fwk_tui.resolve.origin import Origin
from fwk_tui.resolve.tree import Obj, node_at, plain
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import CheckResult, Diagnostic, Layout, Package, validate
from fwk_tui.validate.surroundings import ModuleOptions


@dataclass(frozen=True)
class Finding:
    """A diagnostic of the effective config, placed where the value it is about was set."""

    diagnostic: Diagnostic
    origin: Origin | None
    paths: tuple[str, ...] = ()
    """Every path of the merged config the finding is about: one layer reached by several ``extends`` paths
    puts its values at several places, and the finding about the one line that wrote them is reported once."""

    def where(self, config_file: str) -> str:
        """``file:line:col`` of the value (the config file at 1:1 when nothing is written for it)."""
        if self.origin is not None and self.origin.file is not None:
            return self.origin.where()
        return f"{config_file}:1:1"


def check_effective(
    effective: Effective,
    catalog: Catalog,
    known: list[Diagnostic],
    package: Package | None = None,
    variant: Variant | None = None,
    layout: Layout | None = None,
    modules: Sequence[ModuleOptions] = (),
) -> list[Finding]:
    """Diagnostics of the merged config that checking the file alone did not give (``known``).

    ``variant`` is the one the file was checked in (default: detected from the merged values).
    """
    values = plain(effective.resolved.config)
    assert isinstance(values, dict)
    seen = {(d.path, d.rule, d.message) for d in known}
    out: list[Finding] = []
    for d in validate(catalog, values, variant or effective.variant, package=package, layout=layout, modules=modules):
        if (d.path, d.rule, d.message) in seen:
            continue
        origin = _origin_near(effective.resolved.config, d.path)
        if origin is not None and origin.line is not None:
            d = replace(d, line=origin.line, column=origin.column or 1)
        earlier = _origin_near(effective.resolved.config, d.related) if d.related is not None else None
        if origin is not None and origin == earlier:
            # One written item twice in the merged list: its layer is extended through several others.
            d = replace(d, message=f"{d.message} ({_reached_twice(origin)})", fix=None, other_fixes=())
        out.append(Finding(d, origin, (d.path,)))
    return _once_per_place(out)


def _reached_twice(origin: Origin) -> str:
    """Why one written item is in a merged list twice: the loader merges a layer each time it is listed."""
    return (
        f"{origin.label()} is extended through several layers and merged each time, so its items are listed once "
        "per path: extend it once, or write this item in the layers that extend it"
    )


def _once_per_place(findings: list[Finding]) -> list[Finding]:
    """One finding per place, rule and words, listing every path it is about (in the order found)."""
    by_place: dict[tuple[object, ...], Finding] = {}
    for f in findings:
        d = f.diagnostic
        if f.origin is None or f.origin.line is None:
            by_place[(id(f),)] = f
            continue
        key = (f.origin.file, f.origin.line, f.origin.column, d.rule, d.severity, d.message)
        first = by_place.get(key)
        by_place[key] = f if first is None else replace(first, paths=(*first.paths, *f.paths))
    return list(by_place.values())


@dataclass(frozen=True)
class MergedCheck:
    """What the config merged with its layers (and an environment's section) shows beyond the file alone."""

    resolved: Resolved
    findings: list[Finding]


def check_merged(
    file: FilePath,
    doc: ConfigDocument,
    catalog: Catalog,
    checked: CheckResult,
    env: str | None,
    package: Package | None,
    layout: Layout | None = None,
    modules: Sequence[ModuleOptions] = (),
) -> MergedCheck | None:
    """The findings only the merged config has (in the variant the file was checked in), in file and line order.

    None when no layer is read and no ``env`` is given: the file alone is the whole config.
    """
    top = doc.values()
    if env is None and not any(key in top for key in LAYER_KEYS):
        return None  # the file alone is the whole config: checked already
    effective = effective_config(file, doc, catalog, env=env, environ={}, layout=layout)
    resolved = effective.resolved
    not_read = [_not_read(layer) for layer in resolved.layers if layer.status in NOT_READ_FINDINGS]
    if env is None and not any(layer.status == "read" for layer in resolved.layers):
        return MergedCheck(resolved, not_read) if not_read else None
    variant = checked.variant.variant
    findings = not_read + check_effective(effective, catalog, checked.diagnostics, package, variant, layout, modules)
    in_order = sorted(
        findings, key=lambda f: (f.where(str(file)).rsplit(":", 2)[0], f.diagnostic.line, f.diagnostic.column)
    )
    return MergedCheck(resolved, in_order)


NOT_READ_FINDINGS = ("unreadable", "too-many")
"""Layers reported as findings: a file there that cannot be read, a cap of the layer graph reached."""


def not_read_words(layer: Layer) -> str:
    """What a layer that is there but was not read means, in one line without its place."""
    return f"layer {layer.source!r} not read: {layer.message}; the effective config lacks what it sets"


def _not_read(layer: Layer) -> Finding:
    """A layer that is there but was not read, as a warning at its entry in ``theme`` or ``extends``."""
    where = layer.written_at
    message = not_read_words(layer)
    d = Diagnostic("warning", layer.key, message, "layer-not-read", line=where.line or 1, column=where.column or 1)
    return Finding(d, where if where.file is not None else None)


def _origin_near(config: Obj, path_text: str) -> Origin | None:
    """The origin of the value at ``path_text``, else of the nearest object holding it that has one."""
    try:
        path = parse_path(path_text)
    except PathError:
        return None
    best: Origin | None = None
    for depth in range(1, len(path) + 1):
        node = node_at(config, path[:depth])
        if node is None:
            break
        if node.origin is not None and node.origin.line is not None:
            best = node.origin
    return best
