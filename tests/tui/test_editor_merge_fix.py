"""F3 on a misspelt object beside the key it meant merges it (asking which value stays where both set one), and
after any fix the keys stay on the field the fix edited, at a person's speed."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.tui.editor.widgets.group_tree import GroupTree
from fwk_tui.tui.screens.choice import ChoiceScreen

from .test_editor import make_app, screen_text
from .test_human_speed import focus_reaches, focused_field, look_until, search_to, type_slowly, write_config

BESIDE = (
    "export default defineFwkConfig({\n  devServr: { port: 3000 },\n  devServer: { host: 'x' },\n  ssr: true,\n})\n"
)
CONFLICT = (
    "export default defineFwkConfig({\n  devServr: { port: 3000, https: true },\n  devServer: { port: 4000 },\n})\n"
)


async def test_f3_merges_a_misspelt_object_into_the_one_it_meant_and_stays_on_the_moved_field(tmp_path: Path) -> None:
    file = write_config(tmp_path, BESIDE)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "devServr")
        assert focused_field(app) == "devServr"
        await look_until(pilot, app, lambda: "Merge devServr into devServer" in screen_text(app), "the fix offered")
        await type_slowly(pilot, "f3")
        assert app.session.text == (
            "export default defineFwkConfig({\n  devServer: { host: 'x', port: 3000 },\n  ssr: true,\n})\n"
        )
        await focus_reaches(pilot, app, "devServer.port")
        await type_slowly(pilot, "ctrl+z")
        assert app.session.text == BESIDE  # one undo step
    assert file.read_text() == BESIDE


async def test_f3_asks_which_value_stays_when_both_set_a_key(tmp_path: Path) -> None:
    file = write_config(tmp_path, CONFLICT)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "devServr")
        await type_slowly(pilot, "f3")
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "port: 4000 in devServer, 3000 in devServr" in text
        assert "Keep devServer's (k)" in text and "Take devServr's (t)" in text
        await type_slowly(pilot, "escape")  # nothing changes
        assert not isinstance(app.screen, ChoiceScreen)
        assert app.session.text == CONFLICT and focused_field(app) == "devServr"
        await type_slowly(pilot, "f3", "k")
        assert "  devServer: { port: 4000, https: true },\n" in app.session.text
        await focus_reaches(pilot, app, "devServer.port")
        await type_slowly(pilot, "ctrl+z")
        assert app.session.text == CONFLICT
        await search_to(pilot, "devServr")
        await type_slowly(pilot, "f3", "t")
        assert "  devServer: { port: 3000, https: true },\n" in app.session.text
        assert "devServr" not in app.session.text


async def test_after_a_rename_of_an_object_the_focus_stays_on_its_field_not_an_unrelated_group(
    tmp_path: Path,
) -> None:
    # F3 renamed devServr to devServer, then the keys went to the tree, on the Generate group.
    body = "export default defineFwkConfig({\n  devServr: { port: 3000 },\n  ssr: true,\n})\n"
    file = write_config(tmp_path, body)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "devServr")
        await type_slowly(pilot, "f3")
        assert app.session.get("devServer") == {"port": 3000}
        await focus_reaches(pilot, app, "devServer.port")
        assert not isinstance(app.focused, GroupTree)
        await type_slowly(pilot, "enter", "ctrl+u", *"4000", "tab")  # the keys go on in that field
        assert app.session.get("devServer.port") == 4000


async def test_after_a_misspelt_copy_is_removed_the_focus_goes_to_the_key_it_repeats(tmp_path: Path) -> None:
    body = "export default defineFwkConfig({\n  ssrr: true,\n  ssr: false,\n})\n"
    file = write_config(tmp_path, body)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "ssrr")
        await type_slowly(pilot, "f3")
        assert app.session.text == "export default defineFwkConfig({\n  ssr: false,\n})\n"
        await focus_reaches(pilot, app, "ssr")
