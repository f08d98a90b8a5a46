"""Command palette provider: every option of the catalogue, to jump to its field."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.command import Hit, Hits, Provider
from textual.markup import escape

if TYPE_CHECKING:
    from fwk_tui.tui.editor import EditorApp


class OptionsProvider(Provider):
    """``app.baseURL`` and every other option, matched by the palette's fuzzy matcher; Enter goes there."""

    async def search(self, query: str) -> Hits:
        app: EditorApp = self.app  # type: ignore[assignment]
        matcher = self.matcher(query)
        for option in app.session.catalog.options:
            score = matcher.match(option.path)
            if score > 0:
                # The palette reads help as markup; docs hold brackets such as [hash:base64:5].
                yield Hit(score, matcher.highlight(option.path), _go(app, option.path), help=escape(option.doc[:100]))


def _go(app: EditorApp, path: str) -> Callable[[], None]:
    def go() -> None:
        app.run_worker(app.go_to(path))

    return go
