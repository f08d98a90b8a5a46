"""The editor on spreads as the file is: the status line never says ✓ past one it cannot read, a field names its spread."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.tui.editor.widgets.config_form import ConfigForm

from .test_editor import go_to, make_app, screen_text
from .test_human_speed import write_config

UNREAD = "export default defineFwkConfig({\n  ssr: true,\n  ...sharedConfig,\n})\n"
READ = "const base = { ssr: true }\nexport default defineFwkConfig({\n  ...base,\n  devServer: { port: 3000 },\n})\n"


async def test_an_unreadable_spread_is_not_all_checked(tmp_path: Path) -> None:
    file = write_config(tmp_path, UNREAD)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
        assert top.rstrip().endswith("not all checked (line 3)")
        assert "✓" not in top
    assert file.read_text() == UNREAD


async def test_a_value_code_changes_is_not_all_checked_either(tmp_path: Path) -> None:
    text = "const modules = ['@fwk/content']\nmodules.push('@fwk/image')\nexport default defineFwkConfig({ modules })\n"
    file = write_config(tmp_path, text)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
        assert top.rstrip().endswith("not all checked (line 3)")  # at the value the code changes
        assert "spread" not in top and "✓" not in top


async def test_a_readable_spread_keeps_no_problems(tmp_path: Path) -> None:
    file = write_config(tmp_path, READ)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert "✓ no problems" in screen_text(app).splitlines()[0]


LOOK = """\
const look = { router: { options: { scrollBehaviorType: 'smooth' } } }
export default defineFwkConfig({
  ...look,
  devServer: { port: 3000, ...serverDefaults },
})
"""


async def test_a_field_whose_value_a_spread_gives_says_so_under_it(tmp_path: Path) -> None:
    file = write_config(tmp_path, LOOK)
    app = make_app(file)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "router.options.scrollBehaviorType")
        field = app.query_one(ConfigForm).field_at("router.options.scrollBehaviorType")
        assert field is not None
        assert field.spread_notes == ["set by `...look` on line 3: 'smooth'"]
        for _ in range(40):  # the form scrolls to the field; on a loaded machine that takes a few frames
            if "set by `...look` on line 3: 'smooth'" in screen_text(app):
                break
            await pilot.pause(0.05)
        assert "set by `...look` on line 3: 'smooth'" in screen_text(app)
        await go_to(app, pilot, "devServer.port")
        port = app.query_one(ConfigForm).field_at("devServer.port")
        assert port is not None
        assert port.spread_notes == [
            "`...serverDefaults` (line 4) may set it (`serverDefaults` is not a const of this file)"
        ]
    assert file.read_text() == LOOK
