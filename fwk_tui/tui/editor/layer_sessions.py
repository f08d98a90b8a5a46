"""A layer's file opened in the editor as a session of its own, and the way back to the file it was opened from.

The editor shows one session at a time. Enter on a layer (or one of its values)
in the Layers group keeps the current session as it is (unsaved edits, undo
history, text typed that does not read) and shows the layer's file in its
place, with its own undo and its own save. Esc goes back; a layer with unsaved
edits asks first (save, discard or stay), as quitting does.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from fwk_tui.source import DocumentError, ParseError
from fwk_tui.tui.editor.widgets.config_form import ConfigForm
from fwk_tui.tui.editor.widgets.group_tree import GroupTree
from fwk_tui.tui.editor.widgets.layers_panel import LayersPanel
from fwk_tui.tui.widgets.option_detail import OptionDetail

if TYPE_CHECKING:
    from fwk_tui.session import EditSession
    from fwk_tui.tui.editor.effective import EffectiveView
    from fwk_tui.tui.editor.form_sync import FormSync
    from fwk_tui.tui.editor.host import EditorHost
    from fwk_tui.tui.editor.widgets.layers_panel import LayerTarget


@dataclass
class _Kept:
    """A session left for a layer's: shown again as it was."""

    session: EditSession
    label: str
    unread: dict[str, str]
    group: str | None
    focused: str | None
    panel_line: int | None = None  # the Layers group's row the layer was opened from


class LayerSessions:
    """Opens layer files over the current session and comes back to it."""

    def __init__(
        self, app: EditorHost, sync: FormSync, effective: EffectiveView, listener: Callable[[EditSession], None]
    ) -> None:
        self.app = app
        self.sync = sync
        self.effective = effective
        self._listener = listener
        self._kept: list[_Kept] = []

    @property
    def layer_of(self) -> str | None:
        """The label of the file the shown layer was opened from (``None``: the first file is shown)."""
        return self._kept[-1].label if self._kept else None

    async def open(self, target: LayerTarget) -> None:
        """Show ``target``'s file as a session of its own, at its option when it names one."""
        from fwk_tui.session import EditSession

        app = self.app
        current = app.session
        if current.path is not None and target.file.resolve() == current.path.resolve():
            if target.path is not None:
                await app.go_to(target.path)
            return
        try:
            session = EditSession.open(target.file, current.catalog)
        except (ParseError, DocumentError, OSError) as exc:
            app.notify(str(exc), title="Cannot open the layer", severity="error")
            return
        session.subscribe(self._listener)
        form = app.query_one(ConfigForm)
        unread = {**form.unread, **form.pending_texts()}
        group = form.group.id if form.group is not None else None
        panels = form.query(LayersPanel)
        line = panels.first().cursor_line if panels else None
        focused = None if panels else self.sync.focused_path  # back where Enter was pressed
        self._kept.append(_Kept(current, app.label, unread, group, focused, line))
        await self._show(session, self._label(target.file), {}, None, target.path)
        app.notify(f"{app.label}: its own undo and save; Esc goes back to {self._kept[0].label}", timeout=4)

    async def back(self) -> bool:
        """Show the file the layer was opened from again, with its unsaved edits; ``False`` when there is none."""
        if not self._kept:
            return False
        kept = self._kept.pop()
        await self._show(kept.session, kept.label, kept.unread, kept.group, kept.focused)
        panels = self.app.query_one(ConfigForm).query(LayersPanel)
        if kept.panel_line is not None and panels:
            panel = panels.first()
            panel.focus()  # on the row the layer was opened from
            panel.call_after_refresh(panel.move_to, kept.panel_line)
        return True

    def _label(self, file: Path) -> str:
        first = self._kept[0].session.path if self._kept else None
        if first is None:
            return str(file)
        try:
            return os.path.relpath(file.resolve(), first.resolve().parent)
        except ValueError:
            return str(file)

    async def _show(
        self, session: EditSession, label: str, unread: dict[str, str], group: str | None, path: str | None
    ) -> None:
        app, sync = self.app, self.sync
        app.session.seal()
        app.session = session
        app.label = label
        sync.reset()
        form = app.query_one(ConfigForm)
        form.group = None  # the next show builds the form anew
        form.unread = dict(unread)
        self.effective.load()
        sync.show_tree()
        layout = sync.layout()
        start = group if group is not None and layout.group(group) is not None else sync.start_group()
        if path is not None:
            start = app.model.group_of_path(path) or start
        tree = app.query_one(GroupTree)
        tree.select_group(start)
        await app.settle()  # the tree's new nodes are highlighted and the cursor's group is asked for first
        sync.pending_group = None
        app.query_one(OptionDetail).subject = sync.catalog_group(start)
        await sync.show_group(start)
        sync.refresh_chrome()
        if path is not None and await app.go_to(path, quiet=True):
            return
        tree.focus()
