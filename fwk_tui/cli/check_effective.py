"""``check`` on the effective configuration: the config merged with its layers (and ``--env``'s section)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fwk_tui.catalog.models import Catalog
from fwk_tui.resolve.check import Finding, check_effective
from fwk_tui.resolve.effective import effective_config
from fwk_tui.resolve.loader import LAYER_KEYS
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import CheckResult, Project


def effective_findings(
    file: Path,
    doc: ConfigDocument,
    catalog: Catalog,
    checked: CheckResult,
    env: str | None,
    project: Project | None,
) -> tuple[str, list[Finding]]:
    """A heading and the findings only the merged config has (in the variant the file was checked in).

    Nothing when no layer is read and no ``env`` is given: the file alone is the whole config.
    """
    if env is None and not any(key in doc.values() for key in LAYER_KEYS):
        return "", []  # the file alone is the whole config: checked already
    effective = effective_config(file, doc, catalog, env=env, environ={})
    resolved = effective.resolved
    if env is None and not any(layer.status == "read" for layer in resolved.layers):
        return "", []
    read = sum(1 for layer in resolved.layers if layer.status == "read")
    parts = [f"{read} layer{'' if read == 1 else 's'} read"] if resolved.layers else []
    parts += [f"environment {env}"] if env else []
    heading = f"the effective config ({', '.join(parts)})"
    findings = check_effective(effective, catalog, checked.diagnostics, project, checked.variant.variant)
    return heading, sorted(findings, key=lambda f: (f.where(str(file)).rsplit(":", 2)[0], f.diagnostic.line, f.diagnostic.column))


def finding_text(file: str, finding: Finding) -> str:
    d = finding.diagnostic
    where = f" [{d.path}]" if d.path else ""
    source = f" (set by {finding.origin.label()})" if finding.origin is not None else ""
    return f"{finding.where(file)}: {d.severity} {d.code}: {d.message}{where}{source}"


def finding_json(finding: Finding, base: dict[str, Any]) -> dict[str, Any]:
    """``base`` (the diagnostic's JSON) with where the value was set."""
    origin = finding.origin
    return {**base, "effective": True, "origin": origin.as_json() if origin is not None else None}
