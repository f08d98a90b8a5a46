"""What ``fwk-tui check`` finds in an open document, as LSP diagnostics.

The same check as the command (:func:`fwk_tui.validate.check_document` with
the package.json and the folders beside the file, its ignore comments and the
detected variant), on the text in the editor rather than the file on disk.
Each diagnostic covers where ``check`` places it (the key, or the value); its
code is the FWK code, its source ``fwk-tui``, its message the command's. What
only the config merged with its layers shows (``check``'s "In the effective
config") follows, at the value in this file or at the key naming the layers.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from lsprotocol import types

import fwk_tui
from fwk_tui.catalog import Catalog, Variant
from fwk_tui.lsp.documents import OpenDocument
from fwk_tui.project import Project
from fwk_tui.resolve.check import Finding
from fwk_tui.resolve.loader import LAYER_KEYS
from fwk_tui.resolve.origin import Origin
from fwk_tui.source import ConfigDocument, ParseError
from fwk_tui.validate import CheckResult, Diagnostic

SOURCE = "fwk-tui"
FULL_CHECK_MAX_BYTES = 1024 * 1024
"""Over this size (1 MB) the server checks a document's syntax only: a full check takes seconds per megabyte."""
MOST_SHOWN = 1000
"""Diagnostics one document gets at most (the most severe first), then one saying how many more ``check`` lists:
an editor slows down past a few thousand, and each costs the server memory while the document is open."""
_WORD = re.compile(rb"[A-Za-z0-9_$]+")

_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "info": types.DiagnosticSeverity.Information,
}
# Editors draw these as struck-through (a flag v4 removed) or faded (a comment that silences nothing).
_TAGS = {
    "removed-in-v4": [types.DiagnosticTag.Deprecated],
    "unused-ignore": [types.DiagnosticTag.Unnecessary],
}


@dataclass(frozen=True)
class Checked:
    """One check of a document as it was at ``version``: what ``check`` found, its LSP form, notes on the surroundings.

    ``result`` is None when the text is not a config (its one diagnostic says why).
    """

    version: int
    result: CheckResult | None
    diagnostics: list[types.Diagnostic]
    notes: list[str] = field(default_factory=list)
    project: Project | None = None
    variant: Variant | None = None

    def again(self, catalog: Catalog) -> Callable[[ConfigDocument], list[Diagnostic]]:
        """A check of another text of the document, in the same project (as ``check --fix`` re-checks)."""
        project = self.project or Project.at(None)

        def check(config: ConfigDocument) -> list[Diagnostic]:
            return project.check(config, catalog, self.variant).diagnostics

        return check


def check_open(doc: OpenDocument, catalog: Catalog, project: Project, variant: Variant | None = None) -> Checked:
    """``fwk-tui check`` of ``doc``'s text in ``project`` (its file's, read for this version; ``variant``: None to
    detect it)."""
    config = doc.config
    if config is None:
        return Checked(doc.version, None, _refusal(doc))
    if len(doc.data) > FULL_CHECK_MAX_BYTES:
        return Checked(doc.version, None, [_syntax_only(doc)])
    notes = list(project.notes)
    result = project.check(config, catalog, variant)
    diagnostics = [lsp_diagnostic(doc, d) for d in result.diagnostics]
    try:
        merged = project.merged_findings(config, catalog, result)
    except Exception as error:  # noqa: BLE001  the file's own diagnostics stand without its layers'
        notes.append(f"{doc.filename}: its layers could not be read ({type(error).__name__}: {error})")
        merged = None
    diagnostics += [_merged_diagnostic(doc, config, f) for f in merged.findings] if merged is not None else []
    return Checked(doc.version, result, _at_most(diagnostics), notes, project, variant)


def _at_most(diagnostics: list[types.Diagnostic]) -> list[types.Diagnostic]:
    """The :data:`MOST_SHOWN` most severe (in the order found), and where the first left out is, how many were."""
    if len(diagnostics) <= MOST_SHOWN:
        return diagnostics
    order = sorted(range(len(diagnostics)), key=lambda n: (diagnostics[n].severity or 4, n))
    shown = sorted(order[:MOST_SHOWN])
    first_left = diagnostics[order[MOST_SHOWN]]
    message = (
        f"{len(diagnostics) - MOST_SHOWN:,} more findings in this file are not shown here (the language server "
        f"shows {MOST_SHOWN:,} per file, the most severe first); fwk-tui check lists them all"
    )
    more = types.Diagnostic(
        range=first_left.range, message=message, severity=types.DiagnosticSeverity.Information, source=SOURCE
    )
    return [*(diagnostics[n] for n in shown), more]


def lsp_diagnostic(doc: OpenDocument, d: Diagnostic) -> types.Diagnostic:
    """``d`` as the client gets it."""
    return types.Diagnostic(
        range=range_of(doc, d),
        message=d.message,
        severity=_SEVERITY[d.severity],
        code=d.code,
        code_description=_code_description(d.code),
        source=SOURCE,
        tags=_TAGS.get(d.rule),
        data={"path": d.path, "rule": d.rule},
    )


def _merged_diagnostic(doc: OpenDocument, config: ConfigDocument, finding: Finding) -> types.Diagnostic:
    """A finding of the config merged with its layers: at its value in this file, else at the layer key naming the file.

    Its message ends with where the value comes from, as ``check`` prints it; one set by a layer
    links to the line of the layer's file.
    """
    d, origin = finding.diagnostic, finding.origin
    message = f"{d.message} (set by {origin.label()})" if origin is not None else d.message
    other = _other_file(doc, origin)
    related = None
    if other is None or origin is None:
        span = next((e.span for e in config.entries() if (e.span.line, e.span.column) == (d.line, d.column)), None)
        where = doc.positions.range(span.start, span.end) if span is not None else range_of(doc, d)
    else:
        key = next((e.key_span for e in config.entries() if len(e.path) == 1 and e.path[0] in LAYER_KEYS), None)
        where = doc.positions.range(key.start, key.end) if key is not None else doc.positions.range(0, 0)
        at = types.Position(max((origin.line or 1) - 1, 0), max((origin.column or 1) - 1, 0))
        location = types.Location(uri=other.as_uri(), range=types.Range(at, at))
        related = [types.DiagnosticRelatedInformation(location=location, message=f"{d.path} is set here")]
    return types.Diagnostic(
        range=where,
        message=message,
        severity=_SEVERITY[d.severity],
        code=d.code,
        code_description=_code_description(d.code),
        source=SOURCE,
        tags=_TAGS.get(d.rule),
        related_information=related,
        data={"path": d.path, "rule": d.rule, "effective": True},
    )


def _other_file(doc: OpenDocument, origin: Origin | None) -> Path | None:
    """The file ``origin`` names when it is not ``doc``'s own (a layer's config), else None."""
    file = doc.file
    if file is None or origin is None or origin.file is None:
        return None
    named = file.parent / origin.file
    return None if os.path.realpath(named) == os.path.realpath(file) else named


def range_of(doc: OpenDocument, d: Diagnostic) -> types.Range:
    """Where ``d`` is: its span, else from its line and column to the end of that line."""
    positions = doc.positions
    if d.span is not None:
        return positions.range(d.span.start, d.span.end)
    row = max(d.line - 1, 0)
    start = positions.line_start(row)
    end = positions.line_end(row)
    line = doc.data[start:end].decode("utf-8", "replace")
    skip = 1 if row == 0 and line.startswith("\ufeff") else 0  # the engine's columns do not count a BOM
    column = min(max(d.column - 1, 0) + skip, len(line))
    return positions.range(start + len(line[:column].encode("utf-8")), end)


def _refusal(doc: OpenDocument) -> list[types.Diagnostic]:
    """One diagnostic saying why the text is not a config (at its syntax error); none for an empty text."""
    error = doc.error
    body = doc.data.removeprefix(b"\xef\xbb\xbf")
    if error is None or not body.strip():
        return []  # a new file, still empty: nothing to say yet
    positions = doc.positions
    if isinstance(error, ParseError) and error.offset is not None:
        start = error.offset
        word = _WORD.match(doc.data, start)  # the unexpected name or number, else its one character
        end = word.end() if word else _next_char(doc.data, start)
        end = min(end, positions.line_end(positions.position(start).line))
        where = positions.range(start, max(start, end))
        message = error.message
    else:
        where = positions.range(0, 0)
        message = str(error).removeprefix(f"{doc.filename}: ")
    return [types.Diagnostic(range=where, message=message, severity=types.DiagnosticSeverity.Error, source=SOURCE)]


def _syntax_only(doc: OpenDocument) -> types.Diagnostic:
    """Where the full check would be: a note that a document this big is checked for its syntax only."""
    size = len(doc.data) / 1_048_576
    message = (
        f"This file is {size:.1f} MB: over {FULL_CHECK_MAX_BYTES // 1_048_576} MB the language server checks "
        "its syntax only (fwk-tui check checks all of it)"
    )
    return types.Diagnostic(
        range=doc.positions.range(0, 0), message=message, severity=types.DiagnosticSeverity.Information, source=SOURCE
    )


def _next_char(data: bytes, offset: int) -> int:
    """The offset after the character at ``offset``."""
    end = offset + 1
    while end < len(data) and 0x80 <= data[end] < 0xC0:
        end += 1
    return min(end, len(data))


@cache
def _rules_page() -> Path | None:
    """docs/rules.md beside the package (a checkout or an editable install), where each code has an anchor."""
    page = Path(fwk_tui.__file__).resolve().parent.parent / "docs" / "rules.md"
    return page if page.is_file() else None


def _code_description(code: str) -> types.CodeDescription | None:
    page = _rules_page()
    if page is None:
        return None
    return types.CodeDescription(href=f"{page.as_uri()}#{code.lower()}")
