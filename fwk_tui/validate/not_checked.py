"""A config built by code: say that what code makes was not checked, at the code that makes it."""

from __future__ import annotations

from fwk_tui.source.document import ConfigDocument
from fwk_tui.source.locate import locate_config
from fwk_tui.source.read import Reader
from fwk_tui.validate.diagnostics import Diagnostic

RULE = "not-checked"


def not_checked(doc: ConfigDocument) -> list[Diagnostic]:
    """One info at the code that builds the config (none for a plain literal); it names what was checked."""
    built = doc.built_by_code
    if built is None:
        return []
    span = Reader(doc.data).span(built.node)
    literal = locate_config(doc.tree, doc.filename).node
    if literal is None:
        checked = "nothing was checked"
    else:
        checked = f"only the object literal on line {literal.start_point[0] + 1} was checked"
    message = (
        f"not checked: the config is built by code at {span.line}:{span.column}: {built.what}; "
        f"fwk-tui never runs code, so {checked}"
    )
    return [Diagnostic("info", "", message, RULE).at(span)]
