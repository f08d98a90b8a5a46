"""A screen's own widgets, looked up where the screen may not have them (yet, or any more)."""

from __future__ import annotations

from typing import TypeVar

from textual.dom import DOMNode
from textual.widget import Widget

W = TypeVar("W", bound=Widget)


def part(node: DOMNode, selector: str, kind: type[W]) -> W | None:
    """The first ``kind`` under ``node`` matching ``selector``; None when there is none.

    A key can reach a screen before its widgets are composed (a burst right after it opens),
    and a timer or a late message after it was dismissed: ``query_one`` would raise there.
    """
    for widget in node.query(selector):
        if isinstance(widget, kind):
            return widget
    return None
