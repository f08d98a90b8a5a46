"""The crash journal: unsaved edits kept on disk, so a crash or a closed terminal loses nothing (see ``journal.py``)."""

from fwk_tui.journal.codec import JournalFormatError, decode_edit, decode_value, encode_edit, encode_value
from fwk_tui.journal.journal import FORMAT_VERSION, Journal, JournalEntry, default_folder

__all__ = [
    "FORMAT_VERSION",
    "Journal",
    "JournalEntry",
    "JournalFormatError",
    "decode_edit",
    "decode_value",
    "default_folder",
    "encode_edit",
    "encode_value",
]
