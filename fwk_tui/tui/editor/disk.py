"""Watching the file on disk: a change made elsewhere is reloaded, or asked about when edits are unsaved."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from fwk_tui.source import DocumentError, ParseError
from fwk_tui.source.textutil import plain

if TYPE_CHECKING:
    from textual.timer import Timer

    from fwk_tui.tui.editor.host import EditorHost

# The file is checked for outside changes this often (seconds).
DISK_POLL_SECONDS = 1.0

# A key pressed this recently (seconds) means the user is typing: no question opens, the next
# key would answer it. Longer than a thinking pause mid-word, short enough to ask soon after.
TYPING_PAUSE_SECONDS = 1.2


class DiskWatch:
    """Polls the file, and reloads it re-applying the unsaved edits (F5, or when the user says so)."""

    def __init__(self, app: EditorHost) -> None:
        self.app = app
        self._prompted: bytes | None = None
        """The content on disk already asked about (or reloaded)."""
        self._hinted: bytes | None = None
        self._last_key = 0.0
        self._timer: Timer | None = None

    def key_pressed(self) -> None:
        """A key reached the app: the user is typing (see ``until_pause``)."""
        self._last_key = time.monotonic()

    def until_pause(self) -> float:
        """Seconds until the user counts as pausing (0: not typing)."""
        return max(0.0, self._last_key + TYPING_PAUSE_SECONDS - time.monotonic())

    def saved(self) -> None:
        """The file now holds what the editor wrote: a later change on disk is asked about again."""
        self._prompted = None

    def check(self) -> None:
        """Look at the file on disk; act on an outside change unless a screen is open over the editor."""
        app = self.app
        session = app.session
        if len(app.screen_stack) > 1 or not session.disk_changed() or session.path is None:
            return
        if not session.deleted and session.notice_deleted():
            # Nothing to reload: the editor holds the only copy now, and says so until it is written.
            app.notify(
                f"{session.path.name} was deleted on disk. Your config is kept here: Ctrl+S writes it back.",
                severity="warning",
                timeout=10,
            )
            return
        data = session.bytes_on_disk() or b""  # never blocks: a FIFO swapped in is refused, not read
        if data == self._prompted:
            return  # already asked about this content
        wait = self.until_pause()
        if wait:
            # A question opening mid-word takes the next key as its answer: it waits for a pause.
            if data != self._hinted:
                self._hinted = data
                then = "the question comes" if session.dirty else "it is reloaded"
                app.notify(f"{session.path.name} changed on disk; {then} when you pause typing.", timeout=4)
            if self._timer is not None:
                self._timer.stop()
            self._timer = app.set_timer(wait + 0.05, self.check, name="disk-after-typing")
            return
        self._prompted = data
        if not session.dirty:
            self.reload(quiet=False)
            return
        app.run_worker(self.offer_reload())

    async def offer_reload(self, *, changed_on_save: bool = False) -> None:
        """Ask whether to reload the file changed on disk, re-applying the unsaved edits."""
        from fwk_tui.tui.screens.choice import Answer, ChoiceScreen  # a question is not shown at start

        question = f"{self.app.label} changed on disk" + (" before it could be saved." if changed_on_save else ".")
        answer = await self.app.push_screen_wait(
            ChoiceScreen(
                "File changed on disk",
                question + " Reload it and re-apply your unsaved edits where they still apply?",
                [Answer("reload", "Reload", "r", "primary"), Answer("keep", "Keep my edits", "k")],
                detail=(
                    "Keep my edits: they stay here, unsaved. Saving will not overwrite the file's new content: "
                    "Ctrl+S asks again to reload, and F5 reloads and re-applies your edits."
                ),
                cancel_value="keep",
            )
        )
        if answer == "reload":
            self.reload(quiet=False)

    def reload(self, *, quiet: bool) -> None:
        """Read the file again, re-applying the unsaved edits where they still apply; ``quiet``: say nothing."""
        app = self.app
        try:
            result = app.session.reload()
        except (OSError, ParseError, DocumentError) as exc:
            app.notify(plain(str(exc)), title="Cannot reload", severity="error", timeout=8)
            return
        self._prompted = None
        if quiet:
            return
        message = "Reloaded from disk."
        if result.applied:
            message += f" {len(result.applied)} unsaved edit(s) re-applied."
        if result.dropped:
            lost = "; ".join(f"{e.label}: {why}" for e, why in result.dropped[:3])
            app.notify(plain(f"{len(result.dropped)} edit(s) no longer apply: {lost}"), severity="warning", timeout=10)
        app.notify(message, timeout=4)
