"""The keyword arguments every Textual widget takes, typed once for the widgets that add their own."""

from __future__ import annotations

from typing import TypedDict


class WidgetOptions(TypedDict, total=False):
    """``name``, ``id`` and ``classes``, passed through to Textual's ``Widget``."""

    name: str | None
    id: str | None
    classes: str | None
