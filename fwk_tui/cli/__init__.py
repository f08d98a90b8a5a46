"""The ``fwk-tui`` command line. Each command module registers its subcommands."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from fwk_tui import __version__
from fwk_tui.cli import catalog_cmds, check_cmds, edit_cmds, new_cmds, source_cmds

_MODULES = (edit_cmds, new_cmds, catalog_cmds, source_cmds, check_cmds)


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


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit code (0 ok, 1 findings, 2 bad input)."""
    args = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not args or (args[0] not in _command_names(parser) and args[0] not in ("-h", "--help", "--version")):
        # `fwk-tui`, `fwk-tui FILE` and `fwk-tui --example` open the editor.
        args = ["edit", *args]
    ns = parser.parse_args(args)
    try:
        return int(ns.run(ns) or 0)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


def _command_names(parser: argparse.ArgumentParser) -> set[str]:
    for action in parser._subparsers._group_actions if parser._subparsers else []:  # noqa: SLF001
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            return set(action.choices)
    return set()
