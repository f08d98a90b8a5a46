"""When the open documents are checked: off the server's event loop, after a pause in typing, the latest text only.

A check runs in one worker thread per server, and so do the answers that read
the whole document (hover, completion, symbols, definition, code actions) and
the parse they need (an edit only splices bytes: :mod:`fwk_tui.lsp.reading`):
the event loop stays free to read the client, and ``shutdown`` is answered at once. A change to a document of up to
:data:`QUICK_BYTES` is checked at once; a bigger one after :data:`PAUSE_S`
without another change. A document is checked once at a time: the changes that
come in meanwhile are checked together when it ends, as the latest version (the
diagnostics of a version already replaced are not sent). A document over
:data:`fwk_tui.lsp.diagnostics.FULL_CHECK_MAX_BYTES` gets its syntax checked
only (see :func:`fwk_tui.lsp.diagnostics.check_open`).
"""

from __future__ import annotations

import asyncio
import copy
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from fwk_tui.lsp.diagnostics import Checked
from fwk_tui.lsp.documents import OpenDocument

QUICK_BYTES = 64 * 1024
"""Up to this size a change is checked at once (a check takes tens of milliseconds)."""
PAUSE_S = 0.2
"""How long typing must pause before a bigger document is checked."""

_STOP = object()
_RUNNING = threading.BoundedSemaphore(2)
"""How many jobs run at once across the connections of a TCP server (each has its worker): a hundred clients
opening documents together take turns instead of each holding a parse and a check in memory at once."""
T = TypeVar("T")


class Worker:
    """One daemon thread that runs jobs in order (an exit of the server never waits for it)."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._stopped = False

    def submit(self, job: Callable[[], T]) -> asyncio.Future[T]:
        """``job()`` run in the thread; its result on the running loop."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="fwk-tui checks", daemon=True)
            self._thread.start()
        self._jobs.put((loop, future, job))
        return future

    def stop(self) -> None:
        """Let the thread end after the job it runs: the jobs still waiting are dropped (their client has gone)."""
        self._stopped = True
        while True:
            try:
                item = self._jobs.get_nowait()
            except queue.Empty:
                break
            if item is not _STOP:
                try:
                    item[1].cancel()
                except RuntimeError:  # its loop has closed (the server's exit): nothing waits for it any more
                    pass
        self._jobs.put(_STOP)

    def _run(self) -> None:
        while (item := self._jobs.get()) is not _STOP:
            loop, future, job = item
            try:
                with _RUNNING:  # the workers of all connections share the machine's cores
                    if self._stopped:  # the client went while the job waited for its turn
                        return
                    outcome: tuple[Any, BaseException | None] = (job(), None)
            except BaseException as error:  # noqa: BLE001  handed to the loop, which says it in one line
                outcome = (None, error)
            try:
                loop.call_soon_threadsafe(_settle, future, *outcome)
            except RuntimeError:  # the loop has closed: the server is leaving
                return


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


KEEP_PARSED = 32
"""Open documents whose tree is kept once checked, the most recently checked: an older one is parsed again when
asked about (a few ms for a config of some KB); 700 open configs of 20 KB kept 1.2 GB of trees."""


class Checks:
    """The checks of one server's open documents.

    ``documents`` are the server's (read on its loop only); ``check`` makes the
    check of a snapshot of a document (in the worker; it does not raise);
    ``publish`` is told each check of a version still current.
    """

    def __init__(
        self,
        documents: dict[str, OpenDocument],
        check: Callable[[OpenDocument], Checked],
        publish: Callable[[OpenDocument, Checked], None],
    ) -> None:
        self._documents = documents
        self._check = check
        self._publish = publish
        self._worker = Worker()
        self._kept: dict[str, tuple[bytes, Checked]] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._running: dict[str, asyncio.Future[Checked]] = {}
        self._parsed: dict[str, None] = {}  # the documents checked, least recent first

    def due(self, doc: OpenDocument, at_once: bool = False) -> None:
        """Check ``doc`` soon (at once when it is small or ``at_once``): it was opened, changed or saved."""
        self._cancel_timer(doc.uri)
        delay = 0.0 if at_once or len(doc.data) <= QUICK_BYTES else PAUSE_S
        self._timers[doc.uri] = asyncio.get_running_loop().call_later(delay, self._start, doc.uri)

    def kept(self, doc: OpenDocument) -> Checked | None:
        """The check of ``doc`` as it is now, if made."""
        kept = self._kept.get(doc.uri)
        if kept is not None and kept[0] is doc.data and kept[1].version == doc.version:
            return kept[1]
        return None

    def latest(self, uri: str) -> Checked | None:
        """The last check made of the document at ``uri``, of whichever version."""
        kept = self._kept.get(uri)
        return kept[1] if kept is not None else None

    async def current(self, doc: OpenDocument) -> Checked:
        """The check of ``doc`` as it is now, made now if it is not yet (other messages are answered meanwhile)."""
        while True:
            now = self._documents.get(doc.uri)
            if now is None:
                return Checked(doc.version, None, [])
            kept = self.kept(now)
            if kept is not None:
                return kept
            if doc.uri not in self._running:
                self._cancel_timer(doc.uri)
                self._start(doc.uri)
            running = self._running.get(doc.uri)
            if running is not None:
                await asyncio.wait([running])

    async def run(self, job: Callable[[], T]) -> T:
        """``job()`` in the checks' thread, after the checks before it (an answer that reads the whole document)."""
        return await self._worker.submit(job)

    def forget(self, uri: str) -> None:
        """Drop what is kept of the document at ``uri`` (closed, or its surroundings changed)."""
        self._kept.pop(uri, None)
        if uri not in self._documents:
            self._cancel_timer(uri)
            self._parsed.pop(uri, None)

    def stop(self) -> None:
        """No more checks (the server is leaving)."""
        for uri in list(self._timers):
            self._cancel_timer(uri)
        self._worker.stop()

    def _cancel_timer(self, uri: str) -> None:
        timer = self._timers.pop(uri, None)
        if timer is not None:
            timer.cancel()

    def _start(self, uri: str) -> None:
        self._timers.pop(uri, None)
        doc = self._documents.get(uri)
        if doc is None or uri in self._running or self.kept(doc) is not None:
            return  # a running check starts the next one when it ends
        snapshot = copy.copy(doc)  # the loop goes on changing ``doc``; the worker reads this one
        future = self._worker.submit(lambda: self._check(snapshot))
        self._running[uri] = future
        future.add_done_callback(lambda done: self._finished(snapshot, done))

    def _finished(self, snapshot: OpenDocument, done: asyncio.Future[Checked]) -> None:
        uri = snapshot.uri
        self._running.pop(uri, None)
        failed = done.cancelled() or done.exception() is not None
        checked = Checked(snapshot.version, None, []) if failed else done.result()
        doc = self._documents.get(uri)
        if doc is None:
            return
        self._kept[uri] = (snapshot.data, checked)
        snapshot.lighten()
        self._parsed.pop(uri, None)
        self._parsed[uri] = None  # the most recent last
        while len(self._parsed) > KEEP_PARSED:
            oldest = next(iter(self._parsed))
            del self._parsed[oldest]
            idle = self._documents.get(oldest)
            if idle is not None:
                idle.unread()
        if doc.data is snapshot.data and doc.version == snapshot.version:
            self._publish(doc, checked)
        elif uri not in self._timers:
            self._start(uri)  # changed meanwhile, and its pause is over: the latest version now
