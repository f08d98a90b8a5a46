"""The config file of every command: found, opened, read at a path; a stop with its message and exit code."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from fwk_tui.cli.output import err
from fwk_tui.exits import Exit
from fwk_tui.oserrors import os_error_message, os_error_words
from fwk_tui.paths import OptionPath, PathError, format_path, parse_path
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


class Stop(Exception):
    """End the command with ``code`` after printing ``message`` to stderr."""

    def __init__(self, code: Exit, message: str) -> None:
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
    except DocumentError as exc:  # a ParseError prints as file:line:col: message and its code frame
        hint = " (--overwrite-read-only writes it anyway)" if isinstance(exc, ReadOnlyFileError) else ""
        err(f"{exc}{hint}")
        return Exit.BUSY if isinstance(exc, BusyError) else Exit.BAD_INPUT
    except BrokenPipeError:
        raise  # the reader went away (`check | head`): nothing to say, main ends quietly
    except OSError as exc:  # the lock, or a write
        err(f"{os_error_message(exc, exc.filename or 'fwk-tui')}; nothing was written")
        return Exit.BAD_INPUT


def writing(file: Path, dry_run: bool) -> AbstractContextManager[None]:
    """The folder's write lock from reading to writing: a second ``set`` waits, then edits the new bytes."""
    return nullcontext() if dry_run else locked(file)


def open_config(option: str | None, named_by: str = "--file") -> tuple[Path, ConfigDocument]:
    """The config ``option`` names (else the one in this folder), read; one that cannot be read stops."""
    file = find_config(option, named_by)
    try:
        return file, load_document(file)
    except OSError as exc:
        raise Stop(Exit.BAD_INPUT, f"{file}: cannot read: {os_error_words(exc)}") from None


def find_config(option: str | None, named_by: str = "--file") -> Path:
    """The config ``option`` names, else the one in this folder; ``named_by`` is how the command takes a file
    (``--file``, or ``FILE`` for an argument), said when there is none."""
    if option:
        return Path(option)
    found = find_config_file(".")
    if found is None:
        raise Stop(Exit.BAD_INPUT, f"no fwk.config.ts, fwk.config.js or fwk.config.mjs in this folder; pass {named_by}")
    return found


def option_path(text: str) -> OptionPath:
    try:
        return parse_path(text)
    except PathError as exc:
        raise Stop(Exit.BAD_INPUT, f"bad path: {exc}") from None


def lookup_value(doc: ConfigDocument, file: Path, path: OptionPath) -> JSValue:
    try:
        return doc.get(path)
    except KeyError:
        note = f" ({doc.read_only})" if doc.read_only else ""
        near = did_you_mean(format_path(path), written_paths(doc.values())) or default_note(format_path(path))
        raise Stop(Exit.NOT_FOUND, f"{file}: no value at {format_path(path)}{note}{near}") from None


def default_note(path: str) -> str:
    """``; not set: the app gets its default, true`` for an option the file does not set (its default of each
    variant when they differ); nothing for a path no option has, or an option without a plain default value."""
    from fwk_tui.catalog import load_catalog
    from fwk_tui.catalog.present import default_text

    option = load_catalog().get(path)
    if option is None:
        return ""
    shown = {  # a plain value; an object's default is for `fwk-tui why` to show whole
        v: default_text(d)
        for v, d in sorted(option.defaults.items())
        if d.kind == "value" and isinstance(d.value, str | int | float | bool)
    }
    if not shown:
        return ""
    if len(set(shown.values())) == 1:
        return f"; not set: the app gets its default, {next(iter(shown.values()))}"
    return "; not set: the app gets its default, " + ", ".join(f"{t} in variant {v}" for v, t in shown.items())


def written_paths(value: object) -> Iterator[str]:
    """The paths of the keys of ``value`` (an object's keys, those of objects in it), however deep."""
    pending: list[tuple[OptionPath, object]] = [((), value)]
    while pending:
        path, inner = pending.pop()
        if isinstance(inner, dict):
            for key, item in inner.items():
                here = (*path, key)
                yield format_path(here)
                pending.append((here, item))


def did_you_mean(asked: str, paths: Iterable[str]) -> str:
    """``; did you mean X?`` when a near spelling of ``asked`` is among ``paths`` or the catalogue's options."""
    from fwk_tui.catalog import load_catalog
    from fwk_tui.validate.text import nearest

    catalog = load_catalog()
    candidates = dict.fromkeys([*paths, *catalog.by_path, *catalog.by_alias])
    found = nearest(asked, candidates)
    return f"; did you mean {' or '.join(found[:3])}?" if found else ""
