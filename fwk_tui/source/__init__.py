"""The lossless document engine: read, edit and write ``fwk.config.ts`` by byte splices."""

from __future__ import annotations

from fwk_tui.source.document import ConfigDocument, check_expression, contains_code, read_expression
from fwk_tui.source.errors import ChangedOnDiskError, DocumentError, ParseError, ReadOnlyError
from fwk_tui.source.expression_problem import ExpressionError, Problem, find_problem
from fwk_tui.source.parse import MAX_BYTES
from fwk_tui.source.save import find_config_file, load_document, save_document
from fwk_tui.source.style import STARTER_STYLE, Style
from fwk_tui.source.values import UNDEFINED, Code, Entry, Span

__all__ = [
    "MAX_BYTES",
    "STARTER_STYLE",
    "UNDEFINED",
    "ChangedOnDiskError",
    "Code",
    "ConfigDocument",
    "DocumentError",
    "Entry",
    "ExpressionError",
    "ParseError",
    "Problem",
    "ReadOnlyError",
    "Span",
    "Style",
    "check_expression",
    "contains_code",
    "find_config_file",
    "find_problem",
    "load_document",
    "read_expression",
    "save_document",
]
