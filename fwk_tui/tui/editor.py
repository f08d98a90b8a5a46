"""``fwk-tui [FILE]``: edit a real config with typed fields, live validation and a lossless save."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, work
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.notifications import SeverityLevel
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Tree

from fwk_tui.catalog.models import Group
from fwk_tui.paths import PathError, format_path, parse_path
from fwk_tui.session import Edit, EditError, EditSession
from fwk_tui.source import ChangedOnDiskError, DocumentError, ParseError, ReadOnlyError, ReadOnlyFileError
from fwk_tui.source.textutil import plain
from fwk_tui.tui.fields.base import OptionField, ValueEditor
from fwk_tui.tui.form_model import (
    FILTER_TITLES,
    FILTERS,
    FieldEntry,
    FormFilter,
    FormLayout,
    FormModel,
    TreeGroup,
    filter_matches,
    problem_fields,
    step_problem,
)
from fwk_tui.tui.long_lived import KeepsStartedObjects
from fwk_tui.tui.render import other_variant
from fwk_tui.tui.screens.choice import Answer, ChoiceScreen
from fwk_tui.tui.settle import settle
from fwk_tui.tui.widgets.config_form import ConfigForm
from fwk_tui.tui.widgets.editor_status import EditorState, EditorStatus
from fwk_tui.tui.widgets.group_tree import GroupTree
from fwk_tui.tui.widgets.key_footer import KeyFooter
from fwk_tui.tui.widgets.option_detail import OptionDetail
from fwk_tui.tui.widgets.related_links import RelatedLinks

if TYPE_CHECKING:
    from pathlib import Path

    from textual.timer import Timer

    from fwk_tui.catalog.search import SearchIndex
    from fwk_tui.journal import Journal
    from fwk_tui.settings import DocsSetting, Settings


# At start the form mounts enough fields to fill the screen (a field is at
# least three lines); the rest come when the form is first used.
MIN_START_FIELDS = 6

# A terminal shorter than this (rows) folds the docs pane unless settings.toml says otherwise.
DOCS_FOLD_BELOW = 28

# The file is checked for outside changes this often (seconds).
DISK_POLL_SECONDS = 1.0

# A key pressed this recently (seconds) means the user is typing: no question opens, the next
# key would answer it. Longer than a thinking pause mid-word, short enough to ask soon after.
TYPING_PAUSE_SECONDS = 1.2


class EditorApp(KeepsStartedObjects, App[None]):
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
        Binding("f1", "help", "Help", id="help"),
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
    ]

    CSS_PATH = "editor.tcss"
    TITLE = "fwk-tui"
    COMMANDS = App.COMMANDS | {lambda: _options_provider()}

    form_filter: reactive[FormFilter] = reactive("all", init=False)
    """Which fields the form shows."""

    def __init__(
        self,
        session: EditSession,
        *,
        settings: Settings | None = None,
        journal: Journal | None = None,
        label: str | None = None,
        watch_disk: bool = True,
        offer_wizard: bool = False,
        start_path: str | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self._offer_wizard = offer_wizard
        self._start_path = start_path  # the browser's "edit in fwk.config.ts": open at that field
        self.settings = settings
        self.journal = journal
        self.label = label or (str(session.path) if session.path else "new fwk.config.ts")
        self.model = FormModel(session.catalog)
        self._watch_disk = watch_disk
        self._search_index: SearchIndex | None = None
        self._focused_path: str | None = None
        self._told_read_only = False
        """Whether the user was told that a read-only config takes no edits."""
        self._entries_key: tuple[str, ...] = ()
        self._disk_prompted: bytes | None = None
        self._disk_hinted: bytes | None = None
        self._last_key = 0.0
        self._disk_timer: Timer | None = None
        self._pending_group: str | None = None
        self._filter_changed = False
        self._layout_cache: tuple[tuple[object, str], FormLayout] | None = None
        self._bindings_state: tuple[bool, ...] = ()
        # While an older journal entry waits for an answer, recording would overwrite it.
        self._journal_paused = False
        self._docs_choice: DocsSetting = settings.docs if settings is not None else "auto"
        if settings is not None:
            self.theme = settings.theme

    def push_screen(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        # Another screen (search, palette, save, help) takes the keys: typing after it is a new undo step.
        self.session.seal()
        return super().push_screen(*args, **kwargs)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            self._last_key = time.monotonic()  # see _until_pause
        await super().on_event(event)

    def _until_pause(self) -> float:
        """Seconds until the user counts as pausing (0: not typing)."""
        return max(0.0, self._last_key + TYPING_PAUSE_SECONDS - time.monotonic())

    def get_key_display(self, binding: Binding) -> str:
        # In a text field `/` types a slash: the footer names the key that searches there.
        if binding.action == "search" and _types_text(self.focused):
            return super().get_key_display(Binding("ctrl+f", binding.action))
        return super().get_key_display(binding)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A toast; unlike Textual's default its text is never markup (it often quotes the user's file)."""
        super().notify(plain(message), title=plain(title), severity=severity, timeout=timeout, markup=markup)

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
        tree = self.query_one(GroupTree)
        tree.show(self._layout().groups, self._badges(), self._matches())
        self._show_docs()
        start = self._start_group()
        tree.select_group(start)
        # Everything the first layout can show is set before the form's mount is awaited
        # (the first layout runs meanwhile): set after it, each costs another layout and frame.
        self.query_one(OptionDetail).subject = self._catalog_group(start)
        self._refresh_chrome()
        tree.focus()
        await self._show_group(start, first=max(MIN_START_FIELDS, self.size.height // 3))
        if self._start_path is not None:  # once the form's first layout is done: focus stays on the field
            self.call_after_refresh(self.go_to, self._start_path)
        # A read-only config says so, and where code builds it, in the status line: a toast would cover the docs.
        if self.settings is not None:
            for problem in self.settings.problems_to_show():
                self.notify(plain(problem), title="Settings", severity="warning")
        if self._watch_disk and self.session.path is not None:
            self.set_interval(DISK_POLL_SECONDS, self._check_disk)
        self._offer_recovery()
        if self._offer_wizard:
            self._ask_wizard()

    def _ask_wizard(self) -> None:
        """No config here: offer the new-project wizard, or an empty config to fill in the editor."""
        path = self.session.path
        assert path is not None

        def answered(answer: str | None) -> None:
            if answer == "wizard":
                self.run_wizard(path)
            elif answer == "quit":
                self.exit()

        self.push_screen(
            ChoiceScreen(
                "No config here",
                f"There is no fwk.config.ts in {plain(str(path.parent))}. Start the new-project wizard, "
                "or edit an empty config (Ctrl+S writes it)?",
                [
                    Answer("wizard", "Wizard", "w", "primary"),
                    Answer("empty", "Empty config", "e"),
                    Answer("quit", "Quit", "q"),
                ],
                cancel_value="empty",
            ),
            answered,
        )

    def run_wizard(self, path: Path) -> None:
        from fwk_tui.tui.wizard import WizardScreen
        from fwk_tui.wizard import open_project

        try:
            project = open_project(path.parent, self.session.catalog)
        except (OSError, DocumentError) as exc:
            self.notify(plain(str(exc)), title="Cannot start the wizard", severity="error", timeout=8)
            return

        def done(outcome: list[str] | None) -> None:
            if outcome is None:
                return
            self._reload(quiet=True)
            self.label = str(path)
            self._refresh_chrome()
            self.notify("\n".join(outcome), title="Written", timeout=12)

        self.push_screen(WizardScreen(project, self.session.catalog, project.initial), done)

    def _start_group(self) -> str:
        # Open where the file has something to say: the first group with problems, else with set options.
        badges = self._badges()
        groups = self._layout().groups
        for pick in (lambda b: b[1] > 0, lambda b: b[0] > 0):
            for g in groups:
                if pick(badges.get(g.id, (0, 0, 0))):
                    return g.id
        return groups[0].id

    def _layout(self) -> FormLayout:
        """Groups and fields for the current document and variant (computed once per change)."""
        session = self.session
        key = (session.document, session.variant)
        cache = self._layout_cache
        if cache is not None and cache[0] != key:
            step = session.scalar_step
            if step is not None and step[1] is key[0] and cache[0] == (step[0], key[1]):
                cache = (key, cache[1])  # a scalar replaced a scalar: same keys, same fields
            else:
                cache = None
        if cache is None:
            cache = (key, self.model.layout(session.values(), session.variant))
        self._layout_cache = cache
        return cache[1]

    def _badges(self) -> dict[str, tuple[int, int, int]]:
        return self.model.badges(self._layout(), self.session.diagnostics)

    def _matches(self) -> dict[str, tuple[int, int]] | None:
        return filter_matches(self.model, self._layout(), self.form_filter, self.session.diagnostics)

    # ---------------------------------------------------------------- state

    def _session_changed(self, session: EditSession) -> None:
        layout = self._layout()
        tree = self.query_one(GroupTree)
        tree.show(layout.groups, self._badges(), self._matches())
        form = self.query_one(ConfigForm)
        group = form.group
        if group is not None:
            entries = self._entries(group)
            if tuple(e.path for e in entries) != self._entries_key:
                self._pending_group = group.id
                self.call_later(self._rebuild_form)
            else:
                form.refresh_state(session.get, session.variant, session.diagnostics)
                self._mark_spreads()
        self._refresh_chrome()
        if self.journal is not None and not self._journal_paused:
            self.journal.record(session)

    async def _rebuild_form(self) -> None:
        # The same group is reconciled in place (ConfigForm.show): the focus stays where it is.
        group_id, self._pending_group = self._pending_group, None
        keep_focused, self._filter_changed = not self._filter_changed, False
        if group_id is not None:
            await self._show_group(group_id, keep_focused=keep_focused)

    def _entries(self, group: TreeGroup) -> list[FieldEntry]:
        entries = self._layout().fields.get(group.id, [])
        return self.model.visible(entries, self.form_filter, self.session.diagnostics)

    async def _show_group(self, group_id: str, *, first: int | None = None, keep_focused: bool = True) -> None:
        group = self._layout().group(group_id)
        if group is None:
            return
        entries = self._entries(group)
        self._entries_key = tuple(e.path for e in entries)
        form = self.query_one(ConfigForm)
        await form.show(
            group,
            entries,
            self.session.get,
            self.session.variant,
            self.session.diagnostics,
            note=self._form_note(group, len(entries)),
            first=first,
            keep_focused=keep_focused,
        )
        if self._focused_path is not None and form.field_at(self._focused_path) is None:
            self._focused_path = form.focused_path()  # its field left the form: it names what has the focus now
        self._mark_spreads()

    def _mark_spreads(self) -> None:
        """Under each field, the spreads that make its unsaved edit mean something else at run time."""
        notes = self.session.spread_notes()
        for path, field in self.query_one(ConfigForm).fields.items():
            edits = [f"line {n.line}: {n.message()}" for edited, n in notes if _related(edited, path)]
            field.show_spread_notes(edits + self.session.spread_origin(path))

    def _form_note(self, group: TreeGroup, shown: int) -> str | None:
        notes = []
        if group.from_file:
            notes.append("The catalogue does not know this key (a module's options?): it is kept as written.")
        else:
            variant = self.session.variant
            absent = [o for o in self.session.catalog.in_group(group.id) if not o.in_variant(variant)]
            if absent:
                other = other_variant(variant)
                notes.append(f"{len(absent)} option(s) of this group exist only in variant {other} (F2 switches).")
        if self.form_filter != "all":
            notes.append(f"Showing {FILTER_TITLES[self.form_filter]} only ({shown}); F4 changes the filter.")
        elif shown == 0 and not group.from_file:
            notes.append("Nothing to edit here in this variant.")
        return "\n".join(notes) or None

    def _refresh_chrome(self) -> None:
        session = self.session
        counts = session.counts()
        self.query_one(EditorStatus).state = EditorState(
            file=self.label,
            variant=session.variant,
            variant_forced=session.variant_choice.forced,
            dirty=session.dirty,
            read_only=session.read_only is not None,
            errors=counts.get("error", 0),
            warnings=counts.get("warning", 0),
            filter_title=FILTER_TITLES[self.form_filter] if self.form_filter != "all" else "",
            deleted=session.deleted,
            built_by_code_line=built.line if (built := session.document.built_by_code) else None,
            not_checked_line=next((d.line for d in session.diagnostics if d.rule == "not-checked"), None),
            unread_fields=self.query_one(ConfigForm).unread_fields(),
        )
        self.query_one(OptionDetail).variant = session.variant
        self.sub_title = plain(self.label)
        self._refresh_bindings_if_changed()

    def _refresh_bindings_if_changed(self) -> None:
        # Redrawing the footer lays the screen out again: only when a key comes or goes.
        state = tuple(bool(self.check_action(a, ())) for a in ("undo", "redo", "reset", "fix", "save"))
        if state != self._bindings_state:
            self._bindings_state = state
            self.refresh_bindings()

    # ------------------------------------------------------------- messages

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[TreeGroup]) -> None:
        group = event.node.data
        form = self.query_one(ConfigForm)
        if group is None or (form.group is not None and form.group.id == group.id):
            return
        self._pending_group = group.id
        self.query_one(OptionDetail).subject = self._catalog_group(group.id)
        # Moving through the tree quickly builds only the form it stops on.
        self.set_timer(0.06, self._rebuild_form, name="show-group")

    def _catalog_group(self, group_id: str) -> Group | None:
        """The catalogue group of a tree group (``None`` for a group made from the file's own key)."""
        return next((g for g in self.session.catalog.groups if g.id == group_id), None)

    async def on_tree_node_selected(self, event: Tree.NodeSelected[TreeGroup]) -> None:
        # Enter on a group: go to its first field. Enter right after Down comes before the
        # form of the group highlighted last is built: build it now, then focus it.
        group = event.node.data
        form = self.query_one(ConfigForm)
        if group is not None and (form.group is None or form.group.id != group.id):
            self._pending_group = None
            await self._show_group(group.id)
        form.focus_first()

    def on_option_field_edit_requested(self, event: OptionField.EditRequested) -> None:
        event.stop()
        if not self._apply(event.edit, merge=event.merge) and event.origin is not None:
            event.origin.discard_text()  # what was typed is not in the file: the field says so by not showing it

    def on_value_editor_read_changed(self, event: ValueEditor.ReadChanged) -> None:
        event.stop()
        if self.session.read_only is not None and event.editor.has_class("-invalid"):
            self._refuse_read_only()
            event.editor.discard_text()  # no edit is taken, not even text that does not read yet
        self.call_after_refresh(self._refresh_chrome_if_shown)  # once the editor's class says it

    def _refresh_chrome_if_shown(self) -> None:
        shown = bool(self.query(EditorStatus)) and bool(self.query(ConfigForm))
        if shown:  # not while the app closes
            self._refresh_chrome()

    def on_option_field_focused(self, event: OptionField.Focused) -> None:
        event.stop()
        self._focused_path = event.path
        details = self.query(OptionDetail)
        if not details:
            return  # the app is closing: its panes are gone
        details.first().subject = event.option
        self._refresh_bindings_if_changed()

    def on_option_field_sealed(self, event: OptionField.Sealed) -> None:
        event.stop()
        self.session.seal()
        form = self.query_one(ConfigForm)
        if form.group is not None and tuple(form.fields) != self._entries_key:
            # A field the form kept only because it had the focus goes now.
            self._pending_group = form.group.id
            self.call_later(self._rebuild_form)

    def on_related_links_jump(self, event: RelatedLinks.Jump) -> None:
        self.run_worker(self.go_to(event.path))

    def _apply(self, edit: Edit, *, merge: bool = False) -> bool:
        if self.session.read_only is not None:
            self._refuse_read_only()
            self.query_one(ConfigForm).reshow(edit.path)
            return False
        try:
            self.session.apply(edit, merge=merge)
        except EditError as exc:
            self.notify(plain(str(exc)), title=f"Could not {edit.label.lower()}", severity="error")
            self.query_one(ConfigForm).reshow(edit.path)
            return False
        return True

    def _refuse_read_only(self) -> None:
        """Say why a read-only config takes no edit: once, as every later key would repeat it."""
        if not self._told_read_only and self.session.read_only is not None:
            self._told_read_only = True
            self.notify(plain(f"Edits are not taken: {self.session.read_only}."), title="Read-only", severity="warning")

    # -------------------------------------------------------------- actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if len(self.screen_stack) > 1 and action not in {"quit", "help"}:
            return False
        if action == "undo":
            return self.session.can_undo or self._focused_unread() is not None
        if action == "redo":
            return self.session.can_redo
        if action == "reset":
            path = self._acting_path()
            return path is not None and self.session.has(path)
        if action == "fix":
            return self._focused_fix() is not None
        if action == "save":
            return self.session.read_only is None
        return True

    def _acting_path(self) -> str | None:
        """The option Reset and Fix act on: the focused one, while its field is in the form and has the focus.

        ``_focused_path`` names the field last focused; the focus may have gone on since (to the
        tree, the docs) and the field with it (a filter lets it go once the focus leaves).
        """
        path = self._focused_path
        if path is None:
            return None
        form = self.query_one(ConfigForm)
        field = form.field_at(path)
        focused = form.focused_path()
        if field is None or focused is None or form.fields.get(focused) is not field:
            return None
        return path

    def _focused_fix(self):  # type: ignore[no-untyped-def]
        path = self._acting_path()
        if path is None:
            return None
        for d in self.session.diagnostics_for(path):
            if d.fix is not None:
                return d.fix
        return None

    def _focused_unread(self) -> ValueEditor | None:
        """The editor holding the focus (or holding what has it) whose typed text does not read, if any."""
        node = self.focused
        while node is not None and not isinstance(node, OptionField):
            if isinstance(node, ValueEditor) and node.pending_text() is not None:
                return node
            node = node.parent  # type: ignore[assignment]
        return None

    def action_undo(self) -> None:
        """Undo the last edit; first, the focused field's typed text that does not read."""
        editor = self._focused_unread()
        if editor is not None:
            # That text is not in the file, so no undo step holds it: undoing an earlier edit
            # elsewhere (and moving there) would leave it behind.
            editor.discard_text()
            self.notify(plain(f"Undone: the text typed in {editor.path}"), timeout=2)
            return
        edit = self.session.undo()
        if edit is not None:
            self.notify(plain(f"Undone: {edit.label}"), timeout=2)
            self._focus_touched(edit.path)

    def action_redo(self) -> None:
        """Redo the last undone edit."""
        edit = self.session.redo()
        if edit is not None:
            self.notify(plain(f"Redone: {edit.label}"), timeout=2)
            self._focus_touched(touched_path(edit))

    def action_reset(self) -> None:
        """Reset the focused option to its default: its key leaves the file."""
        path = self._acting_path()
        if path is not None and self.session.has(path) and self._apply(Edit("unset", path)):
            self._focus_touched(path)

    def action_fix(self) -> None:
        """Apply the fix of the focused field's first diagnostic."""
        fix = self._focused_fix()
        if fix is not None and self._apply(Edit("fix", fix.path, fix=fix)):
            self.notify(plain(fix.title), title="Fixed", timeout=3)
            self._focus_touched(touched_path(Edit("fix", fix.path, fix=fix)))

    def action_no_fix(self) -> None:
        """F3 where no diagnostic offers a fix."""
        path = self._acting_path()
        where = f"at {path}" if path is not None else "here"
        if isinstance(self.focused, Tree):
            where = "in the tree: go to a field with a problem (F4 shows them)"
        self.notify(plain(f"No fix {where}."), timeout=3)

    def _focus_touched(self, path: str) -> None:
        """After an undo, redo, fix or reset: the focus goes to the field the edit touched (opening its group)."""
        self.run_worker(self._go_to_touched(path), group="focus-touched", exclusive=True)

    async def _go_to_touched(self, path: str) -> None:
        await self._settle()  # the form has taken the new state
        if not await self.go_to(path, quiet=True) and self.focused is None:
            self.query_one(GroupTree).focus()  # the field went with its key: keys go to the tree, not nowhere

    def action_toggle_variant(self) -> None:
        """Switch between variant A and variant B."""
        self.session.set_variant(other_variant(self.session.variant))
        self.notify(f"Variant {self.session.variant}: defaults and checks of that layout", timeout=2)

    def watch_form_filter(self) -> None:
        tree = self.query_one(GroupTree)
        matches = self._matches()
        tree.show(self._layout().groups, self._badges(), matches)
        form = self.query_one(ConfigForm)
        if form.group is not None:
            self._pending_group = form.group.id
            if matches is not None and not matches.get(form.group.id, (0, 0))[0]:
                # Nothing to show here: open the first group that has something.
                first = next((g.id for g in self._layout().groups if matches.get(g.id, (0, 0))[0]), None)
                if first is not None and tree.select_group(first):
                    self._pending_group = first
                    self.query_one(OptionDetail).subject = self._catalog_group(first)
            self._filter_changed = True  # the user asked for another list: the focused field may go too
            self.call_later(self._rebuild_form)
        self._refresh_chrome()

    def action_cycle_filter(self) -> None:
        """Show all options, those set in the file, those with problems, or the experimental ones."""
        self.form_filter = FILTERS[(FILTERS.index(self.form_filter) + 1) % len(FILTERS)]

    async def action_next_problem(self) -> None:
        """Go to the next field with an error or a warning, across groups (wrapping)."""
        await self._step_problem(1)

    async def action_previous_problem(self) -> None:
        """Go to the previous field with an error or a warning, across groups (wrapping)."""
        await self._step_problem(-1)

    async def _step_problem(self, step: int) -> None:
        layout = self._layout()
        form = self.query_one(ConfigForm)
        here = (form.group.id if form.group is not None else None, form.focused_path())
        target = step_problem(problem_fields(self.model, layout, self.session.diagnostics), layout, here, step)
        if target is None:
            self.notify(f"No errors or warnings in variant {self.session.variant}.", timeout=3)
            return
        await self.go_to(target[1])

    def _docs_folded(self) -> bool:
        if self._docs_choice == "auto":
            return self.size.height < DOCS_FOLD_BELOW
        return self._docs_choice == "folded"

    def _show_docs(self) -> None:
        self.query_one(OptionDetail).display = not self._docs_folded()
        # A short terminal drops the blank line between fields: six or more fit at 80x24.
        self.query_one(ConfigForm).set_class(self.size.height < DOCS_FOLD_BELOW, "-short")

    def on_resize(self, event: events.Resize) -> None:
        if self.query(OptionDetail):
            self._show_docs()

    def action_toggle_docs(self) -> None:
        """Fold or show the docs pane; the choice is kept in settings.toml."""
        self._docs_choice = "shown" if self._docs_folded() else "folded"
        self._show_docs()
        self.notify(f"Docs pane {self._docs_choice} (F9 toggles)", timeout=2)
        if self.settings is not None and self.settings.docs != self._docs_choice:
            try:
                self.settings.set("docs", self._docs_choice)
            except (OSError, ValueError) as exc:
                self.notify(plain(str(exc)), title="Settings not saved", severity="warning")

    def action_set_filter(self, name: str) -> None:
        if name in FILTERS:
            self.form_filter = name  # type: ignore[assignment]

    @property
    def search_index(self) -> SearchIndex:
        if self._search_index is None:
            from fwk_tui.catalog.search import SearchIndex

            self._search_index = SearchIndex(self.session.catalog)
        return self._search_index

    def action_search(self) -> None:
        """Search options and the file's own keys; go to the field chosen."""
        from fwk_tui.tui.file_search import file_search_entries
        from fwk_tui.tui.screens.search import SearchScreen

        # Keys of the file the catalogue does not know (a module's options), and the keys inside them,
        # which lead to the field that holds them.
        fields = (e for entries in self._layout().fields.values() for e in entries)
        catalog = self.session.catalog
        own, goes_to = file_search_entries(fields, self.session.values(), lambda p: catalog.get(p) is not None)

        def chosen(path: str | None) -> None:
            if path is not None:
                self.run_worker(self.go_to(goes_to.get(path, path)))

        self.push_screen(
            SearchScreen(
                self.session.catalog, self.search_index, self.session.variant, file_keys=own, title="Go to option"
            ),
            chosen,
        )

    async def go_to(self, path: str, *, quiet: bool = False) -> bool:
        """Open the group of ``path`` and focus its field; ``False`` when there is no such field.

        ``quiet``: say nothing when there is none (the focus follows an edit to where it can).
        """
        option = self.session.catalog.get(path)
        # A key the file spells as an alias (unhead) has its own field: go there, not to headmgr.
        as_written = any(e.path == path for entries in self._layout().fields.values() for e in entries)
        target = option.path if option is not None and not as_written else path
        group_id = self.model.group_of_path(target)
        if group_id is None:
            if not quiet:
                self.notify(plain(f"No field for {path}"), severity="warning")
            return False
        if self._layout().group(group_id) is None:
            return False
        entries = self._layout().fields[group_id]
        if not any(e.path == target for e in entries) and option is not None and not option.in_variant(
            self.session.variant
        ):
            self.session.set_variant(other_variant(self.session.variant))
            self.notify(f"{option.path} exists only in variant {self.session.variant}: switched to it", timeout=4)
        if self.form_filter != "all" and not any(
            e.path == target for e in self.model.visible(entries, self.form_filter, self.session.diagnostics)
        ):
            self.form_filter = "all"
        tree = self.query_one(GroupTree)
        tree.select_group(group_id)
        self._pending_group = None
        await self._show_group(group_id)
        form = self.query_one(ConfigForm)
        if not form.focus_path(target):
            if not quiet:
                self.notify(plain(f"{path} has no field in this form"), severity="warning")
            return False
        self._focused_path = target
        self.query_one(OptionDetail).subject = option
        return True

    def action_help(self) -> None:
        """Show the keys and what the badges mean."""
        from fwk_tui.tui.screens.help import HelpScreen

        from fwk_tui.tui.key_help import editor_sections

        self.push_screen(HelpScreen(markers=False, sections=editor_sections()))

    # ----------------------------------------------------------------- save

    @work(exclusive=True, group="save")
    async def action_save(self) -> bool:
        """Show what will change, then write the file atomically."""
        return await self._save_flow()

    async def _save_flow(self) -> bool:
        from fwk_tui.tui.screens.save_preview import SavePreviewScreen, written_value

        await self._settle()
        session = self.session
        if session.read_only:
            self.notify(plain(session.read_only), title="Read-only", severity="warning")
            return False
        pending = self._pending_texts()
        deleted = session.notice_deleted()  # the file gone makes the whole text unsaved
        if not session.dirty:
            if pending:
                path, text = pending[0]
                self.notify(
                    f"Nothing saved: {path} holds {text!r}, which does not read as a value; the file keeps its value.",
                    severity="warning",
                    timeout=6,
                )
                await self.go_to(path)
                return False
            self.notify("Nothing to save: the file already says all this.", timeout=3)
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
            answer = await self.push_screen_wait(SavePreviewScreen(self.label, session.diff(), note, pending, written))
            if answer == "back":
                await self.go_to(pending[0][0])
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
            self.notify(plain(str(exc)), title="Not saved", severity="error", timeout=8)
            await self._offer_reload(changed_on_save=True)
            return False
        except (OSError, DocumentError, ReadOnlyError) as exc:
            self.notify(plain(str(exc)), title="Not saved", severity="error", timeout=8)
            return False
        if self.journal is not None and not self._journal_paused:
            self.journal.discard(target)  # an older entry waiting for "Not now" holds other edits
        self._disk_prompted = None
        self.notify(plain(f"Saved {target.name}"), timeout=3)
        for note in session.save_notes:
            self.notify(plain(note), title="Saved, with a note", severity="warning", timeout=10)
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
        notes = self.session.spread_notes()
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
            saved = written_value(self.session.document, path)
            unread = f"Text typed in {plain(path)} does not read as a value; its last value that read is written ({saved}). "
        return await self._ask_to_write(
            "File deleted",
            "{name} was deleted. Write the whole config back?",
            "Write it back",
            f"{unread}It is written only while no other file has taken its place.",
        )

    async def _ask_to_write(self, title: str, question: str, write: str, detail: str) -> bool:
        """A yes/no question before a write; ``{name}`` in ``question`` is the file's name."""
        assert self.session.path is not None
        answer = await self.push_screen_wait(
            ChoiceScreen(
                title,
                question.format(name=plain(self.session.path.name)),
                [Answer("write", write, "y", "primary"), Answer("cancel", "Not now", "n")],
                detail=detail,
                cancel_value="cancel",
            )
        )
        return answer == "write"

    def _pending_texts(self) -> list[tuple[str, str]]:
        """(path, text) of each field holding typed text that is not in the file (in this form or one left)."""
        form = self.query_one(ConfigForm)
        return list({**form.unread, **form.pending_texts()}.items())

    async def _settle(self) -> None:
        # Keys typed just before Ctrl+S may still be queued as messages: the save must see them.
        await settle(self)

    async def action_quit(self) -> None:
        """Quit; asks first when there are unsaved edits or typed text that does not read."""
        self._quit()

    @work(exclusive=True, group="quit")
    async def _quit(self) -> None:
        await self._settle()
        dirty = self.session.dirty
        pending = self._pending_texts()
        if (dirty or pending) and self.session.read_only is None:
            answer = await self.push_screen_wait(self._quit_question(dirty, pending))
            if answer == "cancel":
                return
            if answer == "back":
                await self.go_to(pending[0][0])
                return
            if answer == "save" and not await self._save_flow():
                return
            journal, path = self.journal, self.session.path
            if answer == "discard" and dirty and journal is not None and path is not None and not self._journal_paused:
                journal.discard(path)
        self.exit()

    def _quit_question(self, dirty: bool, pending: list[tuple[str, str]]) -> ChoiceScreen:
        """Ask before quitting drops unsaved edits or ``pending`` texts (path, text) that do not read."""
        parts = [f"{self.label} has unsaved edits."] if dirty else []
        answers = [Answer("save", "Save", "s", "primary")] if dirty else []
        if pending:
            named = ", ".join(f"{path} ({text!r})" for path, text in pending[:3])
            more = f" and {len(pending) - 3} more" if len(pending) > 3 else ""
            parts.append(f"Text typed in {named}{more} does not read as a value: the file does not have it.")
            answers.append(Answer("back", "Go to it", "g", "default" if dirty else "primary"))
        parts.append("Save the edits before quitting?" if dirty else "Quit without it?")
        answers.append(Answer("discard", "Discard" if dirty else "Quit", "d", "error"))
        answers.append(Answer("cancel", "Keep editing", "c"))
        return ChoiceScreen("Unsaved edits" if dirty else "Text not in the file", " ".join(parts), answers)

    # ----------------------------------------------------------- disk, journal

    def _check_disk(self) -> None:
        session = self.session
        if len(self.screen_stack) > 1 or not session.disk_changed() or session.path is None:
            return
        if not session.deleted and session.notice_deleted():
            # Nothing to reload: the editor holds the only copy now, and says so until it is written.
            self.notify(
                f"{session.path.name} was deleted on disk. Your config is kept here: Ctrl+S writes it back.",
                severity="warning",
                timeout=10,
            )
            return
        try:
            data = session.path.read_bytes()
        except OSError:
            data = b""
        if data == self._disk_prompted:
            return  # already asked about this content
        wait = self._until_pause()
        if wait:
            # A question opening mid-word takes the next key as its answer: it waits for a pause.
            if data != self._disk_hinted:
                self._disk_hinted = data
                then = "the question comes" if session.dirty else "it is reloaded"
                self.notify(f"{session.path.name} changed on disk; {then} when you pause typing.", timeout=4)
            if self._disk_timer is not None:
                self._disk_timer.stop()
            self._disk_timer = self.set_timer(wait + 0.05, self._check_disk, name="disk-after-typing")
            return
        self._disk_prompted = data
        if not session.dirty:
            self._reload(quiet=False)
            return
        self.run_worker(self._offer_reload())

    async def _offer_reload(self, *, changed_on_save: bool = False) -> None:
        question = f"{self.label} changed on disk" + (" before it could be saved." if changed_on_save else ".")
        answer = await self.push_screen_wait(
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
            self._reload(quiet=False)

    def action_reload(self) -> None:
        """Read the file again, re-applying your unsaved edits where they still apply."""
        self._reload(quiet=False)

    def _reload(self, *, quiet: bool) -> None:
        try:
            result = self.session.reload()
        except (OSError, ParseError, DocumentError) as exc:
            self.notify(plain(str(exc)), title="Cannot reload", severity="error", timeout=8)
            return
        self._disk_prompted = None
        if quiet:
            return
        message = "Reloaded from disk."
        if result.applied:
            message += f" {len(result.applied)} unsaved edit(s) re-applied."
        if result.dropped:
            lost = "; ".join(f"{e.label}: {why}" for e, why in result.dropped[:3])
            self.notify(plain(f"{len(result.dropped)} edit(s) no longer apply: {lost}"), severity="warning", timeout=10)
        self.notify(message, timeout=4)

    def _offer_recovery(self) -> None:
        journal, path = self.journal, self.session.path
        if journal is None or path is None:
            return
        entry = journal.pending(path)
        if journal.problem is not None:
            self.notify(journal.problem, title="Journal", severity="warning", timeout=15)
        if entry is None:
            return
        self._journal_paused = True

        def answered(answer: str | None) -> None:
            if answer == "recover":
                result = entry.recover(self.session)
                message = f"Recovered {len(result.applied)} unsaved edit(s)."
                if result.dropped:
                    # Recording the recovered session would overwrite the only copy of those edits.
                    kept = journal.keep_aside(path, "dropped")
                    message += f" {len(result.dropped)} no longer apply"
                    message += f"; the journal entry with them is kept as {kept}." if kept else "."
                self.notify(message, timeout=12 if result.dropped else 6)
            elif answer == "discard":
                journal.discard(path)
            else:
                self.notify(
                    "The unsaved edits stay in the journal for the next launch; "
                    "edits made now are not journaled until then.",
                    severity="warning",
                    timeout=8,
                )
                return
            self._journal_paused = False
            journal.record(self.session)

        self.push_screen(
            ChoiceScreen(
                "Unsaved edits found",
                f"fwk-tui closed without saving {self.label}: {entry.summary}. Recover those edits?",
                [
                    Answer("recover", "Recover", "r", "primary"),
                    Answer("discard", "Discard", "d", "error"),
                    Answer("later", "Not now", "n"),
                ],
                cancel_value="later",
            ),
            answered,
        )

    # -------------------------------------------------------------- palette

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from fwk_tui.tui.commands import built_ins, editor_commands

        yield from editor_commands(self)
        yield from built_ins(super().get_system_commands(screen))

    def watch_theme(self, theme: str) -> None:
        if self.settings is not None and theme != self.settings.theme:
            try:
                self.settings.set("theme", theme)
            except (OSError, ValueError) as exc:
                self.notify(plain(str(exc)), title="Settings not saved", severity="warning")


def _types_text(widget: object) -> bool:
    """True for a widget where printable keys type text (an input, the code editor)."""
    from textual.widgets import Input, TextArea

    return isinstance(widget, (Input, TextArea))


def _related(edited: str, field: str) -> bool:
    """True when the edited path is the field's, below it, or above it (an object holding the field)."""
    for outer, inner in ((field, edited), (edited, field)):
        if inner == outer or inner.startswith((outer + ".", outer + "[")):
            return True
    return False


def touched_path(edit: Edit) -> str:
    """Where ``edit`` leaves the value it changed: a rename or a move of a fix puts it at a new path."""
    fix = edit.fix
    if fix is not None and fix.kind in ("move", "replace") and fix.new_path:
        return fix.new_path
    key = fix.new_key if fix is not None and fix.kind == "rename" else edit.key if edit.kind == "rename" else None
    if key is not None:
        try:
            return format_path((*parse_path(edit.path)[:-1], key))
        except PathError:
            return edit.path
    return edit.path


def _options_provider() -> type:
    # Imported when the palette first opens: textual.command costs ~40 ms to import.
    from fwk_tui.tui.commands import OptionsProvider

    return OptionsProvider
