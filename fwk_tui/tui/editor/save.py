"""Saving: the preview of the changes, the questions before a risky write, the atomic save, and quitting."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fwk_tui.source import ChangedOnDiskError, DocumentError, ReadOnlyError, ReadOnlyFileError
from fwk_tui.source.textutil import plain
from fwk_tui.tui.editor.widgets.config_form import ConfigForm

if TYPE_CHECKING:
    from fwk_tui.tui.editor.disk import DiskWatch
    from fwk_tui.tui.editor.host import EditorHost
    from fwk_tui.tui.editor.navigation import Navigator
    from fwk_tui.tui.editor.recovery import JournalKeeper
    from fwk_tui.tui.screens.choice import ChoiceScreen


@dataclass(eq=False)
class SaveFlow:
    """Ctrl+S and Ctrl+Q: what is written is shown first; nothing the user typed goes without a question."""

    app: EditorHost
    nav: Navigator
    disk: DiskWatch
    journal: JournalKeeper
    after_save: Callable[[], None] = lambda: None
    """Told after each write (the move to layout A reminds of folders left behind)."""

    async def save(self) -> bool:
        """Show what will change, then write the file atomically; ``True`` when nothing is left unsaved."""
        from fwk_tui.tui.screens.save_preview import SavePreviewScreen, written_value

        app = self.app
        await app.settle()  # keys typed just before Ctrl+S may still be queued as messages
        session = app.session
        if session.read_only:
            app.notify(plain(session.read_only), title="Read-only", severity="warning")
            return False
        pending = self.pending_texts()
        deleted = session.notice_deleted()  # the file gone makes the whole text unsaved
        if not session.dirty:
            if pending:
                path, text = pending[0]
                app.notify(
                    f"Nothing saved: {path} holds {text!r}, which does not read as a value; the file keeps its value.",
                    severity="warning",
                    timeout=6,
                )
                await self.nav.go_to(path)
                return False
            app.notify("Nothing to save: the file already says all this.", timeout=3)
            return True
        if deleted:
            if not await self._ask_write_back(pending):
                return False
        else:
            if session.spread_notes() and not await self._ask_write_spreads():
                return False
            errors = session.counts().get("error", 0)
            note = f"The config still has {errors} error(s); it is saved anyway." if errors else ""
            written = {path: written_value(session.document, path) for path, _ in pending}
            app.clear_notifications()  # they would cover the diff
            diff = session.diff(app.label if app.layer_of else None)  # a layer's file by its path from the first
            answer = await app.push_screen_wait(SavePreviewScreen(app.label, diff, note, pending, written))
            if answer == "back":
                await self.nav.go_to(pending[0][0])
            if answer != "write":
                return False
        try:
            try:
                target = session.save()
            except ReadOnlyFileError:
                if not await self._ask_write_read_only():
                    return False
                target = session.save(read_only_ok=True)
        except ChangedOnDiskError as exc:
            app.notify(plain(str(exc)), title="Not saved", severity="error", timeout=8)
            await self.disk.offer_reload(changed_on_save=True)
            return False
        except (OSError, DocumentError, ReadOnlyError) as exc:
            app.notify(plain(str(exc)), title="Not saved", severity="error", timeout=8)
            return False
        self.journal.discard(target)  # an older entry waiting for "Not now" holds other edits: it stays
        self.disk.saved()
        shown = app.label if app.layer_of is not None else target.name  # a layer's file: which one
        app.notify(plain(f"Saved {shown}"), timeout=3)
        for note in session.save_notes:
            app.notify(plain(note), title="Saved, with a note", severity="warning", timeout=10)
        self.after_save()
        return True

    async def _ask_write_read_only(self) -> bool:
        """The file's mode says read-only: write it only when the user says so."""
        return await self._ask_to_write(
            "Read-only file",
            "{name} is read-only. Write it anyway?",
            "Write it anyway",
            "Its mode is kept: it stays read-only after the write.",
        )

    async def _ask_write_spreads(self) -> bool:
        """Edits a spread overrides or hides at run time: write them only when the user says so."""
        notes = self.app.session.spread_notes()
        lines = [f"{edited}: line {n.line}: {n.message()}" for edited, n in notes]
        count = len({edited for edited, _ in notes})
        what = "the key of an edit" if count == 1 else f"the keys of {count} edits"
        return await self._ask_to_write(
            "Spreads decide at run time",
            f"A spread of the same object defines {what}, so the saved file means something else "
            "at run time. Save anyway?",
            "Save anyway",
            "\n".join(lines),
        )

    async def _ask_write_back(self, pending: list[tuple[str, str]]) -> bool:
        """The file was deleted: ask before writing the whole config where it was."""
        from fwk_tui.tui.screens.save_preview import written_value

        unread = ""
        if pending:
            path = pending[0][0]
            saved = written_value(self.app.session.document, path)
            unread = f"Text typed in {plain(path)} does not read as a value; its last value that read is written ({saved}). "
        return await self._ask_to_write(
            "File deleted",
            "{name} was deleted. Write the whole config back?",
            "Write it back",
            f"{unread}It is written only while no other file has taken its place.",
        )

    async def _ask_to_write(self, title: str, question: str, write: str, detail: str) -> bool:
        """A yes/no question before a write; ``{name}`` in ``question`` is the file's name."""
        from fwk_tui.tui.screens.choice import Answer, ChoiceScreen  # a question is not shown at start

        path = self.app.session.path
        assert path is not None
        answer = await self.app.push_screen_wait(
            ChoiceScreen(
                title,
                question.format(name=plain(path.name)),
                [Answer("write", write, "y", "primary"), Answer("cancel", "Not now", "n")],
                detail=detail,
                cancel_value="cancel",
            )
        )
        return answer == "write"

    def pending_texts(self) -> list[tuple[str, str]]:
        """(path, text) of each field holding typed text that is not in the file (in this form or one left)."""
        form = self.app.query_one(ConfigForm)
        return list({**form.unread, **form.pending_texts()}.items())

    # ------------------------------------------------------------------ quit

    async def quit(self) -> None:
        """Quit; asks first when there are unsaved edits or typed text that does not read."""
        if await self.leave():
            self.app.exit()

    async def leave(self, leaving: str = "quitting") -> bool:
        """May the shown file be left (quit, or back from a layer)? Asks first when its edits would be lost."""
        app = self.app
        await app.settle()
        dirty = app.session.dirty
        pending = self.pending_texts()
        if (dirty or pending) and app.session.read_only is None:
            answer = await app.push_screen_wait(quit_question(app.label, dirty, pending, leaving))
            if answer == "cancel":
                return False
            if answer == "back":
                await self.nav.go_to(pending[0][0])
                return False
            if answer == "save" and not await self.save():
                return False
            if answer == "discard" and dirty:
                self.journal.discard(app.session.path)
        return True


SHOWN_TEXT = 40
"""The most characters of a typed text the quit question quotes (its buttons stay on screen)."""


def _shortened(text: str) -> str:
    """``text`` quoted on one line, cut at :data:`SHOWN_TEXT` characters with "…" and its length."""
    line = " ".join(text.split())
    if len(line) <= SHOWN_TEXT:
        return repr(line)
    return f"{line[: SHOWN_TEXT - 1]!r}…, {len(text):,} characters"


def quit_question(label: str, dirty: bool, pending: list[tuple[str, str]], leaving: str = "quitting") -> ChoiceScreen:
    """Ask before quitting drops unsaved edits of ``label`` or ``pending`` texts (path, text) that do not read."""
    from fwk_tui.tui.screens.choice import Answer, ChoiceScreen  # a question is not shown at start

    parts = [f"{label} has unsaved edits."] if dirty else []
    answers = [Answer("save", "Save", "s", "primary")] if dirty else []
    if pending:
        named = ", ".join(f"{path} ({_shortened(text)})" for path, text in pending[:3])
        more = f" and {len(pending) - 3} more" if len(pending) > 3 else ""
        parts.append(f"Text typed in {named}{more} does not read as a value: the file does not have it.")
        answers.append(Answer("back", "Go to it", "g", "default" if dirty else "primary"))
    quitting = leaving == "quitting"
    without = "Quit without it?" if quitting else "Go back without it?"
    parts.append(f"Save the edits before {leaving}?" if dirty else without)
    answers.append(Answer("discard", "Discard" if dirty else ("Quit" if quitting else "Go back"), "d", "error"))
    answers.append(Answer("cancel", "Keep editing", "c"))
    return ChoiceScreen("Unsaved edits" if dirty else "Text not in the file", " ".join(parts), answers)
