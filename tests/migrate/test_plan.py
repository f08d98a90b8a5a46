"""The plan of a move from layout B to A: only what changes for this project, with the old value to keep."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.catalog import load_catalog
from fwk_tui.migrate import plan_move
from fwk_tui.migrate.plan import REMOVED, UNKNOWN
from fwk_tui.resolve import resolve_layers
from fwk_tui.source import load_document


def _plan(root: Path, config: str, *, keep: bool = False, layer: str | None = None):  # noqa: ANN202
    if layer is not None:
        (root / "base").mkdir()
        (root / "base" / "fwk.config.ts").write_text(f"export default defineFwkConfig({{{layer}}})\n")
        config = "extends: ['./base'], " + config
    file = root / "fwk.config.ts"
    file.write_text(f"export default defineFwkConfig({{{config}}})\n")
    return plan_move(resolve_layers(file, load_document(file)), load_catalog(), root, keep_source_folder=keep)


def test_adopting_lists_the_source_folder_and_what_follows_from_it(tmp_path: Path) -> None:
    for name in ("pages", "components"):
        (tmp_path / name).mkdir()
    (tmp_path / "app.vue").write_text("<template />\n")
    plan = _plan(tmp_path, "ssr: true")
    items = {i.path: i for i in plan.items}
    assert (items["srcDir"].before, items["srcDir"].after, items["srcDir"].keep) == (".", "app", ".")
    assert (items["dir.pages"].before, items["dir.pages"].after) == ("pages", "app/pages")
    assert (items["alias.~"].before, items["alias.~"].after) == (".", "app")
    assert "alias" not in items  # its keys say it one by one
    assert "ssr" not in items  # the same in both layouts
    assert "dir.app" not in items  # the sources move into app/: its default is the folder it named before
    kept = {i.path: i for i in _plan(tmp_path, "ssr: true", keep=True).items}
    assert (kept["dir.app"].kind, kept["dir.app"].keep) == ("recipe", "app")  # beside srcDir '.': pinned
    assert [(m.source, m.target) for m in plan.folders] == [
        ("components", "app/components"), ("pages", "app/pages"), ("app.vue", "app/app.vue"),
    ]  # fmt: skip
    assert plan.version_before == 3


def test_keeping_the_source_folder_leaves_only_what_it_does_not_decide(tmp_path: Path) -> None:
    (tmp_path / "pages").mkdir()
    plan = _plan(tmp_path, "ssr: true", keep=True)
    paths = [i.path for i in plan.items]
    assert "srcDir" not in paths and "dir.pages" not in paths and "alias.~" not in paths
    assert plan.folders == [] and plan.source_folder == "."
    items = {i.path: i for i in plan.items}
    assert (items["experimental.resetAsyncDataToUndefined"].after, items["experimental.resetAsyncDataToUndefined"].keep) == (
        UNKNOWN,
        True,
    )
    assert items["experimental.templateUtils"].after == REMOVED and items["experimental.templateUtils"].keep is True


def test_what_the_project_sets_anywhere_is_not_in_the_plan(tmp_path: Path) -> None:
    plan = _plan(
        tmp_path,
        "srcDir: 'src', $production: { experimental: { resetAsyncDataToUndefined: false } }",
        layer="alias: { '~': './src' }",
    )
    paths = {i.path for i in plan.items}
    assert not paths & {"srcDir", "dir.pages", "alias.~", "experimental.resetAsyncDataToUndefined"}
    assert "alias.@" not in paths  # with srcDir set, the source folder is the same in both layouts


def test_a_removed_flag_the_project_sets_goes_and_an_existing_app_folder_is_a_trap(tmp_path: Path) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "pages").mkdir()
    (tmp_path / "app" / "router.options.ts").write_text("export default {}\n")
    assert not any("An app/ folder exists" in n for n in _plan(tmp_path, "ssr: true").notes)  # ignored by the framework
    (tmp_path / "app" / "helpers.ts").write_text("export {}\n")
    plan = _plan(tmp_path, "experimental: { compileTemplate: false }")
    [flag] = [i for i in plan.items if i.path == "experimental.compileTemplate"]
    assert (flag.before, flag.after, flag.removed, flag.set_by_project) == (False, REMOVED, True, True)
    assert any("An app/ folder exists already" in note for note in plan.notes)


def test_an_object_set_with_some_keys_still_takes_the_defaults_of_the_others(tmp_path: Path) -> None:
    devtools = "vbuild.define"
    plan = _plan(tmp_path, "vbuild: { plugins: [] }")
    [item] = [i for i in plan.items if i.path == devtools]  # vbuild is set, vbuild.define's default still applies
    assert item.kind == "version" and not item.choosable  # the framework's version, not the move: never written
    plan = _plan(tmp_path, "vbuild: { define: { X: 1 } }")
    assert devtools not in {i.path for i in plan.items}  # define set whole: its default does not apply
    plan = _plan(tmp_path, "vbuild: sharedViteConfig")
    assert not any(i.path.startswith("vbuild.") for i in plan.items)  # code: fwk-tui cannot say what it holds


def test_a_removed_flag_in_a_section_goes_and_one_in_a_layer_is_named(tmp_path: Path) -> None:
    from fwk_tui.migrate.write import migrated

    plan = _plan(
        tmp_path, "$production: { experimental: { relativeWatchPaths: false } }",
        layer="experimental: { templateUtils: false }",
    )  # fmt: skip
    goes = [i for i in plan.items if i.goes]
    assert [(i.path, i.before) for i in goes] == [("experimental.relativeWatchPaths", False)]
    assert any("experimental.templateUtils is set by layer ./base" in n for n in plan.notes)
    assert "experimental.templateUtils" not in {i.path for i in plan.items}  # not this file's to change
    doc = load_document(tmp_path / "fwk.config.ts")
    moved = migrated(doc, plan, set(), load_catalog())
    assert "relativeWatchPaths" not in moved.doc.text and "extends: ['./base']" in moved.doc.text
    assert moved.new_errors == []


def test_a_layer_that_cannot_be_read_is_named(tmp_path: Path) -> None:
    plan = _plan(tmp_path, "extends: [process.env.LAYER || 'github:org/layer']")
    assert any("could not be read" in note and "check the plan against that layer" in note for note in plan.notes)
