"""User values, types, defaults and diagnostics as Rich ``Text`` for the fields.

Never markup: a value such as ``[bold]x[/]`` shows as written, and control
characters (escape sequences, bidirectional overrides) show as escapes.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from fwk_tui.catalog.models import Default
from fwk_tui.paths import PathError, format_path, parse_path
from fwk_tui.source import contains_code
from fwk_tui.source.render import Renderer
from fwk_tui.source.style import STARTER_STYLE
from fwk_tui.source.summary import one_line
from fwk_tui.source.textutil import plain
from fwk_tui.source.values import UNDEFINED, Code
from fwk_tui.validate import Diagnostic

FIX_KEY = "F3"
"""The editor's key that applies a diagnostic's fix (shown beside the fix)."""

SEVERITY_MARKS = {"error": "✖", "warning": "▲", "info": "ℹ"}
SEVERITY_STYLES = {"error": "bold red", "warning": "yellow", "info": "blue"}

_renderer = Renderer(STARTER_STYLE)


def safe(text: str, style: str = "") -> Text:
    """``text`` as ``Text`` with control characters shown as escapes."""
    return Text(plain(text), style=style, end="")


SHOWN_WIDTH = 60
"""Characters a value holding code is folded to in a row or a preview (the row's width cuts the rest)."""


def js(value: Any) -> str:
    """``value`` as one line of JavaScript to show, safe to print (``'a'``, ``{ a: 1 }``).

    Code is folded so that its structure stays visible: ``[...(process.env.X ? […] : []), 'a']``.
    """
    if isinstance(value, Code):
        return plain(one_line(value.text, SHOWN_WIDTH))
    text = js_source(value)
    return one_line(text, SHOWN_WIDTH) if "\n" in text or contains_code(value) else text


def js_source(value: Any) -> str:
    """``value`` as JavaScript that reads back as the same value, safe to print; one line unless code spans more."""
    if isinstance(value, Code):
        return plain(value.text)
    try:
        text = _renderer.value(value, inline=True)
    except Exception:  # noqa: BLE001 (a value the renderer refuses is still shown)
        text = repr(value)
    return plain(text)


def key_text(key: str) -> str:
    """An object key as the file would write it (quoted when not an identifier)."""
    return plain(_renderer.key(key))


def child_path(path: str, *segments: str | int) -> str:
    """``path`` extended by ``segments``, quoted right (``routeRules["/api/**"]``)."""
    try:
        base = parse_path(path)
    except PathError:
        base = ()
    return format_path((*base, *segments))


def diagnostics_text(diagnostics: list[Diagnostic], path: str) -> Text:
    """One line per diagnostic: its mark, where below ``path`` it is, its message, fix and code."""
    text = Text(end="")
    for i, d in enumerate(diagnostics):
        if i:
            text.append("\n")
        text.append(SEVERITY_MARKS.get(d.severity, "•") + " ", style=SEVERITY_STYLES.get(d.severity, ""))
        if d.path != path:
            inner = d.path[len(path) :].lstrip(".") if d.path.startswith(path) else d.path
            text.append(plain(inner) + ": ", style="bold")
        text.append(plain(d.message))
        if d.fix is not None:
            text.append(f"  {FIX_KEY}: ", style="bold dim")
            text.append(plain(d.fix.title), style="dim")
        text.append(f"  {d.code}", style="dim")
    return text


def spreads_text(notes: list[str]) -> Text:
    """One line per spread that makes an unsaved edit mean something else at run time, marked like a warning."""
    text = Text(end="")
    for i, note in enumerate(notes):
        if i:
            text.append("\n")
        text.append(SEVERITY_MARKS["warning"] + " ", style=SEVERITY_STYLES["warning"])
        text.append(plain(note))
    return text


def effective_text(notes: list[tuple[str, str]]) -> Text:
    """One line per (kind, text) of the effective configuration: a layer's value, a variable's at run time."""
    text = Text(end="")
    for i, (kind, note) in enumerate(notes):
        if i:
            text.append("\n")
        text.append("⇢ " if kind == "runtime" else "◇ ", style="bold cyan")
        text.append(plain(note), style="italic")
    return text


def default_value(default: Default | None) -> Any:
    """The default as a value when it is one, else ``UNDEFINED``."""
    if default is not None and default.kind == "value":
        return default.value
    return UNDEFINED


def not_set(default: Default | None) -> str:
    """What a field the file does not set says: the reference may give no default at all."""
    if default is not None and default.kind == "not_shown":
        return "not set (no documented default)"
    return "not set"
