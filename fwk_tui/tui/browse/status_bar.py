"""The top line: which layout variant is shown, and how many options it has."""

from __future__ import annotations

from typing import ClassVar, Unpack

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from fwk_tui.catalog.models import Catalog, Variant
from fwk_tui.tui.render import VARIANT_TITLES, component_text_style
from fwk_tui.tui.widgets.options import WidgetOptions


class StatusBar(Widget):
    """``Variant A: application-directory layout`` on the left, option counts on the right."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"status-bar--variant-a", "status-bar--variant-b", "status-bar--counts"}

    DEFAULT_CSS = """
    StatusBar {
        dock: top;
        height: 1;
        background: $panel;
        color: $text;
        /* Two colours, so a glance tells which variant is on. */
        & > .status-bar--variant-a { background: $accent; color: $text; text-style: bold; }
        & > .status-bar--variant-b { background: $primary; color: $text; text-style: bold; }
        & > .status-bar--counts { color: $text-muted; }
    }
    """

    variant: reactive[Variant] = reactive("A")
    """The layout variant shown."""

    def __init__(self, catalog: Catalog, **options: Unpack[WidgetOptions]) -> None:
        super().__init__(**options)
        self._total = len(catalog.options)
        self._present = {v: sum(1 for o in catalog.options if o.in_variant(v)) for v in VARIANT_TITLES}
        self._differ = sum(1 for o in catalog.options if o.differs)

    def render(self) -> Text:
        variant = self.variant
        left = Text.assemble(
            (f" Variant {variant} ", self.get_component_rich_style(f"status-bar--variant-{variant.lower()}")),
            f" {VARIANT_TITLES[variant]}",
        )
        width = self.size.width
        counts = (
            f"{self._present[variant]} of {self._total} options in {variant} · {self._differ} differ between A and B ",
            f"{self._present[variant]}/{self._total} options · {self._differ} differ ",
            f"{self._present[variant]}/{self._total} options ",
        )
        # Say as much as fits: the counts are a hint, the variant is the point.
        right = next((c for c in counts if left.cell_len + len(c) + 2 <= width), "")
        gap = max(width - left.cell_len - len(right), 1)
        left.append(" " * gap)
        left.append(right, style=component_text_style(self, "status-bar--counts"))
        return left
