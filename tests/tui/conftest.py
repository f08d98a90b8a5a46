"""The interaction oracle's figures, printed at the end of the run."""

from __future__ import annotations

import sys

import pytest


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    oracle = sys.modules.get("tests.tui.test_oracle")
    stats = getattr(oracle, "STATS", None)
    if stats and stats["scripts"]:
        terminalreporter.write_line(
            f"interaction oracle: {stats['scripts']} scripts passed, {stats['steps']} steps, "
            f"{stats['saves']} saves ({stats.get('node', 0)} files loaded by node), "
            f"{stats['seconds']:.0f} s of scripts"
        )
