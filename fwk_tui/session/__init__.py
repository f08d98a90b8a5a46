"""The edit session: the one mutable object between the document and the views (see ``session.py``)."""

from fwk_tui.paths import format_path
from fwk_tui.session.disk import ReloadResult, sha256
from fwk_tui.session.edit import Edit, EditError, EditKind, check_spread, is_spread_item
from fwk_tui.session.session import EditSession
from fwk_tui.source import UNDEFINED, ChangedOnDiskError, Code

__all__ = [
    "UNDEFINED",
    "ChangedOnDiskError",
    "Code",
    "Edit",
    "EditError",
    "EditKind",
    "EditSession",
    "ReloadResult",
    "check_spread",
    "format_path",
    "is_spread_item",
    "sha256",
]
