"""Go to definition: a key a layer (or an environment section) also sets, and a layer's source, to their files.

On a key, the places the resolver found it in the layers and sections (the
chain of ``fwk-tui resolve --why``), each at its key in that file; on a string
of ``extends`` or ``theme``, the config file of that layer.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path as FilePath

from lsprotocol.types import Location, Position, Range

from fwk_tui.lsp.at_key import key_at, run_time_path
from fwk_tui.lsp.cursor import char_offset
from fwk_tui.lsp.knowledge import Knowledge
from fwk_tui.resolve.origin import Origin
from fwk_tui.resolve.why import why
from fwk_tui.source import ConfigDocument, DocumentError, load_document
from fwk_tui.source.values import Entry

ToPosition = Callable[[int], Position]
ToPositionFor = Callable[[FilePath], ToPosition]
"""For a file, the converter of offsets into its text to positions."""

LAYER_KEYS = ("extends", "theme")


def definition(doc: ConfigDocument, offset: int, ctx: Knowledge, to_position_for: ToPositionFor) -> list[Location]:
    """Where the key or layer source at ``offset`` (into ``doc.text``) is defined elsewhere; [] when nowhere."""
    found = key_at(doc, offset)
    effective = ctx.effective()
    folder = ctx.folder
    if found is None or effective is None or folder is None:
        return []
    layer_key = found.option_path[0] if len(found.option_path) == 1 else None
    if not found.on_key and layer_key in LAYER_KEYS and isinstance(found.entry.value, str):
        return _layer_file(found.entry.value, str(layer_key), ctx, to_position_for)
    path = run_time_path(found.option_path)
    if not path:
        return []
    locations = []
    for step in why(effective, path, ctx.catalog).steps:
        origin = step.origin
        if origin.kind not in ("layer", "env-section", "file") or origin.file is None or origin.line is None:
            continue
        file = (folder / origin.file).resolve()
        if origin.kind == "file" and ctx.path is not None and file == ctx.path.resolve():
            span = found.entry.span
            if (origin.line, origin.column) == (span.line, span.column):
                continue  # the key under the cursor itself
        located = _at_origin(file, origin, to_position_for, doc if file == _resolved(ctx.path) else None)
        if located is not None:
            locations.append(located)
    return locations


def _resolved(path: FilePath | None) -> FilePath | None:
    return None if path is None else path.resolve()


def _at_origin(
    file: FilePath, origin: Origin, to_position_for: ToPositionFor, open_doc: ConfigDocument | None
) -> Location | None:
    """The key whose value ``origin`` points at, in ``file`` (the open document when it is that file)."""
    try:
        layer = open_doc if open_doc is not None else load_document(file)
    except (OSError, UnicodeDecodeError, DocumentError):
        return None
    entry = next((e for e in layer.entries() if (e.span.line, e.span.column) == (origin.line, origin.column)), None)
    if entry is None:
        return None
    return Location(file.as_uri(), _range(layer, entry, to_position_for(file)))


def _range(doc: ConfigDocument, entry: Entry, to_position: ToPosition) -> Range:
    span = entry.key_span or entry.span
    return Range(to_position(char_offset(doc, span.start)), to_position(char_offset(doc, span.end)))


def _layer_file(source: str, key: str, ctx: Knowledge, to_position_for: ToPositionFor) -> list[Location]:
    effective = ctx.effective()
    folder = ctx.folder
    if effective is None or folder is None:
        return []
    for layer in effective.resolved.layers:
        if layer.key == key and layer.source == source and layer.file is not None and layer.depth == 1:
            file = (folder / layer.file).resolve()
            start = to_position_for(file)(0)
            return [Location(file.as_uri(), Range(start, start))]
    return []
