"""The move to layout A in the editor: the palette's "Move to layout A...", and the offer of it in variant B.

The plan is shown on its own screen (:mod:`fwk_tui.tui.screens.migrate`); what
it applies is one edit of the session (the whole new text), so one Ctrl+Z
brings back the file's text exactly. Folders are never moved here: the
notice after the move names the ``git mv`` commands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fwk_tui.migrate.plan import VERSION
from fwk_tui.paths import parse_path
from fwk_tui.resolve.tree import node_at
from fwk_tui.resolve.tree import plain as plain_value
from fwk_tui.session import Edit, EditError
from fwk_tui.source.textutil import plain

if TYPE_CHECKING:
    from fwk_tui.tui.editor.effective import EffectiveView
    from fwk_tui.tui.editor.host import EditorHost

COMMAND = "Move to layout A..."
"""The palette's command (the offer names it)."""
EDIT_LABEL = "Move to layout A"


@dataclass(eq=False)
class MoveToLayoutA:
    """Opens the plan, applies what it returns as one edit, and offers the move once in variant B."""

    app: EditorHost
    effective: EffectiveView
    offered: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        self.effective.on_change.append(self.offer)  # the first effective config read: the project is known

    def remind_folders(self) -> None:
        """After a save: a config in layout A whose sources still lie beside it is told how to move them."""
        from fwk_tui.migrate.folders import git_commands
        from fwk_tui.migrate.plan import folders_left
        from fwk_tui.resolve import resolve_layers

        app = self.app
        session = app.session
        if session.path is None or app.layer_of is not None or not self.at_version_4():
            return
        moves, _ = folders_left(resolve_layers(session.path, session.document), session.path.resolve().parent)
        if moves:
            app.notify(
                "Layout A reads the sources from app/; still beside the config: "
                + ", ".join(m.source for m in moves)
                + "\n"
                + "\n".join(git_commands(moves)),
                title="Folders",
                severity="warning",
                timeout=15,
            )

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
        """In variant B, say once per session that the palette can move the config to layout A."""
        session = self.app.session
        if self.offered or session.variant != "B" or self.app.layer_of is not None:
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
        chosen = await app.push_screen_wait(MigrateScreen(draft, app.label))
        if chosen is None:
            return
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
        app.notify(
            f"Moved to layout A: future.compatibilityVersion 4, {kept} old value{'s' if kept != 1 else ''} kept. "
            "One edit: Ctrl+Z undoes it; Ctrl+S saves.",
            timeout=6,
        )
        if chosen.plan.folders:
            app.notify(
                "Move the sources after saving (the editor moves no folder): the commands come with the save.",
                title="Folders",
                severity="warning",
                timeout=8,
            )
