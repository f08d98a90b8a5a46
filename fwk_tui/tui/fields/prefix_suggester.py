"""Completing an input's text from a list, at a cost that does not grow with the text."""

from __future__ import annotations

from textual.dom import DOMNode
from textual.suggester import SuggestFromList


class PrefixSuggester(SuggestFromList):
    """Textual's ``SuggestFromList``, case-insensitive, that skips a text longer than every suggestion.

    Textual's suggester casefolds the whole text at each key and keeps it in a cache of
    1,024 texts: at a megabyte typed as keys, gigabytes. No suggestion completes a text
    longer than itself, so such a text is not looked at, nor kept.
    """

    def __init__(self, suggestions: list[str]) -> None:
        super().__init__(suggestions, case_sensitive=False)
        self._longest = max((len(s) for s in suggestions), default=0)

    async def _get_suggestion(self, requester: DOMNode, value: str) -> None:
        if len(value) <= self._longest:
            await super()._get_suggestion(requester, value)
