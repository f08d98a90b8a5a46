"""The names callers outside the fields import from here: the field is in ``field.py``, the editor in ``editor.py``."""

from fwk_tui.tui.fields.editor import ValueEditor, is_missing, same_value
from fwk_tui.tui.fields.field import OptionField

__all__ = ["OptionField", "ValueEditor", "is_missing", "same_value"]
