"""``fwk-tui lsp``: the language server for editors (run by the entry, ``fwk_tui.main``)."""

from __future__ import annotations

import argparse
import sys

from fwk_tui.cli.launch import ServerStart, launchers
from fwk_tui.cli.output import err
from fwk_tui.exits import Exit

HUMAN_HINT = (
    "fwk-tui lsp: the language server speaks LSP on stdin and stdout, for an editor to start "
    '(setup: docs/cli.md, "The language server"); Ctrl+C stops it'
)

DESCRIPTION = (
    "Run the language server of fwk.config.* files for an editor (VS Code, Neovim, Helix, Zed, any LSP "
    "client): the diagnostics of fwk-tui check as you type, and its fixes as code actions. It speaks LSP on "
    "stdin and stdout, as editors start it; --tcp PORT listens on 127.0.0.1 instead, to watch or debug a session "
    "(each connection a session of its own, until Ctrl+C)."
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:  # noqa: SLF001
    """Add ``lsp`` to ``sub``."""
    p = sub.add_parser("lsp", help="the language server for editors (LSP over stdio)", description=DESCRIPTION)
    p.add_argument(
        "--tcp",
        type=int,
        metavar="PORT",
        help="listen on 127.0.0.1:PORT instead of stdio (for debugging; a session per connection, until Ctrl+C)",
    )
    p.set_defaults(run=_lsp)


def _lsp(ns: argparse.Namespace) -> int:
    port = ns.tcp
    if port is not None and not 0 < port < 65536:
        err(f"fwk-tui lsp: --tcp {port}: a port is a number from 1 to 65535")
        return Exit.BAD_INPUT
    if port is None and sys.stdin.isatty():
        # Someone typed the command: say what it waits for rather than sit silent.
        err(HUMAN_HINT)
    return launchers(ns).language_server(ServerStart(tcp_port=port))
