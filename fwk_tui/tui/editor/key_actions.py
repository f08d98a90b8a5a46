"""What the editor's keys do: each action hands its work to the controller of its purpose.

:class:`KeyActions` is the editor app without its screen: the app (``app.py``) composes the screen and takes the
widgets' messages; the actions its bindings name are here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work

from fwk_tui.tui.editor.app_base import EditorAppBase
from fwk_tui.tui.editor.migrate_flow import UNDO_COMMAND
from fwk_tui.tui.render import other_variant

if TYPE_CHECKING:
    from fwk_tui.session import EditSession
    from fwk_tui.tui.editor.disk import DiskWatch
    from fwk_tui.tui.editor.docs_pane import DocsPane
    from fwk_tui.tui.editor.edits import EditActions
    from fwk_tui.tui.editor.effective import EffectiveView
    from fwk_tui.tui.editor.layer_sessions import LayerSessions
    from fwk_tui.tui.editor.migrate_flow import MoveToLayoutA
    from fwk_tui.tui.editor.navigation import Navigator
    from fwk_tui.tui.editor.save import SaveFlow


class KeyActions(EditorAppBase):
    """The editor's actions (its bindings and the palette name them)."""

    session: EditSession
    move_to_layout_a: MoveToLayoutA
    _edits: EditActions
    _nav: Navigator
    _docs: DocsPane
    _disk: DiskWatch
    _effective: EffectiveView
    _layers: LayerSessions
    _saver: SaveFlow

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if len(self.screen_stack) > 1 and action not in {"quit", "help"}:
            return False
        if action == "leave_layer":
            return self._layers.layer_of is not None
        if action == "environment":
            return self._effective.has_layers  # no layer, section or .env: every environment is the file
        can = self._edits.can(action)
        if can is False and action == "undo" and self.move_to_layout_a.can_undo():
            return True  # nothing in the editor's history, but Ctrl+Z says where the move's undo is
        return True if can is None else can

    def action_undo(self) -> None:
        """Undo the last edit; first, the focused field's typed text that does not read."""
        if not self.session.can_undo and self._edits.focused_unread() is None and self.move_to_layout_a.can_undo():
            self.notify(  # the move wrote the file and moved folders: the editor's history restarted there
                f'Nothing to undo in the editor. Ctrl+P "{UNDO_COMMAND}" puts the folders and the file back.',
                timeout=6,
            )
            return
        self._edits.undo()

    def action_redo(self) -> None:
        """Redo the last undone edit."""
        self._edits.redo()

    def action_reset(self) -> None:
        """Reset the focused option to its default: its key leaves the file."""
        self._edits.reset()

    def action_fix(self) -> None:
        """Apply the fix of the focused field's first diagnostic."""
        self._edits.fix()

    def action_no_fix(self) -> None:
        """F3 where no diagnostic offers a fix."""
        self._edits.no_fix()

    def action_toggle_variant(self) -> None:
        """Switch between variant A and variant B."""
        self.session.set_variant(other_variant(self.session.variant))
        self.notify(f"Variant {self.session.variant}: defaults and checks of that layout", timeout=2)

    def action_cycle_filter(self) -> None:
        """Show all options, those set in the file, those with problems, or the experimental ones."""
        self._nav.cycle_filter()

    def action_set_filter(self, name: str) -> None:
        self._nav.set_filter(name)

    async def action_next_problem(self) -> None:
        """Go to the next field with an error or a warning, across groups (wrapping)."""
        await self._nav.step_problem(1)

    async def action_previous_problem(self) -> None:
        """Go to the previous field with an error or a warning, across groups (wrapping)."""
        await self._nav.step_problem(-1)

    def action_toggle_docs(self) -> None:
        """Fold or show the docs pane; the choice is kept in settings.toml."""
        self._docs.toggle()

    def action_reload(self) -> None:
        """Read the file again, re-applying your unsaved edits where they still apply."""
        self._disk.reload(quiet=False)
        self.session.read_surroundings()  # package.json, the folder, the modules installed since
        self.call_later(self._effective.load)  # its layers and .env too

    def action_environment(self) -> None:
        """Show the values of the next environment: none, development, production, test, those the files name."""
        self._effective.next_env()  # the status line names it; the fields show its values

    def environment_names(self) -> list[str | None]:
        """The environments F6 goes through (none when the file is the whole story)."""
        return self._effective.env_names if self._effective.has_layers else []

    def environment_targets(self) -> list[tuple[str, str]]:
        """(section, environment) the focused option can be set for (the palette's "Set for ...")."""
        return self._edits.environment_targets()

    def focused_option_path(self) -> str | None:
        """The path of the focused field, while it has the focus."""
        return self._edits.acting_path()

    def action_set_in_environment(self, section: str) -> None:
        """Set the focused option in an environment's section too, and go to it there."""
        self._edits.set_in_environment(section)

    def action_set_environment(self, name: str) -> None:
        """Show the values of environment ``name`` (``""``: none)."""
        self._effective.set_env(name or None)

    @work(exclusive=True, group="quit")
    async def action_leave_layer(self) -> None:
        """Back to the file the shown layer was opened from; asks first when the layer has unsaved edits."""
        if await self._saver.leave("going back"):
            await self._layers.back()

    def action_search(self) -> None:
        """Search options and the file's own keys; go to the field chosen."""
        self._nav.search()

    def action_help(self) -> None:
        """Show the keys and what the badges mean."""
        from fwk_tui.tui.key_help import editor_sections
        from fwk_tui.tui.screens.help import HelpScreen

        self.push_screen(HelpScreen(markers=False, sections=editor_sections(self.BINDINGS)))

    def action_save(self) -> object:
        """Show what will change, then write the file atomically."""
        # Keys typed after Ctrl+S are for its preview (Enter writes): held from now until it is
        # there, else they reach the field still focused while the keys before Ctrl+S settle.
        self.hold_keys()
        return self._save()

    @work(exclusive=True, group="save")
    async def _save(self) -> bool:
        try:
            saved = await self._saver.save()
        finally:
            self.release_keys()
        if saved:
            self._effective.load()  # a layer's file saved changes what the others get
        return saved

    async def action_quit(self) -> None:
        """Quit; asks first when there are unsaved edits or typed text that does not read."""
        self._quit()

    @work(exclusive=True, group="quit")
    async def _quit(self) -> None:
        # A layer's file is shown: its edits are asked about, then the first file's at the end.
        while self._layers.layer_of is not None:
            if not await self._saver.leave():
                return
            await self._layers.back()
        await self._saver.quit()

    def action_command_palette(self) -> None:
        """Open the palette (the editor's: a burst of Enters closes it once, its query is capped)."""
        from fwk_tui.tui.editor.palette import EditorPalette

        if self.use_command_palette and not any(isinstance(s, EditorPalette) for s in self.screen_stack):
            self.push_screen(EditorPalette(id="--command-palette"))
