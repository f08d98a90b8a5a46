"""The key the cursor is on (or whose value it is in), read from the document's entries."""

from __future__ import annotations

from dataclasses import dataclass

from fwk_tui.lsp.cursor import byte_offset
from fwk_tui.paths import OptionPath
from fwk_tui.source import ConfigDocument
from fwk_tui.source.values import Entry, Span
from fwk_tui.validate.keys import ENV_BLOCKS


@dataclass(frozen=True)
class AtKey:
    """The entry under the cursor: ``on_key`` when the cursor is on its key, else in its (leaf) value.

    ``option_path`` is the path of the key whose option is meant: the entry's own,
    or for an item of a list (``extends: ['./base']``) the list's.
    """

    entry: Entry
    on_key: bool
    option_path: OptionPath

    @property
    def span(self) -> Span:
        """What the cursor is on: the key, or the value."""
        if self.on_key and self.entry.key_span is not None:
            return self.entry.key_span
        return self.entry.span


def key_at(doc: ConfigDocument, offset: int) -> AtKey | None:
    """The key at ``offset`` (into ``doc.text``), or the leaf value it is in; None elsewhere."""
    byte = byte_offset(doc, offset)
    best: Entry | None = None
    for entry in doc.entries():
        key = entry.key_span
        if key is not None and key.start <= byte <= key.end:
            return AtKey(entry, True, entry.path)
        span = entry.span
        if span.start <= byte <= span.end and not isinstance(entry.value, (dict, list)):
            if best is None or span.end - span.start <= best.span.end - best.span.start:
                best = entry
    if best is None:
        return None
    path = best.path
    while path and isinstance(path[-1], int):
        path = path[:-1]
    if not path:
        return None
    return AtKey(best, False, path)


def run_time_path(path: OptionPath) -> OptionPath:
    """``path`` without its environment block: the path the merged config has it at."""
    if path and path[0] in ENV_BLOCKS:
        return path[1:]
    if len(path) >= 2 and path[0] == "$env":
        return path[2:]
    return path
