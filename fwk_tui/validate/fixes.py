"""Applying a :class:`Fix` to a document: one edit, or two for a move."""

from __future__ import annotations

from fwk_tui.source.document import ConfigDocument
from fwk_tui.validate.diagnostics import Fix


def apply_fix(doc: ConfigDocument, fix: Fix) -> ConfigDocument:
    """The document with ``fix`` applied (a new document; ``doc`` is untouched).

    Raises what the document's edits raise (``KeyError``, ``DocumentError``)
    when the file changed since the diagnostic was made.
    """
    if fix.kind == "set":
        return doc.set(fix.path, fix.value)
    if fix.kind == "unset":
        return doc.unset(fix.path)
    if fix.kind == "rename":
        assert fix.new_key is not None
        return doc.rename(fix.path, fix.new_key)
    assert fix.new_path is not None
    value = doc.get(fix.path)
    return doc.unset(fix.path).set(fix.new_path, value)
