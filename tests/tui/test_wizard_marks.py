"""The wizard's choices read without colour: the chosen one `(•)`, and `›` before the one Enter or Space would
choose while the set has the focus (Textual marks it by its background alone); the rendering's note is the one of
the choice under the cursor."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from textual.widgets import Static

from tests.tui.test_editor import screen_text as editor_text
from tests.tui.test_wizard import make_wizard, to_step

HUMAN = 0.2


def lines_with(app: Any, *words: str) -> list[str]:
    """The choice holding each of ``words``, from the marks before it: ``› (•) A: ...``."""
    text = editor_text(app)
    found = []
    for word in words:
        match = re.search(r"(?:› )?\((?:•| )\) " + re.escape(word) + ".*", text)
        assert match is not None, text
        found.append(match.group(0))
    return found


async def test_the_cursor_of_a_choice_shows_without_colour(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(HUMAN)
        a, b = lines_with(app, "A: the application", "B: the older")
        assert a.startswith("› (•) A:") and b.startswith("( ) B:")
        await pilot.press("down")
        await pilot.pause(HUMAN)
        a, b = lines_with(app, "A: the application", "B: the older")
        assert a.startswith("(•) A:") and b.startswith("› ( ) B:")  # the cursor moved; the choice did not
        await pilot.press("space")
        await pilot.pause(HUMAN)
        a, b = lines_with(app, "A: the application", "B: the older")
        assert a.startswith("( ) A:") and b.startswith("› (•) B:")
        await pilot.press("tab")  # the set loses the focus: no cursor
        await pilot.pause(HUMAN)
        a, b = lines_with(app, "A: the application", "B: the older")
        assert a.startswith("( ) A:") and b.startswith("(•) B:")
        await to_step(pilot, "rendering")
        (server,) = lines_with(app, "Server-rendered")
        assert server.startswith("› (•) Server-rendered")


async def test_the_focused_check_box_shows_without_colour(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        await to_step(pilot, "outputs")
        text = editor_text(app)
        assert "Space: on/off, Enter: next" in text
        assert "› [ ] Create the folders" in text and "› [ ] Write .env.example" not in text
        await pilot.press("tab")
        await pilot.pause(HUMAN)
        text = editor_text(app)
        assert "› [ ] Create the folders" not in text and "› [ ] Write .env.example" in text
        await pilot.press("space")
        await pilot.pause(HUMAN)
        assert "› [x] Write .env.example" in editor_text(app)


async def test_the_rendering_note_is_the_one_of_the_choice_under_the_cursor(tmp_path: Path) -> None:
    app = make_wizard(tmp_path / "p")
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await to_step(pilot, "rendering")

        def note() -> str:
            return str(screen.query_one("#rendering-note", Static).content)

        assert note().startswith("HTML is rendered on the server")
        await pilot.press("down")
        await pilot.pause(HUMAN)
        assert note().startswith("Every page is rendered once") and note().endswith("Space or Enter chooses it.")
        assert screen.answers.rendering == "server"  # the cursor moved; the choice did not
        await pilot.press("down")
        await pilot.pause(HUMAN)
        assert "rendered in the browser" in note() and "below" not in note()  # no loading template shown yet
        await pilot.press("space")
        await pilot.pause(HUMAN)
        assert "The loading template below" in note() and "chooses it" not in note()
        await pilot.press("up", "up")
        await pilot.pause(HUMAN)
        assert "HTML is rendered on the server" in editor_text(app)
        await pilot.press("tab")  # the set loses the focus: the note of the chosen one
        await pilot.pause(HUMAN)
        assert "The loading template below" in note()
