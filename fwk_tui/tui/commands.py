"""Command palette provider: every option of the catalogue, to jump to its field."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from textual.command import Hit, Hits, Provider
from textual.markup import escape

if TYPE_CHECKING:
    from textual.app import SystemCommand

    from fwk_tui.tui.editor import EditorApp

HELP_WIDTH = 100
"""The longest description the palette shows under a command (cut at a word, with an ellipsis)."""

KEPT_BUILT_INS = frozenset({"Theme"})
"""Textual's own palette commands that the editor keeps: the others duplicate its keys (Quit, Keys)."""


def cut_at_word(text: str, width: int = HELP_WIDTH) -> str:
    """``text`` on one line, at most ``width`` characters, cut after a whole word with "…"."""
    line = " ".join(text.split())
    if len(line) <= width:
        return line
    cut = line[: width - 1]
    space = cut.rfind(" ")
    if space > width // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:.-(") + "…"


def built_ins(commands: Iterable[SystemCommand]) -> Iterable[SystemCommand]:
    """Textual's commands the editor keeps (see ``KEPT_BUILT_INS``)."""
    return (c for c in commands if c.title in KEPT_BUILT_INS)


class OptionsProvider(Provider):
    """``app.baseURL`` and every other option, matched by the palette's fuzzy matcher; Enter goes there."""

    async def search(self, query: str) -> Hits:
        app: EditorApp = self.app  # type: ignore[assignment]
        matcher = self.matcher(query)
        width = min(HELP_WIDTH, max(30, app.size.width - 8))  # one line of the palette, cut at a word
        for option in app.session.catalog.options:
            score = matcher.match(option.path)
            if score > 0:
                # The palette reads help as markup; docs hold brackets such as [hash:base64:5].
                yield Hit(score, matcher.highlight(option.path), _go(app, option.path), help=escape(cut_at_word(option.doc, width)))


def _go(app: EditorApp, path: str) -> Callable[[], None]:
    def go() -> None:
        app.run_worker(app.go_to(path))

    return go
