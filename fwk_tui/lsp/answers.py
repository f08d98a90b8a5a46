"""The server's answers from what fwk-tui knows: hover, completion, document symbols, go to definition.

The knowledge functions speak character offsets into the document's text; the
client speaks positions in its own units and the engine bytes. This module
turns one into the other (:mod:`fwk_tui.lsp.offsets`, :mod:`fwk_tui.lsp.positions`)
and keeps one :class:`Knowledge` per document text, so the effective
configuration is read at most once per text.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path as FilePath

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from fwk_tui.catalog import Catalog, Variant
from fwk_tui.lsp.complete import complete
from fwk_tui.lsp.definition import definition
from fwk_tui.lsp.documents import OpenDocument
from fwk_tui.lsp.hover import hover
from fwk_tui.lsp.knowledge import Knowledge
from fwk_tui.lsp.offsets import OffsetMap, offsets_of
from fwk_tui.lsp.positions import Positions
from fwk_tui.lsp.symbols import symbols
from fwk_tui.project import Project
from fwk_tui.userfiles import UnreadableFile, read_file_bytes

ToPosition = Callable[[int], types.Position]
COMPLETION_TRIGGERS = ["{", ",", ":", "'", '"']
"""Characters after which the client asks for completions without a word typed: a new object, a next key, a value."""


class Answers:
    """Hover, completion, symbols and definitions for the open documents."""

    def __init__(
        self,
        catalog: Callable[[], Catalog],
        codec: Callable[[], PositionCodec],
        project: Callable[[OpenDocument], Project],
    ) -> None:
        self._catalog = catalog
        self._codec = codec
        self._project = project
        self._known: dict[str, tuple[bytes, Knowledge]] = {}

    def knowledge(self, doc: OpenDocument, variant: Variant | None) -> Knowledge:
        """What is known of ``doc`` as it is now: made again when its text changes."""
        kept = self._known.get(doc.uri)
        if kept is not None and kept[0] is doc.data:
            return kept[1]
        config = doc.config or doc.last_config
        if config is None:
            known = Knowledge(self._catalog(), variant or "A", doc.file)
        else:
            known = Knowledge.of(self._catalog(), config, self._project(doc), variant=variant)
        self._known[doc.uri] = (doc.data, known)
        return known

    def forget(self, uri: str | None = None) -> None:
        """Drop what is known of ``uri`` (of every document: None), after it closed or a file on disk changed."""
        if uri is None:
            self._known.clear()
        else:
            self._known.pop(uri, None)

    def hover(self, doc: OpenDocument, position: types.Position, variant: Variant | None) -> types.Hover | None:
        if doc.config is None:
            return None
        offsets = offsets_of(doc.data)
        at = offsets.to_char(doc.positions.offset(position))
        return hover(doc.config, at, self.knowledge(doc, variant), _converter(doc.positions, offsets))

    def complete(
        self, doc: OpenDocument, position: types.Position, variant: Variant | None, *, snippets: bool = True
    ) -> types.CompletionList:
        offsets = offsets_of(doc.data)
        at = offsets.to_char(doc.positions.offset(position))
        config = doc.config or doc.last_config
        known = self.knowledge(doc, variant)
        return complete(config, at, known, _converter(doc.positions, offsets), text=doc.text, snippets=snippets)

    def symbols(self, doc: OpenDocument, variant: Variant | None) -> list[types.DocumentSymbol]:
        if doc.config is None:
            return []
        offsets = offsets_of(doc.data)
        return symbols(doc.config, self.knowledge(doc, variant), _converter(doc.positions, offsets))

    def definition(self, doc: OpenDocument, position: types.Position, variant: Variant | None) -> list[types.Location]:
        if doc.config is None:
            return []
        offsets = offsets_of(doc.data)
        at = offsets.to_char(doc.positions.offset(position))
        here = doc.file.resolve() if doc.file is not None else None
        own = _converter(doc.positions, offsets)

        def converter_for(file: FilePath) -> ToPosition:
            return own if here is not None and file.resolve() == here else self._converter_on_disk(file)

        return definition(doc.config, at, self.knowledge(doc, variant), converter_for)

    def _converter_on_disk(self, file: FilePath) -> ToPosition:
        """Positions in another file (a layer's), read from disk; the start of the file when it cannot be read."""
        try:
            data = read_file_bytes(file)
        except UnreadableFile:
            return lambda _offset: types.Position(0, 0)
        return _converter(Positions(data, self._codec()), OffsetMap(data))


def _converter(positions: Positions, offsets: OffsetMap) -> ToPosition:
    return lambda char: positions.position(offsets.to_byte(char))
