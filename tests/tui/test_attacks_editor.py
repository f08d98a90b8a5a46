"""The editor under attack: one test per fault an attack round found, each named in its docstring.

Each test failed before its fix. Typing runs at a person's pace (a pause after
each key, long enough for every re-render) unless the attack is a burst.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from rich.console import Console

from .test_editor import EXAMPLE, make_app
from .test_human_speed import HUMAN, type_slowly

SECRET = f"s3cr3t-{7**9:x}"  # made at run time: the report's code frames show source lines, never it


@pytest.fixture
def config(tmp_path: Path) -> Path:
    """The example config in a project folder of its own."""
    (tmp_path / "project").mkdir()
    return Path(shutil.copyfile(EXAMPLE, tmp_path / "project" / "fwk.config.ts"))


async def test_a_crash_report_shows_no_variable_values(config: Path) -> None:
    """Attack 2: a crash printed each frame's local variables, the parsed .env text with FWK_API_SECRET among them."""
    app = make_app(config)
    printed = io.StringIO()
    app.error_console = Console(file=printed, width=120, color_system=None)

    def toggle_docs_reading_env() -> None:
        env_text = f"FWK_API_SECRET={SECRET}\n"
        raise RuntimeError(f"unexpected {len(env_text)} bytes")

    with pytest.raises(RuntimeError):
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            app._docs.toggle = toggle_docs_reading_env  # type: ignore[method-assign]
            await type_slowly(pilot, "f9")
            await pilot.pause(HUMAN)
    report = printed.getvalue()
    assert "RuntimeError: unexpected" in report and "toggle_docs_reading_env" in report, report
    assert SECRET not in report and "locals" not in report, report
    words = " ".join(report.split())
    assert "leaves out the values of variables" in words and "fwk-tui offers them back" in words
