"""What every test of the screens shares."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def steady_input_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    """An input's cursor blinks every 0.5 s: a snapshot taken on a loaded machine caught it off now and then (the
    palette's, the head's). In tests it stays drawn, as it is when a field has just taken the focus."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
