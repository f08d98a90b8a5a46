"""A move to layout A being chosen: the source folder, a choice per item, and the config it would write.

The editor's screen holds one: each change of choice recomputes the plan (the
source folder changes which items there are) and the document it writes, so
what is shown is always what Apply would do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any

from fwk_tui.catalog.models import Catalog
from fwk_tui.migrate.plan import (
    KEEP_OLD,
    NOT_SET,
    REMOVED,
    UNKNOWN,
    FolderMove,
    Item,
    Plan,
    folder_moves,
    plan_move,
    visible_items,
)
from fwk_tui.migrate.write import Findings, Outcome, findings_under_b, migrated
from fwk_tui.resolve.loader import Resolved
from fwk_tui.source import STARTER_STYLE, ConfigDocument
from fwk_tui.source.render import Renderer
from fwk_tui.source.summary import one_line
from fwk_tui.source.textutil import unified_diff

SOURCE = "srcDir"
FOLLOWS_SOURCE = "follows the folders"
NO_KEEPING_VALUE = "no value in the config keeps the old one"
FOLLOWS_VERSION = "comes with the framework's version, not with this move: nothing written"
KEEP_PATHS = frozenset(path for path, _ in KEEP_OLD)
"""The options the reference's way back pins."""


def choosable(item: Item) -> bool:
    """Whether the user chooses for ``item``: keep the old behaviour (pinned, or a removed flag left as written) or
    take the new one."""
    return item.choosable


def why_fixed(item: Item) -> str:
    """Why there is no choice for ``item`` (``""`` when there is one)."""
    if item.kind == "follows":
        return FOLLOWS_SOURCE
    if item.kind == "version":
        return FOLLOWS_VERSION
    if item.kind == "b-only":
        instead = f"; the reference points to {item.replaced_by}" if item.replaced_by else ""
        return f"the reference lists it for layout B only: kept as written{instead}"
    if item.keep is None:
        return NO_KEEPING_VALUE
    return ""


def left_words(moves: list[FolderMove], fallback: bool) -> str:
    """What a config in layout A does with the sources still beside it: the framework's fallback reads them while
    app/ holds nothing of the app; otherwise the app does not see them."""
    names = ", ".join(m.source for m in moves)
    if fallback:
        return (
            f"Still beside the config: {names}. The app reads them there only through the framework's fallback "
            "(app/ holds nothing of the app yet): the first file put in app/ hides them. Move them into app/"
        )
    return f"Still beside the config, where layout A does not read them (the app does not see them): {names}"


def imports_words(plan: Plan) -> list[str]:
    """The notes on files that import through ``~/`` what stays beside the config (layout A's own folders, or
    those the config names from their place): which files to change, and how."""
    lines = []
    for entry, files in plan.imports_left.items():
        shown_files = ", ".join(files[:3]) + (f" and {len(files) - 3} more" if len(files) > 3 else "")
        instead = "#server/" if entry == "server" else f"~~/{entry}"
        lines.append(
            f"Note: {entry} stays beside the config, but {len(files)} moving file{'s' if len(files) != 1 else ''} "
            f"import{'' if len(files) != 1 else 's'} it through ~/ ({shown_files}): under layout A ~/ is app/; "
            f"write those imports through {instead}"
        )
    return lines


def kept_words(item: Item) -> str:
    """What keeping ``item`` does, in the plan's words."""
    if item.kind == "removed":
        return "kept as written"
    if item.kind == "folder":
        return "old place kept"
    return "old value kept"


def adopted_words(item: Item) -> str:
    """What adopting ``item`` does, in the plan's words."""
    if item.kind == "removed":
        return "removed"
    if item.kind == "folder":
        return f"moves to {item.after}/"
    return "new behaviour adopted"


def warned(outcome: Outcome) -> list[str]:
    """What ``check`` will warn about under layout A that it did not before, one line each, with what to do.

    The reference's way back pins flags version 4 removes (``templateUtils``,
    ``relativeWatchPaths``): kept, they work, and the check says they go.
    """
    lines = []
    for d in outcome.new_warnings:
        advice = " (adopting the new behaviour for it removes the key)" if d.path in KEEP_PATHS else ""
        lines.append(f"after the move, check warns at {d.path}: {d.code} {d.message}{advice}")
    return lines


@dataclass
class Draft:
    """The move as chosen so far: old behaviour kept by default, the sources kept where they are."""

    doc: ConfigDocument
    resolved: Resolved
    catalog: Catalog
    root: FilePath
    name: str
    """The file's name in the diff's header."""
    keep_source_folder: bool = True
    adopted: set[str] = field(default_factory=set)
    """Items whose new behaviour the user chose (every other choosable item keeps its old value)."""
    plan: Plan = field(init=False)
    outcome: Outcome = field(init=False)
    source_folder_fixed: bool = field(init=False)
    """True when the project sets ``srcDir``: the sources stay there whatever is chosen."""
    folders_to_move: list[FolderMove] = field(init=False)
    """What would move into app/ if the sources moved (only what exists)."""

    def __post_init__(self) -> None:
        self._before: Findings = findings_under_b(self.doc, self.catalog)  # the file's: the same for every choice
        self._plans: dict[bool, Plan] = {}  # by keep_source_folder: the choices of items change no plan
        moving = self._plan(keep_source_folder=False)
        self.source_folder_fixed = not any(i.path == SOURCE for i in moving.items)
        self.folders_to_move = moving.folders
        self._compute()

    def _plan(self, *, keep_source_folder: bool) -> Plan:
        """The plan for a choice of the source folder, made once (it reads the moving files for their imports)."""
        if keep_source_folder not in self._plans:
            self._plans[keep_source_folder] = plan_move(
                self.resolved,
                self.catalog,
                self.root,
                keep_source_folder=keep_source_folder,
                config_text=self.doc.text,
            )
        return self._plans[keep_source_folder]

    def _compute(self) -> None:
        self.plan = self._plan(keep_source_folder=self.keep_source_folder)
        self.outcome = migrated(self.doc, self.plan, self.kept_paths, self.catalog, self._before)

    @property
    def items(self) -> list[Item]:
        """The plan's items but ``srcDir`` (the source folder is chosen on its own, first) and the defaults that come
        with the framework's version (not this move's: nothing is written for them)."""
        shown = visible_items(self.plan, self.kept_paths)
        return [i for i in shown if i.path != SOURCE and i.kind != "version"]

    @property
    def kept_paths(self) -> set[str]:
        """The items whose old value is written."""
        chosen = [i for i in self.plan.items if i.path != SOURCE and choosable(i)]
        return {i.path for i in chosen if i.path not in self.adopted}

    def set_source_folder(self, keep: bool) -> None:
        """Keep the sources where they are (``srcDir: '.'``) or move them into app/; the plan is made again."""
        if keep != self.keep_source_folder:
            self.keep_source_folder = keep
            self._compute()

    def choose(self, path: str, keep: bool) -> None:
        """Keep the old behaviour of ``path`` or adopt the new one."""
        if keep:
            self.adopted.discard(path)
        else:
            self.adopted.add(path)
        self.outcome = migrated(self.doc, self.plan, self.kept_paths, self.catalog, self._before)

    def keeps(self, path: str) -> bool:
        return path not in self.adopted

    @property
    def moves(self) -> list[FolderMove]:
        """What the chosen move needs moved on disk: the sources into app/ (when they move) and each folder whose
        new place is adopted (``src/server`` to ``server``)."""
        return folder_moves(self.plan, self.kept_paths)

    @property
    def diff(self) -> str:
        """The unified diff of the config as the move would write it (as ``fwk-tui migrate --dry-run`` prints it)."""
        return unified_diff(self.doc.text, self.outcome.doc.text, self.name)

    @property
    def text(self) -> str:
        """The config's text after the move."""
        return self.outcome.doc.text


_RENDER = Renderer(STARTER_STYLE)


def shown(value: Any, width: int = 70) -> str:
    """A value as the config would spell it, on one line (the plan's words as they are)."""
    if isinstance(value, str) and value in (UNKNOWN, REMOVED, NOT_SET):
        return value
    return one_line(_RENDER.value(value), width)


def change(before: Any, after: Any, width: int = 70, arrow: str = "→") -> str:
    """``before → after``; for two lists, the items one has and the other lacks; one value when both are the same
    (a pin of the reference's way back where the catalogue gives both layouts one default)."""
    if before == after and type(before) is type(after):
        return f"{shown(before, width)} (the reference's way back pins it)"
    if isinstance(before, list) and isinstance(after, list):
        dropped = [v for v in before if v not in after]
        added = [v for v in after if v not in before]
        parts = [f"drops {shown(v, width)}" for v in dropped] + [f"adds {shown(v, width)}" for v in added]
        if parts and len(parts) <= 6:
            return "; ".join(parts)
    return f"{shown(before, width)} {arrow} {shown(after, width)}"
