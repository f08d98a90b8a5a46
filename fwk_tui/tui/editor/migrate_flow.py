"""The move to layout A in the editor: the palette's "Move to layout A...", and the offer of it in variant B.

The plan is shown on its own screen (:mod:`fwk_tui.tui.screens.migrate`); what
it applies is one edit of the session (the whole new text), so one Ctrl+Z
brings back the file's text exactly. When the chosen move also moves folders
(the sources into app/, ``src/server`` to ``server``), a confirmation lists
them and the folders and the file are written together, as ``fwk-tui migrate
--move-folders`` does (all or nothing): a config is never left reading its
sources from where they are not. The palette then offers to undo both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from fwk_tui.migrate.plan import VERSION
from fwk_tui.paths import parse_path
from fwk_tui.resolve.tree import node_at
from fwk_tui.resolve.tree import plain as plain_value
from fwk_tui.session import Edit, EditError
from fwk_tui.source import MAX_BYTES
from fwk_tui.source.textutil import plain

if TYPE_CHECKING:
    from fwk_tui.migrate.plan import FolderMove
    from fwk_tui.tui.editor.effective import EffectiveView
    from fwk_tui.tui.editor.host import EditorHost
    from fwk_tui.tui.screens.choice import ChoiceScreen

COMMAND = "Move to layout A..."
"""The palette's command (the offer names it)."""
UNDO_COMMAND = "Undo the move to layout A"
FOLDERS_COMMAND = "Sources still to move into app/"
EDIT_LABEL = "Move to layout A"


@dataclass(eq=False)
class MoveToLayoutA:
    """Opens the plan, applies what it returns as one edit, and offers the move once in variant B."""

    app: EditorHost
    effective: EffectiveView
    written: Callable[[Path], None] = lambda path: None
    """Told when the move wrote the file (the disk watch and the journal know it is saved)."""
    reload: Callable[[], None] = lambda: None
    """Reads the file again (after an undo put the old one back)."""
    offered: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        self.effective.on_change.append(self.offer)  # the first effective config read: the project is known

    def remind_folders(self) -> None:
        """After a save: a config in layout A whose sources still lie beside it is told how to move them."""
        self.show_folders_left(said_when_none=False)

    def at_version_4(self) -> bool:
        """True when the config (or a layer) already says ``future.compatibilityVersion: 4``."""
        if self.app.session.get(VERSION, None) == 4:
            return True
        effective = self.effective.effective
        if effective is None:
            return False
        node = node_at(effective.resolved.config, parse_path(VERSION))
        return node is not None and plain_value(node) == 4

    def offer(self) -> None:
        """In variant B, say once per session that the palette can move the config to layout A; in layout A with
        sources the app does not see, say so once, with the palette's command."""
        session = self.app.session
        if self.offered or self.app.layer_of is not None:
            return
        if session.variant == "A":
            self.offered = True
            if any(d.rule == "sources-split" for d in session.diagnostics):
                self.app.notify(
                    f'Some sources are where this config does not read them: Ctrl+P "{FOLDERS_COMMAND}" says '
                    "which and how to move them.",
                    title="Sources",
                    severity="warning",
                    timeout=10,
                )
            return
        if session.variant != "B":
            return
        self.offered = True  # once: whether shown now or not
        if session.read_only is not None or session.forced_variant is not None or self.at_version_4():
            return  # nothing to offer: it cannot be edited, B was chosen to look at, or it is layout A already
        self.app.notify(
            f'This config uses layout B (version 3). Ctrl+P "{COMMAND}" shows what moving to layout A changes, '
            "option by option.",
            title="Layout B",
            timeout=8,
        )

    def open(self) -> None:
        """Show the plan of the move; what Enter applies is one undoable edit."""
        self.app.run_worker(self._run(), group="migrate", exclusive=True)

    async def _run(self) -> None:
        from fwk_tui.migrate.draft import Draft
        from fwk_tui.resolve import resolve_layers
        from fwk_tui.tui.screens.migrate import MigrateScreen

        app = self.app
        await app.settle()
        session = app.session
        if session.read_only is not None:
            app.notify(plain(f"Edits are not taken: {session.read_only}."), title="Read-only", severity="warning")
            return
        if session.path is None:
            app.notify("Save the config first: the move depends on the project's folders.", severity="warning")
            return
        if self.at_version_4():
            app.notify("Already layout A: future.compatibilityVersion is 4.", timeout=4)
            return
        resolved = resolve_layers(session.path, session.document)
        root = session.path.resolve().parent
        draft = Draft(session.document, resolved, session.catalog, root, session.path.name)
        app.clear_notifications()  # the offer of the move would cover the plan
        while True:
            chosen = await app.push_screen_wait(MigrateScreen(draft, app.label))
            if chosen is None:
                return
            moves = chosen.moves
            if not moves:
                break
            if session.dirty:
                app.notify(
                    "This move also moves folders, so it writes the file: save or undo your other edits first.",
                    title="Not applied",
                    severity="warning",
                    timeout=8,
                )
                return
            if await app.push_screen_wait(_confirmation(session.path.name, moves)) == "move":
                break
        if session.document is not draft.doc:
            app.notify("The config changed meanwhile: nothing was applied.", severity="warning")
            return
        try:
            session.apply(Edit("replace", VERSION, chosen.text, key=EDIT_LABEL))
        except EditError as exc:
            app.notify(plain(str(exc)), title="Could not move to layout A", severity="error")
            return
        session.seal()
        kept = len(chosen.outcome.kept)
        values = f"future.compatibilityVersion 4, {kept} old value{'s' if kept != 1 else ''} kept"
        if not moves:
            app.notify(f"Moved to layout A: {values}. One edit: Ctrl+Z undoes it; Ctrl+S saves.", timeout=6)
            return
        self._write_with_folders(moves, values)

    def _write_with_folders(self, moves: list[FolderMove], values: str) -> None:
        """Move the folders and write the file together; on any failure nothing moved and the edit is undone."""
        from fwk_tui.migrate.carry import carry_out
        from fwk_tui.userfiles import read_file_bytes

        app = self.app
        session = app.session
        path = session.path
        assert path is not None

        def write() -> bytes:
            session.save()
            return session.document.data

        try:
            carried = carry_out(path, read_file_bytes(path, MAX_BYTES), moves, write)
        except Exception as exc:  # noqa: BLE001  (every folder is back: say why, never a traceback)
            session.withdraw()  # nothing was moved: no Ctrl+Y may bring back the config half alone
            app.notify(plain(f"{exc}; nothing was moved or written"), title="Not moved", severity="error", timeout=10)
            return
        self.written(path)
        # The file and the folders changed together: a Ctrl+Z of the text alone would leave the sources where the
        # config no longer reads them, so the history restarts here; the palette undoes both.
        session.reload()
        session.read_surroundings()
        self.effective.load()
        names = ", ".join(f"{m.source} -> {m.target}" for m in carried.moved)
        links = sum(len(m.links) for m in carried.moved)
        if links:
            names += f" ({links} link{'s' if links != 1 else ''} rewritten to point where {'they' if links != 1 else 'it'} did)"
        app.notify(
            plain(f'Moved to layout A and written: {values}; moved {names}. Ctrl+P "{UNDO_COMMAND}" takes both back.'),
            timeout=10,
        )

    def undo(self) -> None:
        """Put the project back as it was before the last move (folders and file), when nothing changed since."""
        from fwk_tui.migrate.undo import UndoError, undo_move

        app = self.app
        path = app.session.path
        if path is None:
            return
        if app.session.dirty:
            app.notify("Save or undo your edits first: the undo writes the file.", severity="warning", timeout=6)
            return
        try:
            undone = undo_move(path)
        except UndoError as exc:
            app.notify(plain(str(exc)), title="Not undone", severity="error", timeout=10)
            return
        self.reload()
        app.session.read_surroundings()
        back = ", ".join(f"{m.target} -> {m.source}" for m in undone.moved_back) or "no folder"
        app.notify(plain(f"Back as before the move: {path.name} restored; moved {back}."), timeout=8)

    def can_undo(self) -> bool:
        """Whether a move of this file can be undone (fwk-tui kept what undoes it)."""
        from fwk_tui.migrate.record import has_record

        path = self.app.session.path
        return path is not None and has_record(path)

    def folders_left(self, *, with_imports: bool = False) -> list[FolderMove]:
        """For a config in layout A: the sources still beside it, which the app does not read (cheap: one listing)."""
        from fwk_tui.migrate.plan import folders_left
        from fwk_tui.resolve import resolve_layers

        session = self.app.session
        if session.path is None or self.app.layer_of is not None or not self.at_version_4():
            return []
        resolved = resolve_layers(session.path, session.document)
        root = session.path.resolve().parent
        return folders_left(resolved, root, session.document.text if with_imports else None)[0]

    def show_folders_left(self, *, said_when_none: bool = True) -> None:
        """Name the sources still beside the config and their ``git mv`` commands (and, unless told otherwise, that
        there are none)."""
        from fwk_tui.migrate.draft import left_words
        from fwk_tui.migrate.folders import git_commands
        from fwk_tui.validate.sources import source_folder

        moves = self.folders_left(with_imports=True)
        if not moves:
            if said_when_none:
                self.app.notify("Every source is where the config reads it.", timeout=4)
            return
        session = self.app.session
        fallback = source_folder(session.values(), "A", session.project.layout).fallback
        self.app.notify(
            left_words(moves, fallback)
            + ":\n"
            + "\n".join(git_commands(moves))
            + "\n(or: fwk-tui migrate --move-folders)",
            title="Folders",
            severity="warning",
            timeout=20,
        )


def _confirmation(name: str, moves: list[FolderMove]) -> ChoiceScreen:
    from fwk_tui.tui.screens.choice import Answer, ChoiceScreen

    listing = "\n".join(f"{m.source} -> {m.target}" for m in moves)
    return ChoiceScreen(
        "Move the sources",
        f"This move reads the sources from new places: move these folders and write {name} now?",
        [Answer("move", "Move and write", "y", "primary"), Answer("back", "Back to the plan", "n")],
        detail=f'{listing}\n\nAll or nothing. Ctrl+P "{UNDO_COMMAND}" takes both back.',
        cancel_value="back",
    )
