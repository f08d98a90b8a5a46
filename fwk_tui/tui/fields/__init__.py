"""Typed fields of the editor's form: one editor module per kind of value.

``field_for(path, option, value, variant, diagnostics)`` builds the field of
one option (``option`` is ``None`` for a key the catalogue does not know);
``value`` is :data:`MISSING` when the file does not set it. Importing the
package imports every kind of editor, each adding itself to the registry.
"""

import fwk_tui.tui.fields.boolean
import fwk_tui.tui.fields.code
import fwk_tui.tui.fields.enum
import fwk_tui.tui.fields.expression
import fwk_tui.tui.fields.list
import fwk_tui.tui.fields.number
import fwk_tui.tui.fields.record
import fwk_tui.tui.fields.text
import fwk_tui.tui.fields.union
import fwk_tui.tui.fields.unknown  # noqa: F401 (each kind registers its editor)
from fwk_tui.tui.fields.editor import ValueEditor
from fwk_tui.tui.fields.factory import field_for
from fwk_tui.tui.fields.field import OptionField
from fwk_tui.tui.fields.registry import editor_class, editor_for
from fwk_tui.validate.values import MISSING

__all__ = ["MISSING", "OptionField", "ValueEditor", "editor_class", "editor_for", "field_for"]
