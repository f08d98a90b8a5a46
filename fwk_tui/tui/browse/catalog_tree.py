"""The catalogue as a tree: groups, then their options, marked for the current variant."""

from __future__ import annotations

from typing import ClassVar, Unpack

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from fwk_tui.catalog.models import Catalog, Group, Option, Variant
from fwk_tui.tui.messages import Sent
from fwk_tui.tui.render import DIFFERS_MARK, component_text_style, only_in_text
from fwk_tui.tui.widgets.options import WidgetOptions
from fwk_tui.tui.widgets.tree_fit import fit_label, label_room

NodeData = Group | Option


class CatalogTree(Tree[NodeData]):
    """Groups (title and option count) holding their options.

    Options whose type or default differs between the variants carry a ``≠``;
    options missing from the current variant are dimmed and say where they exist.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "expand_or_down", "Expand", show=False),
        Binding("left", "collapse_or_parent", "Collapse", show=False),
        Binding("enter", "enter", "Edit", show=False),
    ]

    class EditOption(Sent["CatalogTree"]):
        """Enter on an option: edit it in the config (a click only selects it)."""

        def __init__(self, tree: CatalogTree, path: str) -> None:
            super().__init__(tree)
            self.path = path

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "catalog-tree--count",
        "catalog-tree--differs",
        "catalog-tree--only",
        "catalog-tree--absent",
    }

    DEFAULT_CSS = """
    CatalogTree {
        & > .catalog-tree--count { color: $text-muted; }
        & > .catalog-tree--differs { color: $text-accent; text-style: bold; }
        & > .catalog-tree--only { color: $text-muted; text-style: italic; }
        & > .catalog-tree--absent { color: $text-disabled; }
    }
    """

    # init=False: the labels read it while the tree lays out its lines, and
    # an initial watcher call there would clear the lines mid-layout.
    variant: reactive[Variant] = reactive("A", init=False)
    """The layout variant that decides the markers and what is dimmed."""

    def __init__(self, catalog: Catalog, **options: Unpack[WidgetOptions]) -> None:
        super().__init__("fwk.config.ts", **options)
        self.show_root = False
        self.guide_depth = 3
        self._option_nodes: dict[str, TreeNode[NodeData]] = {}
        self._short_names: dict[str, str] = {}
        self._group_options: dict[str, list[Option]] = {}
        self._build_nodes(catalog)

    def _build_nodes(self, catalog: Catalog) -> None:
        members: dict[str, list[Option]] = {g.id: [] for g in catalog.groups}
        for option in catalog.options:
            members[option.group].append(option)
        for index, group in enumerate(catalog.groups):
            options = members[group.id]
            self._group_options[group.id] = options
            # Only the first group starts open, so the first frame draws few lines.
            group_node = self.root.add(Text(group.title), data=group, expand=index == 0)
            prefix = _shared_prefix(options)
            for option in options:
                name = _short_name(option.path, prefix)
                self._short_names[option.path] = name
                self._option_nodes[option.path] = group_node.add_leaf(Text(name), data=option)

    def on_mount(self) -> None:
        # Start on an option, not a group, so the detail pane has something to say.
        first = next(iter(self._option_nodes.values()), None)
        if first is not None:
            _ = self.last_line  # lay out the lines so first.line is known
            # Not move_cursor(): it would scroll before the tree has a size.
            self.cursor_line = first.line

    def action_enter(self) -> None:
        """Enter: on an option, ask to edit it; on a group, open or close it (as a click does)."""
        option = self.cursor_option
        if option is not None:
            self.post_message(self.EditOption(self, option.path))
        else:
            self.action_select_cursor()

    @property
    def cursor_option(self) -> Option | None:
        """The option under the cursor, or ``None`` when the cursor is on a group."""
        node = self.cursor_node
        return node.data if node is not None and isinstance(node.data, Option) else None

    def select_option(self, path: str) -> bool:
        """Open the option's group and put the cursor on it; ``False`` if there is no such option."""
        node = self._option_nodes.get(path)
        if node is None:
            return False
        if node.parent is not None and not node.parent.is_expanded:
            node.parent.expand()
        # Adding or expanding nodes only invalidates the lines; reading last_line
        # lays them out again so the node knows its line before the cursor moves.
        _ = self.last_line
        self.move_cursor(node)
        return True

    def watch_variant(self) -> None:
        # Every label depends on the variant: drop the cached lines and widths.
        self._invalidate()

    def render_label(self, node: TreeNode[NodeData], base_style: Style, style: Style) -> Text:
        data = node.data
        if isinstance(data, Group):
            prefix = (self.ICON_NODE_EXPANDED if node.is_expanded else self.ICON_NODE, base_style)
            name, marks = self._group_label(data)
        elif isinstance(data, Option):
            prefix = ("", base_style)
            name, marks = self._option_label(data)
        else:
            return super().render_label(node, base_style, style)
        # A narrow tree shortens the name (an option's from its start), never the counts and marks after it.
        room = label_room(self, node, prefix=Text(prefix[0]).cell_len)
        label = fit_label(name, marks, room, keep_end=isinstance(data, Option))
        label.stylize(style)
        return Text.assemble(prefix, label)

    def _group_label(self, group: Group) -> tuple[Text, Text]:
        """The group's title, and its option count (with "B only" when none is in this variant)."""
        options = self._group_options[group.id]
        present = sum(1 for o in options if o.in_variant(self.variant))
        label, marks = Text(group.title, end=""), Text(end="")
        count = str(len(options)) if present == len(options) else f"{present}/{len(options)}"
        if present == 0:
            label.stylize(self._style("catalog-tree--absent"))
            marks.append(f" {count}", style=self._style("catalog-tree--absent"))
            marks.append(f" {only_in_text(options[0])}", style=self._style("catalog-tree--only"))
        else:
            marks.append(f" {count}", style=self._style("catalog-tree--count"))
        return label, marks

    def _option_label(self, option: Option) -> tuple[Text, Text]:
        """The option's short name, and its ≠ or "B only" mark."""
        label, marks = Text(self._short_names[option.path], end=""), Text(end="")
        only = only_in_text(option)
        if not option.in_variant(self.variant):
            label.stylize(self._style("catalog-tree--absent"))
        elif option.differs and not only:
            marks.append(f" {DIFFERS_MARK}", style=self._style("catalog-tree--differs"))
        if only:
            marks.append(f" {only}", style=self._style("catalog-tree--only"))
        return label, marks

    def _style(self, component: str) -> Style:
        return component_text_style(self, component)

    def action_expand_or_down(self) -> None:
        """Open a closed group; elsewhere move down a line."""
        node = self.cursor_node
        if node is not None and node.allow_expand and not node.is_expanded:
            node.expand()
        else:
            self.action_cursor_down()

    def action_collapse_or_parent(self) -> None:
        """Close an open group; on an option go to its group."""
        node = self.cursor_node
        if node is None:
            return
        if node.allow_expand and node.is_expanded:
            node.collapse()
        elif node.parent is not None and node.parent is not self.root:
            self.move_cursor(node.parent)


def _shared_prefix(options: list[Option]) -> str:
    """The first path segment every option of a group starts with, or ``""``.

    Under "App shell" ``app.baseURL`` reads better as ``baseURL``: the tree is
    narrow and the detail pane shows the full path.
    """
    if len(options) < 2:
        return ""
    first = options[0].segments[0] if options[0].segments else None
    if not isinstance(first, str):
        return ""
    for option in options:
        if not option.segments or option.segments[0] != first:
            return ""
    return first


def _short_name(path: str, prefix: str) -> str:
    if not prefix or path == prefix:
        return path
    rest = path[len(prefix) :]
    return rest[1:] if rest.startswith(".") else rest
