"""The editor on configs behind a function or built by code: what the status line says, what is written."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.tui.screens.save_preview import SavePreviewScreen

from .test_editor import go_to, make_app, screen_text, told
from .test_human_speed import write_config

FUNCTION_CONFIG = """\
export default defineFwkConfig(async () => {
  // read by the docs build
  return {
    ssr: true,
    devServer: { port: 3000 },
  }
})
"""

PUSHED = """\
const config = defineFwkConfig({
  devServer: { port: 3000 },
})
config.modules.push('@scope/extra')
export default config
"""


async def test_a_function_that_only_returns_a_literal_is_edited_in_the_literal(tmp_path: Path) -> None:
    file = write_config(tmp_path, FUNCTION_CONFIG)
    app = make_app(file)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        assert "(read-only)" not in screen_text(app).splitlines()[0]
        assert "✓ no problems" in screen_text(app).splitlines()[0]
        await go_to(app, pilot, "devServer.port")
        await pilot.press("ctrl+u", *"4100")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SavePreviewScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert not app.session.dirty
    assert file.read_text() == FUNCTION_CONFIG.replace("port: 3000", "port: 4100")


async def test_a_config_built_by_code_says_so_in_the_status_line_and_covers_nothing(tmp_path: Path) -> None:
    file = write_config(tmp_path, PUSHED)
    for size in ((100, 32), (80, 24)):
        app = make_app(file)
        async with app.run_test(size=size, notifications=True) as pilot:
            await pilot.pause()
            top = screen_text(app).splitlines()[0]
            assert "fwk.config.ts (read-only)" in top
            assert top.rstrip().endswith("not checked: built by code (line 4)")
            assert "✓" not in top
            assert not told(app)  # no toast over the docs pane
    assert file.read_text() == PUSHED


async def test_errors_and_code_together_say_not_all_checked(tmp_path: Path) -> None:
    file = write_config(tmp_path, PUSHED.replace("port: 3000", "port: 70000"))
    app = make_app(file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
        assert top.rstrip().endswith("✖ 1 not all checked (line 4)")
