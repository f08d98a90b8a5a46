"""A config built by code: say that what code makes was not checked, at the code that makes it."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from tree_sitter import Node

from fwk_tui.paths import format_path
from fwk_tui.source.document import ConfigDocument
from fwk_tui.source.locate import locate_config, top_level_names
from fwk_tui.source.nodes import text_of
from fwk_tui.source.read import Reader
from fwk_tui.source.summary import one_line
from fwk_tui.validate.diagnostics import Diagnostic
from fwk_tui.validate.values import code_in

RULE = "not-checked"
_WORD = re.compile(rb"[A-Za-z_$\x80-\xff][\w$\x80-\xff]*")


def not_checked(doc: ConfigDocument, values: dict[str, Any] | None = None) -> list[Diagnostic]:
    """One info at the code that builds the config (none for a plain literal), and one at each value naming
    a top-level name that code changes after it is written. ``values`` is ``doc.values()`` when known."""
    built = doc.built_by_code
    if built is None:
        return _changed_names(doc, doc.values() if values is None else values)
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


def _changed_names(doc: ConfigDocument, values: dict[str, Any]) -> list[Diagnostic]:
    """``modules`` in ``{ modules }`` when ``modules.push(...)`` runs before the config is read."""
    named = [(path, code) for path, code in code_in(values) if code.text.isidentifier()]
    if not named:
        return []  # most configs: no value is a bare name, nothing to look up
    config = locate_config(doc.tree, doc.filename).node
    if config is None:
        return []
    # Code changes a name only where the name is written again outside the config (beside its declaration):
    # one pass over the words there spares the index of the file's names on most edits.
    outside = doc.data[: config.start_byte] + b" " + doc.data[config.end_byte :]
    written = Counter(_WORD.findall(outside))
    named = [(path, value) for path, value in named if written[value.text.encode()] >= 2]
    if not named:
        return []
    names = top_level_names(doc.tree)
    changes: dict[str, Node | None] = {}  # by name: a name written as many values is looked up once
    out: list[Diagnostic] = []
    for path, value in named:
        if value.text not in changes:
            changes[value.text] = names.change_of(value.text, config)
        change = changes[value.text]
        if change is None:
            continue
        line, column = change.start_point[0] + 1, change.start_point[1] + 1
        message = (
            f"not checked: {value.text} is changed by code after it is written "
            f"(line {line}:{column}: `{one_line(text_of(change), 40)}`); fwk-tui never runs code"
        )
        out.append(Diagnostic("info", format_path(path), message, RULE).at(value.span))
    return out
