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
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any

from fwk_tui.catalog.models import Catalog, Default, Option, has_placeholder
from fwk_tui.paths import format_path, parse_path
from fwk_tui.resolve.loader import Resolved, Source
from fwk_tui.resolve.tree import Node, Obj, node_at, plain

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
INSIDE_SOURCE = (
    "assets", "components", "composables", "layouts", "middleware", "pages", "plugins", "utils",
    "app.config.ts", "app.vue", "error.vue",
)  # fmt: skip
"""What lives inside the source folder under A (the ``srcDir`` row)."""
UNKNOWN = "changed by version 4 (the reference does not give the new value)"
REMOVED = "removed in version 4"
NOT_SET = "not set"


@dataclass(frozen=True)
class Item:
    """One option the move changes for this project, and how to keep what it did."""

    path: str
    before: Any  # the value under B for this project
    after: Any  # under A, or UNKNOWN
    keep: Any  # the value to write to keep the old behaviour; None when no value written in the config can
    doc: str = ""
    removed: bool = False  # a flag version 4 removes: it goes when the new behaviour is adopted
    set_by_project: bool = False
    follows_source: bool = False  # changes only because the source folder does (kept by keeping srcDir)

    @property
    def goes(self) -> bool:
        """A flag version 4 removes that the project sets: it is removed whatever is chosen."""
        return self.removed and self.set_by_project


@dataclass(frozen=True)
class FolderMove:
    """A file or folder of the source that moves into the new source folder."""

    name: str
    source: str  # relative to the config's folder
    target: str


@dataclass
class Plan:
    """What moving to layout A changes for this project."""

    version_before: Any
    items: list[Item] = field(default_factory=list)
    folders: list[FolderMove] = field(default_factory=list)
    folder_conflicts: list[FolderMove] = field(default_factory=list)
    """Sources whose target in the new source folder exists already: not moved, named in the notes."""
    notes: list[str] = field(default_factory=list)
    source_folder: str = "app"
    pins: list[tuple[str, Any]] = field(default_factory=list)
    """Written whatever is chosen for the items: ``srcDir: '.'`` when the sources stay where they are."""


def plan_move(resolved: Resolved, catalog: Catalog, root: FilePath, *, keep_source_folder: bool = False) -> Plan:
    """The plan for the project whose config was resolved as ``resolved`` (its folder ``root``).

    With ``keep_source_folder``, ``srcDir`` stays ``.`` (the first way back the
    reference gives): what follows from the source folder then changes nothing.
    """
    set_anywhere = _SetAnywhere(resolved)
    version = _value(resolved.config, VERSION)
    plan = Plan(version if version is not None else 3)
    src_b = _text(_value(resolved.config, "srcDir")) or "."
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
        plan.items += _items(option, set_anywhere, src_a, src_b, pinned, keep_source_folder)
    for flag in catalog.options:
        if REMOVED_TAG not in flag.tags or not set_anywhere(flag.path):
            continue
        own = [source for source in resolved.sources if source.kind == "file" and _sets(source, flag.path)]
        if own:  # the move removes it from this file (its sections too)
            before = plain(next(set_anywhere.nodes(flag.path)))  # the merged value, else a section's
            plan.items.append(Item(flag.path, before, REMOVED, None, flag.doc, True, True))
        for source in resolved.sources:
            if source.kind != "file" and _sets(source, flag.path):
                plan.notes.append(
                    f"{flag.path} is set by layer {source.detail} ({source.file}): version 4 removes it; remove it "
                    "there (the move edits this file only)"
                )
    if not src_set and not keep_source_folder:
        plan.folders, plan.folder_conflicts = _folders(root, src_b, src_a)
        for clash in plan.folder_conflicts:
            plan.notes.append(
                f"{clash.source} and {clash.target} both exist: merge them by hand (the sources are moved only "
                "when no target exists)"
            )
        if (root / "app").is_dir() and src_b in (".", ""):
            plan.notes.append(
                "An app/ folder exists already: under layout A it is the source folder, so what is in it now "
                "becomes part of the app; look at it before moving anything into it."
            )
    return plan


def folders_left(resolved: Resolved, root: FilePath) -> tuple[list[FolderMove], list[FolderMove]]:
    """For a config already in layout A that keeps the default source folder (app/): what still lies beside the
    config and moves into app/, and what cannot (its target exists)."""
    if _SetAnywhere(resolved)("srcDir"):
        return [], []
    return _folders(root, ".", "app")


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
    option: Option, set_anywhere: _SetAnywhere, src_a: str, src_b: str, pinned: dict[str, Any], keep_src: bool
) -> list[Item]:
    if "B" not in option.variants or option.path == VERSION:
        return []
    if REMOVED_TAG in option.tags:
        if set_anywhere(option.path):
            return []  # listed as a flag the project sets
        before = _default(option.default_for("B"), src_b, "B")
        return [Item(option.path, before, REMOVED, pinned.get(option.path), option.doc, removed=True)]
    if option.path in pinned:
        item = _pinned_item(option, set_anywhere, src_a, src_b, pinned[option.path], keep_src)
        return [item] if item is not None else []
    if "A" not in option.variants or set_anywhere(option.path) or _under_set_value(option, set_anywhere):
        return []
    inside = _inside_source(option)
    if inside is not None:  # a folder of the source folder (dir.pages): where it is, from the config's folder
        before, after = posixpath.join(src_b, inside), posixpath.join(src_a, inside)
    else:
        before = _default(option.default_for("B"), src_b, "B")
        after = _default(option.default_for("A"), src_a, "A")
    if before is _NO_VALUE or after is _NO_VALUE or _normal(before) == _normal(after):
        return []
    if inside is not None or _default(option.default_for("A"), src_b, "A") == before:
        # it changes only because the source folder does: keeping srcDir keeps it
        return [Item(option.path, _normal(before), _normal(after), None, option.doc, follows_source=True)]
    return _differences(option.path, before, after, option.doc)


def _differences(path: str, before: Any, after: Any, doc: str) -> list[Item]:
    """One item per key that differs when both are objects (a default is pinned key by key), else one item."""
    if isinstance(before, dict) and isinstance(after, dict):
        out: list[Item] = []
        for key in [*before, *(k for k in after if k not in before)]:
            old, new = before.get(key, NOT_SET), after.get(key, NOT_SET)
            if old != new:
                out += _differences(format_path((*parse_path(path), key)), old, new, doc)
        return out
    keep = None if before is NOT_SET or has_placeholder(before) else before
    return [Item(path, _normal(before), _normal(after), keep, doc)]


def _inside_source(option: Option) -> str | None:
    """``pages`` for ``dir.pages`` (A: ``app/pages``, B: ``pages``): a folder inside the source folder."""
    a, b = option.default_for("A"), option.default_for("B")
    if a is None or b is None or a.kind != "value" or b.kind != "value":
        return None
    if isinstance(a.value, str) and isinstance(b.value, str) and a.value == f"app/{b.value}":
        return b.value
    return None


def _normal(value: Any) -> Any:
    if isinstance(value, str) and value.startswith("./"):
        return posixpath.normpath(value)
    return value


def _pinned_item(
    option: Option, set_anywhere: _SetAnywhere, src_a: str, src_b: str, keep: Any, keep_src: bool
) -> Item | None:
    if set_anywhere(option.path) or (option.path == "srcDir" and keep_src):
        return None
    before = _default(option.default_for("B"), src_b, "B")
    if option.path == "srcDir":
        before = src_b
    after = _default(option.default_for("A"), src_a, "A") if "A" in option.variants else UNKNOWN
    if after is _NO_VALUE:
        after = UNKNOWN
    if before is _NO_VALUE:
        before = keep
    if before == after:
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
        not isinstance(node, Obj) for n in range(1, len(segments)) for node in set_anywhere.nodes(".".join(segments[:n]))
    )


_NO_VALUE = object()


def _default(default: Default | None, src: str, variant: str) -> Any:
    """The default as a value for this project: placeholders filled in, folder paths normalised."""
    if default is None or default.kind != "value":
        return _NO_VALUE
    return _fill(default.value, src, variant)


def _fill(value: Any, src: str, variant: str) -> Any:
    if isinstance(value, dict):
        return {k: _fill(v, src, variant) for k, v in value.items()}
    if isinstance(value, list):
        return [_fill(v, src, variant) for v in value]
    if not isinstance(value, str):
        return value
    text = value
    if variant == "A":  # the reference writes A's source folder as app
        text = text.replace("<rootDir>/app", "<srcDir>")
        if text.startswith("app/"):  # dir.assets: app/assets
            text = "<srcDir>" + text[3:]
    if "<rootDir>" not in text and "<srcDir>" not in text:
        return value
    text = text.replace("<srcDir>", src if src not in ("", ".") else "<rootDir>").replace("<rootDir>", ".")
    normal = posixpath.normpath(text)
    return "." if normal == "." else normal.removeprefix("./")


def _folders(root: FilePath, src_b: str, src_a: str) -> tuple[list[FolderMove], list[FolderMove]]:
    """What moves into the new source folder, and what cannot (its target exists: two copies to merge by hand)."""
    base = root / src_b
    moves: list[FolderMove] = []
    conflicts: list[FolderMove] = []
    for name in INSIDE_SOURCE:
        if (base / name).exists():
            source = posixpath.normpath(posixpath.join(src_b, name))
            move = FolderMove(name, source, posixpath.join(src_a, name))
            target = root / move.target
            (conflicts if target.exists() or target.is_symlink() else moves).append(move)
    return moves, conflicts


def _at(node: Node | None, path: str) -> Node | None:
    return node_at(node, parse_path(path))


def _value(config: Obj, path: str) -> Any:
    node = _at(config, path)
    return None if node is None else plain(node)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


__all__ = ["KEEP_OLD", "REMOVED", "REMOVED_TAG", "UNKNOWN", "FolderMove", "Item", "Plan", "folders_left", "plan_move"]
