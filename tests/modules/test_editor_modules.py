"""The editor shows each installed module as a group of typed fields, read after its first paint: a key of the
module is edited through its field and written; a misspelt one is flagged with the module's own near key."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.journal import Journal
from fwk_tui.session import EditSession
from fwk_tui.tui.editor import EditorApp
from fwk_tui.tui.editor.widgets.config_form import ConfigForm
from fwk_tui.tui.editor.widgets.group_tree import GroupTree
from fwk_tui.tui.widgets.option_detail import OptionDetail
from tests.modules.test_declarations import COLOR_MODE
from tests.modules.test_installed import _install
from tests.tui.test_editor import editor_focused, screen_text, until

SOURCE = """export default defineFwkConfig({
  modules: ['@fwk/color-mode'],
  colorMode: {
    storage: 'cookie',
    preferenc: 'dark',
  },
})
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    manifest = {"name": "@fwk/color-mode", "version": "4.0.1", "configKey": "colorMode"}
    _install(tmp_path, "@fwk/color-mode", {"module.d.mts": COLOR_MODE}, manifest)
    file = tmp_path / "fwk.config.ts"
    file.write_text(SOURCE)
    return file


def _app(file: Path, start_path: str | None = None) -> EditorApp:
    session = EditSession.open(file, load_catalog())
    return EditorApp(
        session, journal=Journal(file.parent / ".journal"), label=file.name, watch_disk=False, start_path=start_path
    )


def _groups(app: EditorApp) -> list[str]:
    return [node.data.id for node in app.query_one(GroupTree).root.children if node.data is not None]


async def test_a_module_is_a_group_of_typed_fields_and_an_edit_there_is_written(project: Path) -> None:
    app = _app(project)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: "module:colorMode" in _groups(app))
        assert "file:colorMode" not in _groups(app)  # no longer a key the editor does not know
        assert app.query_one(GroupTree).select_group("module:colorMode")
        await pilot.press("enter")
        await until(pilot, lambda: "colorMode.storage" in app.query_one(ConfigForm).fields)
        form = app.query_one(ConfigForm)
        assert {"colorMode.preference", "colorMode.storage", "colorMode.disableTransition"} <= set(form.fields)
        assert "colorMode.preferenc" in form.fields  # the misspelt key, kept as written, with its warning
        text = screen_text(app)
        assert "Modules › colorMode" in text
        assert "default: (its declarations give no @default)" in text  # colorMode.cookieAttrs
        assert any(
            d.path == "colorMode.preferenc" and d.severity == "warning" and "did you mean preference?" in d.message
            for d in app.session.diagnostics
        )
        # The docs pane says the module's option: its type, its default, the module.
        assert await app.go_to("colorMode.disableTransition")
        await editor_focused(app, pilot)
        detail = app.query_one(OptionDetail)
        assert detail.subject is not None and getattr(detail.subject, "module", None) == "@fwk/color-mode 4.0.1"
        assert "the declarations of module @fwk/color-mode 4.0.1" in screen_text(app)
        assert "default: false" in screen_text(app)
        # A typed field: the boolean's switch writes true, nothing else of the file changes.
        await pilot.press("space")
        await until(pilot, lambda: app.session.get("colorMode.disableTransition") is True)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: "disableTransition" in project.read_text())
    assert project.read_text() == SOURCE.replace(
        "    preferenc: 'dark',\n", "    preferenc: 'dark',\n    disableTransition: true,\n"
    )


async def test_reset_takes_a_modules_option_out_of_the_file_and_its_default_shows(project: Path) -> None:
    app = _app(project, start_path="colorMode.storage")
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: app.query_one(ConfigForm).focused_path() == "colorMode.storage")
        await pilot.press("ctrl+r")
        await until(pilot, lambda: not app.session.has("colorMode.storage"))
        await until(pilot, lambda: 'default: "localStorage"' in screen_text(app))


async def test_a_start_at_a_modules_option_opens_its_typed_field(project: Path) -> None:
    app = _app(project, start_path="colorMode.storage")
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: (g := app.query_one(ConfigForm).group) is not None and g.id == "module:colorMode")
        await until(pilot, lambda: app.query_one(ConfigForm).focused_path() == "colorMode.storage")


async def test_the_first_paint_does_not_wait_for_the_modules(project: Path) -> None:
    session = EditSession.open(project, load_catalog())
    app = EditorApp(session, journal=Journal(project.parent / ".journal"), label=project.name, watch_disk=False)
    assert session.modules() == []  # deferred from the editor's start: its first check reads none
    assert not any(d.path == "colorMode.preferenc" and d.severity == "warning" for d in session.diagnostics)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: [m.name for m in session.modules()] == ["@fwk/color-mode"])
        await until(pilot, lambda: any(d.path == "colorMode.preferenc" for d in session.diagnostics))


async def test_search_finds_a_modules_option_and_goes_to_its_field(project: Path) -> None:
    app = _app(project)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: "module:colorMode" in _groups(app))
        await pilot.press("ctrl+f", *"disable transition")
        await until(pilot, lambda: "Modules › colorMode" in screen_text(app))  # the hit, with its group
        await pilot.press("enter")
        await until(pilot, lambda: app.query_one(ConfigForm).focused_path() == "colorMode.disableTransition")


def test_search_and_browse_in_a_project_include_its_modules_options(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from fwk_tui.cli.project_args import catalog_here
    from tests.cli.helpers import run

    monkeypatch.chdir(project.parent)
    code, out, _ = run(capsys, "search", "disable", "transition", "--json")
    first = json.loads(out)[0]
    assert code == 0 and (first["path"], first["module"]) == ("colorMode.disableTransition", "@fwk/color-mode 4.0.1")
    code, out, _ = run(capsys, "search", "color", "mode", "storage")
    first_line = "colorMode.storage [module @fwk/color-mode 4.0.1] The default storage"
    assert " ".join(out.splitlines()[0].split()) == first_line
    catalog = catalog_here()
    assert catalog.get("colorMode.storage") is not None
    assert [g.title for g in catalog.groups][-1] == "Modules › colorMode"
    monkeypatch.chdir(project.parent.parent)
    assert catalog_here().get("colorMode.storage") is None  # no project here: the catalogue alone


async def test_the_browser_shows_a_modules_group(project: Path) -> None:
    from fwk_tui.modules.as_options import with_modules
    from fwk_tui.modules.installed import read_module
    from fwk_tui.tui.browse import BrowseApp

    module = read_module("@fwk/color-mode", project.parent)
    app = BrowseApp(catalog=with_modules(load_catalog(), [module]), start="colorMode.storage")  # type: ignore[list-item]
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: "colorMode.storage" in screen_text(app))  # type: ignore[arg-type]
        text = screen_text(app)  # type: ignore[arg-type]
        assert "Modules › colorMode" in text and "the declarations of module @fwk/color-mode 4.0.1" in text


async def test_search_finds_a_nested_option_of_a_module_and_goes_inside_its_field(project: Path) -> None:
    app = _app(project)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: "module:colorMode" in _groups(app))
        hits = app.search_index.search("deep flag")
        assert hits and hits[0].path == "colorMode.nested.deep.flag"
        await pilot.press("ctrl+f", *"nested deep flag")
        await until(pilot, lambda: "colorMode.nested.deep.flag" in screen_text(app))
        await pilot.press("enter")
        await until(pilot, lambda: (app.query_one(ConfigForm).focused_path() or "").startswith("colorMode.nested"))
