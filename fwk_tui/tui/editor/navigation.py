"""Moving around the editor: the tree, go to an option, search, F4's filters and F8's problems."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Input, OptionList

from fwk_tui.modules.as_options import with_modules
from fwk_tui.source.textutil import plain
from fwk_tui.tui.editor.widgets.config_form import ConfigForm
from fwk_tui.tui.editor.widgets.group_tree import GroupTree
from fwk_tui.tui.fields.field import OptionField
from fwk_tui.tui.form_model import FILTERS, TreeGroup
from fwk_tui.tui.form_problems import problem_fields, step_problem
from fwk_tui.tui.held_keys import HeldKeys
from fwk_tui.tui.render import other_variant
from fwk_tui.tui.widgets.option_detail import OptionDetail

if TYPE_CHECKING:
    from fwk_tui.catalog.search import SearchIndex
    from fwk_tui.tui.editor.form_sync import FormSync
    from fwk_tui.tui.editor.host import EditorHost

# Moving through the tree quickly builds only the form it stops on (seconds).
TREE_SETTLE_SECONDS = 0.06

# How many times a go-to waits for a field to hand the focus to its editor (each a settle).
_HAND_OVER_ROUNDS = 20


class Navigator:
    """Opens groups, focuses fields and filters what the tree and the form show."""

    def __init__(self, app: EditorHost, sync: FormSync) -> None:
        self.app = app
        self.sync = sync
        self._search_index: SearchIndex | None = None
        self._touches = 0  # focus_touched calls: the keys held go on after the last one
        self._search_key: list[int] = []
        self.search_catalog = app.session.catalog
        """The catalogue the search ranks: with the installed modules' options."""

    # ------------------------------------------------------------------ tree

    def group_highlighted(self, group: TreeGroup | None) -> None:
        form = self.app.query_one(ConfigForm)
        if group is None or (form.group is not None and form.group.id == group.id):
            return
        self.sync.pending_group = group.id
        self.app.query_one(OptionDetail).subject = self.sync.catalog_group(group.id)
        self.app.set_timer(TREE_SETTLE_SECONDS, self.sync.rebuild_form, name="show-group")

    async def group_selected(self, group: TreeGroup | None) -> None:
        # Enter on a group: go to its first field. Enter right after Down comes before the
        # form of the group highlighted last is built: build it now, then focus it.
        form = self.app.query_one(ConfigForm)
        if group is not None and (form.group is None or form.group.id != group.id):
            self.sync.pending_group = None
            await self.sync.show_group(group.id)
        form.focus_first()

    # ----------------------------------------------------------------- go to

    async def go_to(self, path: str, *, quiet: bool = False, row: bool = False) -> bool:
        """Open the group of ``path`` and focus its field; ``False`` when there is no such field.

        ``quiet``: say nothing when there is none (the focus follows an edit to where it can). ``row``: the field
        itself takes the focus, not its editor (``ConfigForm.focus_path``).
        """
        app, sync = self.app, self.sync
        session = app.session
        option = session.catalog.get(path)
        layout = sync.layout()
        # A key the file spells as an alias (unhead) has its own field: go there, not to headmgr.
        as_written = any(e.path == path for entries in layout.fields.values() for e in entries)
        target = option.path if option is not None and not as_written else path
        group_id = app.model.group_of_path(target)
        if group_id is None:
            if not quiet:
                app.notify(plain(f"No field for {path}"), severity="warning")
            return False
        if layout.group(group_id) is None:
            return False
        entries = layout.fields[group_id]
        if not any(e.path == target for e in entries) and option is not None and not option.in_variant(session.variant):
            session.set_variant(other_variant(session.variant))
            app.notify(f"{option.path} exists only in variant {session.variant}: switched to it", timeout=4)
        if app.form_filter != "all" and not any(
            e.path == target for e in app.model.visible(entries, app.form_filter, session.diagnostics)
        ):
            app.form_filter = "all"
        app.query_one(GroupTree).select_group(group_id)
        sync.pending_group = None
        sync.show_page_of(group_id, target)
        await sync.show_group(group_id)
        form = app.query_one(ConfigForm)
        if not form.focus_path(target, row=row):
            if not quiet:
                app.notify(plain(f"{path} has no field in this form"), severity="warning")
            return False
        sync.focused_path = target
        app.query_one(OptionDetail).subject = option
        return True

    def focus_touched(self, path: str) -> None:
        """After an undo, redo, fix or reset: the focus goes to the field the edit touched (opening its group).

        The keys typed meanwhile are held, then go where the focus went (a `/` right after Ctrl+Z searches)."""
        app = self.app
        if isinstance(app, HeldKeys):
            app.hold_keys()
        self._touches += 1
        app.run_worker(self._go_to_touched(path, self._touches), group="focus-touched", exclusive=True)

    async def _go_to_touched(self, path: str, touch: int) -> None:
        try:
            await self._focus_touched(path)
        finally:  # the keys go on once the last of these has moved the focus (one replaced has not)
            if isinstance(self.app, HeldKeys) and touch == self._touches:
                self.app.release_keys_soon()

    async def _focus_touched(self, path: str) -> None:
        await self.app.settle()  # the form has taken the new state
        if self._editing(path):
            return  # the editor the person is in shows the new value: the keys stay where the screen says
        # The field's row, not its editor: the person chose no field to type in, and a key meant as a command (`/`
        # to search) must not land in its value unseen.
        if not await self.go_to(path, quiet=True, row=True) and self.app.focused is None:
            self.app.query_one(GroupTree).focus()  # the field went with its key: keys go to the tree, not nowhere

    def _editing(self, path: str) -> bool:
        """Whether the focus is in an editor of the field that holds ``path`` (a record's value editor, after an undo
        of one of its keys): it shows the new value already; a go-to would open the editor again, and the keys could
        end on the rows while an editor stays on screen."""
        focused = self.app.focused
        if focused is None:
            return False
        for node in (focused, *focused.ancestors):
            if isinstance(node, OptionField):
                inside = path.startswith((node.path + ".", node.path + "["))  # a key or item, not the field itself
                return inside and not isinstance(focused, OptionList)  # its rows: gone to as before
        return False

    # ---------------------------------------------------------------- search

    @property
    def search_index(self) -> SearchIndex:
        """The search over the catalogue and the options of the modules the project installs (made again when
        those change: they are read after the first paint)."""
        modules = self.app.session.modules()
        key = [id(m) for m in modules]
        if self._search_index is None or key != self._search_key:
            from fwk_tui.catalog.search import SearchIndex

            self.search_catalog = with_modules(self.app.session.catalog, modules)
            self._search_index = SearchIndex(self.search_catalog)
            self._search_key = key
        return self._search_index

    def search(self) -> None:
        """Search options and the file's own keys; go to the field chosen."""
        from fwk_tui.tui.file_search import file_search_entries
        from fwk_tui.tui.screens.search import SearchScreen

        session = self.app.session
        # Keys of the file the catalogue does not know (a module's options), and the keys inside them,
        # which lead to the field that holds them.
        fields = (e for entries in self.sync.layout().fields.values() for e in entries)
        index = self.search_index
        catalog = self.search_catalog
        own, goes_to = file_search_entries(fields, session.values(), lambda p: catalog.get(p) is not None)

        def chosen(path: str | None) -> None:
            if path is not None:
                self.app.run_worker(self._go_to_chosen(goes_to.get(path, path), path))

        self.app.push_screen(
            SearchScreen(catalog, index, session.variant, file_keys=own, title="Go to option"),
            chosen,
        )

    async def _go_to_chosen(self, field_path: str, path: str) -> None:
        """Go to the field of ``field_path``, then to the key of ``path`` inside it (opening the rows that hold it).

        The search held the keys typed after its Enter: they go to the field, once it has the focus.
        """
        try:
            if not await self.go_to(field_path):
                return
            if path != field_path:
                field = self.app.query_one(ConfigForm).field_at(field_path)
                if field is not None and field.is_attached:
                    field.focus_at(path)
            # The field holds the focus until its editor is mounted, then hands it over and
            # types the keys it kept: a key replayed meanwhile would overtake those.
            for _ in range(_HAND_OVER_ROUNDS):
                await self.app.settle()  # Widget.focus is deferred
                if not isinstance(self.app.focused, OptionField):
                    break
        finally:
            self.app.release_keys()

    # --------------------------------------------------------------- filters

    def cycle_filter(self) -> None:
        if self._typing_a_key():
            return
        form_filter = self.app.form_filter
        self.app.form_filter = FILTERS[(FILTERS.index(form_filter) + 1) % len(FILTERS)]

    def set_filter(self, name: str) -> None:
        if name in FILTERS and not self._typing_a_key():
            self.app.form_filter = name  # type: ignore[assignment]

    def _typing_a_key(self) -> bool:
        """A new key or a new name is being typed (the only text of a field not in the file yet): another list
        would take its field away, and the text with it. Said, and the filter stays."""
        focused = self.app.focused
        if not (isinstance(focused, Input) and focused.has_class("record--key-input") and focused.value):
            return False
        self.app.notify("Add the key first (Enter) or give it up (Esc), then change the filter.", timeout=4)
        return True

    def filter_changed(self) -> None:
        """The tree shows the new filter's matches; the form shows its fields (another group when it has none)."""
        sync = self.sync
        matches = sync.show_tree()
        form = self.app.query_one(ConfigForm)
        if form.group is not None:
            sync.pending_group = form.group.id
            if matches is not None and not matches.get(form.group.id, (0, 0))[0]:
                # Nothing to show here: open the first group that has something.
                first = next((g.id for g in sync.layout().groups if matches.get(g.id, (0, 0))[0]), None)
                if first is not None and self.app.query_one(GroupTree).select_group(first):
                    sync.pending_group = first
                    self.app.query_one(OptionDetail).subject = sync.catalog_group(first)
            sync.filter_changed = True  # the user asked for another list: the focused field may go too
            self.app.call_later(sync.rebuild_form)
        sync.refresh_chrome()

    async def step_problem(self, step: int) -> None:
        """Go to the next (``step`` 1) or previous (-1) field with an error or a warning, across groups."""
        app = self.app
        layout = self.sync.layout()
        form = app.query_one(ConfigForm)
        here = (form.group.id if form.group is not None else None, form.focused_path())
        target = step_problem(problem_fields(layout, app.session.diagnostics), layout, here, step)
        if target is None:
            app.notify(f"No errors or warnings in variant {app.session.variant}.", timeout=3)
            return
        await self.go_to(target[1])
