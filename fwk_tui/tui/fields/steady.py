"""Containers whose height is their content's: laid out once per width, however deep they nest.

Textual lays out a ``height: auto`` container twice: once to measure its
content (with the height offered to it) and once to place its children (with
the height found). Each layout of a child container does the same, so a value
editor nested ``d`` deep (a record's key opened inside a record's key...) was
laid out ``2**d`` times per frame: twenty records deep, the editor spent
minutes on one frame and no longer read its keys.

When every shown child's height is its own (``auto`` or a number of lines, no
share of the container, no dock), the children's places depend on the width
alone: :class:`SteadyArrange` lays them out for the width, with no height, the
one layout Textual itself uses to measure such content, and both passes find
it in the cache.
"""

from __future__ import annotations

from textual._arrange import DockArrangeResult
from textual.css.scalar import Unit
from textual.geometry import Size
from textual.layouts.vertical import VerticalLayout
from textual.widget import Widget

_OWN_HEIGHT = frozenset({Unit.AUTO, Unit.CELLS})
"""Heights a child has whatever the container's height."""


def _placed_by_width(widget: Widget) -> bool:
    styles = widget.styles
    if not styles.is_auto_height or not isinstance(widget.layout, VerticalLayout):
        return False
    for child in widget.displayed_children:
        child_styles = child.styles
        if child_styles.dock != "none" or child_styles.split != "none":
            return False
        for scalar in (child_styles.height, child_styles.min_height, child_styles.max_height):
            if scalar is not None and scalar.unit not in _OWN_HEIGHT:
                return False
        if child_styles.height is None:
            return False  # no height: the container's
    return True


class SteadyArrange(Widget):
    """A ``height: auto`` vertical container laid out for its width only, when its children allow (see above)."""

    def arrange(self, size: Size, optimal: bool = False) -> DockArrangeResult:
        if size.height and _placed_by_width(self):
            size = Size(size.width, 0)
        return super().arrange(size, optimal)


class SteadyVertical(SteadyArrange):
    """A vertical group of lines, as tall as its content (a record's or a list's open panel)."""

    DEFAULT_CSS = """
    SteadyVertical {
        width: 1fr;
        height: auto;
        layout: vertical;
        overflow: hidden hidden;
    }
    """
