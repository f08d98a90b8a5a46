"""``check`` on the effective configuration: the config merged with its layers (and ``--env``'s section)."""

from __future__ import annotations

from typing import Any

from fwk_tui.catalog.models import Catalog
from fwk_tui.project import Project
from fwk_tui.resolve.check import Finding
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import CheckResult


def effective_findings(
    project: Project, doc: ConfigDocument, catalog: Catalog, checked: CheckResult
) -> tuple[str, list[Finding]]:
    """A heading and the findings only the merged config has (in the variant the file was checked in).

    Nothing when no layer is read and no environment is asked: the file alone is the whole config.
    """
    merged = project.merged_findings(doc, catalog, checked)
    env = project.env
    if merged is None:
        return "", []
    resolved = merged.resolved
    read = sum(1 for layer in resolved.layers if layer.status == "read")
    parts = [f"{read} layer{'' if read == 1 else 's'} read"] if resolved.layers else []
    parts += [f"environment {env}"] if env else []
    return f"the effective config ({', '.join(parts)})", merged.findings


def finding_text(file: str, finding: Finding) -> str:
    d = finding.diagnostic
    paths = finding.paths or ((d.path,) if d.path else ())
    where = f" [{', '.join(paths)}]" if paths else ""
    source = f" (set by {finding.origin.label()})" if finding.origin is not None else ""
    return f"{finding.where(file)}: {d.severity} {d.code}: {d.message}{where}{source}"


def finding_json(finding: Finding, base: dict[str, Any]) -> dict[str, Any]:
    """``base`` (the diagnostic's JSON) with where the value was set."""
    origin = finding.origin
    paths = list(finding.paths or (finding.diagnostic.path,))
    return {**base, "effective": True, "origin": origin.as_json() if origin is not None else None, "paths": paths}
