"""Typed fields of the editor's form: one editor module per kind of value.

``field_for(path, option, value, variant, diagnostics)`` builds the field of
one option (``option`` is ``None`` for a key the catalogue does not know);
``value`` is :data:`MISSING` when the file does not set it. Importing the
package imports every kind of editor, each adding itself to the registry.
"""

# Each kind's module adds its editor to the registry when it is imported.
import fwk_tui.tui.fields.boolean  # noqa: F401
import fwk_tui.tui.fields.code  # noqa: F401
import fwk_tui.tui.fields.enum  # noqa: F401
import fwk_tui.tui.fields.expression  # noqa: F401
import fwk_tui.tui.fields.list  # noqa: F401
import fwk_tui.tui.fields.number  # noqa: F401
import fwk_tui.tui.fields.record  # noqa: F401
import fwk_tui.tui.fields.text  # noqa: F401
import fwk_tui.tui.fields.union  # noqa: F401
import fwk_tui.tui.fields.unknown  # noqa: F401
from fwk_tui.tui.fields.factory import field_for
from fwk_tui.tui.fields.field import OptionField
from fwk_tui.tui.fields.registry import editor_class, editor_for
from fwk_tui.tui.fields.value_editor import ValueEditor
from fwk_tui.validate.values import MISSING

__all__ = ["MISSING", "OptionField", "ValueEditor", "editor_class", "editor_for", "field_for"]
