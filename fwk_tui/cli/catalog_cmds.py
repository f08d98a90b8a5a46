"""Commands on the catalogue: catalog, explain, search, browse."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:  # noqa: SLF001
    """Add the catalogue commands to ``sub``."""
