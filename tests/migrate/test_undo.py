"""The way back from a move: recorded after it, undone only when nothing changed since, all or nothing."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from fwk_tui.atomic import write_bytes_atomically
from fwk_tui.migrate import fingerprint as fingerprint_module
from fwk_tui.migrate import undo
from fwk_tui.migrate.folders import move_folders
from fwk_tui.migrate.plan import FolderMove
from fwk_tui.migrate.record import (
    RECORD_NAME,
    UndoError,
    backup_path,
    check_can_record,
    has_record,
    new_folders,
    record_move,
)
from fwk_tui.migrate.undo import undo_move

BEFORE = b"export default defineFwkConfig({\n  ssr: true,\n})\n"
WRITTEN = b"export default defineFwkConfig({\n  future: { compatibilityVersion: 4 },\n  ssr: true,\n})\n"
MOVES = [
    FolderMove("components", "components", "app/components"),
    FolderMove("pages", "pages", "app/pages"),
    FolderMove("app.vue", "app.vue", "app/app.vue"),
]


def _project(root: Path) -> Path:
    config = root / "fwk.config.ts"
    config.write_bytes(BEFORE)
    config.chmod(0o640)
    (root / "pages" / "blog").mkdir(parents=True)
    (root / "pages" / "index.vue").write_bytes(b"<template>home</template>\n")
    (root / "pages" / "blog" / "[slug].vue").write_bytes(b"<template>post</template>\r\n")
    (root / "pages" / "empty").mkdir()
    os.symlink("index.vue", root / "pages" / "home.vue")  # relative: it must still point at its neighbour
    os.symlink("../package.json", root / "pages" / "pkg.json")
    (root / "components").mkdir()
    (root / "components" / "Hello.vue").write_bytes(b"<template>hi</template>")
    (root / "app.vue").write_bytes(b"<template><NuxtPage /></template>\n")
    (root / "package.json").write_bytes(b'{"name": "x"}\n')
    return config


def _listing(root: Path) -> list[tuple[str, str, object, int]]:
    """Every entry under ``root``: its path, kind, contents (files, with their mtime but the config's and the record's,
    which the undo writes) or target (links), and mode."""
    out: list[tuple[str, str, object, int]] = []
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            st = path.lstat()
            relative = path.relative_to(root).as_posix()
            if stat.S_ISLNK(st.st_mode):
                out.append((relative, "link", os.readlink(path), 0))
            elif stat.S_ISDIR(st.st_mode):
                out.append((relative, "dir", None, stat.S_IMODE(st.st_mode)))
            else:
                mtime = None if relative in ("fwk.config.ts", ".fwk-tui-move.json") else st.st_mtime_ns
                out.append((relative, "file", (path.read_bytes(), mtime), stat.S_IMODE(st.st_mode)))
    return sorted(out)


def _moved(root: Path, moves: list[FolderMove] = MOVES) -> Path:
    """The project after ``fwk-tui migrate --move-folders``: config written, folders moved, the move recorded."""
    config = root / "fwk.config.ts"
    created = new_folders(root, moves)
    done = move_folders(root, moves)
    write_bytes_atomically(config, WRITTEN)
    record_move(config, BEFORE, WRITTEN, done, created)
    return config


@pytest.fixture
def project(tmp_path: Path) -> Path:
    _project(tmp_path)
    return tmp_path


def test_a_recorded_move_undone_gives_back_every_byte_name_link_and_mode(project: Path) -> None:
    before = _listing(project)
    config = _moved(project)
    assert has_record(config) and backup_path(config).read_bytes() == BEFORE
    assert not (project / "pages").exists() and (project / "app" / "pages" / "home.vue").is_symlink()
    record = json.loads((project / RECORD_NAME).read_text())
    assert (record["version"], record["config"], record["created"]) == (2, "fwk.config.ts", ["app"])  # with links
    assert [(m["source"], m["target"]) for m in record["moves"]] == [(m.source, m.target) for m in MOVES]
    # the link to what stays beside the config points there from its new folder; the one to its neighbour as it was
    assert os.readlink(project / "app" / "pages" / "pkg.json") == "../../package.json"
    assert os.readlink(project / "app" / "pages" / "home.vue") == "index.vue"
    assert record["moves"][1]["links"] == [
        {"path": "app/pages/pkg.json", "before": "../package.json", "after": "../../package.json"}
    ]
    assert record["moves"][1]["fingerprint"]["entries"] == 7  # pages/ and its six entries

    done = undo_move(config)

    assert _listing(project) == before  # the .bak and the record are gone too
    assert [m.source for m in done.moved_back] == ["app.vue", "pages", "components"]
    assert (done.removed, done.kept, done.notes) == (["app"], [], [])
    assert not has_record(config)


def test_an_app_folder_that_was_there_before_stays(project: Path) -> None:
    (project / "app").mkdir()
    (project / "app" / "router.options.ts").write_bytes(b"export default {}\n")
    before = _listing(project)
    config = _moved(project)
    assert json.loads((project / RECORD_NAME).read_text())["created"] == []
    assert undo_move(config).removed == []
    assert _listing(project) == before


def test_a_created_folder_with_something_new_in_it_is_kept(project: Path) -> None:
    config = _moved(project)
    (project / "app" / "error.vue").write_bytes(b"<template>oops</template>\n")  # not inside a moved tree
    done = undo_move(config)
    assert (done.removed, done.kept) == ([], ["app"])
    assert sorted(os.listdir(project / "app")) == ["error.vue"]
    assert (project / "pages" / "index.vue").is_file()


def _refused(project: Path, config: Path, words: str) -> None:
    after = _listing(project)
    with pytest.raises(UndoError, match=words) as caught:
        undo_move(config)
    assert "\n" not in str(caught.value)
    assert _listing(project) == after  # nothing touched


def test_refused_when_the_config_was_edited_after_the_move(project: Path) -> None:
    config = _moved(project)
    config.write_bytes(WRITTEN + b"// mine\n")
    _refused(project, config, r"^fwk\.config\.ts changed since the move: ")


@pytest.mark.parametrize(
    "change",
    [
        lambda app: (app / "pages" / "index.vue").write_bytes(b"<template>HOME</template>\n"),
        lambda app: (app / "pages" / "about.vue").write_bytes(b""),
        lambda app: (app / "pages" / "empty").rmdir(),
        lambda app: (app / "pages" / "home.vue").unlink() or os.symlink("blog", app / "pages" / "home.vue"),
        lambda app: os.utime(app / "app.vue", ns=(1, 1)),
    ],
    ids=["edited", "added", "removed", "link-retargeted", "touched"],
)
def test_refused_when_something_moved_changed_since(project: Path, change) -> None:
    config = _moved(project)
    change(project / "app")
    _refused(project, config, r"^changed since the move: app/(pages|app\.vue) \(")


def test_every_moved_folder_or_file_changed_since_is_named_at_once(project: Path) -> None:
    config = _moved(project)
    (project / "app" / "pages" / "new.vue").write_bytes(b"")
    (project / "app" / "app.vue").write_bytes(b"<template>edited</template>\n")
    _refused(
        project,
        config,
        r"^changed since the move: app/pages \(\d+ entries then, \d+ now\); app/app\.vue \(edited\): nothing was "
        r"undone; move them back by hand",
    )


def test_refused_when_a_source_place_is_taken_again(project: Path) -> None:
    config = _moved(project)
    (project / "pages").mkdir()
    _refused(project, config, r"^pages exists again: moving app/pages back would replace it")


def test_refused_when_a_moved_target_is_missing(project: Path) -> None:
    config = _moved(project)
    (project / "app" / "app.vue").rename(project / "elsewhere.vue")
    _refused(project, config, r"^app/app\.vue is missing")


def test_refused_without_a_record(project: Path) -> None:
    config = project / "fwk.config.ts"
    assert not has_record(config)
    _refused(project, config, r"^no move to undo: \.fwk-tui-move\.json is not beside fwk\.config\.ts$")


@pytest.mark.parametrize("what", ["missing", "edited"])
def test_refused_when_the_backup_is_not_the_config_from_before(project: Path, what: str) -> None:
    config = _moved(project)
    if what == "missing":
        backup_path(config).unlink()
    else:
        backup_path(config).write_bytes(b"something else\n")
    _refused(project, config, r"^fwk\.config\.ts\.bak (is missing|changed since the move)")


def test_refused_when_the_record_points_outside_the_folder(project: Path) -> None:
    config = _moved(project)
    record = json.loads((project / RECORD_NAME).read_text())
    record["moves"][0]["source"] = "../components"
    (project / RECORD_NAME).write_text(json.dumps(record))
    _refused(project, config, r"'\.\./components' is not a path inside the config's folder")


def test_a_failure_mid_way_leaves_the_moved_state_whole(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _listing(project)
    config = _moved(project)
    after = _listing(project)
    real = os.rename
    calls = []

    def second_fails(src: object, dst: object) -> None:
        calls.append((src, dst))
        if len(calls) == 2:
            raise PermissionError(13, "Permission denied", str(src))
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "rename", second_fails)
    with pytest.raises(UndoError, match=r"^moving app/pages back to pages failed \(permission denied\): every folder "):
        undo_move(config)
    assert len(calls) == 3  # app.vue back, pages failed, app.vue forth again
    assert _listing(project) == after and has_record(config)
    monkeypatch.setattr(os, "rename", real)
    undo_move(config)  # the record still holds: the undo can be tried again
    assert _listing(project) == before


def test_a_config_that_cannot_be_written_puts_the_folders_forth_again(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _moved(project)
    after = _listing(project)

    real = undo.write_bytes_atomically

    def disk_full(path: Path, data: bytes, **kwargs: object) -> None:
        if Path(path).name == "fwk.config.ts":
            raise OSError(28, "No space left on device", str(path))
        real(path, data, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(undo, "write_bytes_atomically", disk_full)
    with pytest.raises(UndoError, match=r"^fwk\.config\.ts: disk full .*: the folders are back where the move put"):
        undo_move(config)
    assert _listing(project) == after and has_record(config)


def test_a_backup_that_is_not_ours_is_never_replaced(project: Path) -> None:
    config = project / "fwk.config.ts"
    backup_path(config).write_bytes(b"the user's own backup\n")
    with pytest.raises(UndoError, match=r"^fwk\.config\.ts\.bak exists already and fwk-tui did not write it: "):
        check_can_record(config)
    with pytest.raises(UndoError, match=r"^fwk\.config\.ts\.bak exists already"):
        _moved(project)
    assert backup_path(config).read_bytes() == b"the user's own backup\n"
    assert not has_record(config)


def test_a_backup_of_an_earlier_record_is_replaced(project: Path) -> None:
    config = _moved(project, MOVES[:1])  # components first
    check_can_record(config)  # ours: a second run may replace it
    later = WRITTEN + b"// second run\n"
    done = move_folders(project, MOVES[1:])
    write_bytes_atomically(config, later)
    record_move(config, WRITTEN, later, done)
    assert backup_path(config).read_bytes() == WRITTEN
    undo_move(config)
    assert config.read_bytes() == WRITTEN and (project / "pages").is_dir() and (project / "app" / "components").is_dir()


def test_a_backup_edited_since_our_record_is_not_ours_any_more(project: Path) -> None:
    config = _moved(project)
    backup_path(config).write_bytes(BEFORE + b"// edited by hand\n")
    with pytest.raises(UndoError, match="did not write it"):
        check_can_record(config)


def test_symlinks_in_a_moved_tree_are_never_followed(project: Path) -> None:
    config = _moved(project)
    (project / "package.json").write_bytes(b'{"name": "y"}\n')  # what app/pages/pkg.json points at
    undo_move(config)
    assert os.readlink(project / "pages" / "pkg.json") == "../package.json"


def test_a_big_tree_is_fingerprinted_by_count(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fingerprint_module, "FINGERPRINT_LIMIT", 3)
    config = _moved(project)
    prints = [m["fingerprint"] for m in json.loads((project / RECORD_NAME).read_text())["moves"]]
    assert prints[1] == {"entries": 7} and "sha256" in prints[0]
    (project / "app" / "pages" / "new.vue").write_bytes(b"")
    _refused(project, config, r"^changed since the move: app/pages \(7 entries then, 8 now\)")


def test_an_undo_that_could_not_rename_a_folder_is_refused_naming_it_before_anything_moves(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _moved(project)
    after = _listing(project)
    app_mtime = (project / "app").stat().st_mtime_ns
    real = os.access

    def pages_read_only(path: object, mode: int, **kw: object) -> bool:
        return False if Path(os.fsdecode(path)) == project / "app" / "pages" else real(path, mode, **kw)

    monkeypatch.setattr(os, "access", pages_read_only)
    with pytest.raises(
        UndoError,
        match=r"^app/pages: not writable \(permission denied\): a folder needs that to move into another: nothing was "
        r"undone$",
    ):
        undo_move(config)
    # app.vue was not moved back and forth again: app/ itself was not touched
    assert _listing(project) == after and (project / "app").stat().st_mtime_ns == app_mtime
    assert has_record(config)


def test_refused_when_a_recorded_path_lies_outside_through_a_linked_folder(project: Path, tmp_path_factory) -> None:
    outside = tmp_path_factory.mktemp("outside")
    config = _moved(project)
    (project / "shared").mkdir()
    os.symlink(outside, project / "shared" / "evil")  # the path's text is inside; where it really is, is not
    record = json.loads((project / RECORD_NAME).read_text())
    record["moves"][0]["source"] = "shared/evil/components"
    (project / RECORD_NAME).write_text(json.dumps(record))
    _refused(project, config, r"^\.fwk-tui-move\.json: 'shared/evil/components' lies outside the config's folder")
    assert list(outside.iterdir()) == []


@pytest.mark.parametrize("where", ["created", "link"])
def test_refused_when_a_created_folder_or_link_lies_outside_through_a_linked_folder(
    project: Path, tmp_path_factory, where: str
) -> None:
    outside = tmp_path_factory.mktemp("outside")
    config = _moved(project)
    os.symlink(outside, project / "app" / "away")
    record = json.loads((project / RECORD_NAME).read_text())
    if where == "created":
        record["created"].append("app/away/x")
    else:
        record["moves"][1]["links"][0]["path"] = "app/away/l"
        record["moves"][1]["target"] = "app"  # the link must be recorded inside its move's target
    (project / RECORD_NAME).write_text(json.dumps(record))
    _refused(project, config, r"lies outside the config's folder")


def test_a_deeply_nested_record_is_refused_naming_it(project: Path) -> None:
    config = _moved(project)
    (project / RECORD_NAME).write_text("[" * 100_000 + "]" * 100_000 + "\n")
    _refused(project, config, r"^\.fwk-tui-move\.json: not a move record fwk-tui can read \(nested too deeply\)$")
