"""Keys typed while the app moves the focus are held, then typed where the focus went, in order."""

from __future__ import annotations

import asyncio
import time

from textual import events
from textual.app import App
from textual.message import Message
from textual.message_pump import MessagePump

from fwk_tui.tui.settle import settle

FOCUS_MOVERS = frozenset({"focus-touched", "swap-editor"})
"""The groups of the workers that move the focus after a key has acted."""

FOCUS_MOVE_WAIT = 1.0
"""Seconds a replayed key waits at most for those workers."""


class HeldKeys:
    """Mix in before ``App``: :meth:`hold_keys` keeps the keys typed until :meth:`release_keys` types them again.

    A go-to chosen with Enter moves the focus to a field of another form, built
    meanwhile: keys typed right after the Enter (a burst, a fast typist) would
    reach the search closing or the widget focused before, and be lost. Keys
    typed right after Ctrl+S are for the save's preview, shown once the keys
    typed before it have reached their fields.
    """

    _held: list[tuple[str, str | None]] | None = None
    """The keys held, in the order typed (``None``: keys are not held)."""

    _replayed: events.Key | None = None
    """The held key typed again, which passes the hold."""

    _releasing = False
    """The held keys are being typed again."""

    _replays = 0
    """How many times held keys were released: a replay stops when another starts."""

    _forwarded = 0
    """How many of the keys held came from :meth:`hold_key`."""

    def hold_keys(self) -> None:
        """Keep the keys typed from now on."""
        if self._held is None:
            self._held = []
        elif self._releasing:
            self._releasing = False  # a key typed again holds the rest (a Ctrl+S): they wait for its screen
        self._forwarded = 0

    def release_keys(self) -> None:
        """Type the keys held where the focus is now, then stop holding (keys typed meanwhile follow them)."""
        assert isinstance(self, App)
        if self._held is None or self._releasing:
            return
        if not self._held:
            self._held = None
            return
        self._releasing = True
        self._replays += 1
        self.run_worker(self._replay_held(self._replays), group="held-keys")

    def release_keys_soon(self) -> None:
        """:meth:`release_keys` once what is queued is handled (the focus has moved: Widget.focus is deferred)."""
        assert isinstance(self, App)

        async def settled() -> None:
            await settle(self)
            self.release_keys()

        self.run_worker(settled(), group="held-keys-soon")

    async def _replay_held(self, replay: int) -> None:
        assert isinstance(self, App)
        # One at a time, each handled to the end before the next (a bound key acts once
        # its event has gone up the DOM); keys typed meanwhile join the end of the list.
        while self._held and self._releasing and self._replays == replay:
            key, character = self._held.pop(0)
            self._replayed = events.Key(key, character)
            self.post_message(self._replayed)
            await settle(self)
            await self._focus_moved()
        if self._releasing and self._replays == replay:
            self._held = None
            self._releasing = False

    async def _focus_moved(self) -> None:
        """Wait (a moment at most) for the focus a replayed key moves in a worker (an undo, a reset, a fix going
        to the field it touched; a field handing the focus to its new editor): the next key goes where it went."""
        assert isinstance(self, App)
        deadline = time.monotonic() + FOCUS_MOVE_WAIT
        while any(w.group in FOCUS_MOVERS and not w.is_finished for w in self.workers):
            if time.monotonic() > deadline:
                return  # a worker that waits on more than the focus: the keys go on
            await asyncio.sleep(0.01)
        await settle(self)

    def hold_key(self, key: str, character: str | None) -> bool:
        """Hold ``key``, read by a widget closing (the search, on its Enter); ``False`` when keys are not held.

        The app gave the widget its keys before the hold began: each goes before the keys the app held itself.
        """
        if self._held is None:
            return False
        self._held.insert(self._forwarded, (key, character))
        self._forwarded += 1
        return True

    def hold_queued_keys(self, widget: MessagePump) -> None:
        """Hold the keys the app gave ``widget`` that it has not read yet (it reads an Enter that moves the focus on).

        They were typed before the keys the app holds itself; read by ``widget`` a moment
        later, they would land in it, or, with the hold released meanwhile, out of order.
        """
        if self._held is None:
            return
        # The message the widget peeked at (Textual reads one ahead) comes first, then its queue.
        peeked = widget._pending_message
        if isinstance(peeked, events.Key):
            widget._pending_message = None
            self.hold_key(peeked.key, peeked.character)
        queue: asyncio.Queue[Message | None] = widget._message_queue
        others: list[Message | None] = []
        while not queue.empty():
            message = queue.get_nowait()
            if isinstance(message, events.Key):
                self.hold_key(message.key, message.character)
            else:
                others.append(message)
        for message in others:
            queue.put_nowait(message)

    def holds(self, event: events.Event) -> bool:
        """Whether ``event``, a key just typed, is held (and goes no further now)."""
        if self._held is None or not isinstance(event, events.Key) or event is self._replayed:
            return False
        if event.is_forwarded:
            return False
        self._held.append((event.key, event.character))
        return True
