"""The option catalogue: every option of the reference, typed, with defaults per variant."""

from fwk_tui.catalog.loader import compile_catalog, load_catalog
from fwk_tui.catalog.models import VARIANTS, Catalog, Default, Group, Option, Variant

__all__ = ["VARIANTS", "Catalog", "Default", "Group", "Option", "Variant", "compile_catalog", "load_catalog"]
