"""The "Layers" group of the editor: each layer file, what became of it, and what it sets; Enter opens one.

Built from :class:`fwk_tui.resolve.effective.Effective` (the layers, the
environment sections and the ``.env`` variables): a node per layer as the
loader found it (read, remote, missing, a cycle, unreadable), under it the
values that file sets; then the environment section of each file for the
environment chosen (F6), then the variables that replace values at run time.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from pathlib import Path as FilePath

from rich.text import Text
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from fwk_tui.paths import PathError, format_path, parse_path
from fwk_tui.resolve import Arr, Leaf, Obj, walk
from fwk_tui.resolve.effective import Effective
from fwk_tui.resolve.notes import shown_node, shown_value
from fwk_tui.resolve.variables import private_value
from fwk_tui.source.textutil import plain
from fwk_tui.tui.messages import Sent
from fwk_tui.validate.env import MASK

STATUS_STYLES = {"read": "green", "remote": "yellow", "missing": "red", "cycle": "red", "unreadable": "red"}
MAX_ROWS = 200
"""Values shown under one file; more are counted, not listed."""


@dataclass(frozen=True)
class LayerTarget:
    """What Enter on a row opens: a file, at an option's path when the row is a value."""

    file: FilePath
    path: str | None = None


class LayersPanel(Tree[LayerTarget]):
    """The layers of the config and what each sets; Enter on a layer or one of its values opens that file."""

    DEFAULT_CSS = """
    LayersPanel {
        height: auto;
        overflow-x: hidden;
        max-height: 100%;
        background: $surface;
        padding: 0 1;
    }
    """

    class Open(Sent["LayersPanel"]):
        """Open ``target`` in the editor as a session of its own."""

        def __init__(self, panel: LayersPanel, target: LayerTarget) -> None:
            super().__init__(panel)
            self.target = target

    def __init__(self, effective: Effective, *, id: str | None = None) -> None:
        super().__init__("layers", id=id)
        self.show_root = False
        self.guide_depth = 2
        self.effective = effective
        self._filled_width = 0

    def _room(self, depth: int) -> int:
        """The columns a row at ``depth`` has (the guides take two each, the panel's padding two)."""
        width = self.size.width or (self.parent.size.width if isinstance(self.parent, Widget) else 0) or 60
        return width - 2 * depth - 4

    def on_resize(self) -> None:
        if self._filled_width not in (0, self.size.width):
            self._refill()

    def on_mount(self) -> None:
        self.fill()
        self.call_after_refresh(self._restore, 0)  # the first row is under the cursor when the panel gets the focus

    def show(self, effective: Effective) -> None:
        """Show ``effective`` in place (a new environment, an edit merged): the cursor stays on its line."""
        if effective is self.effective:
            return
        self.effective = effective
        self._refill()

    def _refill(self) -> None:
        line = self.cursor_line
        self.clear()
        self.fill()
        self.call_after_refresh(self._restore, line)

    def _restore(self, line: int) -> None:
        self.cursor_line = min(line, max(self.last_line, 0))

    def move_to(self, line: int) -> None:
        """Put the cursor on row ``line`` (the last row when there are fewer), once the rows are laid out."""
        self.call_after_refresh(self._restore, line)

    def fill(self) -> None:
        self._filled_width = self.size.width
        effective = self.effective
        resolved = effective.resolved
        files = dict(zip((s.file for s in resolved.sources), resolved.files, strict=False))
        by_file = {s.file: s for s in resolved.sources}
        parents: dict[int, TreeNode[LayerTarget]] = {0: self.root}
        for layer in resolved.layers:
            parent = parents.get(layer.depth - 1, self.root)
            label = Text.assemble(
                (f"{layer.key} ", "dim"),
                plain(repr(layer.source)),
                "  ",
                (layer.status, STATUS_STYLES.get(layer.status, "")),
            )
            if layer.file is not None and layer.status == "read":
                label.append(f"  {plain(layer.file)}")
            source = by_file.get(layer.file or "") if layer.status == "read" else None
            target = LayerTarget(files[layer.file]) if source is not None and layer.file in files else None
            node = parent.add(label, data=target, expand=True)
            if layer.status != "read":
                where = layer.written_at.where()
                message = plain(layer.message + (f" (written at {where})" if where else ""))
                for line in textwrap.wrap(message, max(self._room(layer.depth + 1), 20)):
                    node.add_leaf(Text(line, style="italic"))
            if source is not None and target is not None:
                self._values(node, source.body, target.file)
            parents[layer.depth] = node
        for source in resolved.sources:
            if source.section is None or source.file not in files:
                continue
            node = self.root.add(
                Text.assemble((f"{source.section_name} section", "bold"), f"  {plain(source.file)}"),
                data=LayerTarget(files[source.file]),
                expand=True,
            )
            self._values(node, source.section, files[source.file], env_prefix=True)
        self._variables()

    def _values(self, node: TreeNode[LayerTarget], body: Obj, file: FilePath, *, env_prefix: bool = False) -> None:
        rows = 0
        for path, child in walk(body):
            if not path or isinstance(child, Obj) or (path and isinstance(path[-1], int)):
                continue
            rows += 1
            if rows > MAX_ROWS:
                continue
            assert isinstance(child, Leaf | Arr)
            where = f"  :{child.origin.line}" if child.origin is not None and child.origin.line else ""
            text = shown_node(child, path)  # a private value, masked as `resolve` masks it
            label = Text.assemble(plain(format_path(path)), " = ", plain(text), (where, "dim"))
            node.add_leaf(label, data=LayerTarget(file, format_path(path)))
        if rows > MAX_ROWS:
            node.add_leaf(Text(f"… and {rows - MAX_ROWS} more", style="dim"))
        if not rows:
            node.add_leaf(Text("sets nothing" if not env_prefix else "empty", style="dim"))

    def _variables(self) -> None:
        runtime = self.effective.runtime
        unmatched = [m for m in runtime.matches if m.status == "unmatched"]
        if not runtime.overrides and not unmatched:
            return
        node = self.root.add(Text("At run time (FWK_ variables)", style="bold"), expand=True)
        for override in runtime.overrides:
            try:
                private = private_value(parse_path(override.target.path), override.variable.origin())
            except PathError:
                private = False
            value = MASK if private else shown_value(override.value)
            where = override.variable.origin().where() or "the environment"
            name = Text.assemble(plain(override.variable.name), " → ", plain(override.target.path))
            row = node.add(name, expand=True)
            row.add_leaf(Text.assemble(f"= {plain(value)}", (f"  ({plain(where)})", "dim")))
        for match in unmatched:
            variable = self.effective.environment.get(match.entry.name)
            where = variable.origin().where() if variable is not None else ""
            row = node.add(Text.assemble((plain(match.entry.name), "yellow"), " matches no key"), expand=True)
            hint = f"did you mean {match.suggestion}?" if match.suggestion else "it replaces nothing"
            row.add_leaf(Text.assemble(plain(hint), (f"  ({plain(where)})", "dim")))

    def on_tree_node_selected(self, event: Tree.NodeSelected[LayerTarget]) -> None:
        event.stop()  # not a group of the editor's tree
        target = event.node.data
        if target is not None:
            self.post_message(self.Open(self, target))

    def _keep(self, event: Message) -> None:
        event.stop()  # the editor's tree of groups sends these too: the app must not take these for its own

    on_tree_node_highlighted = on_tree_node_expanded = on_tree_node_collapsed = _keep


