"""What every test of the screens shares."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def steady_input_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    """An input's cursor blinks every 0.5 s: a snapshot taken on a loaded machine caught it off now and then (the
    palette's, the head's). In tests it stays drawn, as it is when a field has just taken the focus."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


@pytest.fixture(autouse=True)
def notifications_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """A toast goes after its timeout (5 s): on a loaded machine a test could read the app's notifications after
    the one it asserts had gone (CI saw it). Every notification posted is kept in `told` for tests to read; the
    screen still loses its toasts as the user's does."""
    from textual.notifications import Notifications

    add = Notifications.add

    def add_and_keep(self: Notifications, notification: object) -> Notifications:
        self.__dict__.setdefault("told", []).append(notification)
        return add(self, notification)  # type: ignore[arg-type]

    monkeypatch.setattr(Notifications, "add", add_and_keep)
