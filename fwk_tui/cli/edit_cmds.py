"""``fwk-tui [FILE]`` / ``fwk-tui edit [FILE]``: the interactive editor."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

from fwk_tui.cli.launch import EditorStart, launchers
from fwk_tui.cli.output import err
from fwk_tui.exits import Exit
from fwk_tui.source.textutil import plain

NO_TERMINAL = "fwk-tui: the editor needs a terminal; in scripts use fwk-tui check, get, set, unset or dump"

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "fwk.config.ts"
"""The bundled example config (``fwk-tui --example`` edits a copy of it)."""


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``edit`` to ``sub``."""
    p = sub.add_parser(
        "edit",
        help="edit a config in the terminal (the default command)",
        description=(
            "Open FILE in the editor: typed fields, live validation, undo, and a save that changes only the "
            "edited bytes. FILE defaults to ./fwk.config.ts (then .js, .mjs); when there is none, the editor "
            "offers the new-project wizard (fwk-tui new) or an empty config that Ctrl+S writes to ./fwk.config.ts."
        ),
    )
    p.add_argument("file", nargs="?", help="the config file (created on save when it does not exist)")
    p.add_argument("--variant", choices=["A", "B"], help="layout variant (default: detected, or your settings)")
    p.add_argument(
        "--example", action="store_true", help="edit a fresh copy of the bundled example config (in your state folder)"
    )
    p.set_defaults(run=_edit)


def _edit(ns: argparse.Namespace) -> int:
    from fwk_tui.catalog import load_catalog
    from fwk_tui.journal import Journal
    from fwk_tui.oserrors import os_error_message
    from fwk_tui.session import EditSession
    from fwk_tui.settings import Settings
    from fwk_tui.source import ConfigDocument, DocumentError, find_config_file

    settings = Settings.load()
    variant = ns.variant or (settings.variant if settings.variant in ("A", "B") else None)
    catalog = load_catalog()
    file = _example_copy() if ns.example else Path(ns.file) if ns.file else find_config_file(".")
    label = None
    offer_wizard = file is None
    try:
        if file is None:
            file = Path("fwk.config.ts")
            session = EditSession(ConfigDocument.new(), catalog, path=_absolute(file), variant=variant)
            label = "fwk.config.ts (new)"
        elif not _exists(file):
            if not file.parent.is_dir():
                err(f"fwk-tui: {file.parent}: no such folder")
                return Exit.BAD_INPUT
            session = EditSession(ConfigDocument.new(file.name), catalog, path=_absolute(file), variant=variant)
            label = f"{file} (new)"
        else:
            session = EditSession.open(file, catalog, variant=variant)
        # Read the values and checks here, where a failure is a message (the editor reads them
        # first thing anyway: they are cached, so this costs nothing).
        session.diagnostics  # noqa: B018
    except DocumentError as exc:
        message = plain(str(exc))  # a ParseError prints as file:line:col: message + code frame
        err(message if message.startswith(str(file)) else f"{file}: {message}")
        return Exit.BAD_INPUT
    except RecursionError:
        err(f"{file}: the config is nested too deeply to read")
        return Exit.BAD_INPUT
    except OSError as exc:
        err(os_error_message(exc, file))  # in the words get and check use
        return Exit.BAD_INPUT
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        err(NO_TERMINAL)
        return Exit.BAD_INPUT

    start = EditorStart(
        session,
        settings=settings,
        journal=Journal(),
        label=label or str(file),
        offer_wizard=offer_wizard,
        start_path=getattr(ns, "at", None),  # from the browser: open at that option's field
    )
    return launchers(ns).editor(start) or Exit.OK


def _exists(file: Path) -> bool:
    """False when ``file`` is not there (a new config); OSError when it cannot be told (a symlink loop, ENOTDIR)."""
    try:
        os.stat(file)
    except FileNotFoundError:
        return False
    return True


def _absolute(file: Path) -> Path:
    # realpath never raises (a symlink loop stays as it is); Path.resolve raises RuntimeError on one.
    return Path(os.path.realpath(file))


def _example_copy() -> Path:
    from platformdirs import user_state_path

    folder = user_state_path("fwk-tui") / "example"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "fwk.config.ts"
    shutil.copyfile(EXAMPLE, target)
    return target
