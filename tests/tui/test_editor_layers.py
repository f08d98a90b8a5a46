"""The effective configuration in the editor: values from layers, sections and variables, F6, the Layers group."""

from __future__ import annotations

import asyncio
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from fwk_tui.tui.editor import EditorApp
from fwk_tui.tui.editor.effective import LAYERS_GROUP
from fwk_tui.tui.editor.widgets.config_form import ConfigForm
from fwk_tui.tui.editor.widgets.editor_status import EditorStatus
from fwk_tui.tui.editor.widgets.group_tree import GroupTree
from fwk_tui.tui.editor.widgets.layers_panel import LayersPanel
from fwk_tui.tui.screens.choice import ChoiceScreen
from tests.resolve.helpers import PROJECTS
from tests.tui.test_editor import make_app, screen_text


def project(tmp_path: Path, name: str) -> Path:
    """A copy of a resolve fixture (the editor writes its journal and settings beside it)."""
    shutil.copytree(PROJECTS / name, tmp_path / name)
    return tmp_path / name / "fwk.config.ts"


@pytest.fixture(autouse=True)
def no_fwk_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    for name in [n for n in os.environ if n.startswith("FWK_")]:
        monkeypatch.delenv(name)


async def loaded(app: EditorApp, pilot: object) -> None:
    """Let the first paint happen, and the layers be read after it."""
    for _ in range(3):
        await pilot.pause()  # type: ignore[attr-defined]
    assert app._effective.effective is not None


def field_text(app: EditorApp, path: str) -> str:
    field = app.query_one(ConfigForm).fields[path]
    return "\n".join(text for text in (str(n[1]) for n in field.effective_notes))


async def show_layers(app: EditorApp, pilot: object) -> LayersPanel:
    tree = app.query_one(GroupTree)
    tree.focus()
    assert tree.select_group(LAYERS_GROUP.id)
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    panel = app.query_one(LayersPanel)
    assert app.focused is panel
    return panel


async def test_a_value_a_layer_gives_is_shown_under_the_field_with_its_file_line_and_column(tmp_path: Path) -> None:
    app = make_app(project(tmp_path, "questions"))
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        assert await app.go_to("ssr")
        await pilot.pause()
        assert field_text(app, "ssr") == "the app gets false from layer ./base (base/fwk.config.ts:2:8)"
        assert "the app gets false from layer ./base" in screen_text(app)


async def test_a_field_the_file_does_not_set_shows_the_layers_value_instead_of_not_set(tmp_path: Path) -> None:
    app = make_app(project(tmp_path, "merge"))
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        assert await app.go_to("devServer.https")  # the form of devServer, port not focused
        await pilot.pause()
        assert field_text(app, "devServer.port") == (
            "not set here: the app gets 4000 from layer ./deeper (base/deeper/fwk.config.ts:3:22)"
        )
        port = app.query_one(ConfigForm).fields["devServer.port"]
        assert not port.active
        console = Console(width=80, record=True)
        console.print(port.render())
        shown = console.export_text()
        assert "not set here: the app gets 4000 from layer ./deeper" in shown
        assert "default: 3000" not in shown  # the editor's "not set" line gives way to the layer's value
        assert "◇ elsewhere" in shown.splitlines()[0] and "default" not in shown.splitlines()[0]  # not "default"
        url = app.query_one(ConfigForm).fields["devServer.url"]
        console = Console(width=80, record=True)
        console.print(url.render())
        assert "default" in console.export_text().splitlines()[0]  # set nowhere: the default applies


async def test_a_variable_of_the_env_file_is_shown_as_replacing_the_value_at_run_time(tmp_path: Path) -> None:
    app = make_app(project(tmp_path, "questions"))
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        assert await app.go_to("app.baseURL")
        await pilot.pause()
        assert field_text(app, "app.baseURL") == "FWK_APP_BASE_URL in .env overrides at run time: '/from-env/'"


async def test_a_private_runtime_key_replaced_by_a_variable_is_masked(tmp_path: Path) -> None:
    config = project(tmp_path, "questions")
    config.write_text(config.read_text().replace("runtimeConfig: {", "runtimeConfig: { apiSecret: '',"))
    (config.parent / ".env").write_text("FWK_API_SECRET=hunter2\nFWK_PUBLIC_API_BASE=https://api.example.com\n")
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        assert await app.go_to("runtimeConfig")
        await pilot.pause()
        notes = field_text(app, "runtimeConfig")
        assert "FWK_API_SECRET in .env overrides at run time (apiSecret): ****" in notes
        assert "FWK_PUBLIC_API_BASE in .env overrides at run time (public.apiBase): 'https://api.example.com'" in notes
        assert "hunter2" not in screen_text(app)
        panel = await show_layers(app, pilot)  # the Layers group lists the variables too, masked the same
        shown = "\n".join(str(node.label) for node in _nodes(panel.root))
        assert "FWK_API_SECRET → runtimeConfig.apiSecret" in shown and "= ****" in shown
        assert "= https://api.example.com" in shown or "= 'https://api.example.com'" in shown
        assert "hunter2" not in shown and "hunter2" not in screen_text(app)


def _nodes(node):  # type: ignore[no-untyped-def]
    yield node
    for child in node.children:
        yield from _nodes(child)


async def test_f6_goes_through_the_environments_and_the_field_shows_that_environments_value(tmp_path: Path) -> None:
    app = make_app(project(tmp_path, "envs"))
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        assert app._effective.env_names == [None, "development", "production", "test", "staging"]
        assert await app.go_to("app.baseURL")
        await pilot.pause()
        assert field_text(app, "app.baseURL") == ""  # no environment: the file's '/'
        status = app.query_one(EditorStatus)
        assert status.state is not None and status.state.env == "none"
        app.query_one(GroupTree).focus()
        await pilot.press("f6", "f6")  # development, production
        await pilot.pause()
        assert status.state is not None and status.state.env == "production"
        assert "F6 env: production" in screen_text(app)
        prod = "the app gets '/prod-env/' from $env.production section (fwk.config.ts:16:35)"
        assert field_text(app, "app.baseURL") == prod
        await pilot.press("f6", "f6")  # test, staging
        await pilot.pause()
        staging = "the app gets '/staging/' from $env.staging section (fwk.config.ts:15:32)"
        assert field_text(app, "app.baseURL") == staging
        await pilot.press("f6")  # back to none
        await pilot.pause()
        assert field_text(app, "app.baseURL") == ""


async def test_an_edit_merges_with_the_layers_once_typing_pauses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fwk_tui.tui.editor import effective

    reads: list[Path] = []
    read_layers = effective.resolve_layers
    monkeypatch.setattr(
        effective, "resolve_layers", lambda file, *a, **k: reads.append(file) or read_layers(file, *a, **k)
    )
    app = make_app(project(tmp_path, "merge"))
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        assert len(reads) == 1  # once, after the first paint
        assert await app.go_to("devServer.port")
        await pilot.pause()
        assert "4000 from layer ./deeper" in field_text(app, "devServer.port")
        await pilot.press(*"5000")
        await pilot.pause(0.6)
        assert app.session.get("devServer.port") == 5000
        assert field_text(app, "devServer.port") == ""  # the file's value wins over the layer's now
        assert len(reads) == 1  # merged in memory with the layers read at the start: no file read while typing
        assert app.session.path is not None
        assert "5000" not in app.session.path.read_text()  # nothing was saved


async def test_the_docs_pane_says_what_the_layers_group_and_an_environment_section_are(tmp_path: Path) -> None:
    from fwk_tui.tui.widgets.option_detail import OptionDetail

    app = make_app(project(tmp_path, "questions"))
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        await show_layers(app, pilot)
        detail = app.query_one(OptionDetail)
        assert detail.subject is not None and detail.subject.title == "Layers"  # not "Nothing selected"
        tree = app.query_one(GroupTree)
        tree.focus()
        assert tree.select_group("env:$production")
        await pilot.pause(0.3)
        assert getattr(detail.subject, "title", None) == "Environment › production"
        assert "The options set here apply over the config's" in screen_text(app)
        await pilot.press("enter")  # the section's field: the option it sets, typed and documented
        await pilot.pause(0.3)
        assert detail.subject is not None and getattr(detail.subject, "path", None) == "app.baseURL"


async def test_the_layers_group_lists_each_layer_with_its_status_and_what_it_sets(tmp_path: Path) -> None:
    app = make_app(project(tmp_path, "unresolved"))
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        await show_layers(app, pilot)
        text = screen_text(app)
        assert "extends 'github:acme/layer'  remote" in text
        assert "extends './missing'  missing" in text
        assert "extends './base'  read  base/fwk.config.ts" in text
        assert "theme 'https://example.com/theme.tar.gz'  remote" in text
        assert "remote, not read offline (written at fwk.config.ts:3:13)" in text


async def test_the_layers_group_says_where_a_cycle_loops(tmp_path: Path) -> None:
    app = make_app(project(tmp_path, "cycle"))
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        await show_layers(app, pilot)
        assert "cycle" in screen_text(app)
        assert "a cycle: " in screen_text(app)


async def test_a_config_without_layers_sections_or_env_file_has_no_layers_group(tmp_path: Path) -> None:
    config = tmp_path / "plain" / "fwk.config.ts"
    config.parent.mkdir()
    config.write_text("export default defineFwkConfig({ ssr: false })\n")
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        assert app.query_one(GroupTree).select_group(LAYERS_GROUP.id) is False
        assert "F6 env" not in screen_text(app)


async def test_enter_on_a_layer_value_opens_its_file_and_esc_comes_back_with_the_unsaved_edit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = project(tmp_path, "questions")
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        assert await app.go_to("app.baseURL")
        await pilot.pause()
        await pilot.press("ctrl+u", *"/edited/")
        await pilot.pause()
        assert app.session.get("app.baseURL") == "/edited/" and app.session.dirty
        first = app.session
        await show_layers(app, pilot)
        await pilot.press("down")
        # Opened at once: a wait for the app's own messages inside its handler once took two seconds, until its
        # timeout. Waits that time out are seen as such, not as a time a loaded machine could take anyway.
        timed_out: list[float] = []
        wait_for = asyncio.wait_for

        async def seen_wait_for(waited: Any, timeout: float | None) -> Any:
            try:
                return await wait_for(waited, timeout)
            except TimeoutError:
                timed_out.append(timeout or 0.0)
                raise

        monkeypatch.setattr(asyncio, "wait_for", seen_wait_for)
        started = time.monotonic()
        await pilot.press("enter")  # the layer's first value: ssr = false
        while app._sync.focused_path != "ssr" and time.monotonic() - started < 10:
            await pilot.pause(0.05)
        monkeypatch.setattr(asyncio, "wait_for", wait_for)
        assert app._sync.focused_path == "ssr" and not timed_out
        assert app.session is not first
        assert app.session.path is not None and app.session.path.name == "fwk.config.ts"
        assert app.session.path.parent.name == "base"
        assert app.label == "base/fwk.config.ts"
        assert "layer of fwk.config.ts" in screen_text(app)
        await pilot.pause()
        assert app._sync.focused_path == "ssr"  # at the value chosen
        # The layer's own undo: an edit there is its own, and Ctrl+Z takes it back there only.
        await pilot.press("space")
        await pilot.pause()
        assert app.session.get("ssr") is True and app.session.dirty
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.get("ssr") is False and not app.session.dirty
        app.query_one(GroupTree).focus()
        await pilot.press("escape")
        await pilot.pause(0.3)
        assert app.session is first
        assert app.session.get("app.baseURL") == "/edited/" and app.session.dirty
        assert "layer of" not in screen_text(app)
        panel = app.query_one(LayersPanel)
        assert app.focused is panel and panel.cursor_line == 1  # back on the row the layer was opened from
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.get("app.baseURL") == "/mine/"  # the first file's undo history is its own
    assert "/edited/" not in config.read_text()


async def test_leaving_a_layer_with_unsaved_edits_asks_and_save_writes_the_layer(tmp_path: Path) -> None:
    config = project(tmp_path, "questions")
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        await show_layers(app, pilot)
        await pilot.press("down", "enter")
        await pilot.pause(0.3)
        await pilot.press("space")  # ssr: false -> true in the layer
        await pilot.pause()
        app.query_one(GroupTree).focus()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        text = " ".join(screen_text(app).split())
        assert "base/fwk.config.ts has unsaved edits. Save the edits before going" in text
        await pilot.press("c")  # keep editing
        await pilot.pause()
        assert app.session.path is not None and app.session.path.parent.name == "base"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("s")  # save: the preview of the layer's change
        await pilot.pause()
        preview = screen_text(app)
        assert "--- a/base/fwk.config.ts" in preview and "+++ b/base/fwk.config.ts" in preview  # the layer's own name
        await pilot.press("enter")
        await pilot.pause(0.5)
        assert app.session.path == config
        # The layer was saved: its value is read again, and the file's null still lets it through.
        assert await app.go_to("ssr")
        await pilot.pause()
        assert field_text(app, "ssr") == "the app gets true from layer ./base (base/fwk.config.ts:2:8)"
    assert "ssr: true" in (config.parent / "base" / "fwk.config.ts").read_text()


async def test_quitting_from_a_layer_asks_about_the_first_files_unsaved_edits(tmp_path: Path) -> None:
    config = project(tmp_path, "questions")
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        assert await app.go_to("app.baseURL")
        await pilot.pause()
        await pilot.press("ctrl+u", *"/kept/")
        await pilot.pause()
        first = app.session
        await show_layers(app, pilot)
        await pilot.press("down", "enter")
        await pilot.pause(0.3)
        assert app.session is not first
        await pilot.press("ctrl+q")  # the layer has no edits: back to the first file, whose edits are asked about
        await pilot.pause(0.3)
        assert isinstance(app.screen, ChoiceScreen)
        text = " ".join(screen_text(app).split())
        assert "fwk.config.ts has unsaved edits. Save the edits before quitting?" in text
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause(0.5)
    assert "baseURL: '/kept/'" in config.read_text()


async def test_the_palette_picks_an_environment_by_name(tmp_path: Path) -> None:
    app = make_app(project(tmp_path, "envs"))
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        await pilot.press("ctrl+p", *"environment: staging")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause(0.3)
        status = app.query_one(EditorStatus).state
        assert status is not None and status.env == "staging"
        assert await app.go_to("app.baseURL")
        await pilot.pause()
        assert "'/staging/' from $env.staging section" in field_text(app, "app.baseURL")


async def test_a_file_reloaded_after_a_change_on_disk_reads_its_layers_again(tmp_path: Path) -> None:
    config = project(tmp_path, "questions")
    app = make_app(config, watch_disk=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        assert await app.go_to("ssr")
        await pilot.pause()
        assert "the app gets false from layer ./base" in field_text(app, "ssr")
        layer = config.parent / "base" / "fwk.config.ts"
        layer.write_text(layer.read_text().replace("ssr: false", "ssr: 'build'"))  # another tool edits both
        config.write_text(config.read_text().replace("'/mine/'", "'/theirs/'"))
        await pilot.pause(2.0)  # polled every second; no unsaved edit here: reloaded without a question
        assert app.session.get("app.baseURL") == "/theirs/"
        await pilot.pause(0.5)
        assert field_text(app, "ssr") == "the app gets 'build' from layer ./base (base/fwk.config.ts:2:8)"


async def test_the_layers_group_masks_a_private_value_a_layer_or_a_section_writes(tmp_path: Path) -> None:
    """The Layers group listed a layer's `runtimeConfig.layerSecret = 'SEKRIT_LAYER'` (and a section's private
    values, shown by the same rows), where the variables beside them were `****`."""
    config = project(tmp_path, "questions")
    base = config.parent / "base" / "fwk.config.ts"
    secrets = "runtimeConfig: { layerSecret: 'SEKRIT_LAYER', layerNum: 31337, public: { p: 'seen' } },"
    base.write_text(base.read_text().replace("ssr: false,", f"ssr: false,\n  {secrets}"))
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        panel = await show_layers(app, pilot)
        shown = "\n".join(str(node.label) for node in _nodes(panel.root))
        assert "runtimeConfig.layerSecret = ****" in shown and "runtimeConfig.public.p = 'seen'" in shown
        assert "SEKRIT" not in shown and "31337" not in shown


async def test_a_prefix_a_layer_sets_tells_private_variables_as_resolve_does(tmp_path: Path) -> None:
    """The editor told private variables from public ones by the file's own prefixes only: with `envPrefix: 'MY_'`
    in a layer, `MY_PUBLIC_A=${MY_API_SECRET}` showed the secret where `resolve` masks it."""
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "fwk.config.ts").write_text(
        "export default defineFwkConfig({ runtimeConfig: { srv: { envPrefix: 'MY_' } } })\n"
    )
    config = tmp_path / "fwk.config.ts"
    config.write_text(
        "export default defineFwkConfig({\n  extends: ['./base'],\n"
        "  runtimeConfig: { apiSecret: '', public: { a: 'x' } },\n})\n"
    )
    (tmp_path / ".env").write_text("MY_API_SECRET=SEKRIT_LAYER\nMY_PUBLIC_A=${MY_API_SECRET}\n")
    app = make_app(config)
    async with app.run_test(size=(100, 32)) as pilot:
        await loaded(app, pilot)
        assert await app.go_to("runtimeConfig")
        await pilot.pause()
        assert "MY_PUBLIC_A" in field_text(app, "runtimeConfig")
        assert "SEKRIT_LAYER" not in field_text(app, "runtimeConfig")
        assert "SEKRIT_LAYER" not in screen_text(app)
