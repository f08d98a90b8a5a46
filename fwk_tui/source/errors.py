"""Errors the document engine reports to its users, as values with a message."""

from __future__ import annotations


class DocumentError(Exception):
    """The document cannot be read or the edit cannot be made; ``str()`` says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class ParseError(DocumentError):
    """The text is not a config file we can read, with where and a code frame."""

    def __init__(
        self,
        message: str,
        *,
        filename: str = "",
        line: int = 0,
        column: int = 0,
        frame: str = "",
        offset: int | None = None,
    ) -> None:
        super().__init__(message)
        self.filename = filename
        self.line = line
        self.column = column
        self.frame = frame
        self.offset = offset
        """The byte offset of the error in the parsed bytes, when it was found in them."""

    def __str__(self) -> str:
        where = self.filename or "<text>"
        if self.line:
            where = f"{where}:{self.line}:{self.column}"
        head = f"{where}: {self.message}"
        return f"{head}\n{self.frame}" if self.frame else head


class ReadOnlyError(DocumentError):
    """The config object is not a literal fwk-tui can edit safely."""


class ChangedOnDiskError(DocumentError):
    """The file on disk is not the one the document was read from; nothing was written."""


class ReadOnlyFileError(DocumentError):
    """The file's mode says read-only; nothing was written (unless asked to write it anyway)."""


class BusyError(DocumentError):
    """Another writer held the folder's lock for too long; nothing was written."""
