"""The lossless document engine: read, edit and write ``fwk.config.ts`` by byte splices."""

from __future__ import annotations

from fwk_tui.source.document import ConfigDocument, check_expression, contains_code, read_expression
from fwk_tui.source.errors import (
    BusyError,
    ChangedOnDiskError,
    DocumentError,
    ParseError,
    ReadOnlyError,
    ReadOnlyFileError,
)
from fwk_tui.source.expression_problem import ExpressionError, Problem, find_problem
from fwk_tui.source.lock import locked
from fwk_tui.source.parse import MAX_BYTES
from fwk_tui.source.save import bytes_on_disk, find_config_file, load_document, save_document
from fwk_tui.source.style import STARTER_STYLE, Style
from fwk_tui.source.values import UNDEFINED, Code, Entry, Span

__all__ = [
    "MAX_BYTES",
    "STARTER_STYLE",
    "UNDEFINED",
    "BusyError",
    "ChangedOnDiskError",
    "Code",
    "ConfigDocument",
    "DocumentError",
    "Entry",
    "ExpressionError",
    "ParseError",
    "Problem",
    "ReadOnlyError",
    "ReadOnlyFileError",
    "Span",
    "Style",
    "bytes_on_disk",
    "check_expression",
    "contains_code",
    "find_config_file",
    "find_problem",
    "load_document",
    "locked",
    "read_expression",
    "save_document",
]
