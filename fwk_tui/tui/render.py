"""Catalogue data as Rich ``Text`` for the browser's widgets.

Everything here builds ``Text`` objects, never markup strings: docs and
defaults hold brackets such as ``[local]_[hash:base64:5]`` that must show
literally.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from rich.highlighter import JSONHighlighter
from rich.style import Style
from rich.text import Text

from fwk_tui.catalog.models import Default, Option, Variant
from fwk_tui.catalog.present import default_text

if TYPE_CHECKING:
    from textual.widget import Widget

VARIANT_TITLES: dict[Variant, str] = {
    "A": "application-directory layout",
    "B": "older layout",
}
"""What each layout variant is, in the words of the reference."""

DIFFERS_MARK = "≠"
"""Shown beside an option whose type or default is not the same in A and B."""

# A default wider than this is laid out over several lines.
_INLINE_WIDTH = 40

_json_highlighter = JSONHighlighter()


def other_variant(variant: Variant) -> Variant:
    """The variant that is not ``variant``."""
    return "B" if variant == "A" else "A"


def only_in_text(option: Option) -> str:
    """``"B only"`` for an option of one variant, else an empty string."""
    return f"{option.variants[0]} only" if len(option.variants) == 1 else ""


def default_renderable(default: Default | None) -> Text:
    """A default as a person reads it; objects and arrays pretty-printed when long."""
    if default is None or default.kind != "value":
        return Text(default_text(default), style="italic")
    value = default.value
    compact = default_text(Default(kind="value", value=value))
    if isinstance(value, (dict, list)) and value and len(compact) > _INLINE_WIDTH:
        text = _json_highlighter(Text(json.dumps(value, ensure_ascii=False, indent=2)))
    else:
        text = _json_highlighter(Text(compact))
    if default.note:
        # The note explains a value (e.g. "a built-in function"): keep it beside it.
        text.append("\n" if "\n" in text.plain else "  ")
        text.append(f"({default.note})", style="italic")
    return text


def truncate(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells with an ellipsis when it is longer."""
    if width <= 1:
        return ""
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def component_text_style(widget: Widget, component: str) -> Style:
    """The foreground of a component class, with its alpha blended, and no background.

    A partial component style keeps ``$text-muted`` as the bare foreground (its
    alpha is lost); the full style has the blended colour but also a background
    that would paint over the cursor and hover lines.
    """
    full = widget.get_component_rich_style(component)
    return Style(color=full.color, bold=full.bold, italic=full.italic, underline=full.underline)
