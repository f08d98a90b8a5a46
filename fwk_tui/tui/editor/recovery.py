"""The journal of unsaved edits: recorded as the user edits, offered back after a crash."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from fwk_tui.tui.editor.host import EditorHost


class JournalKeeper:
    """Records the session in the journal, and offers an older entry back at start."""

    def __init__(self, app: EditorHost) -> None:
        self.app = app
        # While an older journal entry waits for an answer, recording would overwrite it.
        self.paused = False

    def record(self) -> None:
        """The session changed: its unsaved edits go to the journal."""
        journal = self.app.journal
        if journal is not None and not self.paused:
            journal.record(self.app.session)

    def discard(self, path: Path | None) -> None:
        """The edits of ``path`` are saved or dropped: its entry goes (not one waiting for an answer)."""
        journal = self.app.journal
        if journal is not None and path is not None and not self.paused:
            journal.discard(path)

    def offer_recovery(self) -> None:
        """Ask whether to recover the unsaved edits an earlier run left in the journal."""
        app = self.app
        journal, path = app.journal, app.session.path
        if journal is None or path is None:
            return
        entry = journal.pending(path)
        if journal.problem is not None:
            app.notify(journal.problem, title="Journal", severity="warning", timeout=15)
        if entry is None:
            return
        from fwk_tui.tui.screens.choice import Answer, ChoiceScreen  # a question is not shown at start

        self.paused = True

        def answered(answer: str | None) -> None:
            if answer == "recover":
                result = entry.recover(app.session)
                message = f"Recovered {len(result.applied)} unsaved edit(s)."
                if result.dropped:
                    # Recording the recovered session would overwrite the only copy of those edits.
                    kept = journal.keep_aside(path, "dropped")
                    message += f" {len(result.dropped)} no longer apply"
                    message += f"; the journal entry with them is kept as {kept}." if kept else "."
                app.notify(message, timeout=12 if result.dropped else 6)
            elif answer == "discard":
                journal.discard(path)
            else:
                app.notify(
                    "The unsaved edits stay in the journal for the next launch; "
                    "edits made now are not journaled until then.",
                    severity="warning",
                    timeout=8,
                )
                return
            self.paused = False
            journal.record(app.session)

        app.push_screen(
            ChoiceScreen(
                "Unsaved edits found",
                f"fwk-tui closed without saving {app.label}: {entry.summary}. Recover those edits?",
                [
                    Answer("recover", "Recover", "r", "primary"),
                    Answer("discard", "Discard", "d", "error"),
                    Answer("later", "Not now", "n"),
                ],
                cancel_value="later",
            ),
            answered,
        )
