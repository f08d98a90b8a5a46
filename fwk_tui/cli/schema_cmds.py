"""``fwk-tui schema``: the JSON Schema of a config's options, for editors and other tools."""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from pathlib import Path

from fwk_tui.atomic import is_read_only, write_text_atomically
from fwk_tui.catalog import load_catalog
from fwk_tui.cli.config_file import guard
from fwk_tui.cli.json_values import json_text
from fwk_tui.cli.output import err, out
from fwk_tui.cli.project_args import variant_flags, variant_here
from fwk_tui.exits import Exit
from fwk_tui.oserrors import os_error_message
from fwk_tui.resolve.sources import named_as_config
from fwk_tui.source.textutil import plain_line
from fwk_tui.userfiles import UnreadableFile, read_file_bytes

DESCRIPTION = (
    "Print the JSON Schema (draft 2020-12) of the config's options for one layout variant: types, enums, "
    "defaults, descriptions, deprecations; unknown keys are refused where check reports them. For editors "
    "(yaml-language-server, VS Code's JSON support) on a JSON or YAML form of the config."
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:  # noqa: SLF001
    """Add ``schema`` to ``sub``."""
    cmd = sub.add_parser("schema", help="print the JSON Schema of the options", description=DESCRIPTION)
    variant_flags(cmd)
    cmd.add_argument(
        "--out",
        metavar="FILE",
        help="write the schema to FILE (whole or not at all; a device or named pipe is written into), not stdout",
    )
    cmd.set_defaults(run=lambda ns: guard(lambda: _schema(ns)))


def _schema(ns: argparse.Namespace) -> int:
    # Imported here: every start of fwk-tui (the editor's too) imports this module to list the command.
    from fwk_tui.config_schema import config_schema

    catalog = load_catalog()
    variant, file, why = variant_here(ns.variant, ns.file, catalog)
    text = json_text(config_schema(catalog, variant)) + "\n"
    if ns.out is None or ns.out == "-":
        sys.stdout.write(text)  # json_text escapes what a terminal would obey
        return Exit.OK
    path = Path(ns.out)
    try:
        if _stream(path):
            # /dev/null, /dev/stdout, a named pipe: written into, as a shell's `>` would; never replaced.
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(text)
            return Exit.OK
        other = _another_file(path)
        if other is not None:
            err(f"{plain_line(str(path))}: {other}; nothing was written")
            return Exit.BAD_INPUT
        if path.is_file() and is_read_only(path, path.stat()):
            err(f"{plain_line(str(path))}: the file is read-only; nothing was written")
            return Exit.BAD_INPUT
        notes = write_text_atomically(path, text)
    except OSError as exc:
        err(f"{os_error_message(exc, exc.filename or path)}; nothing was written")
        return Exit.BAD_INPUT
    for note in notes:
        err(note)
    detected = f" ({why}, in {file})" if file is not None else ""
    out(f"wrote {path}: the JSON Schema of variant {variant}{detected}")
    return Exit.OK


def _stream(path: Path) -> bool:
    """``path`` is a character device or a FIFO (following links)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def _another_file(path: Path) -> str | None:
    """Why the schema may not replace ``path`` (followed through links): a config's name, or a file there that holds
    something else than a JSON Schema (`--out .env`, `--out package.json`, a link to the config replaced them)."""
    real = Path(os.path.realpath(path))
    if named_as_config(real.name):
        return "that is the name of a config, not of a schema"
    if not real.is_file():
        return None
    try:
        head = read_file_bytes(real, 64 * 1024 * 1024)
        held = json.loads(head)
    except (OSError, UnreadableFile, ValueError, RecursionError):
        held = None
    if isinstance(held, dict) and "$schema" in held:
        return None  # a schema written before: replaced by this one
    return "the file there holds something else than a JSON Schema (it is not replaced)"
