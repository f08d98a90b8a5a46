"""Symbolic links that move with the sources keep pointing where they did, and the undo gives them back as they were.

Each link is checked by what it reaches (the bytes of the file, the entries of
the folder) and by its text: rewritten only when it must be.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from fwk_tui.atomic import write_bytes_atomically
from fwk_tui.migrate.folders import MoveError, move_folders
from fwk_tui.migrate.plan import FolderMove
from fwk_tui.migrate.record import UndoError, new_folders, record_move
from fwk_tui.migrate.undo import undo_move
from tests.cli.helpers import run

BEFORE = b"export default defineFwkConfig({\n  ssr: true,\n})\n"
WRITTEN = b"export default defineFwkConfig({\n  future: { compatibilityVersion: 4 },\n  ssr: true,\n})\n"
MOVES = [
    FolderMove("components", "components", "app/components"),
    FolderMove("layouts", "layouts", "app/layouts"),
    FolderMove("pages", "pages", "app/pages"),
]

LINKS = {
    # outside what moves: rewritten
    "pages/x.vue": "../../shared/s.vue",  # out of the project, as the attack had it
    "pages/blog/pkg.json": "../../package.json",  # to what stays beside the config
    "pages/up": "..",  # the config's folder itself (a folder link: never walked into)
    "pages/gone.vue": "../missing.vue",  # dangling: it names the same missing place
    "pages/via.vue": "../hop.vue",  # a link to a link beside the config: the first hop only
    "layouts": "../extpages",  # a moved entry that is itself a relative link
    # inside what moves (itself, or another moved folder): as they are
    "pages/home.vue": "index.vue",
    "pages/blog/back.vue": "../index.vue",
    "pages/button.vue": "../components/Button.vue",
    "pages/loop": "loop",  # a loop: read, never followed
    "pages/a": "b",
    "pages/b": "a",
    # elsewhere in the project, pointing into what moves: rewritten where they are
    "server/home.vue": "../pages/index.vue",
    "docs": "pages",
}


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "pages" / "blog").mkdir(parents=True)
    (root / "components").mkdir()
    (tmp_path / "shared").mkdir()
    (tmp_path / "extpages").mkdir()
    (tmp_path / "shared" / "s.vue").write_text("<template>shared</template>\n")
    (tmp_path / "extpages" / "default.vue").write_text("<template>layout</template>\n")
    (root / "pages" / "index.vue").write_text("<template>home</template>\n")
    (root / "components" / "Button.vue").write_text("<template>button</template>\n")
    (root / "package.json").write_text('{"name": "shop"}\n')
    (root / "server").mkdir()
    (root / "hop.vue").symlink_to("../shared/s.vue")
    (root / "pages" / "abs.vue").symlink_to(tmp_path / "shared" / "s.vue")  # absolute, outside: as it is
    (root / "pages" / "abs-in.vue").symlink_to(root.resolve() / "components" / "Button.vue")  # absolute, into a move
    (root / "abs-home.vue").symlink_to(root.resolve() / "pages" / "index.vue")
    for link, target in LINKS.items():
        (root / link).symlink_to(target)
    (root / "fwk.config.ts").write_bytes(BEFORE)
    return root


def _reached(path: Path) -> object:
    """What a link gives a reader: the file's bytes, the folder it is (a rename keeps its inode), or nothing
    (dangling or a loop)."""
    try:
        if path.is_dir():
            st = path.stat()
            return st.st_dev, st.st_ino
        return path.read_bytes()
    except OSError:
        return None


def test_links_in_and_as_moved_folders_keep_pointing_where_they_did_and_the_undo_restores_them(
    tmp_path: Path,
) -> None:
    root = _project(tmp_path)
    reached = {link: _reached(root / link) for link in [*LINKS, "pages/abs.vue", "pages/abs-in.vue", "abs-home.vue"]}
    created = new_folders(root, MOVES)
    done = move_folders(root, MOVES)
    config = root / "fwk.config.ts"
    write_bytes_atomically(config, WRITTEN)
    record_move(config, BEFORE, WRITTEN, done, created)

    stays = ("server/home.vue", "docs", "abs-home.vue")
    now = {link: os.readlink(root / ("" if link in stays else "app") / link) for link in LINKS}
    assert now == {
        **LINKS,
        "pages/x.vue": "../../../shared/s.vue",
        "pages/blog/pkg.json": "../../../package.json",
        "pages/up": "../..",
        "pages/gone.vue": "../../missing.vue",
        "pages/via.vue": "../../hop.vue",
        "layouts": "../../extpages",
        "server/home.vue": "../app/pages/index.vue",
        "docs": "app/pages",
    }
    for link, was in reached.items():
        assert _reached(root / ("" if link in stays else "app") / link) == was, link
    assert os.readlink(root / "abs-home.vue") == str(root.resolve() / "app" / "pages" / "index.vue")
    assert os.readlink(root / "app" / "pages" / "abs-in.vue") == str(
        root.resolve() / "app" / "components" / "Button.vue"
    )
    assert os.readlink(root / "app" / "pages" / "abs.vue") == str(tmp_path / "shared" / "s.vue")
    assert os.readlink(root / "hop.vue") == "../shared/s.vue"  # beside the config: not part of the move

    undo_move(config)
    assert {link: os.readlink(root / link) for link in LINKS} == LINKS
    assert os.readlink(root / "abs-home.vue") == str(root.resolve() / "pages" / "index.vue")
    assert config.read_bytes() == BEFORE and not (root / "app").exists()


def test_a_link_elsewhere_changed_since_the_move_stops_the_undo(tmp_path: Path) -> None:
    root = _project(tmp_path)
    created = new_folders(root, MOVES)
    done = move_folders(root, MOVES)
    config = root / "fwk.config.ts"
    write_bytes_atomically(config, WRITTEN)
    record_move(config, BEFORE, WRITTEN, done, created)
    (root / "docs").unlink()
    (root / "docs").symlink_to("app/components")
    with pytest.raises(
        UndoError, match=r"^docs changed since the move \(a link to app/pages then\): nothing was undone$"
    ):
        undo_move(config)
    assert (root / "app" / "pages").is_dir() and os.readlink(root / "app" / "layouts") == "../../extpages"


def test_a_link_that_climbs_back_after_a_folder_is_refused_naming_it_before_anything_moves(tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / "pages" / "odd.vue").symlink_to("blog/../../package.json")
    with pytest.raises(MoveError, match=r"^pages/odd\.vue -> blog/\.\./\.\./package\.json: .*cannot be rewritten"):
        move_folders(root, MOVES)
    assert not (root / "app").exists() and os.readlink(root / "layouts") == "../extpages"


def test_a_link_that_cannot_be_rewritten_puts_everything_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from fwk_tui.migrate import links as links_module

    root = _project(tmp_path)
    real = links_module.retarget
    calls: list[str] = []

    def third_fails(path: str, target: str) -> None:
        calls.append(path)
        if len(calls) == 3:
            raise PermissionError(13, "Permission denied", path)
        real(path, target)

    monkeypatch.setattr(links_module, "retarget", third_fails)
    with pytest.raises(MoveError, match=r"^rewriting the link app/pages/.*: every folder is back where it was"):
        move_folders(root, MOVES)
    assert {link: os.readlink(root / link) for link in LINKS} == LINKS
    assert not (root / "app").exists()


def test_the_command_says_which_links_it_rewrote_and_undo_gives_them_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    root = _project(tmp_path)
    (root / "pages" / "odd.vue").symlink_to("blog/../../package.json")
    config = str(root / "fwk.config.ts")
    code, _, err = run(capsys, "migrate", config, "--adopt", "--move-folders")
    said = (
        f"{config}: pages/odd.vue -> blog/../../package.json: a link whose target climbs back (..) after a folder: "
        "cannot be rewritten; nothing was written"
    )
    assert code == 2 and err.strip().splitlines() == [said]
    assert (root / "fwk.config.ts").read_bytes() == BEFORE and not (root / "app").exists()
    (root / "pages" / "odd.vue").unlink()
    code, out, err = run(capsys, "migrate", config, "--adopt", "--move-folders", "--dry-run", "--json")
    planned = json.loads(out)
    assert code == 0 and planned["refused"] == []
    assert {"path": "server/home.vue", "before": "../pages/index.vue", "after": "../app/pages/index.vue"} in (
        planned["links"]
    )
    code, out, err = run(capsys, "migrate", config, "--adopt", "--move-folders")
    assert code == 0, err
    assert "moved layouts -> app/layouts\n  link app/layouts -> ../../extpages (was ../extpages: it points" in out
    assert "  link app/pages/x.vue -> ../../../shared/s.vue (was ../../shared/s.vue: it points where it did)" in out
    code, out, err = run(capsys, "migrate", config, "--undo")
    assert code == 0, err
    assert "moved app/layouts -> layouts\n  link layouts -> ../extpages again" in out
    assert {link: os.readlink(root / link) for link in LINKS} == LINKS


def test_a_config_that_cannot_be_written_after_the_moves_puts_links_and_folders_back(tmp_path: Path) -> None:
    from fwk_tui.migrate.carry import carry_out

    root = _project(tmp_path)
    config = root / "fwk.config.ts"

    def disk_full() -> bytes:
        raise OSError(28, "No space left on device", str(config))

    with pytest.raises(OSError, match="No space left"):
        carry_out(config, BEFORE, MOVES, disk_full)
    assert {link: os.readlink(root / link) for link in LINKS} == LINKS
    assert not (root / "app").exists() and config.read_bytes() == BEFORE


def test_a_project_reached_through_a_link_has_its_links_kept_the_same(tmp_path: Path) -> None:
    root = _project(tmp_path)
    via = tmp_path / "via"
    via.symlink_to("proj")
    move_folders(via, MOVES)
    assert os.readlink(root / "app" / "pages" / "x.vue") == "../../../shared/s.vue"
    assert os.readlink(root / "server" / "home.vue") == "../app/pages/index.vue"
    assert os.readlink(root / "app" / "pages" / "home.vue") == "index.vue"


def test_an_unreadable_folder_beside_is_passed_by_and_one_that_moves_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _project(tmp_path)
    (root / "data").mkdir()
    (root / "pages" / "private").mkdir()
    real = os.scandir
    unreadable = {str(root.resolve() / "data"), str(root.resolve() / "pages" / "private")}

    def scandir(path: object = ".") -> object:
        if os.fsdecode(path) in unreadable:  # type: ignore[arg-type]
            raise PermissionError(13, "Permission denied", os.fsdecode(path))  # type: ignore[arg-type]
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    with pytest.raises(MoveError, match=r"^pages/private: cannot be read \(Permission denied\): its links cannot be"):
        move_folders(root, MOVES)
    assert not (root / "app").exists()
    unreadable.remove(str(root.resolve() / "pages" / "private"))
    move_folders(root, MOVES)  # data/ is passed by
    assert os.readlink(root / "server" / "home.vue") == "../app/pages/index.vue"
