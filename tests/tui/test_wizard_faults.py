"""The wizard's save when a file cannot be written: the notice says what was and was not written."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.tui.wizard import WizardApp
from fwk_tui.wizard import open_target
from tests.tui.test_editor import told
from tests.tui.test_wizard import CATALOG, DATE, to_step


def _wizard(folder: Path, preset: Path) -> WizardApp:
    project = open_target(folder, CATALOG)
    answers = project.initial.with_(compatibility_date=DATE)
    return WizardApp(project, CATALOG, answers, folder_arg=".", preset=str(preset))


async def _save(app: WizardApp) -> list[tuple[str, str]]:
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await to_step(pilot, "review")
        await pilot.press("ctrl+s")
        await pilot.pause()
        return [(n.title, n.message) for n in told(app)]  # noqa: SLF001


async def test_answers_that_cannot_be_saved_leave_the_project_unwritten(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    preset = tmp_path / "a-file" / "preset.toml"
    app = _wizard(tmp_path / "shop", preset)
    [(title, message)] = await _save(app)
    assert title == "Nothing written"
    assert message.startswith(f"{preset}: ") and message.endswith("the answers were not saved; nothing was written")
    assert app.outcome is None and not (tmp_path / "shop").exists()


async def test_a_project_that_cannot_be_written_says_the_answers_were_saved(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    preset = tmp_path / "preset.toml"
    app = _wizard(tmp_path / "a-file" / "shop", preset)
    [(title, message)] = await _save(app)
    assert title == f"Write failed (the answers were saved to {preset})"
    assert message.endswith("nothing was written")
    assert app.outcome is None and f'compatibility-date = "{DATE}"' in preset.read_text()
