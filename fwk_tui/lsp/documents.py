"""The documents a client has open: their text as UTF-8 bytes, its tree, and the config read from it.

An edit the client sends is spliced into the bytes and the tree is re-parsed
incrementally (tree-sitter's edit API, as the document engine re-parses its own
edits: :func:`fwk_tui.source.splice.reparse_spliced`). A text that is not a
config (a syntax error, an empty file) keeps its bytes and tree, so that the
next edit splices into them, with the error in place of the config.
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
from fwk_tui.source import MAX_BYTES, ConfigDocument, DocumentError
from fwk_tui.source.edit import Splice
from fwk_tui.source.parse import check_input, parse_bytes
from fwk_tui.source.splice import reparse_spliced

CONFIG_STEM = "fwk.config"
CODE_EXTENSIONS = (".ts", ".js", ".mjs", ".cjs", ".mts", ".cts")
"""The extensions of a config written as code (a layer's config may be any of them)."""


def is_config_name(name: str) -> bool:
    """True for ``fwk.config.ts`` and the other code extensions: the files the server checks."""
    stem, dot, extension = name.rpartition(".")
    return bool(dot) and stem == CONFIG_STEM and f".{extension}" in CODE_EXTENSIONS


def file_of(uri: str) -> Path | None:
    """The file a ``file:`` URI names, or None for another scheme (an unsaved buffer)."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    path = unquote(parsed.path)
    if len(path) >= 3 and path[0] == "/" and path[2] == ":":  # file:///C:/... on Windows
        path = path[1:]
    return Path(path)


def name_of(uri: str) -> str:
    """The last segment of ``uri``'s path (the file's name, for a buffer too)."""
    return unquote(urlparse(uri).path).rsplit("/", 1)[-1]


@dataclass
class OpenDocument:
    """One open config: its bytes, their tree, and the config (or the error that keeps it from being read)."""

    uri: str
    version: int
    data: bytes
    tree: Tree | None
    codec: PositionCodec
    config: ConfigDocument | None = None
    error: DocumentError | None = None
    last_config: ConfigDocument | None = None
    """The config of the last text that read as one (while an edit is half typed, :attr:`config` is None)."""
    _positions: Positions | None = field(default=None, repr=False)

    @classmethod
    def opened(cls, uri: str, text: str, version: int, codec: PositionCodec) -> OpenDocument:
        """The document as the client opened it."""
        data = _encode(text)
        opened = cls(uri, version, data, _parsed(data), codec)
        opened._read()
        return opened

    @property
    def file(self) -> Path | None:
        """The file on disk the document is (None for an unsaved buffer)."""
        return file_of(self.uri)

    @property
    def filename(self) -> str:
        """The name messages give the document (its path, or its URI when it has none)."""
        file = self.file
        return str(file) if file is not None else self.uri

    @property
    def text(self) -> str:
        """The document's text."""
        return self.data.decode("utf-8", "surrogatepass")

    @property
    def positions(self) -> Positions:
        """Positions in the document's text, in the client's units."""
        if self._positions is None:
            self._positions = Positions(self.data, self.codec)
        return self._positions

    def change(self, version: int, changes: Sequence[types.TextDocumentContentChangeEvent]) -> None:
        """Apply the client's ``changes``, in order: each one a splice and an incremental re-parse."""
        for change in changes:
            if isinstance(change, types.TextDocumentContentChangePartial):
                start = self.positions.offset(change.range.start)
                end = max(start, self.positions.offset(change.range.end))
                self._splice(Splice(start, end, _encode(change.text)))
            else:
                self.data = _encode(change.text)
                self.tree = _parsed(self.data)
            self._positions = None
        self.version = version
        self._read()

    def _splice(self, splice: Splice) -> None:
        grown = len(self.data) - (splice.end - splice.start) + len(splice.text)
        if self.tree is None or grown > MAX_BYTES:
            data = self.data[: splice.start] + splice.text + self.data[splice.end :]
            self.data, self.tree = data, _parsed(data)
            return
        self.data, self.tree, _, _ = reparse_spliced(self.data, self.tree, [splice])
        if self.tree.root_node.has_error:
            # Error recovery may place an error elsewhere than a parse from scratch (check's) does: say what check says.
            self.tree = parse_bytes(self.data)

    def _read(self) -> None:
        """Read the config from the bytes and tree; keep the error when they are not one."""
        self.config, self.error = None, None
        try:
            if not self.data.isascii():
                self.data.decode("utf-8")  # a lone surrogate the client sent: not text a file can hold
            if self.tree is None:
                check_input(self.data, self.filename)  # refuses a text too big to parse
            else:
                self.config = self.last_config = ConfigDocument.from_tree(self.data, self.tree, self.filename)
        except DocumentError as exc:
            self.error = exc
        except UnicodeDecodeError:
            self.error = DocumentError(f"{self.filename}: the text has an unpaired surrogate")
        except RecursionError:
            self.error = DocumentError(f"{self.filename}: the config is nested too deeply to read")


def _encode(text: str) -> bytes:
    # A lone surrogate (JSON allows one) is kept, so positions stay right; the config then fails to read.
    return text.encode("utf-8", "surrogatepass")


def _parsed(data: bytes) -> Tree | None:
    """``data`` parsed, or None when it is too big to parse (the config then says so)."""
    return None if len(data) > MAX_BYTES else parse_bytes(data)
