"""A private runtime value in the wizard is a secret: masked as it is typed and in its row, Ctrl+R shows it and
hides it again (the step's note and the footer say so); a public value shows as typed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Input

from fwk_tui.source import load_document
from tests.tui.test_editor import screen_text as editor_text
from tests.tui.test_wizard import make_wizard, to_step

HUMAN = 0.2


def screen_text(app: Any) -> str:
    return editor_text(app)


async def keys(pilot: Any, *pressed: str) -> None:
    for key in pressed:
        await pilot.press(key)
        await pilot.pause(HUMAN)


async def test_a_private_value_is_masked_as_typed_and_ctrl_r_shows_it(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await to_step(pilot, "runtime")
        text = screen_text(app)
        assert "Ctrl+R shows it" in text and "^R Show" in text
        await keys(pilot, "a", *"apiSecret", "enter")
        assert isinstance(app.focused, Input) and app.focused.password  # before the first key of the value
        await keys(pilot, *"hunter2")
        text = screen_text(app)
        assert "hunter2" not in text and "•••••••" in text and "apiSecret  '****'" in text
        assert [(k.key, k.value) for k in screen.answers.runtime] == [("apiSecret", "hunter2")]  # typed as it is
        await keys(pilot, "ctrl+r")
        text = screen_text(app)
        assert "apiSecret  'hunter2'" in text and text.count("hunter2") == 2 and "^R Hide" in text
        assert isinstance(app.focused, Input) and not app.focused.password  # the focus stayed in the value
        await keys(pilot, "ctrl+r")
        text = screen_text(app)
        assert "hunter2" not in text and "apiSecret  '****'" in text
        await keys(pilot, "escape")  # the value closed: its row stays masked
        assert "hunter2" not in screen_text(app)
        await keys(pilot, "end", "enter")  # opened again from its row (its kind choice focused): masked still
        field = screen.query_one("#field-runtimeConfig")
        assert [i.password for i in field.query(Input)] == [True]
        assert not field.query(".-private-unmasked")  # drawn without its text until it was masked
        assert "hunter2" not in screen_text(app) and "•••••••" in screen_text(app)
        await to_step(pilot, "review")
        await keys(pilot, "ctrl+s")
    assert "FWK_API_SECRET=hunter2\n" in (tmp_path / "p" / ".env").read_text()
    assert load_document(tmp_path / "p" / "fwk.config.ts").values()["runtimeConfig"] == {"apiSecret": ""}


async def test_a_public_value_and_a_key_name_show_as_typed(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        await to_step(pilot, "runtime")
        await keys(pilot, "a")
        assert isinstance(app.focused, Input) and not app.focused.password  # the key's name
        await keys(pilot, *"mode", "enter", "escape", "up", "up", "enter")  # to public, opened
        await keys(pilot, "a", *"apiBase", "enter", *"/api")
        assert isinstance(app.focused, Input) and not app.focused.password
        assert "apiBase  '/api'" in screen_text(app)


async def test_ctrl_r_is_offered_on_the_runtime_step_only(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        await to_step(pilot, "head")
        assert "^R" not in screen_text(app)
        await to_step(pilot, "runtime")
        assert "^R Show" in screen_text(app)


async def test_the_review_lists_the_gitignore_that_keeps_env_out(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / ".gitignore").write_text("node_modules\n")
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        await to_step(pilot, "runtime")
        await keys(pilot, "a", *"apiSecret", "enter", *"hunter2")
        await to_step(pilot, "review")
        text = screen_text(app)
        assert "add .env to p/.gitignore (kept out of version control)" in text
        assert "create p/.env: FWK_API_SECRET" in text
        assert (tmp_path / "p" / ".gitignore").read_text() == "node_modules\n"  # the review writes nothing
        await keys(pilot, "ctrl+s")
    assert (tmp_path / "p" / ".gitignore").read_text() == "node_modules\n.env\n"
    assert app.outcome is not None and "add .env to p/.gitignore (kept out of version control)" in app.outcome
