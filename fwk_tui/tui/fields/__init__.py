"""Typed fields of the editor's form: one editor module per kind of value.

``field_for(path, option, value, variant, diagnostics)`` builds the field of
one option (``option`` is ``None`` for a key the catalogue does not know);
``value`` is :data:`MISSING` when the file does not set it.
"""

from fwk_tui.tui.fields.base import OptionField, ValueEditor
from fwk_tui.tui.fields.factory import editor_class, editor_for, field_for
from fwk_tui.validate.values import MISSING

__all__ = ["MISSING", "OptionField", "ValueEditor", "editor_class", "editor_for", "field_for"]
