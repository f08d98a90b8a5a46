"""Stable codes of the diagnostics: one per rule id, never reused.

A code (``FWK104``) names what a diagnostic is about in text, GitHub and JSON
output, in ``// fwk-tui-ignore FWK104`` comments and in ``fwk-tui explain``.
Codes are grouped by hundreds: 1xx keys, 2xx value shapes, 3xx the
reference's rules, 4xx what could not be checked, 5xx fwk-tui's own comments. A rule that goes keeps its
number retired; a new rule takes the next free number of its group.
"""

from __future__ import annotations

CODES: dict[str, str] = {
    # keys
    "unknown-key": "FWK101",
    "unknown-group": "FWK102",
    "alias": "FWK103",
    "other-variant": "FWK104",
    "older-major-key": "FWK105",
    "duplicate-key": "FWK106",
    "prototype-key": "FWK107",
    "overridden-by-spread": "FWK108",
    # value shapes
    "type": "FWK201",
    "undocumented-shape": "FWK202",
    # the reference's rules
    "relative-base-url": "FWK301",
    "view-transition-needs-experimental": "FWK302",
    "json-serializable-only": "FWK303",
    "hash-mode-with-ssr": "FWK304",
    "spa-loading-template-with-ssr": "FWK305",
    "spa-loading-template-location-without-template": "FWK306",
    "outdated-build-check-without-manifest": "FWK307",
    "removed-in-v4": "FWK308",
    "v3-behaviour-restored": "FWK309",
    "no-scripts-true": "FWK310",
    "inline-styles-vbuild-only": "FWK311",
    "dev-logs-hook-without-dev-logs": "FWK312",
    "builder-package-missing": "FWK313",
    "type-check-needs-packages": "FWK314",
    "bundler-options-unused": "FWK315",
    "vbuild-server-limits": "FWK316",
    "dev-server-url-managed": "FWK317",
    "generate-exclude-unused": "FWK318",
    "generate-routes-prefer-prerender": "FWK319",
    "runtime-compiler-security": "FWK320",
    "secret-in-public-runtime-config": "FWK321",
    "extends-https": "FWK322",
    "plugin-context-conflict": "FWK323",
    "empty-module": "FWK324",
    "duplicate-module": "FWK325",
    "empty-plugin": "FWK326",
    "duplicate-plugin": "FWK327",
    "empty-css": "FWK328",
    "duplicate-css": "FWK329",
    "empty-layer": "FWK330",
    "duplicate-layer": "FWK331",
    "server-handler-method": "FWK332",
    "typescript-managed-options": "FWK333",
    "normally-not-set": "FWK334",
    # what could not be checked
    "not-checked": "FWK401",
    "code-value": "FWK402",
    # fwk-tui's own comments
    "unused-ignore": "FWK501",
}


def code_of(rule: str) -> str:
    """The code of rule ``rule`` (``FWK000`` for a rule not in the table: a test keeps that from happening)."""
    return CODES.get(rule, "FWK000")
