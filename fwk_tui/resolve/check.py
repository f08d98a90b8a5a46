"""The rules run on the effective configuration: what only the merge of a config and its layers shows."""

from __future__ import annotations

from dataclasses import dataclass, replace

from fwk_tui.catalog.models import Catalog, Variant
from fwk_tui.paths import PathError, parse_path
from fwk_tui.resolve.effective import Effective
from fwk_tui.resolve.origin import Origin
from fwk_tui.resolve.tree import Obj, node_at, plain
from fwk_tui.validate import Diagnostic, Project, validate


@dataclass(frozen=True)
class Finding:
    """A diagnostic of the effective config, placed where the value it is about was set."""

    diagnostic: Diagnostic
    origin: Origin | None

    def where(self, config_file: str) -> str:
        """``file:line:col`` of the value (the config file at 1:1 when nothing is written for it)."""
        if self.origin is not None and self.origin.file is not None:
            return self.origin.where()
        return f"{config_file}:1:1"


def check_effective(
    effective: Effective,
    catalog: Catalog,
    known: list[Diagnostic],
    project: Project | None = None,
    variant: Variant | None = None,
) -> list[Finding]:
    """Diagnostics of the merged config that checking the file alone did not give (``known``).

    ``variant`` is the one the file was checked in (default: detected from the merged values).
    """
    values = plain(effective.resolved.config)
    assert isinstance(values, dict)
    seen = {(d.path, d.rule, d.message) for d in known}
    out: list[Finding] = []
    for d in validate(catalog, values, variant or effective.variant, project=project):
        if (d.path, d.rule, d.message) in seen:
            continue
        origin = _origin_near(effective.resolved.config, d.path)
        if origin is not None and origin.line is not None:
            d = replace(d, line=origin.line, column=origin.column or 1)
        out.append(Finding(d, origin))
    return out


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
