"""What the real framework does with a project's folders, pinned on skeleton projects.

The answers come from the framework's own schema (tests/framework_dirs.py); these
tests hold the facts the editor relies on, so that a change of the framework shows.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.framework_dirs import framework_places
from tests.skeletons import lay_out


def skeleton(root: Path, name: str, *entries: str, config: str | None = None) -> Path:
    """A project folder with empty files (``a/b.ts``) and folders (``a/``), and a config if given."""
    folder = lay_out(root / name, *entries)
    if config is not None:
        (folder / "fwk.config.ts").write_text(f"export default defineFwkConfig({config})\n")
    return folder


def answers(folders: list[Path], major: int) -> dict[Path, dict]:
    found = framework_places(folders, major)
    for folder, answer in found.items():
        assert "error" not in answer, f"{folder.name}: {answer['error']}"
    return found


# Major 4: srcDir is app/ unless the project keeps its sources at the root.


def test_major_4_without_an_app_folder_the_sources_are_the_root(tmp_path: Path) -> None:
    bare = skeleton(tmp_path, "bare", "app.vue", "pages/index.vue")
    empty = skeleton(tmp_path, "empty")
    found = answers([bare, empty], 4)
    assert found[bare]["srcDir"] == "."
    assert found[empty]["srcDir"] == "."
    assert found[bare]["places"]["pages"] == "pages"


@pytest.mark.parametrize("inside", ["router.options.ts", "spa-loading-template.html"])
def test_major_4_an_app_folder_with_only_app_level_files_leaves_the_sources_at_the_root(
    tmp_path: Path, inside: str
) -> None:
    # Only app/router.options.* and app/spa-loading-template.html are not counted as
    # sources; with sources at the root (app.vue, or one of the dir.* folders) the root wins.
    with_app_vue = skeleton(tmp_path, "app-vue", f"app/{inside}", "app.vue")
    with_capital_app_vue = skeleton(tmp_path, "capital", f"app/{inside}", "App.vue")
    with_pages = skeleton(tmp_path, "pages", f"app/{inside}", "pages/")
    with_layouts = skeleton(tmp_path, "layouts", f"app/{inside}", "layouts/")
    with_assets = skeleton(tmp_path, "assets", f"app/{inside}", "assets/")
    # nothing at the root: app/ is the source folder even though it holds only that file
    alone = skeleton(tmp_path, "alone", f"app/{inside}")
    # a folder the schema does not look at (components/) does not keep the sources at the root
    with_components = skeleton(tmp_path, "components", f"app/{inside}", "components/")
    found = answers(
        [with_app_vue, with_capital_app_vue, with_pages, with_layouts, with_assets, alone, with_components], 4
    )
    for root_project in (with_app_vue, with_capital_app_vue, with_pages, with_layouts, with_assets):
        assert found[root_project]["srcDir"] == ".", root_project.name
        # the app-level files are then looked for in <root>/app (dir.app)
        assert found[root_project]["places"]["app"] == "app", root_project.name
    assert found[alone]["srcDir"] == "app"
    assert found[with_components]["srcDir"] == "app"


def test_major_4_an_app_folder_with_sources_is_the_source_folder(tmp_path: Path) -> None:
    # any source inside app/ wins over sources at the root
    pages = skeleton(tmp_path, "pages", "app/pages/index.vue")
    both = skeleton(tmp_path, "both", "app/pages/", "app.vue", "pages/")
    other_file = skeleton(tmp_path, "other", "app/anything.txt", "app.vue")
    found = answers([pages, both, other_file], 4)
    for project in (pages, both, other_file):
        assert found[project]["srcDir"] == "app", project.name
    assert found[pages]["places"]["pages"] == "app/pages"
    assert found[pages]["places"]["app"] == "app"  # dir.app is srcDir itself then


def test_major_4_an_empty_app_folder_with_nothing_at_the_root_is_the_source_folder(tmp_path: Path) -> None:
    empty_app = skeleton(tmp_path, "empty-app", "app/")
    config_only = skeleton(tmp_path, "config-only", "app/", config="{}")
    found = answers([empty_app, config_only], 4)
    assert found[empty_app]["srcDir"] == "app"
    assert found[config_only]["srcDir"] == "app"


def test_major_4_the_root_check_looks_for_the_default_dir_names_only(tmp_path: Path) -> None:
    # The fallback reads dir.assets/layouts/middleware/pages/plugins with the schema's
    # get(), and untyped answers a plain schema value with the schema's own default:
    # a configured dir.pages: 'views' is not what it looks for at the root.
    views = skeleton(tmp_path, "views", "app/", "views/", config="{ dir: { pages: 'views' } }")
    old_name = skeleton(tmp_path, "old-name", "app/", "pages/", config="{ dir: { pages: 'views' } }")
    found = answers([views, old_name], 4)
    assert found[views]["srcDir"] == "app"
    assert found[old_name]["srcDir"] == "."
    # the configured name is what the pages are then read from
    assert found[views]["places"]["pages"] == "app/views"
    assert found[old_name]["places"]["pages"] == "views"


def test_major_4_server_public_modules_shared_are_under_the_root_whatever_srcdir(tmp_path: Path) -> None:
    at_root = skeleton(tmp_path, "at-root", "app.vue")
    in_app = skeleton(tmp_path, "in-app", "app/app.vue")
    in_src = skeleton(tmp_path, "in-src", "src/app.vue", config="{ srcDir: 'src/' }")
    found = answers([at_root, in_app, in_src], 4)
    assert [found[p]["srcDir"] for p in (at_root, in_app, in_src)] == [".", "app", "src"]
    for project in (at_root, in_app, in_src):
        answer = found[project]
        assert answer["serverDir"] == "server", project.name
        assert answer["places"]["server"] == "server", project.name
        assert answer["places"]["public"] == "public", project.name
        assert answer["places"]["modules"] == "modules", project.name
        assert answer["places"]["shared"] == "shared", project.name
        assert answer["places"]["layers"] == "layers", project.name
        # the schema resolves these to paths from the root; the app folders stay names under srcDir
        assert answer["dirAbsolute"] == ["app", "modules", "public"], project.name
        assert answer["dir"]["pages"] == "pages", project.name
        assert answer["dir"]["shared"] == "shared", project.name
        assert "static" not in answer["dir"], project.name
        assert answer["compatibilityVersion"] == 4
    assert found[in_src]["places"]["pages"] == "src/pages"
    assert found[in_src]["places"]["app"] == "src"  # dir.app: srcDir itself when srcDir is not the root
    assert found[at_root]["places"]["app"] == "app"  # and <root>/app when it is


def test_major_4_configured_folders_are_from_the_root(tmp_path: Path) -> None:
    project = skeleton(
        tmp_path,
        "custom",
        "src/",
        config="{ srcDir: 'src/', serverDir: 'api', dir: { public: 'static', modules: 'mods', shared: 'common' } }",
    )
    answer = answers([project], 4)[project]
    assert answer["serverDir"] == "api"
    assert answer["places"]["public"] == "static"
    assert answer["places"]["modules"] == "mods"
    assert answer["places"]["shared"] == "common"


def test_major_4_aliases(tmp_path: Path) -> None:
    in_app = skeleton(tmp_path, "in-app", "app/app.vue")
    at_root = skeleton(tmp_path, "at-root", "app.vue")
    found = answers([in_app, at_root], 4)
    alias = found[in_app]["alias"]
    assert alias["~"] == alias["@"] == "app"
    assert alias["~~"] == alias["@@"] == "."
    assert alias["#server"] == "server"
    assert alias["#shared"] == "shared"
    assert alias["#build"] == ".nuxt"
    # no alias for the assets or public folders in the schema of 4
    assert "assets" not in alias and "public" not in alias
    assert found[at_root]["alias"]["~"] == "."


# Major 3: srcDir is the root unless set, and the other folders follow srcDir.


def test_major_3_sources_stay_at_the_root_even_with_an_app_folder(tmp_path: Path) -> None:
    project = skeleton(tmp_path, "app-folder", "app/pages/index.vue")
    answer = answers([project], 3)[project]
    assert answer["srcDir"] == "."
    assert answer["compatibilityVersion"] == 3
    assert answer["places"]["app"] == "app"  # app/router.options.ts, relative to srcDir
    assert answer["places"]["pages"] == "pages"
    assert answer["dirAbsolute"] == []
    assert answer["dir"]["static"] == "public"  # the old name of dir.public, still given by 3


def test_major_3_srcdir_carries_server_public_modules(tmp_path: Path) -> None:
    project = skeleton(tmp_path, "src", "src/app.vue", config="{ srcDir: 'src/' }")
    answer = answers([project], 3)[project]
    assert answer["srcDir"] == "src"
    assert answer["serverDir"] == "src/server"
    places = answer["places"]
    assert places["server"] == "src/server"
    assert places["public"] == "src/public"
    assert places["modules"] == "src/modules"
    assert places["pages"] == "src/pages"
    assert places["app"] == "src/app"
    assert places["shared"] == "shared"  # the shared folder is from the root in 3 as well
    assert places["layers"] == "layers"
    # the schema gives these as names; the framework resolves them from srcDir
    assert answer["dir"]["public"] == "public"
    assert answer["dir"]["modules"] == "modules"
    alias = answer["alias"]
    assert alias["~"] == alias["@"] == "src"
    assert alias["~~"] == alias["@@"] == "."
    assert alias["#server"] == "src/server"
    assert alias["#shared"] == "shared"
    # the schema of 3 also names the assets and public folders as aliases
    assert alias["assets"] == "src/assets"
    assert alias["public"] == "src/public"


def test_major_3_a_configured_server_dir_is_from_the_root(tmp_path: Path) -> None:
    project = skeleton(tmp_path, "api", "src/", config="{ srcDir: 'src/', serverDir: 'api' }")
    answer = answers([project], 3)[project]
    assert answer["serverDir"] == "api"
    assert answer["places"]["server"] == "api"


def test_major_3_with_compatibility_version_4_behaves_as_4(tmp_path: Path) -> None:
    compat = "{ future: { compatibilityVersion: 4 } }"
    in_app = skeleton(tmp_path, "in-app", "app/pages/index.vue", config=compat)
    at_root = skeleton(tmp_path, "at-root", "app/router.options.ts", "app.vue", config=compat)
    empty_app = skeleton(tmp_path, "empty-app", "app/", config=compat)
    in_src = skeleton(tmp_path, "in-src", "src/", config="{ srcDir: 'src/', future: { compatibilityVersion: 4 } }")
    three = answers([in_app, at_root, empty_app, in_src], 3)
    four = answers([in_app, at_root, empty_app, in_src], 4)
    for project in (in_app, at_root, empty_app, in_src):
        assert three[project]["compatibilityVersion"] == 4
        for key in ("srcDir", "serverDir", "places"):
            assert three[project][key] == four[project][key], (project.name, key)
    assert three[in_app]["srcDir"] == "app"
    assert three[at_root]["srcDir"] == "."
    assert three[empty_app]["srcDir"] == "app"
    assert three[in_src]["places"]["public"] == "public"
    assert three[in_src]["serverDir"] == "server"
    # differences that remain: 3 still gives dir.static and the assets/public aliases
    assert three[in_src]["dir"]["static"] == "public"
    assert three[in_src]["alias"]["public"] == "public"
    assert three[in_src]["alias"]["assets"] == "src/assets"


def test_major_3_only_compatibility_version_4_itself_switches(tmp_path: Path) -> None:
    # the schema of 3 tests `compatibilityVersion === 4`: 5 keeps the behaviour of 3
    project = skeleton(tmp_path, "five", "app/pages/", config="{ future: { compatibilityVersion: 5 } }")
    answer = answers([project], 3)[project]
    assert answer["compatibilityVersion"] == 5
    assert answer["srcDir"] == "."


def test_one_call_answers_many_projects_and_reports_errors(tmp_path: Path) -> None:
    good = skeleton(tmp_path, "good", "app/")
    broken = skeleton(tmp_path, "broken")
    (broken / "fwk.config.ts").write_text("export default defineFwkConfig({ srcDir: \n")
    found = framework_places([good, broken], 4)
    assert found[good]["srcDir"] == "app"
    assert "error" in found[broken]
