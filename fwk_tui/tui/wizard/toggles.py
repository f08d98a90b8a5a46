"""A check box and radio buttons that read as on/off without colour: ``[x]``/``[ ]`` and ``(•)``/``( )``.

Textual's draw the same ``X`` or ``●`` whether on or off and tell them apart by
colour alone, which a monochrome terminal (or a colour-blind eye) cannot see; they
show the button under a radio set's cursor, and the focused box, by colour alone: here ``›``.
"""

from __future__ import annotations

from textual.content import Content
from textual.style import Style
from textual.widget import Widget
from textual.widgets import Checkbox, RadioButton


def _glyph(on: bool, marks: tuple[str, str], style: Style) -> Content:
    return Content.styled(marks[0] if on else marks[1], style)


class GlyphCheckbox(Checkbox):
    """A check box drawn ``[x]`` when on, ``[ ]`` when off, after ``›`` while it has the focus."""

    DEFAULT_CSS = """
    GlyphCheckbox > .toggle--button { background: transparent; color: $text-muted; }
    GlyphCheckbox.-on > .toggle--button { color: $success; text-style: bold; }
    """

    @property
    def _button(self) -> Content:
        style = self.get_visual_style("toggle--button")
        cursor = Content.styled("› " if self.has_focus else "  ", style + Style(bold=True))
        return Content.assemble(cursor, _glyph(self.value, ("[x]", "[ ]"), style))

    def on_focus(self) -> None:
        self.refresh()  # its `›`: which box Space ticks, seen without colour

    def on_blur(self) -> None:
        self.refresh()


class GlyphRadioButton(RadioButton):
    """A radio button drawn ``(•)`` when chosen, ``( )`` when not, after ``›`` when under the focused set's cursor."""

    DEFAULT_CSS = """
    GlyphRadioButton > .toggle--button { background: transparent; color: $text-muted; }
    GlyphRadioButton.-on > .toggle--button { color: $success; text-style: bold; }
    """

    @property
    def under_cursor(self) -> bool:
        """Whether Enter or Space on the set chooses this button (its set has the focus)."""
        return self.has_class("-selected") and isinstance(self.parent, Widget) and self.parent.has_focus

    @property
    def _button(self) -> Content:
        style = self.get_visual_style("toggle--button")
        cursor = Content.styled("› " if self.under_cursor else "  ", style + Style(bold=True))
        return Content.assemble(cursor, _glyph(self.value, ("(•)", "( )"), style))
