"""The plan of a move from layout B to layout A, for one project.

From the reference: ``future.compatibilityVersion: 4`` opts into the new
defaults; the ``future`` row lists what keeps the old behaviour (``srcDir: '.'``,
``dir.app``, and a few flags pinned); three flags are removed with version 4;
the ``srcDir`` row lists what lives inside the source folder under A.

An option is in the plan only when the project sets it nowhere (not in the
config, its layers, or any environment section: those values win in both
layouts) and its value under A differs from its value under B for this
project. Defaults that name folders are compared with the placeholders filled
in for this project: ``<rootDir>`` is the config's folder, ``<srcDir>`` the
source folder of each layout (under A, the reference writes ``app`` for it:
``<rootDir>/app``, ``app/assets``).

Each item has a kind, which says what keeping the old behaviour writes:
``recipe`` (an option of the reference's way back: pinned, even where the
catalogue gives both layouts one default, since the reference names it),
``folder`` (``serverDir``, ``dir.public``: layout A reads them from the config's
folder, B from the source folder; with a custom source folder holding them,
the old place is pinned, or the folder moves), ``follows`` (a value made from
the folders: aliases, ``dir.pages``; it follows them, nothing to write),
``removed`` (a flag version 4 removes that the file sets: kept as written, or
removed), ``b-only`` (an option of layout B only that the file sets, listed
with what replaces it) and ``version`` (a default the two layouts' references
give differently that does not come from the compatibility version: it
follows the framework's version, not this move; listed, never written).
"""

from __future__ import annotations

import posixpath
from collections.abc import Collection, Iterator
from dataclasses import replace
from pathlib import Path as FilePath
from typing import Any

from fwk_tui.catalog.models import Catalog, Option
from fwk_tui.migrate.defaults import NO_VALUE, default_value, key_default, normal
from fwk_tui.migrate.disk import FolderMove, holds_app_files, imported_roots, source_moves
from fwk_tui.migrate.items import CHOOSABLE, NOT_SET, REMOVED, UNKNOWN, Item, Kind, Plan
from fwk_tui.paths import parse_path
from fwk_tui.resolve.loader import Resolved, Source
from fwk_tui.resolve.tree import Node, Obj, node_at, plain
from fwk_tui.validate.keys import NAMED_ONLY_IN_A
from fwk_tui.validate.sources import (
    READ_BESIDE,
    inside_source_folder,
)

VERSION = "future.compatibilityVersion"
KEEP_OLD: tuple[tuple[str, Any], ...] = (
    ("srcDir", "."),
    ("dir.app", "app"),
    ("experimental.compileTemplate", True),
    ("experimental.templateUtils", True),
    ("experimental.relativeWatchPaths", True),
    ("experimental.resetAsyncDataToUndefined", True),
    ("experimental.defaults.useAsyncData.deep", True),
    ("headmgr.renderSSRHeadOptions.omitLineBreaks", False),
)
"""The reference's way back to the old behaviour under version 4 (the ``future`` row), in its order."""
REMOVED_TAG = "removed-in-v4"
"""The catalogue's tag of the flags version 4 removes (``experimental.compileTemplate``...)."""
FOLDER_OPTIONS = tuple((option, name) for name, option in READ_BESIDE)
"""Folders layout B reads inside the source folder and layout A beside it (relative paths from the config's folder,
as the framework's schema resolves both options under A)."""


def plan_move(
    resolved: Resolved,
    catalog: Catalog,
    root: FilePath,
    *,
    keep_source_folder: bool = False,
    config_text: str = "",
) -> Plan:
    """The plan for the project whose config was resolved as ``resolved`` (its folder ``root``).

    With ``keep_source_folder``, ``srcDir`` stays ``.`` (the first way back the
    reference gives): what follows from the source folder then changes nothing.
    """
    set_anywhere = _SetAnywhere(resolved)
    version = _value(resolved.config, VERSION)
    plan = Plan(version if version is not None else 3)
    src_b = _folder(_text(_value(resolved.config, "srcDir")) or ".")
    src_set = set_anywhere("srcDir")
    src_a = src_b if src_set or keep_source_folder else "app"
    plan.source_folder = src_a
    if keep_source_folder and not src_set:
        plan.pins.append(("srcDir", "."))
    pinned = dict(KEEP_OLD)
    parents = {p.rsplit(".", 1)[0] for p in (o.path for o in catalog.options) if "." in p}
    for option in catalog.options:
        if option.path in parents and option.path not in pinned:
            continue  # its documented children say what changes, one by one
        plan.items += _items(option, set_anywhere, src_a, src_b, pinned, keep_source_folder, catalog)
    listed = {i.path for i in plan.items}
    for path, keep in KEEP_OLD:  # a recipe's key the catalogue documents inside its option (omitLineBreaks)
        if path in listed or catalog.by_path.get(path) is not None or set_anywhere(path):
            continue
        before, after = key_default(catalog, path, "B", src_b), key_default(catalog, path, "A", src_a)
        parent = catalog.by_path.get(path.rsplit(".", 1)[0])
        plan.items.append(
            Item(
                path, keep if before is NO_VALUE else before, UNKNOWN if after is NO_VALUE else after, keep,
                parent.doc if parent is not None else "",
            )
        )  # fmt: skip
    plan.items += _folder_items(set_anywhere, root, src_a, src_b)
    plan.items = _followed(plan.items, root, src_a, src_b)
    for flag in catalog.options:
        if REMOVED_TAG not in flag.tags or not set_anywhere(flag.path):
            continue
        own = [source for source in resolved.sources if source.kind == "file" and _sets(source, flag.path)]
        if own:  # the file's own: kept as written, or removed (its sections too)
            before = plain(next(set_anywhere.nodes(flag.path)))  # the merged value, else a section's
            plan.items.append(Item(flag.path, before, REMOVED, before, flag.doc, True, True, kind="removed"))
        for source in resolved.sources:
            if source.kind != "file" and _sets(source, flag.path):
                plan.notes.append(
                    f"{flag.path} is set by layer {source.detail} ({source.file}): version 4 removes it; remove it "
                    "there (the move edits this file only)"
                )
    if not src_set and not keep_source_folder:
        plan.folders, plan.folder_conflicts = source_moves(root, src_b, src_a)
        _follow_imports(plan, root, src_a, config_text)
        if src_b in (".", "") and holds_app_files(root / "app"):
            plan.notes.append(
                "An app/ folder exists already: under layout A it is the source folder, so what is in it now "
                "becomes part of the app; look at it before moving anything into it."
            )
    for layer in resolved.layers:
        if layer.status != "read":
            plan.notes.append(
                f"layer {layer.source} could not be read ({layer.status}): an option it sets keeps its value in both "
                "layouts, and the plan lists it as changing; check the plan against that layer"
            )
    for clash in plan.folder_conflicts:
        plan.notes.append(
            f"{clash.source} and {clash.target} both exist: merge them by hand (the sources are moved only "
            "when no target exists)"
        )
    return plan


def _follow_imports(plan: Plan, root: FilePath, src_a: str, config_text: str) -> None:
    """What the moving files import through ``~/`` from beside the config: it moves with them, or is named."""
    imports = imported_roots(root, plan.folders, src_a, config_text)
    for move in imports.move:
        plan.folders.append(move)
    plan.imports_left = imports.stay
    if imports.unread:
        plan.notes.append(
            f"{imports.unread} source files were not read for ~/ imports (too many or too large): what they import "
            "from beside the config is not known"
        )
    plan.staying = imports.staying - {m.source.split("/", 1)[0] for m in plan.folder_conflicts}


def _followed(items: list[Item], root: FilePath, src_a: str, src_b: str) -> list[Item]:
    """Each value made from a folder, with the folder it follows; left out when that folder does not move (the
    framework makes it from the folder, whatever the reference writes as A's default) or, for a folder read inside
    the source folder (``dir.assets``), when the project has no such folder."""
    folders = {i.before: i.path for i in items if i.kind == "folder"}
    out = []
    for item in items:
        if item.kind != "follows":
            out.append(item)
            continue
        before = item.before if isinstance(item.before, str) else None
        follows = next((path for place, path in folders.items() if before in (place, place + "/")), "srcDir")
        if follows == "srcDir" and src_a == src_b:
            continue
        if item.path.startswith("dir.") and before is not None and not (root / before).exists():
            continue
        out.append(replace(item, follows=follows))
    return out


def visible_items(plan: Plan, kept: Collection[str]) -> list[Item]:
    """The items a person is shown for the choices ``kept``: a value made from a folder whose place is kept does not
    change, so it is not listed."""
    return [i for i in plan.items if not (i.kind == "follows" and i.follows in kept)]


def _folder_items(set_anywhere: _SetAnywhere, root: FilePath, src_a: str, src_b: str) -> list[Item]:
    """``serverDir`` and ``dir.public`` of a project whose source folder is not its root: B reads them inside it,
    A beside it. Kept, the old place is pinned; adopted, the folder moves (see :func:`folder_moves`)."""
    items = []
    for option, name in FOLDER_OPTIONS:
        before, after = posixpath.normpath(posixpath.join(src_b, name)), name
        if set_anywhere(option) or before == after or not (root / before).exists():
            continue
        items.append(Item(option, before, after, before, kind="folder"))
    return items


def folder_moves(plan: Plan, kept: Collection[str] = ()) -> list[FolderMove]:
    """Every move the chosen move needs on disk: the sources into the new source folder, and each ``folder`` item
    whose old place is not kept (in ``kept``, the paths whose old behaviour is kept): ``src/server`` to ``server``."""
    return plan.folders + [
        FolderMove(posixpath.basename(i.after), i.before, i.after)
        for i in plan.items
        if i.kind == "folder" and i.path not in kept
    ]


def folders_left(
    resolved: Resolved, root: FilePath, config_text: str | None = None
) -> tuple[list[FolderMove], list[FolderMove]]:
    """For a config already in layout A that keeps the default source folder (app/): what still lies beside the
    config and moves into app/, and what cannot (its target exists). With ``config_text``, what the moving files
    import through ``~/`` from beside the config moves too (as in :func:`plan_move`); without, nothing is read."""
    if _SetAnywhere(resolved)("srcDir"):
        return [], []
    moves, conflicts = source_moves(root, ".", "app")
    if config_text is not None and moves:
        moves += imported_roots(root, moves, "app", config_text).move
    return moves, conflicts


class _SetAnywhere:
    """Whether the config, a layer or any environment section of them sets a path."""

    def __init__(self, resolved: Resolved) -> None:
        self._config = resolved.config
        self._sections = [s.sections for s in resolved.sources if s.sections is not None]

    def __call__(self, path: str) -> bool:
        return any(True for _ in self.nodes(path))

    def nodes(self, path: str) -> Iterator[Node]:
        """The values set at ``path``: the merged config's, then each environment section's."""
        found = _at(self._config, path)
        if found is not None:
            yield found
        for sections in self._sections:
            for section in _section_bodies(sections):
                found = _at(section, path)
                if found is not None:
                    yield found


def _sets(source: Source, path: str) -> bool:
    """Whether ``source`` writes ``path``, in its body or in any of its environment sections."""
    bodies = [source.body, *(_section_bodies(source.sections) if source.sections is not None else [])]
    return any(_at(body, path) is not None for body in bodies)


def _section_bodies(sections: Obj) -> Iterator[Node]:
    """What each environment section writes: ``$production: {...}``, and each name's of ``$env``."""
    for name, section in sections.members.items():
        if name == "$env" and isinstance(section, Obj):
            yield from section.members.values()
        else:
            yield section


def _items(
    option: Option,
    set_anywhere: _SetAnywhere,
    src_a: str,
    src_b: str,
    pinned: dict[str, Any],
    keep_src: bool,
    catalog: Catalog,
) -> list[Item]:
    if "B" not in option.variants or option.path == VERSION or option.path in dict(FOLDER_OPTIONS):
        return []
    if "A" not in option.variants and option.segments[0] not in NAMED_ONLY_IN_A:
        if not set_anywhere(option.path) or REMOVED_TAG in option.tags:
            return []
        value = plain(next(set_anywhere.nodes(option.path)))
        return [
            Item(option.path, value, REMOVED, None, option.doc, kind="b-only", replaced_by=_successor(option, catalog))
        ]
    if REMOVED_TAG in option.tags:
        if set_anywhere(option.path):
            return []  # listed as a flag the project sets
        before = default_value(option.default_for("B"), src_b, "B")
        return [Item(option.path, before, REMOVED, pinned.get(option.path), option.doc, removed=True)]
    if option.path in pinned:
        item = _pinned_item(option, set_anywhere, src_a, src_b, pinned[option.path], keep_src)
        return [item] if item is not None else []
    if "A" not in option.variants or set_anywhere(option.path) or _under_set_value(option, set_anywhere):
        return []
    inside = inside_source_folder(option)
    if inside is not None:  # a folder of the source folder (dir.pages): where it is, from the config's folder
        before, after = posixpath.join(src_b, inside), posixpath.join(src_a, inside)
    else:
        before = default_value(option.default_for("B"), src_b, "B")
        after = default_value(option.default_for("A"), src_a, "A")
    if before is NO_VALUE or after is NO_VALUE or normal(before) == normal(after):
        return []
    b_default = option.default_for("B")
    if inside is not None or (
        b_default is not None and b_default.kind == "value" and "<srcDir>" in repr(b_default.value)
    ):
        # made from the folders (aliases, the bundler's root): it follows them; keeping them keeps it
        return [Item(option.path, normal(before), normal(after), None, option.doc, kind="follows")]
    return [Item(option.path, normal(before), normal(after), None, option.doc, kind="version")]


def _successor(option: Option, catalog: Catalog) -> str | None:
    """The path of layout A that the doc of a layout-B option names in its place (``srv.prerender.routes``): an
    option of A, or a dotted path inside a group of A (the server engine's options are passed through)."""
    names = {o.path for o in catalog.options if "A" in o.variants}
    groups = {name.split(".", 1)[0] for name in names}
    own = option.path.split(".", 1)[0]
    for word in option.doc.replace(",", " ").replace(";", " ").split():
        word = word.strip(".`'\"()")
        top = word.split(".", 1)[0]
        if word != option.path and top != own and (word in names or ("." in word and top in groups)):
            return word
    return None


def _pinned_item(
    option: Option, set_anywhere: _SetAnywhere, src_a: str, src_b: str, keep: Any, keep_src: bool
) -> Item | None:
    """An option of the reference's way back that the project sets nowhere: pinned when the old behaviour is kept,
    even where the catalogue gives both layouts one default (the reference names it)."""
    if set_anywhere(option.path) or (option.path == "srcDir" and keep_src):
        return None  # the source folder kept: the plan's pins write it
    if option.path == "dir.app" and src_a != src_b:
        # The way back pins it beside srcDir '.'. With the sources moving into app/, the framework's default
        # (the source folder itself) is the folder dir.app named before: app/. Pinned, it would read app/app/.
        return None
    before = src_b if option.path == "srcDir" else default_value(option.default_for("B"), src_b, "B")
    after = default_value(option.default_for("A"), src_a, "A") if "A" in option.variants else UNKNOWN
    if after is NO_VALUE:
        after = UNKNOWN
    if before is NO_VALUE:
        before = keep
    if option.path == "srcDir" and before == after:
        return None
    return Item(option.path, before, after, keep, option.doc)


def _under_set_value(option: Option, set_anywhere: _SetAnywhere) -> bool:
    """True when an object on the option's way is set to something else (code, a list): its default cannot apply.

    An object set with some keys still takes the defaults of the others (the
    effective configuration fills them in the same way), so a default that
    changes inside it is in the plan.
    """
    segments = [str(s) for s in option.segments]
    return any(
        not isinstance(node, Obj)
        for n in range(1, len(segments))
        for node in set_anywhere.nodes(".".join(segments[:n]))
    )


def _at(node: Node | None, path: str) -> Node | None:
    return node_at(node, parse_path(path))


def _value(config: Obj, path: str) -> Any:
    node = _at(config, path)
    return None if node is None else plain(node)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _folder(path: str) -> str:
    """``src/`` and ``./src`` as ``src``; the root as ``.``."""
    return posixpath.normpath(path.strip() or ".")


__all__ = [
    "CHOOSABLE", "KEEP_OLD", "NOT_SET", "REMOVED", "REMOVED_TAG", "UNKNOWN", "FolderMove", "Item", "Kind", "Plan",
    "folder_moves", "folders_left", "plan_move", "visible_items",
]  # fmt: skip
