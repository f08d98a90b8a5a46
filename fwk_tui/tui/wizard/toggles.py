"""A check box and radio buttons that read as on/off without colour: ``[x]``/``[ ]`` and ``(•)``/``( )``.

Textual's draw the same ``X`` or ``●`` whether on or off and tell them apart by
colour alone, which a monochrome terminal (or a colour-blind eye) cannot see.
"""

from __future__ import annotations

from textual.content import Content
from textual.style import Style
from textual.widgets import Checkbox, RadioButton


def _glyph(on: bool, marks: tuple[str, str], style: Style) -> Content:
    return Content.styled(marks[0] if on else marks[1], style)


class GlyphCheckbox(Checkbox):
    """A check box drawn ``[x]`` when on, ``[ ]`` when off."""

    DEFAULT_CSS = """
    GlyphCheckbox > .toggle--button { background: transparent; color: $text-muted; }
    GlyphCheckbox.-on > .toggle--button { color: $success; text-style: bold; }
    """

    @property
    def _button(self) -> Content:
        return _glyph(self.value, ("[x]", "[ ]"), self.get_visual_style("toggle--button"))


class GlyphRadioButton(RadioButton):
    """A radio button drawn ``(•)`` when chosen, ``( )`` when not."""

    DEFAULT_CSS = """
    GlyphRadioButton > .toggle--button { background: transparent; color: $text-muted; }
    GlyphRadioButton.-on > .toggle--button { color: $success; text-style: bold; }
    """

    @property
    def _button(self) -> Content:
        return _glyph(self.value, ("(•)", "( )"), self.get_visual_style("toggle--button"))
