"""Stable codes of the diagnostics: one per rule id, never reused.

A code (``FWK104``) names what a diagnostic is about in text, GitHub and JSON
output, in ``// fwk-tui-ignore FWK104`` comments and in ``fwk-tui explain``.
Codes are grouped by hundreds: 1xx keys, 2xx value shapes, 3xx the
reference's rules, 4xx what could not be checked, 5xx fwk-tui's own comments. A rule that goes keeps its
number retired; a new rule takes the next free number of its group. The reference's rules
(3xx) give their code where they register (validate/rules/); this table holds the others.
"""

from __future__ import annotations

from fwk_tui.validate.rules import RULES

# The codes of the checks that are not one rule of the reference; each rule registers its own (rules/).
_OTHER_CODES: dict[str, str] = {
    # keys
    "unknown-key": "FWK101",
    "unknown-group": "FWK102",
    "alias": "FWK103",
    "other-variant": "FWK104",
    "older-major-key": "FWK105",
    "duplicate-key": "FWK106",
    "prototype-key": "FWK107",
    "overridden-by-spread": "FWK108",
    "framework-key": "FWK109",
    "module-key": "FWK110",
    # value shapes
    "type": "FWK201",
    "undocumented-shape": "FWK202",
    "framework-refuses": "FWK203",
    "module-value": "FWK204",
    "module-compatibility": "FWK205",
    # what could not be checked
    "not-checked": "FWK401",
    "code-value": "FWK402",
    "layer-not-read": "FWK403",
    # fwk-tui's own comments
    "unused-ignore": "FWK501",
}

CODES: dict[str, str] = dict(
    sorted({**_OTHER_CODES, **{r.id: r.code for r in RULES}}.items(), key=lambda item: item[1])
)


def code_of(rule: str) -> str:
    """The code of rule ``rule`` (``FWK000`` for a rule not in the table: a test keeps that from happening)."""
    return CODES.get(rule, "FWK000")
