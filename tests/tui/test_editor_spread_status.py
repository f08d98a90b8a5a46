"""The editor's status line on a config with a spread it cannot read: never ✓."""

from __future__ import annotations

from pathlib import Path

from .test_editor import make_app, screen_text
from .test_human_speed import write_config

UNREAD = "export default defineFwkConfig({\n  ssr: true,\n  ...sharedConfig,\n})\n"
READ = "const base = { ssr: true }\nexport default defineFwkConfig({\n  ...base,\n  devServer: { port: 3000 },\n})\n"


async def test_an_unreadable_spread_is_not_all_checked(tmp_path: Path) -> None:
    file = write_config(tmp_path, UNREAD)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
        assert top.rstrip().endswith("not all checked: a spread (line 3)")
        assert "✓" not in top
    assert file.read_text() == UNREAD


async def test_a_readable_spread_keeps_no_problems(tmp_path: Path) -> None:
    file = write_config(tmp_path, READ)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert "✓ no problems" in screen_text(app).splitlines()[0]
