"""``fwk-tui [FILE]``: edit a real config with typed fields, live validation and a lossless save.

The app composes the screen, holds the bindings and wires Textual's messages to
its controllers, each a module of one purpose beside this one.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar, TypedDict, Unpack

from textual import events, on
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Tree

from fwk_tui.source.textutil import plain
from fwk_tui.tui.editor.code_guard import CodeGuard
from fwk_tui.tui.editor.disk import DISK_POLL_SECONDS, DiskWatch
from fwk_tui.tui.editor.docs_pane import DocsPane
from fwk_tui.tui.editor.edits import EditActions
from fwk_tui.tui.editor.effective import EffectiveView
from fwk_tui.tui.editor.form_sync import FormSync
from fwk_tui.tui.editor.key_actions import KeyActions
from fwk_tui.tui.editor.layer_sessions import LayerSessions
from fwk_tui.tui.editor.migrate_flow import MoveToLayoutA
from fwk_tui.tui.editor.navigation import Navigator
from fwk_tui.tui.editor.recovery import JournalKeeper
from fwk_tui.tui.editor.save import SaveFlow
from fwk_tui.tui.editor.widgets.config_form import ConfigForm, PageTurn
from fwk_tui.tui.editor.widgets.editor_status import EditorStatus
from fwk_tui.tui.editor.widgets.group_tree import GroupTree
from fwk_tui.tui.editor.widgets.key_footer import KeyFooter
from fwk_tui.tui.editor.widgets.layers_panel import LayersPanel
from fwk_tui.tui.editor.wizard_launch import WizardLaunch
from fwk_tui.tui.fields.field import OptionField
from fwk_tui.tui.fields.value_editor import ValueEditor
from fwk_tui.tui.form_model import FILE_GROUP_PREFIX, FormFilter, FormLayout, FormModel, TreeGroup
from fwk_tui.tui.settle import settle
from fwk_tui.tui.widgets.option_detail import OptionDetail
from fwk_tui.tui.widgets.related_links import RelatedLinks

if TYPE_CHECKING:
    from pathlib import Path

    from fwk_tui.catalog.search import SearchIndex
    from fwk_tui.journal import Journal
    from fwk_tui.session import EditSession
    from fwk_tui.settings import Settings
    from fwk_tui.validate.diagnostics import Fix


# At start the form mounts enough fields to fill the screen (a field is at
# least three lines); the rest come when the form is first used.
MIN_START_FIELDS = 6
MODULES_AFTER_START = 0.1
"""Seconds after the first screen is painted when the installed modules' packages are read (in a thread)."""


class ModulesRead(Message):
    """The installed modules' packages of ``session`` have been read (by the thread of its ``document``)."""

    def __init__(self, session: EditSession, document: object) -> None:
        super().__init__()
        self.session = session
        self.document = document


class EditorOptions(TypedDict, total=False):
    """How the editor opens, besides its session."""

    settings: Settings | None
    journal: Journal | None
    label: str | None
    """The file's name shown (default: the session's path)."""
    watch_disk: bool
    """Poll the file for outside changes (default: yes)."""
    offer_wizard: bool
    """No config here: offer the new-project wizard first."""
    start_path: str | None
    """Open at this option's field (the browser's "edit in fwk.config.ts")."""


class EditorApp(KeyActions):
    """Tree of groups on the left, the selected group's form and the focused option's docs on the right."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", id="save", priority=True),
        Binding("ctrl+z", "undo", "Undo", id="undo"),
        Binding("ctrl+y", "redo", "Redo", id="redo"),
        Binding("slash,ctrl+f", "search", "Search", key_display="/", id="search"),
        Binding("f2", "toggle_variant", "Variant", id="variant"),
        Binding("f3", "fix", "Fix", id="fix"),
        Binding("f3", "no_fix", show=False, id="no-fix"),  # F3 where there is nothing to fix says so
        Binding("f4", "cycle_filter", "Filter", id="filter"),
        Binding("f8", "next_problem", "Next problem", show=False, id="next-problem"),
        Binding("shift+f8", "previous_problem", "Previous problem", show=False, id="previous-problem"),
        Binding("f9", "toggle_docs", "Docs", id="docs"),
        Binding("ctrl+r", "reset", "Reset", id="reset"),
        Binding("f5", "reload", "Reload", show=False, id="reload"),
        Binding("f6", "environment", "Env", show=False, id="environment"),  # the status line names F6 where it matters
        Binding("escape", "leave_layer", "Back", key_display="Esc", id="back"),
        Binding("f1", "help", "Help", id="help"),
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
    ]

    CSS_PATH = "editor.tcss"
    TITLE = "fwk-tui"
    COMMANDS = App.COMMANDS | {lambda: _options_provider()}

    form_filter: reactive[FormFilter] = reactive("all", init=False)
    """Which fields the form shows."""

    def __init__(self, session: EditSession, **options: Unpack[EditorOptions]) -> None:
        super().__init__()
        self.session = session
        self.settings = options.get("settings")
        self.journal = options.get("journal")
        self.label = options.get("label") or (str(session.path) if session.path else "new fwk.config.ts")
        self.model = FormModel(session.catalog)
        session.defer_modules()  # read once the first screen is painted (_read_modules)
        self._watch_disk = options.get("watch_disk", True)
        self._offer_wizard = options.get("offer_wizard", False)
        self._start_path = options.get("start_path")
        self._sync = FormSync(self)
        self._nav = Navigator(self, self._sync)
        self._edits = EditActions(self, self._sync, self._nav)
        self._code_guard = CodeGuard(self, self._edits.apply)
        self._disk = DiskWatch(self)
        self._journal = JournalKeeper(self)
        self._saver = SaveFlow(self, self._nav, self._disk, self._journal)
        self._wizard = WizardLaunch(self, self._sync, self._disk)
        self._docs = DocsPane(self)
        self._effective = EffectiveView(self)
        self._sync.effective = self._effective
        self._effective.on_change.append(self._sync.effective_changed)
        self._layers = LayerSessions(self, self._sync, self._effective, self._session_changed)
        self.move_to_layout_a = MoveToLayoutA(  # the palette's command; offered in variant B
            self, self._effective, written=self._written_by_move, reload=self.action_reload
        )
        self._saver.after_save = self.move_to_layout_a.remind_folders
        if self.settings is not None:
            self.theme = self.settings.theme

    def _written_by_move(self, path: Path) -> None:
        """The move to layout A wrote the file with its folders: saved, as Ctrl+S would leave it."""
        self._journal.discard(path)
        self._disk.saved()

    def screen_pushed(self) -> None:
        self.session.seal()  # typing after another screen is a new undo step

    def key_typed(self) -> None:
        self._disk.key_pressed()  # a question about the disk waits for a pause in typing

    # --------------------------------------------------------------- layout

    def compose(self) -> ComposeResult:
        yield EditorStatus(id="status")
        with Horizontal(id="main"):
            yield GroupTree(id="groups")
            with Vertical(id="right"):
                yield ConfigForm(id="form")
                yield OptionDetail(self.session.catalog, id="docs")
        yield KeyFooter()

    async def on_mount(self) -> None:
        if self.settings is not None and self.settings.keymap:
            self.set_keymap(self.settings.keymap)
        self.session.subscribe(self._session_changed)
        sync = self._sync
        sync.show_tree()
        self._docs.show()
        start = sync.start_group()
        tree = self.query_one(GroupTree)
        tree.select_group(start)
        # Everything the first layout can show is set before the form's mount is awaited
        # (the first layout runs meanwhile): set after it, each costs another layout and frame.
        self.query_one(OptionDetail).subject = sync.catalog_group(start)
        sync.refresh_chrome()
        tree.focus()
        await sync.show_group(start, first=max(MIN_START_FIELDS, self.size.height // 3))
        if self._start_path is not None:  # once the form's first layout is done: focus stays on the field
            self.call_after_refresh(self.go_to, self._start_path)
        # A read-only config says so, and where code builds it, in the status line: a toast would cover the docs.
        if self.settings is not None:
            for problem in self.settings.problems_to_show():
                self.notify(plain(problem), title="Settings", severity="warning")
        if self._watch_disk and self.session.path is not None:
            self.set_interval(DISK_POLL_SECONDS, self._disk.check)
        self._journal.offer_recovery()
        # Layers, sections and .env are read once the first screen is painted: the start does not wait for them.
        self.call_after_refresh(self._effective.load)
        # The modules' packages a moment later: the first screen is whole and answers keys before they are read.
        self.call_after_refresh(self.set_timer, MODULES_AFTER_START, self._read_modules)
        if self._offer_wizard:
            self._wizard.offer()

    def _read_modules(self) -> None:
        """The packages of the modules the project installs, read in a thread once the first screen is painted;
        then their groups join the tree and their options are checked."""
        session = self.session
        project, values, document = session.project.modules_read(), session.values(), session.document

        def read() -> None:
            for module in project.modules(values)[0]:  # kept per package: the session's reading finds them there
                _ = module.defaults  # its built code's defaults, read here rather than by the first form
            # A message, not a call waited for: an app closed meanwhile drops it (a call left a coroutine unawaited).
            self.post_message(ModulesRead(session, document))

        threading.Thread(target=read, daemon=True).start()  # a daemon: Ctrl+Q does not wait for a slow disk

    def on_modules_read(self, message: ModulesRead) -> None:
        session, document = message.session, message.document
        session.read_modules()
        forms = self.screen_stack[0].query(ConfigForm) if self.screen_stack else None
        if session is not self.session or not forms:
            return  # a layer's session is shown (its own reads its modules), or the app is closing
        form = forms.first()
        group = form.group
        untouched = session.document is document and not form.unread
        if group is not None and group.from_file and untouched:
            # The form shows a module's key as the file's own: nothing typed yet, so its group replaces it.
            key = group.id.removeprefix(FILE_GROUP_PREFIX)
            if key in self.model.modules:
                target = self._start_path if self._start_path and self._start_path.startswith(key) else key
                self.call_later(self.go_to, target, quiet=True)

    def _session_changed(self, session: EditSession) -> None:
        if session is not self.session:
            return  # a session kept while a layer's is shown
        self._sync.session_changed()
        self._journal.record()
        self._effective.session_changed()

    @property
    def layer_of(self) -> str | None:
        """The file the shown layer was opened from (Esc goes back to it); ``None`` on the first file."""
        return self._layers.layer_of

    def _layout(self) -> FormLayout:
        """Groups and fields for the current document and variant (computed once per change)."""
        return self._sync.layout()

    @property
    def _focused_path(self) -> str | None:
        """The field last focused (bench/ names it)."""
        return self._sync.focused_path

    def _focused_fix(self) -> Fix | None:
        """The fix F3 applies now."""
        return self._edits.focused_fix()

    async def settle(self) -> None:
        """Let the keys typed so far reach their fields (see ``fwk_tui.tui.settle``)."""
        await settle(self)

    # ------------------------------------------------------------- messages

    @on(Tree.NodeHighlighted, "#groups")
    def _group_highlighted(self, event: Tree.NodeHighlighted[TreeGroup]) -> None:
        if event.node is not event.control.cursor_node:
            return  # the cursor moved on since (the tree was rebuilt for another file): not a group asked for
        self._nav.group_highlighted(event.node.data)

    @on(Tree.NodeSelected, "#groups")
    async def _group_selected(self, event: Tree.NodeSelected[TreeGroup]) -> None:
        await self._nav.group_selected(event.node.data)

    @on(OptionField.EditRequested)
    def _edit_requested(self, event: OptionField.EditRequested) -> None:
        event.stop()
        if self._code_guard.holds(event.control, event.edit):
            return  # it replaces code: applied once the user says so
        if not self._edits.apply(event.edit, merge=event.merge):
            event.control.discard_text()  # what was typed is not in the file: the field says so by not showing it

    @on(PageTurn.Turned, "#form PageTurn")
    async def _page_turned(self, event: PageTurn.Turned) -> None:
        event.stop()
        await self._sync.turn_page(event.step)

    @on(ValueEditor.SourceWanted)
    def _source_wanted(self, event: ValueEditor.SourceWanted) -> None:
        event.stop()
        text = self.session.written_text(event.path)
        if text is not None:
            event.answer(text)

    @on(ValueEditor.ReadChanged)
    def _read_changed(self, event: ValueEditor.ReadChanged) -> None:
        event.stop()
        if self.session.read_only is not None and event.control.has_class("-invalid"):
            self._edits.refuse_read_only()
            event.control.discard_text()  # no edit is taken, not even text that does not read yet
        self.call_after_refresh(self._refresh_chrome_if_shown)  # once the editor's class says it

    def _refresh_chrome_if_shown(self) -> None:
        if bool(self.query(EditorStatus)) and bool(self.query(ConfigForm)):  # not while the app closes
            self._sync.refresh_chrome()

    @on(OptionField.Focused)
    def _field_focused(self, event: OptionField.Focused) -> None:
        event.stop()
        self._sync.focused_path = event.path
        details = self.query(OptionDetail)
        if not details:
            return  # the app is closing: its panes are gone
        group = self.query_one(ConfigForm).group
        # A key the catalogue does not know: its group says what it is (a module's options, an environment section).
        fallback = self._sync.catalog_group(group.id) if group is not None else None
        details.first().subject = event.option or fallback
        self._sync.refresh_bindings_if_changed()

    @on(ValueEditor.Entered)
    def _value_entered(self, event: ValueEditor.Entered) -> None:
        # Enter on a field's own text that reads: done typing there, as Esc is, so a key meant as a command next
        # (`/` searches) acts as one; Enter or a letter enters it again.
        field = next((a for a in event.control.ancestors if isinstance(a, OptionField)), None)
        if field is None or not field.editor.enters_with(event.control):
            return  # an item's, a key's value: its list or record takes it back to its rows
        event.stop()
        field.end_typing()

    @on(OptionField.Sealed)
    def _field_sealed(self, event: OptionField.Sealed) -> None:
        event.stop()
        self.session.seal()
        form = self.query_one(ConfigForm)
        if form.group is not None and tuple(form.fields) != self._sync.entries_key:
            self._sync.rebuild_later(form.group.id)  # a field the form kept only because it had the focus goes now

    @on(RelatedLinks.Jump, "#docs RelatedLinks")
    def _related_jump(self, event: RelatedLinks.Jump) -> None:
        self.run_worker(self.go_to(event.path))

    def on_resize(self, event: events.Resize) -> None:
        if self.query(OptionDetail):
            self._docs.show(event.size.height)  # the size being taken, not the one it replaces

    def watch_form_filter(self) -> None:
        self._nav.filter_changed()

    def watch_theme(self, theme: str) -> None:
        if self.settings is not None and theme != self.settings.theme:
            try:
                self.settings.set("theme", theme)
            except (OSError, ValueError) as exc:
                self.notify(plain(str(exc)), title="Settings not saved", severity="warning")

    # ------------------------------------------------------------ the rest

    @on(LayersPanel.Open, "#layers-panel")
    def _layer_open(self, event: LayersPanel.Open) -> None:
        event.stop()
        # In a worker: opening waits for the tree's messages, which a handler of the app would hold up.
        self.run_worker(self._layers.open(event.target), group="layer-session", exclusive=True)

    @property
    def search_index(self) -> SearchIndex:
        return self._nav.search_index

    async def go_to(self, path: str, *, quiet: bool = False) -> bool:
        """Open the group of ``path`` and focus its field; ``False`` when there is no such field.

        ``quiet``: say nothing when there is none (the focus follows an edit to where it can).
        """
        return await self._nav.go_to(path, quiet=quiet)

    def run_wizard(self, path: Path) -> None:
        """Open the new-project wizard on the project of the config ``path``."""
        self._wizard.run(path)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from fwk_tui.tui.editor.commands import built_ins, editor_commands

        yield from editor_commands(self)
        yield from built_ins(super().get_system_commands(screen))



def _options_provider() -> type:
    # Imported when the palette first opens: textual.command costs ~40 ms to import.
    from fwk_tui.tui.editor.commands import OptionsProvider

    return OptionsProvider
