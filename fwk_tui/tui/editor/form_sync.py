"""Keeping the tree, the form and the status line in step with the session."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.css.query import NoMatches

from fwk_tui.catalog.models import Group
from fwk_tui.source.textutil import plain
from fwk_tui.tui.editor.effective import LAYERS_GROUP
from fwk_tui.tui.editor.widgets.config_form import ConfigForm
from fwk_tui.tui.editor.widgets.editor_status import EditorState, EditorStatus
from fwk_tui.tui.editor.widgets.group_tree import GroupTree
from fwk_tui.tui.editor.widgets.layers_panel import LayersPanel
from fwk_tui.tui.form_model import FILTER_TITLES, FieldEntry, FormLayout, TreeGroup, filter_matches
from fwk_tui.tui.render import other_variant
from fwk_tui.tui.widgets.option_detail import OptionDetail

if TYPE_CHECKING:
    from fwk_tui.tui.editor.effective import EffectiveView
    from fwk_tui.tui.editor.host import EditorHost

PAGE_FIELDS = 200
"""Fields a form shows at once: each is a few widgets laid out again at every change of focus, so a group of
thousands (a file's unknown keys under one object) is shown a page at a time, each field reached by F8, a
search or its page's row."""

# The keys whose coming or going redraws the footer (see refresh_bindings_if_changed).
WATCHED_ACTIONS = ("undo", "redo", "reset", "fix", "save")


class FormSync:
    """Computes the groups and fields of the document once per change and shows them."""

    def __init__(self, app: EditorHost) -> None:
        self.app = app
        self.entries_key: tuple[str, ...] = ()
        """The paths the form shows: a change of them rebuilds the form, else it is refreshed in place."""
        self.pending_group: str | None = None
        """The group to show at the next rebuild."""
        self.filter_changed = False
        """The user asked for another list: the focused field may leave the form at the next rebuild."""
        self.focused_path: str | None = None
        """The field last focused."""
        self._layout_cache: tuple[tuple[object, str], FormLayout] | None = None
        self._modules: list[int] = []  # the installed modules the model shows, by identity (read once per package)
        self.effective: EffectiveView | None = None
        """The layers' view: its group joins the tree, its notes go under the fields."""
        self._bindings_state: tuple[bool, ...] = ()
        self.pages: dict[str, int] = {}
        """The page of fields each group shows (see PAGE_FIELDS)."""

    def reset(self) -> None:
        """Another session is shown: nothing of the last one's form is kept."""
        self.entries_key = ()
        self.pending_group = None
        self.focused_path = None
        self._layout_cache = None
        self.pages = {}

    def layout(self) -> FormLayout:
        """Groups and fields for the current document and variant (computed once per change)."""
        session = self.app.session
        modules = session.modules()
        if [id(m) for m in modules] != self._modules:
            self._modules = [id(m) for m in modules]
            self.app.model.set_modules(modules)
            self._layout_cache = None
        key = (session.document, session.variant)
        cache = self._layout_cache
        if cache is not None and cache[0] != key:
            step = session.scalar_step
            if step is not None and step[1] is key[0] and cache[0] == (step[0], key[1]):
                cache = (key, cache[1])  # a scalar replaced a scalar: same keys, same fields
            else:
                cache = None
        if cache is None:
            cache = (key, self.app.model.layout(session.values(), session.variant))
        self._layout_cache = cache
        if self.effective is not None and self.effective.has_layers:
            return with_layers(cache[1])
        return cache[1]

    def badges(self) -> dict[str, tuple[int, int, int]]:
        return self.app.model.badges(self.layout(), self.app.session.diagnostics)

    def matches(self) -> dict[str, tuple[int, int]] | None:
        return filter_matches(self.app.model, self.layout(), self.app.form_filter, self.app.session.diagnostics)

    def show_tree(self) -> dict[str, tuple[int, int]] | None:
        """Show the groups with their badges and filter matches; returns the matches."""
        matches = self.matches()
        self.app.query_one(GroupTree).show(self.layout().groups, self.badges(), matches)
        return matches

    def start_group(self) -> str:
        """Where the file has something to say: the first group with problems, else with set options."""
        badges = self.badges()
        groups = self.layout().groups
        for pick in (lambda b: b[1] > 0, lambda b: b[0] > 0):
            for g in groups:
                if pick(badges.get(g.id, (0, 0, 0))):
                    return g.id
        return groups[0].id

    def catalog_group(self, group_id: str) -> Group | None:
        """What the docs pane shows for a tree group: its catalogue group, or for a group of the editor's own
        (the Layers group, a key of the file the catalogue does not know) its title and summary."""
        found = next((g for g in self.app.session.catalog.groups if g.id == group_id), None)
        if found is None:
            tree_group = self.layout().group(group_id)
            if tree_group is not None:
                return Group(tree_group.id, tree_group.title, tree_group.summary)
        return found

    def session_changed(self) -> None:
        session = self.app.session
        self.show_tree()
        form = self.app.query_one(ConfigForm)
        group = form.group
        if group is not None:
            entries = self.entries(group)
            if tuple(e.path for e in entries) != self.entries_key:
                self.rebuild_later(group.id)
            else:
                form.refresh_state(session.get, session.variant, session.diagnostics)
                self.mark_spreads()
        self.refresh_chrome()

    def rebuild_later(self, group_id: str) -> None:
        """Show ``group_id`` again once the messages queued now are handled."""
        self.pending_group = group_id
        self.app.call_later(self.rebuild_form)

    async def rebuild_form(self) -> None:
        # The same group is reconciled in place (ConfigForm.show): the focus stays where it is.
        group_id, self.pending_group = self.pending_group, None
        keep_focused, self.filter_changed = not self.filter_changed, False
        if group_id is not None:
            await self.show_group(group_id, keep_focused=keep_focused)

    def all_entries(self, group: TreeGroup) -> list[FieldEntry]:
        """The fields of ``group`` that pass the filter, on every page."""
        entries = self.layout().fields.get(group.id, [])
        return self.app.model.visible(entries, self.app.form_filter, self.app.session.diagnostics)

    def entries(self, group: TreeGroup) -> list[FieldEntry]:
        """The fields the form shows: the group's page of them."""
        entries = self.all_entries(group)
        start = self._page(group.id, len(entries)) * PAGE_FIELDS
        return entries[start : start + PAGE_FIELDS]

    def _page(self, group_id: str, count: int) -> int:
        last = max(0, (count - 1) // PAGE_FIELDS)
        return min(max(self.pages.get(group_id, 0), 0), last)

    def show_page_of(self, group_id: str, path: str) -> None:
        """The page of ``group_id`` that holds the field of ``path`` is the one shown."""
        group = self.layout().group(group_id)
        if group is None:
            return
        for i, entry in enumerate(self.all_entries(group)):
            if entry.path == path:
                self.pages[group_id] = i // PAGE_FIELDS
                return

    def turns(self, group: TreeGroup) -> tuple[int, tuple[str | None, str | None]]:
        """The page shown and the rows that show the previous and the next one (None: no such page)."""
        count = len(self.all_entries(group))
        page = self._page(group.id, count)
        if count <= PAGE_FIELDS:
            return page, (None, None)
        start = page * PAGE_FIELDS
        end = min(count, start + PAGE_FIELDS)
        shown = f"fields {start + 1:,}-{end:,} of {count:,} shown"
        before = f"▲ {shown}: Enter shows the {PAGE_FIELDS} before them" if page > 0 else None
        after = f"▼ {shown}: Enter shows the next {min(PAGE_FIELDS, count - end):,}" if end < count else None
        return page, (before, after)

    async def turn_page(self, step: int) -> None:
        """Show the previous (``step`` -1) or next (1) page of the form's group, the focus on its first row."""
        form = self.app.query_one(ConfigForm)
        if form.group is None:
            return
        self.pages[form.group.id] = self._page(form.group.id, len(self.all_entries(form.group))) + step
        await self.show_group(form.group.id, keep_focused=False)
        form.focus_first()

    async def show_group(self, group_id: str, *, first: int | None = None, keep_focused: bool = True) -> None:
        group = self.layout().group(group_id)
        if group is None:
            return
        if group.id == LAYERS_GROUP.id and self.effective is not None and self.effective.effective is not None:
            self.entries_key = ()
            await self.app.query_one(ConfigForm).show_panel(
                group, LayersPanel(self.effective.effective, id="layers-panel")
            )
            return
        session = self.app.session
        entries = self.entries(group)
        self.entries_key = tuple(e.path for e in entries)
        page, turns = self.turns(group)
        form = self.app.query_one(ConfigForm)
        await form.show(
            group,
            entries,
            session.get,
            session.variant,
            session.diagnostics,
            note=self.form_note(group, len(self.all_entries(group))),
            first=first,
            keep_focused=keep_focused,
            page=page,
            turns=turns,
        )
        if self.focused_path is not None and form.field_at(self.focused_path) is None:
            self.focused_path = form.focused_path()  # its field left the form: it names what has the focus now
        self.mark_spreads()

    def effective_changed(self) -> None:
        """The layers, sections or variables were read again: the tree, the Layers group, the notes, the status."""
        app = self.app
        try:
            form = app.query_one(ConfigForm)
        except NoMatches:
            return  # the app is closing
        self.show_tree()
        panels = form.query(LayersPanel)
        effective = self.effective.effective if self.effective is not None else None
        if form.group is not None and form.group.id == LAYERS_GROUP.id and panels and effective:
            panels.first().show(effective)
        elif form.group is not None and self.layout().group(form.group.id) is None:
            app.run_worker(self.show_group(self.start_group()))  # the Layers group went
        self.mark_spreads()
        self.refresh_chrome()

    def mark_spreads(self) -> None:
        """Under each field, the spreads that make its unsaved edit mean something else at run time."""
        session = self.app.session
        notes = session.spread_notes()
        for path, field in self.app.query_one(ConfigForm).fields.items():
            edits = [f"line {n.line}: {n.message()}" for edited, n in notes if related(edited, path)]
            field.show_spread_notes(edits + session.spread_origin(path))
            field.show_effective_notes(self.effective.notes(path) if self.effective is not None else [])

    def form_note(self, group: TreeGroup, shown: int) -> str | None:
        notes = []
        form_filter = self.app.form_filter
        if group.from_file:
            notes.append("The catalogue does not know this key (a module's options?): it is kept as written.")
        elif group.of_module:
            notes.append("Options this module's declarations do not list are kept as written (a warning).")
        elif group.of_environment:
            name = group.environment
            notes.append(f"To set another option for {name}: on its field, Ctrl+P › Set for {name}.")
        else:
            variant = self.app.session.variant
            absent = [o for o in self.app.session.catalog.in_group(group.id) if not o.in_variant(variant)]
            if absent:
                other = other_variant(variant)
                notes.append(f"{len(absent)} option(s) of this group exist only in variant {other} (F2 switches).")
        if form_filter != "all":
            notes.append(f"Showing {FILTER_TITLES[form_filter]} only ({shown}); F4 changes the filter.")
        elif shown == 0 and not (group.from_file or group.of_environment):
            notes.append("Nothing to edit here in this variant.")
        return "\n".join(notes) or None

    def refresh_chrome(self) -> None:
        """The status line, the docs pane's variant, the title and the footer's keys."""
        app = self.app
        session = app.session
        counts = session.counts()
        app.query_one(EditorStatus).state = EditorState(
            file=app.label,
            variant=session.variant,
            variant_forced=session.variant_choice.forced,
            dirty=session.dirty,
            read_only=session.read_only is not None,
            errors=counts.get("error", 0),
            warnings=counts.get("warning", 0),
            filter_title=FILTER_TITLES[app.form_filter] if app.form_filter != "all" else "",
            deleted=session.deleted,
            built_by_code_line=built.line if (built := session.document.built_by_code) else None,
            not_checked_line=next((d.line for d in session.diagnostics if d.rule == "not-checked"), None),
            unread_fields=app.query_one(ConfigForm).unread_fields(),
            env=(self.effective.env or "none") if self.effective is not None and self.effective.has_layers else None,
            layer_of=app.layer_of,
        )
        app.query_one(OptionDetail).variant = session.variant
        app.sub_title = plain(app.label)
        self.refresh_bindings_if_changed()

    def refresh_bindings_if_changed(self) -> None:
        # Redrawing the footer lays the screen out again: only when a key comes or goes.
        state = tuple(bool(self.app.check_action(a, ())) for a in WATCHED_ACTIONS)
        if state != self._bindings_state:
            self._bindings_state = state
            self.app.refresh_bindings()


def with_layers(layout: FormLayout) -> FormLayout:
    """``layout`` with the Layers group last (no fields: its form is the layers' panel)."""
    return FormLayout([*layout.groups, LAYERS_GROUP], {**layout.fields, LAYERS_GROUP.id: []})


def related(edited: str, field: str) -> bool:
    """True when the edited path is the field's, below it, or above it (an object holding the field)."""
    for outer, inner in ((field, edited), (edited, field)):
        if inner == outer or inner.startswith((outer + ".", outer + "[")):
            return True
    return False
