"""The editor's tree: one node per group, with what the file sets and what is wrong there."""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from fwk_tui.tui.form_model import TreeGroup
from fwk_tui.tui.render import component_text_style
from fwk_tui.tui.widgets.tree_fit import fit_label, label_room

Badges = dict[str, tuple[int, int, int]]
Matches = dict[str, tuple[int, int]]
"""Per group, under a filter: (fields that match, all fields)."""


class GroupTree(Tree[TreeGroup]):
    """Catalogue groups, then the file's own top-level keys; each with badges.

    ``●3`` counts the group's options set in the file, ``✖1`` its errors,
    ``▲2`` its warnings. Selecting a group shows its form. Under a filter
    (F4) each group shows ``3/12`` (its fields that match / all), and a group
    where none match is dimmed.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "group-tree--set",
        "group-tree--error",
        "group-tree--warning",
        "group-tree--file",
        "group-tree--count",
        "group-tree--no-match",
    }

    DEFAULT_CSS = """
    GroupTree {
        & > .group-tree--set { color: $text-accent; }
        & > .group-tree--error { color: $text-error; text-style: bold; }
        & > .group-tree--warning { color: $text-warning; }
        & > .group-tree--file { color: $text-muted; text-style: italic; }
        & > .group-tree--count { color: $text-muted; }
        & > .group-tree--no-match { color: $text-disabled; }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("groups", id=id)
        self.show_root = False
        self.guide_depth = 2
        self._groups: list[TreeGroup] = []
        self._badges: Badges = {}
        self._matches: Matches | None = None
        self._group_nodes: dict[str, TreeNode[TreeGroup]] = {}

    def show(self, groups: list[TreeGroup], badges: Badges, matches: Matches | None = None) -> None:
        """Show ``groups`` (rebuilding only when the list changed) with fresh badges.

        ``matches``: under a filter, each group's matching and total fields (``None``: no filter).
        """
        if badges == self._badges and groups == self._groups and matches == self._matches:
            return  # most keystrokes change no badge: no repaint
        self._badges = badges
        self._matches = matches
        if [g.id for g in groups] != [g.id for g in self._groups]:
            current = self.cursor_group
            self._groups = groups
            self.clear()
            self._group_nodes = {g.id: self.root.add_leaf(Text(g.title), data=g) for g in groups}
            if current is not None and current.id in self._group_nodes:
                self.select_group(current.id)
        else:
            # Labels may change width: drop the cached lines (a repaint of the tree, not of the screen).
            self._invalidate()

    @property
    def cursor_group(self) -> TreeGroup | None:
        node = self.cursor_node
        return node.data if node is not None else None

    def select_group(self, group_id: str) -> bool:
        """Put the cursor on ``group_id``; ``False`` when the tree has no such group."""
        node = self._group_nodes.get(group_id)
        if node is None:
            return False
        _ = self.last_line  # lay out the lines so the node knows its line
        self.move_cursor(node)
        return True

    def render_label(self, node: TreeNode[TreeGroup], base_style: Style, style: Style) -> Text:
        if node.data is None:
            return super().render_label(node, base_style, style)
        label = self._label(node, styled=True)
        label.stylize(style)
        return label

    def get_label_width(self, node: TreeNode[TreeGroup]) -> int:
        # Measured at every rebuild of the lines, for each group: the same text without its styles.
        if node.data is None:
            return super().get_label_width(node)
        return self._label(node, styled=False).cell_len

    def _label(self, node: TreeNode[TreeGroup], *, styled: bool) -> Text:
        group = node.data
        assert group is not None
        style = self._style if styled else _no_style
        label = Text(group.title, end="")
        if group.from_file:
            label.stylize(style("group-tree--file"))
        badges = Text(end="")
        if self._matches is not None:
            matching, total = self._matches.get(group.id, (0, 0))
            if not matching:
                label.stylize(style("group-tree--no-match"))
            badges.append(f" {matching}/{total}", style=style("group-tree--count"))
        modified, errors, warnings = self._badges.get(group.id, (0, 0, 0))
        if modified:
            badges.append(f" ●{modified}", style=style("group-tree--set"))
        if errors:
            badges.append(f" ✖{errors}", style=style("group-tree--error"))
        if warnings:
            badges.append(f" ▲{warnings}", style=style("group-tree--warning"))
        # A narrow tree shortens the title, never the badges: an error must show.
        return fit_label(label, badges, label_room(self, node))

    def _style(self, component: str) -> Style:
        return component_text_style(self, component)


def _no_style(component: str) -> Style:
    return _NULL_STYLE


_NULL_STYLE = Style()
