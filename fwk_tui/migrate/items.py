"""What a plan of the move is made of: its items, each of a kind, and the plan itself."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from fwk_tui.migrate.disk import FolderMove

UNKNOWN = "changed by version 4 (the reference does not give the new value)"
REMOVED = "removed in version 4"
NOT_SET = "not set"


Kind = Literal["recipe", "folder", "follows", "removed", "b-only", "version"]
CHOOSABLE: frozenset[Kind] = frozenset({"recipe", "folder", "removed"})
"""The kinds a user chooses for: keep the old behaviour or take the new one."""


@dataclass(frozen=True)
class Item:
    """One option the move changes for this project, and how to keep what it did."""

    path: str
    before: Any  # the value under B for this project
    after: Any  # under A, or UNKNOWN
    keep: Any  # the value to write to keep the old behaviour; None when no value written in the config can
    doc: str = ""
    removed: bool = False  # a flag version 4 removes
    set_by_project: bool = False
    follows: str | None = None
    """For a value made from a folder: the option of that folder (``srcDir``, ``serverDir``, ``dir.public``)."""
    kind: Kind = "recipe"
    replaced_by: str | None = None  # for an option of layout B only: the option of A that takes its place

    @property
    def goes(self) -> bool:
        """A flag version 4 removes that the project sets: kept as written, or removed when the new behaviour is
        adopted."""
        return self.removed and self.set_by_project

    @property
    def follows_source(self) -> bool:
        """It changes only because the folders do (kept by keeping them)."""
        return self.kind == "follows"

    @property
    def choosable(self) -> bool:
        return self.kind in CHOOSABLE and self.keep is not None


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
    staying: frozenset[str] = frozenset()
    """Names beside the config that stay there while the sources move into app/: a ``~/`` string naming one is
    written ``~~/`` (see :func:`migrated`)."""
    imports_left: dict[str, list[str]] = field(default_factory=dict)
    """Names that stay beside the config although moving files import them through ``~/``: the files to change."""
    pins: list[tuple[str, Any]] = field(default_factory=list)
    """Written whatever is chosen for the items: ``srcDir: '.'`` when the sources stay where they are."""
