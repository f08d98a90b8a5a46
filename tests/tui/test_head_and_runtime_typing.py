"""The page title and runtimeConfig typed as a person types them: plain words, no JavaScript quotes, then saved."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from fwk_tui.source import ConfigDocument
from fwk_tui.tui.screens.save_preview import SavePreviewScreen

from .test_editor import make_app, screen_text
from .test_human_speed import focused_field, type_slowly, write_config


def keys(text: str) -> list[str]:
    return ["space" if c == " " else c for c in text]


async def save(pilot: object, app: object) -> None:
    await type_slowly(pilot, "ctrl+s")
    assert isinstance(app.screen, SavePreviewScreen)  # type: ignore[attr-defined]
    await type_slowly(pilot, "enter")


async def test_the_title_is_a_text_field_of_the_app_shell_and_typed_without_quotes(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({\n  app: { baseURL: '/' },\n})\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("app.head.title")
        await pilot.pause()
        text = screen_text(app)
        assert "title" in text and "string" in text and "App shell" in text
        assert focused_field(app) == "app.head.title"
        await type_slowly(pilot, *keys("Docs Site"))
        assert focused_field(app) == "app.head.title"
        assert isinstance(app.focused, Input) and app.focused.value == "Docs Site"
        await save(pilot, app)
    written = file.read_text()
    assert "title: 'Docs Site'" in written
    assert ConfigDocument.parse(written).get("app.head.title") == "Docs Site"


async def test_a_number_typed_as_the_title_is_text_not_a_number(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({\n})\n")
    app = make_app(file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert await app.go_to("app.head.title")
        await pilot.pause()
        await type_slowly(pilot, "2", "0", "2", "6")
        await save(pilot, app)
    assert ConfigDocument.parse(file.read_text()).get("app.head.title") == "2026"


async def test_a_public_runtime_key_is_added_typed_as_text_and_says_it_reaches_the_browser(tmp_path: Path) -> None:
    file = write_config(
        tmp_path, "export default defineFwkConfig({\n  runtimeConfig: { apiSecret: '', public: { apiBase: '/api' } },\n})\n"
    )
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("runtimeConfig")
        await pilot.pause()
        await type_slowly(pilot, "enter", "enter")  # public's keys, then apiBase's value
        text = screen_text(app)
        assert "env FWK_PUBLIC_API_BASE" in text
        assert "sent to the browser" in text  # the public group's own hint
        assert isinstance(app.focused, Input) and app.focused.value == "/api"  # no quotes to edit around
        await type_slowly(pilot, "ctrl+u", *keys("/v2/api"))
        assert "as text" in screen_text(app)
        await type_slowly(pilot, "escape")  # back to public's rows
        await type_slowly(pilot, "a", *"siteName", "enter")
        text = screen_text(app)
        assert "added: its value is visible in the browser" in text and "FWK_PUBLIC_SITE_NAME" in text
        await type_slowly(pilot, *keys("My Shop"))
        assert "as text" in screen_text(app)
        await save(pilot, app)
    doc = ConfigDocument.parse(file.read_text())
    assert doc.get("runtimeConfig.public.apiBase") == "/v2/api"
    assert doc.get("runtimeConfig.public.siteName") == "My Shop"
    assert doc.get("runtimeConfig.apiSecret") == ""


async def test_a_private_runtime_key_typed_as_code_stays_code(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({\n  runtimeConfig: { apiSecret: 'x' },\n})\n")
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("runtimeConfig")
        await pilot.pause()
        await type_slowly(pilot, "end", "enter")  # apiSecret, the last row
        assert "env FWK_API_SECRET" in screen_text(app) and "server only" in screen_text(app)
        await type_slowly(pilot, "ctrl+u", *"process.env.API_SECRET", pause=0.05)
        await pilot.pause(0.3)
        assert "Enter writes it as code" in screen_text(app)
        await type_slowly(pilot, "enter")
        await save(pilot, app)
    assert "apiSecret: process.env.API_SECRET" in file.read_text()
