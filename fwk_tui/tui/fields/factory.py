"""The field of one option in the editor's form (its value's editor comes from :mod:`fwk_tui.tui.fields.registry`)."""

from __future__ import annotations

from typing import Any

from fwk_tui.catalog.models import Option, Variant
from fwk_tui.tui.fields.field import OptionField
from fwk_tui.validate import Diagnostic


def field_for(
    path: str,
    option: Option | None,
    value: Any,
    variant: Variant,
    diagnostics: list[Diagnostic],
) -> OptionField:
    """The editor's form field of ``path``: header (named below the top-level key), the editor its type and
    value need, diagnostics."""
    return OptionField(path, option, value, variant, diagnostics, full_name=True)
