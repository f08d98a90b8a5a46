"""F3 at a key that does nothing: the earlier copy of a duplicate goes, an older key becomes its successor."""

from __future__ import annotations

from pathlib import Path

from tests.tui.test_editor import go_to, make_app, screen_text

TEXT = "export default defineFwkConfig({\n  devServer: {\n    port: 3000,\n    port: 4000,\n  },\n})\n"


async def test_f3_at_a_duplicate_key_removes_the_earlier_copy(tmp_path: Path) -> None:
    file = tmp_path / "fwk.config.ts"
    file.write_text(TEXT)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "devServer.port")
        for _ in range(20):  # the field's editor mounts after the jump
            if "F3:" in screen_text(app):
                break
            await pilot.pause(0.05)
        assert "port is written again in devServer at line 4" in screen_text(app)
        await pilot.press("f3")
        await pilot.pause()
        assert app.session.text == "export default defineFwkConfig({\n  devServer: {\n    port: 4000,\n  },\n})\n"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.text == TEXT  # one undo step
    assert file.read_text() == TEXT  # nothing written without a save


async def test_f3_at_an_older_key_writes_its_successor_in_its_place(tmp_path: Path) -> None:
    file = tmp_path / "fwk.config.ts"
    text = "export default defineFwkConfig({\n  mode: 'spa',\n  app: {},\n})\n"
    file.write_text(text)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "mode")
        for _ in range(20):  # the field's editor mounts after the jump
            if "F3:" in screen_text(app):
                break
            await pilot.pause(0.05)
        assert "mode is a key of the framework's older major version" in screen_text(app)
        await pilot.press("f3")
        await pilot.pause()
        assert app.session.text == "export default defineFwkConfig({\n  ssr: false,\n  app: {},\n})\n"
