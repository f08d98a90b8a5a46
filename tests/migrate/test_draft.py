"""The move as the editor's screen holds it: choices, the source folder, and what Apply would write."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.catalog import load_catalog
from fwk_tui.migrate.draft import Draft, change, choosable, shown, warned, why_fixed
from fwk_tui.resolve import plain, resolve_layers
from fwk_tui.source import ConfigDocument, load_document

CONFIG = """\
// shop
export default defineFwkConfig({
  ssr: true,
  experimental: { compileTemplate: false },
})
"""


def _draft(root: Path) -> Draft:
    for name in ("pages", "components"):
        (root / name).mkdir()
    (root / "app.vue").write_text("<template />\n")
    file = root / "fwk.config.ts"
    file.write_text(CONFIG)
    doc = load_document(file)
    return Draft(doc, resolve_layers(file, doc), load_catalog(), root, "fwk.config.ts")


def _value(text: str, path: str) -> object:
    node: object = ConfigDocument.parse(text).values()
    for key in path.split("."):
        node = node.get(key, "not set") if isinstance(node, dict) else "not set"
    return node


def test_a_new_draft_keeps_every_old_behaviour_and_the_sources_where_they_are(tmp_path: Path) -> None:
    draft = _draft(tmp_path)
    assert draft.keep_source_folder and not draft.source_folder_fixed
    assert [m.source for m in draft.folders_to_move] == ["components", "pages", "app.vue"]
    assert "srcDir" not in {i.path for i in draft.items}  # chosen on its own
    assert _value(draft.text, "srcDir") == "." and _value(draft.text, "future.compatibilityVersion") == 4
    for item in draft.items:
        if choosable(item):
            assert draft.keeps(item.path) and _value(draft.text, item.path) == item.keep, item.path
    goes = [i for i in draft.items if i.goes]
    assert [i.path for i in goes] == ["experimental.compileTemplate"] and choosable(goes[0]) and not why_fixed(goes[0])
    assert "compileTemplate: false" in draft.text and draft.text.startswith("// shop\n")  # the user's line: kept
    draft.choose("experimental.compileTemplate", keep=False)
    assert "compileTemplate" not in draft.text  # removed only when chosen
    assert draft.outcome.new_errors == []


def test_adopting_one_item_changes_only_that_key_and_choosing_again_restores_it(tmp_path: Path) -> None:
    draft = _draft(tmp_path)
    kept_text = draft.text
    draft.choose("experimental.templateUtils", keep=False)
    assert not draft.keeps("experimental.templateUtils")
    assert _value(draft.text, "experimental.templateUtils") == "not set"
    assert _value(draft.text, "experimental.relativeWatchPaths") is True  # the others stay kept
    assert [w.split(" at ")[1].split(":")[0] for w in warned(draft.outcome)] == [
        "experimental.compileTemplate", "experimental.relativeWatchPaths",
    ]  # fmt: skip
    assert "templateUtils" not in draft.diff and "relativeWatchPaths: true" in draft.diff
    draft.choose("experimental.templateUtils", keep=True)
    assert draft.text == kept_text and len(warned(draft.outcome)) == 3


def test_moving_the_sources_makes_the_plan_again(tmp_path: Path) -> None:
    draft = _draft(tmp_path)
    draft.choose("experimental.templateUtils", keep=False)
    draft.set_source_folder(False)
    assert draft.plan.source_folder == "app"
    following = {i.path for i in draft.items if i.follows_source}
    assert "dir.pages" in following and all(not choosable(i) for i in draft.items if i.follows_source)
    assert _value(draft.text, "srcDir") == "not set"  # the new default, app/
    assert not draft.keeps("experimental.templateUtils")  # a choice survives the new plan
    assert [m.target for m in draft.plan.folders] == ["app/components", "app/pages", "app/app.vue"]
    draft.set_source_folder(True)
    assert _value(draft.text, "srcDir") == "." and not any(i.follows_source for i in draft.items)


def test_the_diff_is_the_written_text_against_the_file(tmp_path: Path) -> None:
    draft = _draft(tmp_path)
    assert draft.diff.startswith("--- a/fwk.config.ts\n+++ b/fwk.config.ts\n")
    assert "-  experimental: { compileTemplate: false },\n" in draft.diff
    assert plain(resolve_layers(tmp_path / "fwk.config.ts", load_document(tmp_path / "fwk.config.ts")).config)[
        "experimental"
    ] == {"compileTemplate": False}  # the file itself is not touched by a draft


def test_values_are_shown_as_the_config_spells_them() -> None:
    assert shown(["a", 1]) == "['a', 1]" and shown({"deep": True}) == "{ deep: true }"
    assert shown("changed by version 4 (the reference does not give the new value)").startswith("changed")
    assert change(["a", "b"], ["b", "c"]) == "drops 'a'; adds 'c'"
    assert change(False, True) == "false → true"
