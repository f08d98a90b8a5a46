"""The options of an installed module checked against its declarations: a key it does not declare, a value its
type refuses. Warnings only (codes FWK110, FWK204): declarations may be partial, and the module reads what it
reads; a near spelling among the module's own keys is named."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from fwk_tui.paths import format_path
from fwk_tui.validate.diagnostics import Diagnostic
from fwk_tui.validate.fix import Fix, Severity
from fwk_tui.validate.surroundings import ModuleOptions
from fwk_tui.validate.typecheck import check_value

RULE_KEY = "module-key"
RULE_VALUE = "module-value"
RULE_COMPATIBILITY = "module-compatibility"


def module_diagnostics(values: dict[str, Any], modules: Iterable[ModuleOptions]) -> list[Diagnostic]:
    """What each module's declarations say of the options the config gives it."""
    from fwk_tui.catalog.types.nodes import ObjectType

    out: list[Diagnostic] = []
    experimental = values.get("experimental")
    enforced = isinstance(experimental, dict) and experimental.get("enforceModuleCompatibility") is True
    for module in modules:
        if module.incompatible is not None:
            words = f"{module.incompatible}; with experimental.enforceModuleCompatibility the app does not start"
            severity: Severity = "error" if enforced else "warning"
            message = words if enforced else module.incompatible
            out.append(Diagnostic(severity, module.listed_at, message, RULE_COMPATIBILITY))
        if module.key is None:
            continue
        value = values.get(module.key)
        if not isinstance(value, dict) or not isinstance(module.type, ObjectType) or not module.type.fields:
            continue
        for issue in check_value(module.type, value, (module.key,)):
            if issue.message.startswith("missing "):
                continue  # a member the builder's type calls required has its default: the module fills it in
            where = f" ({module.label})"
            if issue.about_key:
                fix = None
                if issue.new_key is not None:
                    key = issue.path[-1]
                    words = f"Rename {key} to {issue.new_key}"
                    fix = Fix("rename", format_path(issue.path), words, new_key=issue.new_key)
                message = issue.message.replace("the reference lists", "the module declares") + where
                out.append(Diagnostic("warning", format_path(issue.path), message, RULE_KEY, fix, about_key=True))
            elif issue.severity != "info":
                out.append(Diagnostic("warning", format_path(issue.path), issue.message + where, RULE_VALUE))
    return out
