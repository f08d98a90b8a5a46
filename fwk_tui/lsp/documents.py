"""The documents a client has open: their text as UTF-8 bytes, its tree, and the config read from it.

An edit the client sends is spliced into the bytes at once, and its line
starts shift (:meth:`fwk_tui.lsp.positions.Positions.spliced`): the server's
message loop never parses. The tree and the config are read when first asked
for (by a check or an answer, in the checks' thread: :mod:`fwk_tui.lsp.reading`),
incrementally from the last text that was read, so a burst of edits costs one
parse however many it has. A text that is not a config (a syntax error, an
empty file) keeps its tree, so that the next edits re-parse from it, with the
error in place of the config.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec
from tree_sitter import Tree

from fwk_tui.lsp.positions import Positions
from fwk_tui.lsp.reading import Edit, Reading
from fwk_tui.resolve.sources import CONFIG_NAME
from fwk_tui.source import ConfigDocument, DocumentError

CODE_EXTENSIONS = (".ts", ".js", ".mjs", ".cjs", ".mts", ".cts")
"""The extensions of a config written as code (a layer's config may be any of them)."""


def is_config_name(name: str) -> bool:
    """True for ``fwk.config.ts`` and the other code extensions: the files the server checks."""
    stem, dot, extension = name.rpartition(".")
    return bool(dot) and stem == CONFIG_NAME and f".{extension}" in CODE_EXTENSIONS


def file_of(uri: str) -> Path | None:
    """The file a ``file:`` URI names, or None for another scheme (an unsaved buffer) or a path no file can have
    (a NUL in it): such a document is checked as a buffer, with nothing read beside it."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    path = unquote(parsed.path)
    if "\0" in path:
        return None
    if len(path) >= 3 and path[0] == "/" and path[2] == ":":  # file:///C:/... on Windows
        path = path[1:]
    return Path(path)


def name_of(uri: str) -> str:
    """The last segment of ``uri``'s path (the file's name, for a buffer too)."""
    return unquote(urlparse(uri).path).rsplit("/", 1)[-1]


@dataclass
class OpenDocument:
    """One open config: its bytes, and (read when first asked for) their tree and the config or its error."""

    uri: str
    version: int
    data: bytes
    codec: PositionCodec
    _reading: Reading = field(repr=False)
    _positions: Positions | None = field(default=None, repr=False)

    @classmethod
    def opened(cls, uri: str, text: str, version: int, codec: PositionCodec) -> OpenDocument:
        """The document as the client opened it (nothing is parsed yet)."""
        data = _encode(text)
        return cls(uri, version, data, codec, Reading.of(data, _filename(uri)))

    def lighten(self) -> None:
        """Checked and idle: what was read from the text beyond its tree goes (see :meth:`Reading.lighten`)."""
        self._reading.lighten()

    def unread(self) -> None:
        """Checked long ago: its tree goes too; the next question parses the text again."""
        self._reading.unread()

    @property
    def file(self) -> Path | None:
        """The file on disk the document is (None for an unsaved buffer)."""
        return file_of(self.uri)

    @property
    def filename(self) -> str:
        """The name messages give the document (its path, or its URI when it has none)."""
        return _filename(self.uri)

    @property
    def text(self) -> str:
        """The document's text."""
        return self.data.decode("utf-8", "surrogatepass")

    @property
    def tree(self) -> Tree | None:
        """The tree of the text (None when it is too big to parse); parsed now if it is not yet."""
        return self._reading.read().tree

    @property
    def config(self) -> ConfigDocument | None:
        """The config the text reads as, or None (see :attr:`error`)."""
        return self._reading.read().config

    @property
    def error(self) -> DocumentError | None:
        """Why the text is not a config, or None."""
        return self._reading.read().error

    @property
    def last_config(self) -> ConfigDocument | None:
        """The config of the last text read that was one (while an edit is half typed, :attr:`config` is None)."""
        return self._reading.read().last_config

    @property
    def positions(self) -> Positions:
        """Positions in the document's text, in the client's units."""
        if self._positions is None:
            self._positions = Positions(self.data, self.codec, self._reading.line_starts())
        return self._positions

    def change(self, version: int, changes: Sequence[types.TextDocumentContentChangeEvent]) -> None:
        """Apply the client's ``changes``, in order: each a splice of the bytes (the parse waits until asked).

        All or nothing: when one cannot be applied, the document is left as it was and the error raised.
        """
        data, positions = self.data, self._positions
        edits: list[Edit] | None = []
        for change in changes:
            if isinstance(change, types.TextDocumentContentChangePartial):
                if positions is None:  # the text's own (found in the checks' thread), or a text sent whole just now
                    positions = self.positions if data is self.data else Positions(data, self.codec)
                before = positions
                start = before.offset(change.range.start)
                end = max(start, before.offset(change.range.end))
                text = _encode(change.text)
                data = b"".join((memoryview(data)[:start], text, memoryview(data)[end:]))
                positions = before.spliced(start, end, text, data)
                if edits is not None:
                    edits.append(Edit.of(before, positions, start, end, start + len(text)))
            else:
                data, positions, edits = _encode(change.text), None, None
        self._reading = self._reading.then(data, edits, positions.starts if positions is not None else None)
        self.data, self._positions, self.version = data, positions, version


def _filename(uri: str) -> str:
    file = file_of(uri)
    return str(file) if file is not None else uri


def _encode(text: str) -> bytes:
    # A lone surrogate (JSON allows one) is kept, so positions stay right; the config then fails to read.
    return text.encode("utf-8", "surrogatepass")
