"""The editor's top line: file, variant, unsaved state, problem counts, filter."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from fwk_tui.catalog.models import Variant
from fwk_tui.source.textutil import plain
from fwk_tui.tui.render import VARIANT_TITLES, component_text_style


@dataclass(frozen=True)
class EditorState:
    """What the status line shows; the app builds one after every change."""

    file: str
    variant: Variant
    variant_forced: bool
    dirty: bool
    read_only: bool
    errors: int
    warnings: int
    filter_title: str = ""
    deleted: bool = False
    built_by_code_line: int | None = None  # where code builds the config: not everything was checked
    not_checked_line: int | None = None  # code fwk-tui cannot read (a spread, a changed const): not all was checked
    unread_fields: int = 0  # fields holding typed text that does not read: the file does not say what they show
    env: str | None = None  # the environment chosen with F6 (None: none)
    layer_of: str | None = None  # a layer's file is open: the config it was opened from (Esc goes back)


class EditorStatus(Widget):
    """``fwk.config.ts ● │ Variant A │ ✖ 2 ▲ 1`` — the file name is shown as text, never markup.

    No ``✓`` when code builds the config or a spread cannot be read: what code makes was not checked,
    and the line says where.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "editor-status--variant-a",
        "editor-status--variant-b",
        "editor-status--dirty",
        "editor-status--error",
        "editor-status--warning",
        "editor-status--muted",
    }

    DEFAULT_CSS = """
    EditorStatus {
        dock: top;
        height: 1;
        background: $panel;
        color: $text;
        & > .editor-status--variant-a { background: $accent; color: $text; text-style: bold; }
        & > .editor-status--variant-b { background: $primary; color: $text; text-style: bold; }
        & > .editor-status--dirty { color: $text-warning; text-style: bold; }
        & > .editor-status--error { color: $text-error; text-style: bold; }
        & > .editor-status--warning { color: $text-warning; }
        & > .editor-status--muted { color: $text-muted; }
    }
    """

    state: reactive[EditorState | None] = reactive(None)

    def render(self) -> Text:
        state = self.state
        if state is None:
            return Text()
        style = lambda name: component_text_style(self, f"editor-status--{name}")  # noqa: E731
        v = state.variant
        text = Text.assemble((f" Variant {v} ", style(f"variant-{v.lower()}")), " ")
        text.append(plain(state.file))
        if state.deleted:
            text.append(" ✖ deleted on disk (Ctrl+S writes it back)", style=style("error"))
        elif state.read_only:
            text.append(" (read-only)", style=style("warning"))
        elif state.dirty:
            text.append(" ● unsaved", style=style("dirty"))
        right = Text()
        if state.layer_of is not None:
            right.append(f"layer of {plain(state.layer_of)}  ", style=style("warning"))
        if state.env is not None:
            right.append(f"F6 env: {plain(state.env)}  ", style=style("muted" if state.env == "none" else "dirty"))
        if state.filter_title:
            right.append(f"showing {state.filter_title}  ", style=style("muted"))
        if state.errors:
            right.append(f"✖ {state.errors} ", style=style("error"))
        if state.warnings:
            right.append(f"▲ {state.warnings} ", style=style("warning"))
        if state.unread_fields:
            n = state.unread_fields
            right.append(f"{n} field{'s do' if n > 1 else ' does'} not read ", style=style("error"))
        built = state.built_by_code_line
        if built is not None:
            what = "not all checked" if state.errors or state.warnings else "not checked: built by code"
            right.append(f"{what} (line {built}) ", style=style("warning"))
        elif state.not_checked_line is not None:
            right.append(f"not all checked (line {state.not_checked_line}) ", style=style("warning"))
        elif not state.errors and not state.warnings and not state.unread_fields:
            right.append("✓ no problems ", style=style("muted"))
        width = self.size.width
        if text.cell_len + right.cell_len + 1 > width:
            # Narrow: keep the variant, the counts and as much of the name as fits.
            text.truncate(max(width - right.cell_len - 1, 12), overflow="ellipsis")
        elif text.cell_len + right.cell_len + len(VARIANT_TITLES[v]) + 4 <= width:
            text.append(f"  {VARIANT_TITLES[v]}", style=style("muted"))
        gap = max(width - text.cell_len - right.cell_len, 1)
        text.append(" " * gap)
        text.append_text(right)
        return text
