"""Which layout variant a config is written for, and why.

The first signal that decides wins:

1. ``future.compatibilityVersion``: 4 opts into v4 behaviour, the
   application-directory layout (A); 3 keeps v3 behaviour, the older layout (B).
2. ``srcDir`` written as a literal: ``app`` is A's default source directory;
   anything else (``src``, ``.``) is the older layout (B).
3. The folder: an ``app/`` folder holding A's layout (``pages/``,
   ``components/``, ``app.vue``...) means A; those names beside the config
   (and no such ``app/``) mean B.
4. Options only one variant has, set in the file (``typescript.appTsConfig``,
   ``vbuild.$client`` for A; ``generate.*``, ``oxtool.*``, ``dir.static`` for
   B). B's ``experimental``/``features``/``future`` children do not count:
   variant A configs use them too (A names those groups without children).
5. Otherwise A, the current layout (the catalogue commands default to A too).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fwk_tui.catalog.models import Catalog, Variant
from fwk_tui.validate.index import index_of
from fwk_tui.validate.keys import NAMED_ONLY_IN_A
from fwk_tui.validate.sources import SOURCE_ENTRIES
from fwk_tui.validate.surroundings import Layout
from fwk_tui.validate.values import MISSING, lookup

A_LAYOUT = frozenset(SOURCE_ENTRIES)
"""What variant A's source directory holds."""


@dataclass(frozen=True)
class VariantChoice:
    """The variant to check against and the reason, for a person to read."""

    variant: Variant
    reason: str
    forced: bool = False


def forced(variant: Variant) -> VariantChoice:
    """The choice made by ``--variant``."""
    return VariantChoice(variant, "chosen with --variant", forced=True)


def detect_variant(catalog: Catalog, values: dict[str, Any], layout: Layout | None = None) -> VariantChoice:
    """The variant ``values`` is written for; ``layout`` is the config's folder when known."""
    version = lookup(values, ("future", "compatibilityVersion"))
    if version == 4 and not isinstance(version, bool):
        return VariantChoice("A", "future.compatibilityVersion is 4 (v4 behaviour, application-directory layout)")
    if version == 3 and not isinstance(version, bool):
        return VariantChoice("B", "future.compatibilityVersion is 3 (v3 behaviour, older layout)")

    src = lookup(values, ("srcDir",))
    if isinstance(src, str):
        name = src.strip().removeprefix("./").rstrip("/")
        if name == "app":
            return VariantChoice("A", "srcDir is 'app'")
        return VariantChoice("B", f"srcDir is {src!r}, not 'app'")

    if layout is not None:
        in_app = sorted(A_LAYOUT & layout.app_names)
        beside = sorted(A_LAYOUT & layout.names)
        if "app" in layout.names and in_app:
            return VariantChoice("A", f"app/{in_app[0]} is beside the config (application-directory layout)")
        if beside:
            return VariantChoice("B", f"{beside[0]} is beside the config, not in app/ (older layout)")

    only = _variant_only_options(catalog, values)
    if len(only) == 1:
        (variant, path), = only.items()
        return VariantChoice(variant, f"{path} is set, an option of variant {variant} only")

    return VariantChoice("A", "nothing in the file or its folder tells; A is the current layout")


def _variant_only_options(catalog: Catalog, values: dict[str, Any]) -> dict[Variant, str]:
    """The first option set in ``values`` that exists in one variant only, per variant."""
    found: dict[Variant, str] = {}
    for segments, option in index_of(catalog).options.items():
        if len(option.variants) != 1 or segments[0] in NAMED_ONLY_IN_A:
            continue
        if lookup(values, segments) is not MISSING:
            found.setdefault(option.variants[0], option.path)
    return found
