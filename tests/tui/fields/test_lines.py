"""A field's header and value lines draw the same cells as the Rich grids they stand for, at every width."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console, RenderableType
from rich.style import Style
from rich.text import Text

from fwk_tui.tui.fields.header import HeaderLines
from fwk_tui.tui.fields.lines import PreviewLines

_console = Console(width=200, file=io.StringIO(), color_system="truecolor", legacy_windows=False)

# Narrow and wide characters, an emoji, brackets and quotes, newlines.
_chars = st.text(alphabet="abcXYZ_.$[]'\" é中文🙂\n", max_size=60)
_widths = st.integers(min_value=1, max_value=120)


def _cells(renderable: RenderableType, width: int) -> list[list[tuple[str, Style]]]:
    """Each line as (character, style) cells: what the screen shows, whatever the segments' cuts."""
    lines = _console.render_lines(renderable, _console.options.update_width(width), pad=False)
    return [[(ch, seg.style or Style()) for seg in line if not seg.control for ch in seg.text] for line in lines]


@settings(max_examples=300, deadline=None)
@given(name=_chars, type_text=_chars, second=_chars, env=_chars, is_set=st.booleans(), width=_widths)
def test_header_draws_as_its_grid(name: str, type_text: str, second: str, env: str, is_set: bool, width: int) -> None:
    title = Text(end="")
    title.append(name, style="bold")
    title.append("  ")
    title.append(type_text, style="dim")
    marker = Text("● set", style="green") if is_set else Text("default", style="dim")
    below = Text(second, style="dim")
    below.append(env, style="bold")
    lines = HeaderLines(title, marker, below)
    assert _cells(lines, width) == _cells(lines.grid(), width)


_line = st.tuples(_chars, st.sampled_from(["", "bold", "dim italic"]), st.sampled_from(["", "\n"]), st.booleans())


@settings(max_examples=300, deadline=None)
@given(rows=st.lists(_line, max_size=4), width=_widths)
def test_preview_draws_as_its_grid(rows: list[tuple[str, str, str, bool]], width: int) -> None:
    texts = []
    for plain, style, end, boxed in rows:
        text = Text(plain, style=style, end=end)
        if len(text) > 3:
            text.stylize("red", 1, 3)
        texts.append((text, boxed))
    lines = PreviewLines(texts, Style(bgcolor="#223344"))
    assert _cells(lines, width) == _cells(lines.grid(), width)
