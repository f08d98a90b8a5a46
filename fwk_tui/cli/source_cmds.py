"""Commands on a config file: get, set, unset, dump."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:  # noqa: SLF001
    """Add the document commands to ``sub``."""
