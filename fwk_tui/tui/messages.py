"""A message about the widget that sent it, as Textual's own widgets send theirs (``Button.Pressed``)."""

from __future__ import annotations

from typing import Generic, TypeVar

from textual.message import Message
from textual.widget import Widget

W = TypeVar("W", bound=Widget)


class Sent(Message, Generic[W]):
    """A message whose ``control`` is the widget that sent it: a handler says which widgets it takes with a
    selector (``@on(PageTurn.Turned, "#form PageTurn")``) and reaches the widget as ``event.control``."""

    def __init__(self, widget: W) -> None:
        super().__init__()
        self._widget = widget

    @property
    def control(self) -> W:
        return self._widget
