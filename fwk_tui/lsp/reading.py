"""The tree and the config of one version of an open document, read when first asked for, once.

The server's message loop only splices an edit into the bytes; the parse waits
until a check or an answer asks for the tree (in the checks' thread). A version
is read incrementally from the last version that was read before it: its tree
is told every edit made since (tree-sitter's edit API) and parsed once, so a
burst of edits costs one parse, and the versions in between are never read.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from tree_sitter import Tree

from fwk_tui.lsp.positions import Positions
from fwk_tui.source import MAX_BYTES, ConfigDocument, DocumentError
from fwk_tui.source.lines import BREAK
from fwk_tui.source.parse import check_input, parse_bytes

Point = tuple[int, int]


@dataclass(frozen=True)
class Edit:
    """One splice, as tree-sitter is told it: byte offsets and (row, byte column) points, before and after."""

    start: int
    old_end: int
    new_end: int
    start_point: Point
    old_end_point: Point
    new_end_point: Point

    @classmethod
    def of(cls, before: Positions, after: Positions, start: int, end: int, new_end: int) -> Edit:
        """Bytes ``start``..``end`` of the text ``before`` became ``start``..``new_end`` of the text ``after``."""
        return cls(start, end, new_end, before.point(start), before.point(end), after.point(new_end))


@dataclass(frozen=True)
class Read:
    """What a text reads as: its tree (None: too big to parse), its config or the error that keeps it from one."""

    tree: Tree | None
    config: ConfigDocument | None
    error: DocumentError | None
    last_config: ConfigDocument | None
    """The config of this text, or else of the last text read before it that was one."""


class Reading:
    """One version's :class:`Read`, made on the first :meth:`read` (from ``base``, read, and the edits since)."""

    def __init__(
        self,
        data: bytes,
        filename: str,
        base: Reading | None,
        edits: list[Edit],
        last_config: ConfigDocument | None = None,
        starts: list[int] | None = None,
    ) -> None:
        self._data = data
        self._starts = starts
        self._filename = filename
        self._last_config = last_config
        """For a text parsed from scratch: the config of the last text read before it, if there was one."""
        self._source: tuple[Reading | None, list[Edit]] | None = (base, edits)
        self._read: Read | None = None
        self._lock = threading.Lock()

    @classmethod
    def of(cls, data: bytes, filename: str) -> Reading:
        """The reading of a text opened whole (parsed from scratch)."""
        return cls(data, filename, None, [])

    def line_starts(self) -> list[int]:
        """Where the lines of the text start (found once, by the first to ask: mostly the thread that reads it)."""
        if self._starts is None:
            self._starts = [0, *(m.end() for m in BREAK.finditer(self._data))]
        return self._starts

    def then(self, data: bytes, edits: list[Edit] | None, starts: list[int] | None = None) -> Reading:
        """The reading of ``data``: this text after ``edits`` (None: the text was replaced whole), its line starts."""
        if edits is None:
            read = self._read
            last = read.last_config if read is not None else self._last_config
            return Reading(data, self._filename, None, [], last, starts)
        # Read in this order: the thread that reads this version sets ``_read`` before it drops ``_source``.
        source = None if self._read is not None else self._source
        base, before = (self, []) if source is None else source
        if base is None:  # this text is not read yet and is parsed from scratch: so is the new one
            return Reading(data, self._filename, None, [], self._last_config, starts)
        return Reading(data, self._filename, base, [*before, *edits], None, starts)

    def lighten(self) -> None:
        """Let the config read keep its text and tree only (values and entries are read again when asked): a
        document open and idle need not hold them (700 open configs of 20 KB took 1.2 GB)."""
        read = self._read
        if read is not None:
            for config in (read.config, read.last_config):
                if config is not None:
                    config.drop_caches()

    def unread(self) -> None:
        """Forget the tree and config read: the next :meth:`read` parses the text from scratch (a reader holding
        the old :class:`Read` keeps it)."""
        with self._lock:
            read = self._read
            if read is None:
                return
            self._last_config = read.last_config if read.config is None else None
            self._source = (None, [])
            self._read = None

    def read(self) -> Read:
        """The tree and config of this version (parsed now, if no one has asked before)."""
        read = self._read
        if read is not None:
            return read
        with self._lock:
            if self._read is None:
                self._read = self._made()
                self._source = None  # the versions before this one are no longer needed
            return self._read

    def _made(self) -> Read:
        assert self._source is not None
        base, edits = self._source
        before = base.read() if base is not None else None
        tree = _tree(self._data, before.tree if before is not None else None, edits)
        config, error = _config(self._data, tree, self._filename)
        last = config if config is not None else (before.last_config if before is not None else self._last_config)
        self.line_starts()  # here rather than on the message loop, at the first edit of a big text
        return Read(tree, config, error, last)


def _tree(data: bytes, old: Tree | None, edits: list[Edit]) -> Tree | None:
    """The tree of ``data``: ``old`` told ``edits`` and parsed again (None: too big to parse)."""
    if len(data) > MAX_BYTES:
        return None
    if old is None:
        return parse_bytes(data)
    if not edits:
        return old
    edited = old.copy()  # the tree of the version before stays as it was for whoever still reads it
    for edit in edits:
        edited.edit(edit.start, edit.old_end, edit.new_end, edit.start_point, edit.old_end_point, edit.new_end_point)
    tree = parse_bytes(data, edited)
    if tree.root_node.has_error:
        # Error recovery may place an error elsewhere than a parse from scratch (check's) does: say what check says.
        tree = parse_bytes(data)
    return tree


def _config(data: bytes, tree: Tree | None, filename: str) -> tuple[ConfigDocument | None, DocumentError | None]:
    """The config ``data`` and its ``tree`` read as, or the error that keeps them from being one."""
    try:
        if not data.isascii():
            data.decode("utf-8")  # a lone surrogate the client sent: not text a file can hold
        if tree is None:
            check_input(data, filename)  # refuses a text too big to parse
            return None, DocumentError(f"{filename}: the text could not be parsed")
        return ConfigDocument.from_tree(data, tree, filename), None
    except DocumentError as exc:
        return None, exc
    except UnicodeDecodeError:
        return None, DocumentError(f"{filename}: the text has an unpaired surrogate")
    except RecursionError:
        return None, DocumentError(f"{filename}: the config is nested too deeply to read")
