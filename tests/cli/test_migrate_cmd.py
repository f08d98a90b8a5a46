"""``fwk-tui migrate``: a layout-B project moved to layout A, keeping or adopting, with its folders."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.migrate import plan_move
from fwk_tui.migrate.draft import choosable
from fwk_tui.migrate.folders import MoveError, move_folders
from fwk_tui.resolve import plain, resolve_layers
from fwk_tui.source import load_document
from tests.cli.helpers import run

CONFIG = """\
// a layout-B project
export default defineFwkConfig({
  ssr: true,
  app: { head: { title: 'Shop' } },
  experimental: { compileTemplate: false, payloadExtraction: true },
})
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in ("pages", "components", "server"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "index.ts").write_text("export {}\n")
    (tmp_path / "app.vue").write_text("<template />\n")
    (tmp_path / "fwk.config.ts").write_text(CONFIG)
    return tmp_path


def _values(file: Path) -> dict:
    value = plain(resolve_layers(file, load_document(file)).config)
    assert isinstance(value, dict)
    return value


def _at(values: dict, path: str) -> object:
    node: object = values
    for key in path.split("."):
        node = node.get(key, "not set") if isinstance(node, dict) else "not set"
    return node


def test_a_dry_run_prints_the_plan_and_the_diff_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    code, out, _ = run(capsys, "migrate", str(project / "fwk.config.ts"), "--adopt", "--dry-run")
    assert code == 0
    assert "moving from layout B to layout A (future.compatibilityVersion: 3 -> 4)" in out
    assert "  srcDir: '.' -> 'app'   (new behaviour adopted)" in out
    assert "  dir.pages: 'pages' -> 'app/pages'   (follows the folders)" in out
    assert (
        "Flags version 4 removes, which this file sets (1):\n  experimental.compileTemplate: false   (removed)\n" in out
    )
    assert "ignore" not in out.split("Note:")[0]  # a default of the framework's version: not this move's
    assert "+    compatibilityVersion: 4," in out and out.rstrip().endswith("dry run: nothing written")
    assert (project / "fwk.config.ts").read_text() == CONFIG


def test_keeping_the_behaviour_writes_only_pins_and_keeps_every_listed_value(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    file = project / "fwk.config.ts"
    plan = plan_move(resolve_layers(file, load_document(file)), load_catalog(), project, keep_source_folder=True)
    code, out, err = run(capsys, "migrate", str(file), "--keep-behaviour")
    assert code == 0, err
    written = out
    said = [line for line in out.splitlines() if line.startswith("Note: after the move, check warns at")]
    assert [line.split(":")[1].split(" at ")[1] for line in said] == [
        "experimental.compileTemplate",
        "experimental.relativeWatchPaths",
        "experimental.templateUtils",
    ]  # fmt: skip  (the user's own flag kept as written; the reference's way back pins two more)
    text = file.read_text()
    for line in ("// a layout-B project", "  ssr: true,", "  app: { head: { title: 'Shop' } },"):
        assert line in text  # what was not edited is byte for byte the same
    after = _values(file)
    assert after["srcDir"] == "." and after["future"]["compatibilityVersion"] == 4
    for item in plan.items:
        if item.keep is not None and not item.set_by_project:
            assert _at(after, item.path) == item.keep == item.before, item.path
    assert "payloadExtraction" in text and "compileTemplate: false" in text  # the user's own line, not deleted
    assert "omitLineBreaks: false, // kept from layout B (version 3); remove to adopt layout A's behaviour" in text
    assert "srcDir: '.', // kept from layout B (version 3): the sources beside the config" in text
    assert text.count("\n") - CONFIG.count("\n") <= 20  # a small diff: the recipe, nothing else
    code, out, _ = run(capsys, "check", str(file), "--variant", "A")
    assert code == 0, out
    assert "0 errors, 3 warnings" in out and out.count("warning FWK308") == 3  # the three the move said
    assert sorted(p.name for p in project.iterdir()) == [
        ".fwk-tui-move.json",
        "app.vue",
        "components",
        "fwk.config.ts",
        "fwk.config.ts.bak",
        "pages",
        "server",
    ]  # fmt: skip (nothing moved; what undoes the move kept beside the config)
    assert (project / ".fwk-tui-move.json").is_file() and "undo: fwk-tui migrate --undo" in written


def test_adopting_moves_the_folders_when_asked_and_prints_git_commands_otherwise(
    capsys: pytest.CaptureFixture[str], project: Path, tmp_path: Path
) -> None:
    file = project / "fwk.config.ts"
    code, _, err = run(capsys, "migrate", str(file), "--adopt")
    assert code == 2 and "add --move-folders to move them there, or --no-move" in err
    assert file.read_text() == CONFIG and not (project / "app").exists()  # refused: nothing written
    code, out, _ = run(capsys, "migrate", str(file), "--adopt", "--no-move")
    assert code == 0
    assert "  mkdir -p app" in out and "  git mv pages app/pages" in out and "  git mv app.vue app/app.vue" in out
    assert (project / "pages").is_dir()  # left, as asked, and said
    assert "srcDir" not in file.read_text() and _values(file)["future"]["compatibilityVersion"] == 4
    code, out, _ = run(capsys, "check", str(file), "--verbose")
    assert (
        code == 0 and "info FWK336" in out
    )  # the fallback: the app reads the sources beside the config until they move
    code, out, _ = run(capsys, "migrate", str(file), "--undo")
    assert code == 0 and file.read_text() == CONFIG
    code, out, _ = run(capsys, "migrate", str(file), "--adopt", "--move-folders")
    assert code == 0
    assert "moved pages -> app/pages" in out
    assert sorted(p.name for p in (project / "app").iterdir()) == ["app.vue", "components", "pages"]
    assert (project / "server").is_dir()  # beside the source folder under A


def test_saying_no_at_the_end_writes_nothing(
    capsys: pytest.CaptureFixture[str], project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = project / "fwk.config.ts"
    plan = plan_move(resolve_layers(file, load_document(file)), load_catalog(), project, keep_source_folder=True)
    asked = 1 + sum(1 for i in plan.items if choosable(i) and i.path != "srcDir")
    answers = io.StringIO("y\n" * asked + "n\n")
    monkeypatch.setattr("sys.stdin", answers)
    monkeypatch.setattr(answers, "isatty", lambda: True, raising=False)
    code, out, _ = run(capsys, "migrate", str(file))
    assert code == 0 and out.rstrip().endswith("Write fwk.config.ts? [Y/n] nothing written")
    assert file.read_text() == CONFIG


def test_a_dry_run_without_a_choice_shows_what_the_questions_defaults_give(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    code, out, _ = run(capsys, "migrate", str(project / "fwk.config.ts"), "--dry-run")
    assert code == 0 and "(as the questions' defaults answer: the old behaviour kept" in out
    assert "Sources: stay where they are (srcDir: '.')" in out and "(new behaviour adopted)" not in out
    code, out, _ = run(capsys, "migrate", str(project / "fwk.config.ts"), "--adopt", "--dry-run")
    assert (
        "  Folders and files that move: components -> app/components, pages -> app/pages, app.vue -> app/app.vue" in out
    )


def test_a_source_whose_target_exists_stops_the_move_before_anything_is_written(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    (project / "app" / "pages").mkdir(parents=True)
    (project / "app" / "pages" / "index.vue").write_text("<template />\n")
    file = project / "fwk.config.ts"
    code, out, _ = run(capsys, "migrate", str(file), "--adopt", "--dry-run")
    assert "Note: pages and app/pages both exist: merge them by hand" in out
    code, _, err = run(capsys, "migrate", str(file), "--adopt", "--move-folders")
    assert code == 2 and "pages and app/pages both exist: merge them by hand first; nothing was written" in err
    assert file.read_text() == CONFIG and (project / "components").is_dir()  # nothing written, nothing moved


def test_sources_left_beside_an_a_config_are_moved_on_a_second_run(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    file = project / "fwk.config.ts"
    code, out, _ = run(capsys, "migrate", str(file), "--adopt", "--no-move")  # written; the folders only told
    assert code == 0 and "Left where they are, as asked (--no-move)" in out and (project / "pages").is_dir()
    code, out, _ = run(capsys, "migrate", str(file))
    assert "Still beside the config: components, pages, app.vue. The app reads them there only through the " in out
    assert "framework's fallback (app/ holds nothing of the app yet)" in out  # no app/ yet: the root is read
    code, out, _ = run(capsys, "migrate", str(file), "--move-folders")
    assert code == 0 and "moved pages -> app/pages" in out
    assert sorted(p.name for p in (project / "app").iterdir()) == ["app.vue", "components", "pages"]


def test_folder_moves_are_all_or_nothing(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    file = project / "fwk.config.ts"
    plan = plan_move(resolve_layers(file, load_document(file)), load_catalog(), project)
    real = os.rename
    calls = []

    def failing(src: object, dst: object) -> None:
        calls.append(src)
        if len(calls) == 2:
            raise PermissionError(13, "Permission denied")
        real(src, dst)

    monkeypatch.setattr(os, "rename", failing)
    with pytest.raises(MoveError, match="every folder is back where it was"):
        move_folders(project, plan.folders)
    monkeypatch.setattr(os, "rename", real)
    assert not (project / "app").exists()
    assert all((project / m.source).exists() for m in plan.folders)
    (project / "app").mkdir()
    (project / "app" / "pages").mkdir()
    with pytest.raises(MoveError, match=r"^app/pages: exists already: pages would replace it"):
        move_folders(project, plan.folders + [type(plan.folders[0])("pages", "pages", "app/pages")])


def test_asked_item_by_item_in_a_terminal(
    capsys: pytest.CaptureFixture[str], project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = project / "fwk.config.ts"
    answers = io.StringIO("y\n" + "n\n" * 3 + "y\n" * 20)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr("sys.stdin", answers)
    monkeypatch.setattr(answers, "isatty", lambda: True, raising=False)
    code, out, err = run(capsys, "migrate", str(file))
    assert code == 0, err
    assert "Keep the sources where they are (srcDir: '.')? [Y/n]" in out
    assert "] ignore\n" not in out  # a default of the framework's version: never asked
    assert "Keep the old behaviour (experimental.templateUtils: true)? [Y/n]" in out
    assert "Keep experimental.compileTemplate (version 4 removes it; n deletes it)? [Y/n]" in out
    assert all(line.index("[Y/n]") + 5 <= 80 for line in out.splitlines() if "[Y/n]" in line)  # one terminal line
    values = _values(file)
    assert values["srcDir"] == "." and "dir" not in values  # the first item (dir.app) adopted
    assert values["experimental"]["resetAsyncDataToUndefined"] is True  # a later one kept


def test_moving_the_sources_when_asked_is_not_asked_again_as_an_item(
    capsys: pytest.CaptureFixture[str], project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = project / "fwk.config.ts"
    answers = io.StringIO("y\n" * 20)
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setattr("sys.stdin", answers)
    monkeypatch.setattr(answers, "isatty", lambda: True, raising=False)
    code, out, err = run(capsys, "migrate", str(file), "--move-folders")
    assert code == 0, err
    assert "] srcDir\n" not in out and "Keep the sources where they are" not in out  # --move-folders said it
    assert "srcDir" not in _values(file) and (project / "app" / "pages").is_dir()
    assert "moved pages -> app/pages" in out
    assert "app.vue -> app/app.vue\nWrite fwk.config.ts and make these moves? [Y/n]" in out


def test_without_a_terminal_a_choice_is_needed_and_the_reverse_is_only_listed(
    capsys: pytest.CaptureFixture[str], project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = project / "fwk.config.ts"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, _, err = run(capsys, "migrate", str(file))
    assert code == 2 and "choose --keep-behaviour or --adopt" in err
    code, out, _ = run(capsys, "migrate", str(file), "--keep-behaviour")
    code, out, _ = run(capsys, "migrate", str(file))
    assert code == 0 and "already layout A (future.compatibilityVersion is 4): nothing to change" in out
    assert "Still beside" not in out  # srcDir '.' was kept: the sources are where they belong
    before = file.read_text()
    code, out, _ = run(capsys, "migrate", str(file), "--to", "B", "--json")
    data = json.loads(out)
    assert data["written"] is False and data["to"] == "B"
    assert data["items"] == []  # the way back pinned everything the move changes: moving back changes nothing
    assert file.read_text() == before


def test_moving_back_a_config_in_layout_b_says_there_is_nothing_to_move_back(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    file = project / "fwk.config.ts"
    code, out, _ = run(capsys, "migrate", str(file), "--to", "B")
    assert code == 0 and out.strip().endswith("already layout B (future.compatibilityVersion is not 4): nothing to move back")
    code, out, _ = run(capsys, "migrate", str(file), "--to", "B", "--json")
    assert json.loads(out) == {"from": "B", "to": "B", "written": False, "already_layout_b": True, "items": []}


def test_json_plan(capsys: pytest.CaptureFixture[str], project: Path) -> None:
    code, out, _ = run(capsys, "migrate", str(project / "fwk.config.ts"), "--adopt", "--dry-run", "--json")
    data = json.loads(out)
    items = {i["path"]: i for i in data["items"]}
    assert items["srcDir"] == {
        "path": "srcDir", "before": ".", "after": "app", "keep": ".", "kept": False, "removed": False, "set_by_project": False,
        "kind": "recipe", "replaced_by": None, "follows": None,
    }  # fmt: skip
    assert [f["target"] for f in data["folders"]] == ["app/components", "app/pages", "app/app.vue"]
    assert data["new_errors"] == [] and data["new_warnings"] == []  # adopting pins no removed flag
    assert data["already_layout_a"] is False
    assert data["written"] is False and "future" not in (project / "fwk.config.ts").read_text()
    code, out, _ = run(capsys, "migrate", str(project / "fwk.config.ts"), "--json")  # no choice given: shown only
    assert code == 0 and json.loads(out)["written"] is False and not (project / "fwk.config.ts.bak").exists()
    code, out, _ = run(capsys, "migrate", str(project / "fwk.config.ts"), "--adopt", "--no-move", "--json")
    assert code == 0 and json.loads(out)["written"] is True  # a script sees that the move was made
    assert "compatibilityVersion: 4" in (project / "fwk.config.ts").read_text()
    run(capsys, "migrate", str(project / "fwk.config.ts"), "--undo")
    run(capsys, "migrate", str(project / "fwk.config.ts"), "--adopt", "--no-move")
    code, out, _ = run(capsys, "migrate", str(project / "fwk.config.ts"), "--adopt", "--json")
    assert code == 0 and json.loads(out)["already_layout_a"] is True  # JSON, even with nothing to move


def test_paths_through_the_source_alias_to_what_stays_beside_the_config_are_written_through_the_root_alias(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    for folder in ("modules/x", "styles", "assets"):
        (project / folder).mkdir(parents=True)
    file = project / "fwk.config.ts"
    config = "export default defineFwkConfig({ modules: ['~/modules/x'], css: ['~/styles/a.css', '@/assets/b.css'] })\n"
    file.write_text(config)
    code, out, err = run(capsys, "migrate", str(file), "--adopt", "--move-folders")
    assert code == 0, err
    assert "  line 1: '~/modules/x' -> '~~/modules/x'" in out
    values = _values(file)
    assert values["modules"] == ["~~/modules/x"]  # modules/ stays at the root
    assert values["css"] == ["~~/styles/a.css", "@/assets/b.css"]  # assets/ moved into app/: the alias follows it
    code, out, _ = run(capsys, "check", str(file))
    assert "FWK338" not in out and "FWK335" not in out
    file.write_text(file.read_text().replace("~~/modules/x", "~/modules/x"))
    code, out, _ = run(capsys, "check", str(file))
    assert "warning FWK338: ~/modules/x points into app/, where there is no modules/" in out


def test_what_the_moving_files_import_through_the_source_alias_moves_with_them_or_is_named(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    (project / "types").mkdir()
    (project / "types" / "index.ts").write_text("export type T = 1\n")
    (project / "constants.ts").write_text("export const A = 1\n")
    (project / "config").mkdir()
    (project / "config" / "pwa.ts").write_text("export default {}\n")
    (project / "styles").mkdir()
    (project / "styles" / "b.css").write_text("a {}\n")
    (project / "pages" / "index.ts").write_text(
        "import type { T } from '~/types'\nimport { A } from '@/constants'\nimport pwa from '~/config/pwa'\n"
        "import x from '~/server/utils/x'\n"
    )
    file = project / "fwk.config.ts"
    file.write_text(
        "import pwa from './config/pwa'\n"
        "export default defineFwkConfig({ pwa, css: [...(process.env.X ? [] : ['~/styles/b.css'])] })\n"
    )
    code, out, err = run(capsys, "migrate", str(file), "--adopt", "--move-folders")
    assert code == 0, err
    assert "types moves with them: imported through ~/ by pages/index.ts" in out
    assert "constants.ts moves with them" in out
    assert "Note: config stays beside the config, but 1 moving file imports it through ~/ (pages/index.ts)" in out
    assert "Note: server stays beside the config" in out and "write those imports through #server/" in out
    assert (project / "app" / "types" / "index.ts").is_file() and (project / "app" / "constants.ts").is_file()
    assert (project / "config" / "pwa.ts").is_file()  # the config imports it from its place: it stays
    assert "['~~/styles/b.css']" in file.read_text()  # a string inside code too
    assert "  line 2: '~/styles/b.css' -> '~~/styles/b.css'" in out


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_sources_moved_later_by_a_second_run_are_taken_back_by_undo_with_the_rest(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    file = project / "fwk.config.ts"
    before = _tree(project)
    code, _, err = run(capsys, "migrate", str(file), "--adopt", "--no-move")
    assert code == 0, err
    code, out, _ = run(capsys, "migrate", str(file), "--move-folders")  # layout A already: the sources follow
    assert code == 0 and "moved pages -> app/pages" in out and "undo: fwk-tui migrate --undo" in out
    code, out, err = run(capsys, "migrate", str(file), "--undo")
    assert code == 0, err
    assert "moved app/pages -> pages" in out
    assert _tree(project) == before and not (project / "app").exists()


def test_undo_after_folders_moved_by_hand_says_which_the_config_from_before_does_not_read(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    file = project / "fwk.config.ts"
    code, out, err = run(capsys, "migrate", str(file), "--adopt", "--no-move")
    assert code == 0 and "git mv pages app/pages" in out, err
    (project / "app").mkdir(exist_ok=True)
    os.rename(project / "pages", project / "app" / "pages")  # the printed git mv, run by hand
    code, out, err = run(capsys, "migrate", str(file), "--undo")
    assert code == 0 and file.read_text() == CONFIG
    assert "back as it was before the move" in out
    assert "note: the undo moves back only what the move moved; FWK335: " in err
    assert "app/pages/" in err and "where it does not look" in err
    os.rename(project / "app" / "pages", project / "pages")
    code, out, err = run(capsys, "migrate", str(file), "--adopt", "--move-folders")  # nothing moved by hand: no note
    assert code == 0, err
    code, out, err = run(capsys, "migrate", str(file), "--undo")
    assert code == 0 and "note:" not in err, err


def test_undo_takes_the_folders_back_when_the_config_was_already_put_back(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    file = project / "fwk.config.ts"
    before = _tree(project)
    code, _, err = run(capsys, "migrate", str(file), "--adopt", "--move-folders")
    assert code == 0, err
    file.write_text(CONFIG)  # the text alone put back (an editor's undo, saved): the sources are still in app/
    code, _, err = run(capsys, "migrate", str(file), "--undo")
    assert code == 0, err
    assert _tree(project) == before


def test_a_config_written_on_one_line_gets_a_short_comment_at_each_pinned_value(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    file = project / "fwk.config.ts"
    file.write_text("export default defineFwkConfig({ ssr: true })\n")
    code, _, err = run(capsys, "migrate", str(file), "--keep-behaviour")
    assert code == 0, err
    text = file.read_text()
    assert "omitLineBreaks: false /* kept from layout B (version 3) */" in text
    assert "srcDir: '.' /* kept from layout B (version 3) */" in text and text.count("\n") == 1


def test_moving_the_sources_later_takes_what_they_import_through_the_source_alias_too(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    (project / "types").mkdir()
    (project / "types" / "index.ts").write_text("export type T = 1\n")
    (project / "pages" / "index.ts").write_text("import type { T } from '~/types'\n")
    file = project / "fwk.config.ts"
    before = _tree(project)
    code, out, err = run(capsys, "migrate", str(file), "--adopt", "--no-move")
    assert code == 0, err
    assert "Folders and files to move into app/ later: components, pages, app.vue, types" in out
    assert "types should move with them: imported through ~/ by pages/index.ts" in out
    code, out, _ = run(capsys, "migrate", str(file), "--move-folders", "--dry-run")
    assert "types moves with them: imported through ~/ by pages/index.ts" in out and "dry run: nothing moved" in out
    assert (project / "types").is_dir()
    code, out, _ = run(capsys, "migrate", str(file), "--move-folders")
    assert code == 0 and "moved types -> app/types" in out
    code, _, err = run(capsys, "migrate", str(file), "--undo")
    assert code == 0, err
    assert _tree(project) == before


FAKE = "fwk.config.ts: written (layout A) FAKE"


def _no_faked_line(text: str) -> None:
    assert not any(line.startswith(FAKE) for line in text.splitlines()), text
    assert "\r" not in text


@pytest.mark.parametrize("brk", ["\n", "\r"])
def test_a_line_break_in_a_file_name_never_fakes_a_line_of_output(
    project: Path, capsys: pytest.CaptureFixture[str], brk: str
) -> None:
    file = project / "fwk.config.ts"
    (project / "shared").mkdir()
    (project / "shared" / f"x{brk}{FAKE}").write_text("f\n")
    os.symlink(f"../shared/x{brk}{FAKE}", project / "pages" / "f.vue")
    os.symlink("../shared", project / "pages" / f"y{brk}{FAKE}")
    shown = "\\n" if brk == "\n" else "\\x0d"
    code, out, err = run(capsys, "migrate", str(file), "--adopt", "--move-folders", "--dry-run")
    assert code == 0 and f"app/pages/f.vue: ../shared/x{shown}{FAKE} -> ../../shared/x{shown}{FAKE}" in out
    _no_faked_line(out + err)
    code, out, err = run(capsys, "migrate", str(file), "--adopt", "--move-folders", "--dry-run", "--json")
    links = {link["path"]: link["after"] for link in json.loads(out)["links"]}
    assert links["app/pages/f.vue"] == f"../../shared/x{brk}{FAKE}"  # JSON keeps the name exact
    code, out, err = run(capsys, "migrate", str(file), "--adopt", "--move-folders")
    assert code == 0 and f"link app/pages/y{shown}{FAKE} -> ../../shared" in out
    _no_faked_line(out + err)
    code, out, err = run(capsys, "migrate", str(file), "--undo")
    assert code == 0 and f"link pages/f.vue -> ../shared/x{shown}{FAKE} again" in out
    _no_faked_line(out + err)


def test_a_line_break_in_a_recorded_path_never_fakes_a_line_of_a_refusal(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = project / "fwk.config.ts"
    assert run(capsys, "migrate", str(file), "--adopt", "--move-folders")[0] == 0
    record = json.loads((project / ".fwk-tui-move.json").read_text())
    record["moves"][0]["target"] = f"app/x\n{FAKE}"
    (project / ".fwk-tui-move.json").write_text(json.dumps(record))
    code, out, err = run(capsys, "migrate", str(file), "--undo")
    assert code == 2 and f"app/x\\n{FAKE} is missing" in err and len(err.splitlines()) == 1
    _no_faked_line(out + err)
