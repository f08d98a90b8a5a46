"""Tree labels that fit the tree's width: the name gives way, the marks after it stay."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Tree
from textual.widgets.tree import TreeNode


def label_room(tree: Tree[Any], node: TreeNode[Any], prefix: int = 0) -> int:
    """Cells ``node``'s label may take on its line after ``prefix`` cells (an icon); 0 before layout."""
    levels = 0
    parent = node.parent
    while parent is not None and (parent is not tree.root or tree.show_root):
        levels += 1
        parent = parent.parent
    width = tree.scrollable_content_region.width
    return max(0, width - levels * tree.guide_depth - prefix) if width else 0


def fit_label(name: Text, marks: Text, room: int, *, keep_end: bool = False) -> Text:
    """``name`` then ``marks`` in ``room`` cells: a long name is shortened with …, the marks always show.

    ``keep_end`` shortens from the start (``…transform.options.target``): the
    end of a dotted path is what tells options of one group apart.
    """
    space = room - marks.cell_len
    if room and space > 0 and name.cell_len > space:
        if keep_end:
            kept = name[len(name.plain) - (space - 1) :] if space > 1 else Text()
            name = Text.assemble(Text("…", style=name.style), kept, end="")
            while name.cell_len > space:  # wide characters
                name = Text.assemble(Text("…", style=kept.style), name[2:], end="")
        else:
            name.truncate(space, overflow="ellipsis")
    name.append_text(marks)
    return name
