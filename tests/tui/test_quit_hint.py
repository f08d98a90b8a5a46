"""Ctrl+C, pressed out of habit, says in plain words which key quits."""

from __future__ import annotations

from pathlib import Path

from tests.tui.test_editor import make_app, told


async def test_ctrl_c_names_the_quit_key_without_markup(tmp_path: Path) -> None:
    config = tmp_path / "fwk.config.ts"
    config.write_text("export default defineFwkConfig({ ssr: true })\n")
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause(0.2)
        said = [str(n.message) for n in told(app)]
        assert any(t.startswith("Press ") and t.endswith(" to quit.") for t in said), said
        assert not any("[b]" in t for t in said)
