"""What a document knows about the file it was read from, shared by all its edits."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DiskState:
    """The file as last read or written: where, when, how big, and its bytes."""

    path: str
    mtime_ns: int
    size: int
    data: bytes


class DiskLink:
    """A box holding the DiskState of a document lineage.

    A document and every document edited from it share one link, so after a save
    any of them (an undo target, say) can be saved again without a false conflict.
    """

    def __init__(self, state: DiskState | None = None) -> None:
        self.state = state
