"""The config file of get, set, unset and dump: found, opened, read at a path; errors as exit codes."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from fwk_tui.cli.output import err
from fwk_tui.oserrors import os_error_message
from fwk_tui.paths import Path as OptionPath
from fwk_tui.paths import PathError, format_path, parse_path
from fwk_tui.source import (
    BusyError,
    ConfigDocument,
    DocumentError,
    ReadOnlyFileError,
    find_config_file,
    load_document,
    locked,
)
from fwk_tui.source.values import JSValue

EXIT_OK, EXIT_NOT_FOUND, EXIT_BAD_INPUT = 0, 1, 2
EXIT_FINDINGS = 1  # set: the edit brings an error; nothing written
EXIT_BUSY = 1  # another fwk-tui kept the folder's write lock; nothing written


class Stop(Exception):
    """End the command with ``code`` after printing ``message`` to stderr."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def guard(command: Callable[[], int]) -> int:
    """Run ``command``; user-facing errors become a message on stderr and an exit code."""
    try:
        return command()
    except Stop as stop:
        err(stop.message)
        return stop.code
    except DocumentError as exc:  # BusyError and ReadOnlyFileError among them
        hint = " (--overwrite-read-only writes it anyway)" if isinstance(exc, ReadOnlyFileError) else ""
        err(f"{exc}{hint}")
        return EXIT_BUSY if isinstance(exc, BusyError) else EXIT_BAD_INPUT
    except OSError as exc:
        err(f"{os_error_message(exc, exc.filename or 'fwk-tui')}; nothing was written")
        return EXIT_BAD_INPUT


def writing(file: Path, dry_run: bool) -> AbstractContextManager[None]:
    """The folder's write lock from reading to writing: a second ``set`` waits, then edits the new bytes."""
    return nullcontext() if dry_run else locked(file)


def open_config(option: str | None, named_by: str = "--file") -> tuple[Path, ConfigDocument]:
    file = find_config(option, named_by)
    return file, load_document(file)


def find_config(option: str | None, named_by: str = "--file") -> Path:
    """The config ``option`` names, else the one in this folder; ``named_by`` is how the command takes a file
    (``--file``, or ``FILE`` for an argument), said when there is none."""
    if option:
        return Path(option)
    found = find_config_file(".")
    if found is None:
        raise Stop(EXIT_BAD_INPUT, f"no fwk.config.ts, fwk.config.js or fwk.config.mjs in this folder; pass {named_by}")
    return found


def option_path(text: str) -> OptionPath:
    try:
        return parse_path(text)
    except PathError as exc:
        raise Stop(EXIT_BAD_INPUT, f"bad path: {exc}") from None


def lookup_value(doc: ConfigDocument, file: Path, path: OptionPath) -> JSValue:
    try:
        return doc.get(path)
    except KeyError:
        note = f" ({doc.read_only})" if doc.read_only else ""
        raise Stop(EXIT_NOT_FOUND, f"{file}: no value at {format_path(path)}{note}") from None
