"""Keeping Python's full garbage collections out of keystrokes.

An app holds a few hundred thousand objects once it has started (modules, the
catalogue, widgets, styles) and keeps nearly all of them to the end. Python's
cyclic collector still walks all of them at each full collection: 20-60 ms,
landing on whatever keystroke is running at the time. Once the first screen is
up, :class:`KeepsStartedObjects` moves them out of the collector's view
(``gc.freeze``, O(1)); full collections then walk only what was made since.
What exists when the app is made (modules, catalogue, document) goes first,
so that no full collection lands on the start either.
"""

from __future__ import annotations

import gc
from typing import Any

from textual import events


class KeepsStartedObjects:
    """Mix into an ``App`` (``class X(KeepsStartedObjects, App)``) to freeze what exists after its first frame.

    A plain class, not an ``App``: Textual calls the ``_on_mount`` and
    ``_on_unmount`` of each class of the MRO, the app's own handlers too.
    The objects go back to the collector when the app ends, and what became
    garbage meanwhile is collected: another app in the same process (the
    tests) does not keep them.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # What exists now (modules, the catalogue, the document) lives to the end: out of the
        # collector's view before the app builds its screen, else a full collection walking it
        # lands on the start (20-40 ms).
        gc.freeze()
        super().__init__(*args, **kwargs)

    def _on_mount(self, event: events.Mount) -> None:
        self.call_after_refresh(gc.freeze)  # type: ignore[attr-defined]

    def _on_unmount(self, event: events.Unmount) -> None:
        gc.unfreeze()
        gc.collect()  # what became garbage while frozen (a closed screen, old documents)
