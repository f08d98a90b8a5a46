"""How the commands print: text made safe for a terminal, JSON as it is."""

from __future__ import annotations

import sys

from fwk_tui.cli.json_values import json_pieces
from fwk_tui.source.textutil import plain, plain_line


def out(text: str, end: str = "\n") -> None:
    """``text`` on stdout, its control characters shown, not run."""
    sys.stdout.write(plain(text) + end)


def out_line(text: str) -> None:
    """``text`` as one line of stdout: its control characters shown, a line break in it (a file's name) as ``\\n``."""
    sys.stdout.write(plain_line(text) + "\n")


def out_json(data: object) -> None:
    """``data`` as JSON on stdout."""
    for piece in json_pieces(data):  # already safe to print; plain() would make it invalid JSON
        sys.stdout.write(piece)
    sys.stdout.write("\n")


def err(text: str) -> None:
    """``text`` on stderr, its control characters shown, not run."""
    sys.stderr.write(plain(text) + "\n")
