"""The edits the editor's keys make: a field's edit, undo, redo, reset and fix, and what they act on."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from textual.widgets import Tree

from fwk_tui.paths import PathError, format_path, parse_path
from fwk_tui.resolve.sections import section_length
from fwk_tui.session import Edit, EditError
from fwk_tui.source.textutil import plain
from fwk_tui.tui.editor.widgets.config_form import ConfigForm
from fwk_tui.tui.fields.field import OptionField
from fwk_tui.tui.fields.value_editor import ValueEditor
from fwk_tui.validate.diagnostics import within
from fwk_tui.validate.keys import ENV_BLOCKS
from fwk_tui.validate.merge_fix import chosen

if TYPE_CHECKING:
    from fwk_tui.session import EditSession
    from fwk_tui.tui.editor.form_sync import FormSync
    from fwk_tui.tui.editor.host import EditorHost
    from fwk_tui.tui.editor.navigation import Navigator
    from fwk_tui.tui.screens.choice import ChoiceScreen
    from fwk_tui.validate.diagnostics import Fix


@dataclass(eq=False)
class EditActions:
    """Applies edits to the session, refusing them in a read-only config, and moves the focus to what changed."""

    app: EditorHost
    sync: FormSync
    nav: Navigator
    _told_read_only: bool = field(default=False, init=False)
    """Whether the user was told that a read-only config takes no edits."""

    def apply(self, edit: Edit, *, merge: bool = False) -> bool:
        """Apply ``edit``; ``False`` (said to the user, the field shown as in the file) when it is not taken."""
        session = self.app.session
        if session.read_only is not None:
            self.refuse_read_only()
            self.app.query_one(ConfigForm).reshow(edit.path)
            return False
        try:
            session.apply(edit, merge=merge)
        except EditError as exc:
            self.app.notify(plain(str(exc)), title=f"Could not {edit.label.lower()}", severity="error")
            self.app.query_one(ConfigForm).reshow(edit.path)
            return False
        return True

    def refuse_read_only(self) -> None:
        """Say why a read-only config takes no edit: once, as every later key would repeat it."""
        read_only = self.app.session.read_only
        if not self._told_read_only and read_only is not None:
            self._told_read_only = True
            self.app.notify(plain(f"Edits are not taken: {read_only}."), title="Read-only", severity="warning")

    def acting_path(self) -> str | None:
        """The option Reset and Fix act on: the focused one, while its field is in the form and has the focus.

        ``focused_path`` names the field last focused; the focus may have gone on since (to the
        tree, the docs) and the field with it (a filter lets it go once the focus leaves).
        """
        path = self.sync.focused_path
        if path is None:
            return None
        form = self.app.query_one(ConfigForm)
        at_path = form.field_at(path)
        focused = form.focused_path()
        if at_path is None or focused is None or form.fields.get(focused) is not at_path:
            return None
        return path

    def focused_fix(self) -> Fix | None:
        """The fix of the focused field's first diagnostic that has one."""
        path = self.acting_path()
        if path is None:
            return None
        for d in self.app.session.diagnostics_for(path):
            if d.fix is not None:
                return d.fix
        return None

    def focused_unread(self) -> ValueEditor | None:
        """The editor holding the focus (or holding what has it) whose typed text does not read, if any."""
        node = self.app.focused
        while node is not None and not isinstance(node, OptionField):
            if isinstance(node, ValueEditor) and node.pending_text() is not None:
                return node
            node = node.parent  # type: ignore[assignment]
        return None

    def can(self, action: str) -> bool | None:
        """Whether the key of ``action`` does something now (``None``: not an action of edits)."""
        session = self.app.session
        if action == "undo":
            return session.can_undo or self.focused_unread() is not None
        if action == "redo":
            return session.can_redo
        if action == "reset":
            path = self.acting_path()
            return path is not None and session.has(path)
        if action == "fix":
            return self.focused_fix() is not None
        if action == "save":
            return session.read_only is None
        return None

    def undo(self) -> None:
        editor = self.focused_unread()
        if editor is not None:
            # That text is not in the file, so no undo step holds it: undoing an earlier edit
            # elsewhere (and moving there) would leave it behind.
            editor.discard_text()
            self.app.notify(plain(f"Undone: the text typed in {editor.path}"), timeout=2)
            return
        edit = self.app.session.undo()
        if edit is not None:
            self.app.notify(plain(f"Undone: {edit.label}"), timeout=2)
            self.nav.focus_touched(edit.path)

    def redo(self) -> None:
        edit = self.app.session.redo()
        if edit is not None:
            self.app.notify(plain(f"Redone: {edit.label}"), timeout=2)
            self.nav.focus_touched(touched_path(edit))

    def reset(self) -> None:
        path = self.acting_path()
        if path is not None and self.app.session.has(path) and self.apply(Edit("unset", path)):
            self.nav.focus_touched(path)

    def fix(self) -> None:
        fix = self.focused_fix()
        if fix is None:
            return
        if fix.needs_choice:
            self.app.push_screen(merge_question(self.app, fix), callback=lambda answer: self._chosen(fix, answer))
            return
        self._fix(fix)

    def _chosen(self, fix: Fix, answer: str | None) -> None:
        if answer in ("existing", "moved"):  # Esc: nothing changes
            self._fix(chosen(fix, "existing" if answer == "existing" else "moved"))

    def _fix(self, fix: Fix) -> None:
        session = self.app.session
        edit = Edit("fix", fix.path, fix=fix)
        touched = touched_path(edit)
        moved = session.get(fix.path) if fix.kind == "merge" else None
        if isinstance(moved, dict) and moved and fix.new_path is not None:
            touched = format_path((*parse_path(fix.new_path), next(iter(moved))))  # the first key it brought
        form = self.app.query_one(ConfigForm)
        neighbours = _neighbours(list(form.fields), self.acting_path())
        if self.apply(edit):
            self.app.notify(plain(fix.title), title="Fixed", timeout=3)
            self.nav.focus_touched(self._field_for(touched, neighbours))

    def _field_for(self, path: str, neighbours: list[str]) -> str:
        """Where the focus goes after an edit of ``path``: its field; else the first field of a key written inside
        it (an object renamed or merged: its first option); else, the key gone, the field that was next to it."""
        fields = [e.path for entries in self.sync.layout().fields.values() for e in entries]
        if any(within(path, f) for f in fields):
            return path
        session = self.app.session
        inside = next((f for f in fields if within(f, path) and session.has(f)), None)
        if inside is not None:
            return inside
        return next((f for f in neighbours if f in fields), path)

    def environment_targets(self) -> list[tuple[str, str]]:
        """(section, environment) the focused option can be set for: ``$production``, ``$development``, ``$test``
        and each name of the file's ``$env``; none when no field is focused or it is in a section already."""
        path = self.acting_path()
        try:
            segments = parse_path(path) if path is not None else ()
        except PathError:
            return []
        if not segments or section_length(segments) or segments[0] == "$env":
            return []
        option = self.app.session.catalog.get(path or "")
        tags = option.tags if option is not None else ()
        # A dev-only option means nothing in production or test, a production-only one in development.
        unmeant = {"dev-only": ("$production", "$test"), "production-only": ("$development",)}
        skipped = {block for tag in tags for block in unmeant.get(tag, ())}
        targets = [(block, block[1:]) for block in ENV_BLOCKS if block not in skipped]
        by_name = self.app.session.get("$env")
        if isinstance(by_name, dict):
            targets += [(format_path(("$env", name)), name) for name in by_name]
        return targets

    def set_in_environment(self, section: str) -> None:
        """Write the focused option in ``section`` (its value as the file writes it, else its default) and go to
        that field: the app gets it there in that environment."""
        path = self.acting_path()
        if path is None:
            return
        session = self.app.session
        name = dict(self.environment_targets()).get(section, section)
        target = format_path((*parse_path(section), *parse_path(path)))
        if session.has(target):
            self.app.notify(plain(f"{path} is set for {name} already: here it is."), timeout=3)
            self.nav.focus_touched(target)
            return
        text = session.written_text(path)
        if text is not None:
            edit = Edit("set_code", target, text)
        elif session.has(path):
            edit = Edit("set", target, session.get(path))
        else:
            option = session.catalog.get(path)
            default = option.default_for(session.variant) if option is not None else None
            if default is None or default.kind != "value":
                self.app.notify(plain(f"{path} has no value to start from: set it first."), timeout=4)
                return
            edit = Edit("set", target, default.value)
        if self.apply(edit):
            self.app.notify(plain(f"{path} is now set for {name} too: change it there."), timeout=4)
            self.nav.focus_touched(target)

    def no_fix(self) -> None:
        path = self.acting_path()
        where = f"at {path}" if path is not None else "here"
        if isinstance(self.app.focused, Tree):
            where = "in the tree: go to a field with a problem (F4 shows them)"
        self.app.notify(plain(f"No fix {where}."), timeout=3)


def _neighbours(fields: list[str], path: str | None) -> list[str]:
    """The fields of the form around ``path``, nearest first, those after it before those above it."""
    if path not in fields:
        return []
    at = fields.index(path)
    return [*fields[at + 1 :], *reversed(fields[:at])]


def merge_question(app: EditorHost, fix: Fix) -> ChoiceScreen:
    """Which value a key both objects of a merge set (differently) keeps: the meant object's first, as Enter."""
    from fwk_tui.tui.screens.choice import Answer, ChoiceScreen  # a question is not shown at start

    assert fix.new_path is not None
    session = app.session
    moved, into = parse_path(fix.path), parse_path(fix.new_path)
    key, near = str(moved[-1]), str(into[-1])
    lines = []
    for conflict in fix.conflicts[:_SHOWN_CONFLICTS]:
        inner = parse_path(conflict)
        there, here = format_path((*into, *inner)), format_path((*moved, *inner))
        lines.append(f"{conflict}: {_shown(session, there)} in {near}, {_shown(session, here)} in {key}")
    if len(fix.conflicts) > _SHOWN_CONFLICTS:
        lines.append(f"and {len(fix.conflicts) - _SHOWN_CONFLICTS} more")
    return ChoiceScreen(
        f"Merge {key} into {near}",
        f"{key} and {near} set {'this key' if len(fix.conflicts) == 1 else 'these keys'} differently. "
        f"Which {'value stays' if len(fix.conflicts) == 1 else 'values stay'}?\n" + "\n".join(lines),
        [
            Answer("existing", f"Keep {near}'s", "k", "primary"),
            Answer("moved", f"Take {key}'s", "t", "warning"),
        ],
        detail=f"The other keys of {key} join {near} either way, and {key} goes. Esc changes nothing; Ctrl+Z undoes "
        "the merge.",
    )


_SHOWN_CONFLICTS = 4


def _shown(session: EditSession, path: str) -> str:
    from fwk_tui.source.summary import one_line
    from fwk_tui.tui.fields.present import js

    return one_line(js(session.get(path)), 40) if session.has(path) else "(not set)"


def touched_path(edit: Edit) -> str:
    """Where ``edit`` leaves the value it changed: a rename, a move or a merge of a fix puts it at a new path; a
    removal of a key that repeats another points at that other one."""
    fix = edit.fix
    if fix is not None and fix.kind in ("move", "replace", "merge", "unset") and fix.new_path:
        return fix.new_path
    key = fix.new_key if fix is not None and fix.kind == "rename" else edit.key if edit.kind == "rename" else None
    if key is not None:
        try:
            return format_path((*parse_path(edit.path)[:-1], key))
        except PathError:
            return edit.path
    return edit.path
