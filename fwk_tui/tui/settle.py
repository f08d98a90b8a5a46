"""Waiting until the widgets of a screen have handled the messages already queued."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.app import App


async def settle(app: App[Any], rounds: int = 3, timeout: float = 2.0) -> None:
    """Let the app and every widget of its screen handle what is queued, ``rounds`` times.

    A key travels as messages (input -> field -> app, and a binding's action
    after the event has gone up the DOM); each round lets every hop of such a
    chain happen. Call it from a worker or a callback, never from a handler the
    app itself is running (it would wait for itself).
    """
    for _ in range(rounds):
        done = asyncio.Event()
        pending = 0

        def one_done() -> None:
            nonlocal pending
            pending -= 1
            if pending == 0:
                done.set()

        for node in [app, *app.screen.walk_children(with_self=True)]:
            if node.call_later(one_done):
                pending += 1
        if pending:
            try:
                await asyncio.wait_for(done.wait(), timeout=timeout)
            except TimeoutError:
                return
