"""Diagnostics for a config against the catalogue: pure functions, no I/O.

``validate(catalog, values, variant)`` checks the values of a config (types,
keys, the reference's rules); ``check_document`` does the same for a parsed
document, detecting the variant and placing each diagnostic at its value, or
at its key when it is about the key (unknown, misspelt, to be renamed or removed).
"""

from fwk_tui.validate.check import CheckResult, check_document, key_positions_of, positions_of, validate
from fwk_tui.validate.diagnostics import (
    Diagnostic,
    Fix,
    Severity,
    counts,
    diagnostics_at,
    outer_paths,
    summary,
    within,
)
from fwk_tui.validate.fixes import apply_fix
from fwk_tui.validate.surroundings import Layout, Package
from fwk_tui.validate.variant import VariantChoice, detect_variant

__all__ = [
    "CheckResult",
    "Diagnostic",
    "Fix",
    "Layout",
    "Package",
    "Severity",
    "VariantChoice",
    "apply_fix",
    "check_document",
    "counts",
    "diagnostics_at",
    "outer_paths",
    "detect_variant",
    "key_positions_of",
    "positions_of",
    "summary",
    "validate",
    "within",
]
