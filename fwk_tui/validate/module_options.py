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
from fwk_tui.validate.text import js_text
from fwk_tui.validate.typecheck import Checker, Issue, compile_type

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
        if not isinstance(module.type, ObjectType) or not module.type.fields:
            continue
        for value, at in _given(values, module):
            out += _judged(module, value, at)
    return out


def _given(values: dict[str, Any], module: ModuleOptions) -> list[tuple[dict[str, Any], tuple[str | int, ...]]]:
    """The objects of options the config gives ``module``: under its key, and in its ``[name, {...}]`` entry of
    ``modules`` (the same type), with their paths."""
    found: list[tuple[dict[str, Any], tuple[str | int, ...]]] = []
    value = values.get(module.key) if module.key else None
    if isinstance(value, dict):
        found.append((value, (module.key,)))  # type: ignore[arg-type]
    listed = values.get("modules")
    place = module.listed_at.removeprefix("modules[").removesuffix("]")
    if place.isdigit() and isinstance(listed, list) and int(place) < len(listed):
        entry = listed[int(place)]
        if isinstance(entry, list) and len(entry) > 1 and isinstance(entry[1], dict):
            found.append((entry[1], ("modules", int(place), 1)))
    return found


_CHECKERS: dict[int, tuple[object, Checker]] = {}
"""The checker of each module's type, by the type's identity: a type is read once per version of its package,
and hashing a module's whole type at each check (the editor checks at each key) cost more than the check."""


def _checker(kind: Any) -> Checker:
    kept = _CHECKERS.get(id(kind))
    if kept is None or kept[0] is not kind:
        if len(_CHECKERS) > 256:
            _CHECKERS.clear()
        kept = _CHECKERS[id(kind)] = (kind, compile_type(kind))
    return kept[1]


def _judged(module: ModuleOptions, value: dict[str, Any], at: tuple[str | int, ...]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    issues: list[Issue] = []
    _checker(module.type)(value, at, issues)
    for issue in issues:
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
            path = format_path(issue.path)
            fix = None
            message = issue.message
            if isinstance(issue.fix_value, str):  # a choice misspelt: the near one
                near = js_text(issue.fix_value)
                message += f"; did you mean {near}?"
                fix = Fix("set", path, f"Set {path} to {near}", value=issue.fix_value)
            out.append(Diagnostic("warning", path, message + where, RULE_VALUE, fix))
    return out
