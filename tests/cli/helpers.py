"""Running the CLI in a test, as a user's shell would, with what it printed."""

from __future__ import annotations

import pytest

from fwk_tui.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``fwk-tui ARGS``: the exit code, stdout and stderr."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err
