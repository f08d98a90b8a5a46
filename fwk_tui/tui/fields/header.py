"""A field's header: its name, type and set/default marker, then its default and environment variable.

Drawn cell for cell as a Rich ``Table.grid`` would draw it (see :mod:`fwk_tui.tui.fields.lines`).
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from fwk_tui.catalog.models import Option, Variant
from fwk_tui.catalog.present import default_text
from fwk_tui.paths import PathError, format_path, parse_path
from fwk_tui.resolve.sections import section_length
from fwk_tui.source.textutil import plain
from fwk_tui.tui.fields.lines import NEW_LINE, NO_STYLE, render_cells


class HeaderLines:
    """``title`` on the left and ``marker`` on the right of the first line, ``second`` under the title.

    As a grid with a ratio column for ``title`` and ``second``, a right-justified
    column for ``marker`` and one cell of padding between them.
    """

    def __init__(self, title: Text, marker: Text, second: Text) -> None:
        self.title = title
        self.marker = marker
        self.second = second

    def grid(self) -> Table:
        """The same lines as a Rich grid (what is drawn where the width is too narrow for the plain layout)."""
        grid = Table.grid(expand=True, padding=(0, 1))
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        grid.add_column(no_wrap=True, justify="right")
        grid.add_row(self.title, self.marker)
        grid.add_row(self.second, Text())
        return grid

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        right = self.marker.cell_len
        left = options.max_width - right - 1
        if left < 1:
            yield self.grid()
            return
        gap = Segment(" ", NO_STYLE)
        blank_left = [Segment(" " * left, NO_STYLE)]
        blank_right = [Segment(" " * right, NO_STYLE)]
        rows = (
            (
                render_cells(console, self.title, options, left, "left", NO_STYLE),
                render_cells(console, self.marker, options, right, "right", NO_STYLE),
            ),
            (render_cells(console, self.second, options, left, "left", NO_STYLE), [blank_right]),
        )
        for first, last in rows:
            for i in range(max(len(first), len(last))):
                yield from first[i] if i < len(first) else blank_left
                yield gap
                yield from last[i] if i < len(last) else blank_right
                yield NEW_LINE

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.grid())


def last_segment(path: str) -> str:
    """The last key of ``path`` (``[2]`` for an index)."""
    try:
        segments = parse_path(path)
    except PathError:
        return path
    last = segments[-1]
    return f"[{last}]" if isinstance(last, int) else str(last)


def field_name(path: str, option: Option | None) -> str:
    """The name a field shows: an option's path below its top-level key (``head.title``), else the last key; in
    an environment section, the path below the section (``devServer.port``)."""
    try:
        segments = parse_path(path)
    except PathError:
        return path
    if (n := section_length(segments)) and len(segments) > n:
        return format_path(segments[n:])
    if option is None:
        return last_segment(path)
    return format_path(segments[1:]) if len(segments) > 2 else last_segment(path)


def header(
    path: str,
    option: Option | None,
    variant: Variant,
    is_set: bool,
    type_text: str,
    *,
    full_name: bool = False,
    elsewhere: bool = False,
) -> HeaderLines:
    """Name, type and set/default marker on the first line; default and env variable on the second.

    ``elsewhere``: not set in the file, but a layer or an environment section gives the app a value (the note
    under the field says which): the marker says so rather than "default".
    """
    title = Text(end="")
    title.append(plain(field_name(path, option) if full_name else last_segment(path)), style="bold")
    title.append("  ")
    title.append(plain(type_text), style="dim")
    if is_set:
        marker = Text("● set", style="green")
    else:
        marker = Text("◇ elsewhere", style="cyan") if elsewhere else Text("default", style="dim")
    second = Text(style="dim")
    if option is None:
        second.append("not in the catalogue: kept as written")
    else:
        default = option.default_for(variant) if option.in_variant(variant) else None
        second.append("default: " if option.module is not None else f"default ({variant}): ")
        second.append(plain(default_text(default)))
        if option.env:
            second.append("  env ")
            second.append(plain(option.env), style="bold")
    return HeaderLines(title, marker, second)
