"""Where the sources are: the folder the framework reads them from, and check's words when some lie elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.project.reading import read_layout
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import check_document
from fwk_tui.validate.sources import source_folder, source_places
from tests.skeletons import lay_out

V4 = "future: { compatibilityVersion: 4 }"


def _project(root: Path, config: str, *entries: str) -> Path:
    file = lay_out(root, *entries) / "fwk.config.ts"
    file.write_text(f"export default defineFwkConfig({{ {config} }})\n")
    return file


def _found(file: Path, variant: str | None = None) -> dict[str, tuple[str, str]]:
    doc = ConfigDocument.parse(file.read_text())
    result = check_document(doc, load_catalog(), variant, layout=read_layout(file))  # type: ignore[arg-type]
    return {d.code: (d.severity, d.message) for d in result.diagnostics if d.rule in _RULES}


_RULES = {"sources-split", "source-folder-fallback", "folder-elsewhere"}


@pytest.mark.parametrize(
    ("entries", "folder", "fallback"),
    [
        ((), ".", True),  # no app/ at all: the root
        (("pages/index.vue",), ".", True),
        (("app/router.options.ts", "app.vue"), ".", True),  # app/ holds nothing of the app
        (("app/spa-loading-template.html", "layouts/default.vue"), ".", True),
        (("app/pages/index.vue", "pages/old.vue"), "app", False),
        (("app/",), "app", False),  # app/ empty and nothing at the root: app
        (("app/router.options.ts",), "app", False),
    ],
)
def test_the_source_folder_of_layout_a_follows_the_framework(
    tmp_path: Path, entries: tuple[str, ...], folder: str, fallback: bool
) -> None:
    file = _project(tmp_path, V4, *entries)
    found = source_folder({}, "A", read_layout(file))
    assert (found.path, found.fallback) == (folder, fallback)


def test_a_set_source_folder_and_layout_b(tmp_path: Path) -> None:
    file = _project(tmp_path, "", "app/pages/x.vue")
    layout = read_layout(file)
    assert source_folder({"srcDir": "./src/"}, "A", layout).path == "src"
    assert source_folder({"srcDir": "."}, "A", layout).path == "."
    assert source_folder({}, "B", layout).path == "."
    assert source_folder({"srcDir": "/abs/src"}, "B", layout).path is None  # not a path from the config's folder


def test_server_and_public_are_read_from_the_root_under_a_and_from_the_source_folder_under_b(tmp_path: Path) -> None:
    file = _project(tmp_path, "", "src/server/api/x.ts", "src/public/robots.txt", "src/pages/i.vue")
    layout = read_layout(file)
    under_a = {p.name: p for p in source_places({"srcDir": "src/"}, "A", layout)}
    assert (under_a["server"].expected, under_a["server"].elsewhere) == ("server", "src/server")
    assert (under_a["public"].expected, under_a["public"].elsewhere) == ("public", "src/public")
    under_b = {p.name: p for p in source_places({"srcDir": "src/"}, "B", layout)}
    assert under_b["server"].found and under_b["public"].found and under_b["pages"].found


def test_sources_split_between_the_root_and_app_are_an_error_naming_each(tmp_path: Path) -> None:
    file = _project(tmp_path, V4, "app/app.vue", "pages/index.vue", "components/A.vue", "error.vue")
    severity, message = _found(file)["FWK335"]
    assert severity == "error"
    assert "components/, pages/ and error.vue are beside the config" in message
    assert "fwk-tui migrate --move-folders" in message


def test_the_fallback_is_an_info_with_a_fix_that_keeps_what_the_app_does(tmp_path: Path) -> None:
    file = _project(tmp_path, V4, "pages/index.vue", "app.vue")
    found = _found(file)
    assert set(found) == {"FWK336"}
    severity, message = found["FWK336"]
    assert severity == "info" and "because no app/ folder exists" in message
    doc = ConfigDocument.parse(file.read_text())
    diagnostic = next(
        d for d in check_document(doc, load_catalog(), layout=read_layout(file)).diagnostics if d.code == "FWK336"
    )
    assert diagnostic.fix is not None and diagnostic.fix.value == "." and diagnostic.fix.keeps_behaviour


def test_a_project_whose_sources_are_where_its_config_says_gets_nothing(tmp_path: Path) -> None:
    assert (
        _found(_project(tmp_path / "a", V4, "app/pages/i.vue", "app/app.vue", "server/api/x.ts", "public/r.txt")) == {}
    )
    assert _found(_project(tmp_path / "b", "", "pages/i.vue", "app.vue", "server/api/x.ts"), "B") == {}
    assert (
        _found(_project(tmp_path / "c", "srcDir: 'src/'", "src/pages/i.vue", "src/server/x.ts", "src/public/r"), "B")
        == {}
    )


def test_a_set_components_option_says_where_components_are(tmp_path: Path) -> None:
    file = _project(tmp_path, f"{V4}, components: ['~~/components']", "app/app.vue", "components/A.vue")
    assert _found(file) == {}


def test_server_code_left_in_the_old_source_folder_is_an_error(tmp_path: Path) -> None:
    file = _project(tmp_path, f"{V4}, srcDir: 'src/'", "src/pages/i.vue", "src/server/api/x.ts", "src/public/r.txt")
    severity, message = _found(file)["FWK337"]
    assert severity == "error" and "src/server/" in message
    doc = ConfigDocument.parse(file.read_text())
    fixes = {
        d.fix.path: d.fix.value
        for d in check_document(doc, load_catalog(), layout=read_layout(file)).diagnostics
        if d.fix and d.code == "FWK337"
    }
    assert fixes == {"serverDir": "src/server", "dir.public": "src/public"}


def test_nothing_is_said_when_code_decides_the_source_folder(tmp_path: Path) -> None:
    file = _project(tmp_path, f"{V4}, srcDir: resolve('x')", "pages/i.vue", "app/app.vue")
    assert _found(file) == {}
