"""The ``fwk-tui`` command line. Each command module registers its subcommands."""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Sequence

from fwk_tui import __version__
from fwk_tui.catalog.loader import CatalogError
from fwk_tui.cli import (
    catalog_cmds,
    check_cmds,
    edit_cmds,
    env_cmds,
    lsp_cmds,
    migrate_cmds,
    new_cmds,
    resolve_cmds,
    schema_cmds,
    source_cmds,
)
from fwk_tui.cli.launch import Launchers
from fwk_tui.exits import Exit
from fwk_tui.oserrors import os_error_message, os_error_words
from fwk_tui.source import DocumentError
from fwk_tui.source.textutil import plain

_MODULES = (
    edit_cmds,
    new_cmds,
    catalog_cmds,
    source_cmds,
    check_cmds,
    env_cmds,
    resolve_cmds,
    migrate_cmds,
    schema_cmds,
    lsp_cmds,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fwk-tui",
        description="Browse, edit and check fwk.config.ts from the terminal.",
    )
    parser.add_argument("--version", action="version", version=f"fwk-tui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _MODULES:
        module.register(sub)
    return parser


DEBUG_VARIABLE = "FWK_TUI_DEBUG"


def main(argv: Sequence[str] | None = None, launchers: Launchers | None = None) -> int:
    """Run one command; return its exit code (:class:`~fwk_tui.exits.Exit`); never a bare traceback.

    ``launchers`` run the terminal apps (``fwk_tui.main`` gives them); without them only the
    scripted commands can run to the end.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if sys.stderr is None:  # started with `2>&-`: the messages go nowhere, as asked
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115  (for the whole run)
    if sys.stdout is None:  # started with `>&-`: nothing could be said of what a command did, so none runs
        sys.stderr.write("fwk-tui: the standard output is closed (>&-); nothing was done\n")
        return Exit.BAD_INPUT
    try:
        parser = build_parser()
        if not args or (args[0] not in _command_names(parser) and args[0] not in ("-h", "--help", "--version")):
            # `fwk-tui`, `fwk-tui FILE` and `fwk-tui --example` open the editor.
            args = ["edit", *args]
        ns = parser.parse_args(args)
        ns.launchers = launchers
        code = int(ns.run(ns) or 0)
        try:
            sys.stdout.flush()  # an output that cannot be written fails the command, here, with a message
        except BrokenPipeError:
            raise
        except OSError as exc:
            _quiet_stdout()
            return _fail(f"fwk-tui: the output could not be written: {os_error_words(exc)}")
        except ValueError:
            pass  # closed by the command itself (the language server's exit): nothing is left to write
        return code
    except BrokenPipeError:
        # The reader went away (`check | head -1`): nothing more to say, and an exit code that does not pass for
        # a whole run (a CI step gating on it): the one of a process the closed pipe stopped, 128 + SIGPIPE.
        _quiet_stdout()
        return Exit.PIPE_CLOSED
    except KeyboardInterrupt:
        return Exit.INTERRUPTED
    except DocumentError as exc:
        return _fail(str(exc))
    except CatalogError as exc:
        return _fail(f"{exc}; the option catalogue installed with fwk-tui is damaged: reinstall fwk-tui")
    except OSError as exc:
        return _fail(f"{os_error_message(exc, exc.filename or 'fwk-tui')}; nothing was written")
    except Exception as exc:  # noqa: BLE001  the last net: a message and a way to report it, not a traceback
        return _fail(
            f"fwk-tui: internal error: {type(exc).__name__}: {exc}\n"
            f"this is a bug in fwk-tui; please report it with the command you ran "
            f"({DEBUG_VARIABLE}=1 shows the traceback)"
        )


def _quiet_stdout() -> None:
    """Standard output pointed at nothing: the interpreter's last flush of what could not be written stays quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _fail(message: str) -> int:
    if os.environ.get(DEBUG_VARIABLE):
        traceback.print_exc()
    sys.stderr.write(plain(message) + "\n")
    return Exit.BAD_INPUT


def _command_names(parser: argparse.ArgumentParser) -> set[str]:
    for action in parser._subparsers._group_actions if parser._subparsers else []:  # noqa: SLF001
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            return set(action.choices)
    return set()
