"""Every precondition of a move is checked before the config is written or anything moves, and refused in one line
naming the path; a move that fails half-way names the folder that failed."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from fwk_tui.migrate.folders import MoveError, move_folders
from fwk_tui.migrate.plan import FolderMove
from fwk_tui.migrate.preflight import renamable
from tests.cli.helpers import run

CONFIG = "export default defineFwkConfig({\n  ssr: true,\n})\n"
MOVES = [
    FolderMove("components", "components", "app/components"),
    FolderMove("pages", "pages", "app/pages"),
    FolderMove("app.vue", "app.vue", "app/app.vue"),
]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    for name in ("pages", "components", "server"):
        (root / name).mkdir(parents=True)
        (root / name / "index.ts").write_text("export {}\n")
    (root / "app.vue").write_text("<template />\n")
    (root / "fwk.config.ts").write_text(CONFIG)
    return root


def _state(root: Path) -> tuple[object, ...]:
    """The project as a user finds it: every entry, what it holds, and the folder's own mtime (touched by any
    rename in it, even one undone)."""
    entries = []
    for folder, dirs, files in os.walk(root):
        for name in sorted(dirs + files):
            path = Path(folder) / name
            kind = "link" if path.is_symlink() else "dir" if path.is_dir() else "file"
            held = os.readlink(path) if kind == "link" else path.read_bytes() if kind == "file" else None
            entries.append((path.relative_to(root).as_posix(), kind, held))
    return tuple(sorted(entries, key=str)), root.stat().st_mtime_ns


def _migrate(capsys: pytest.CaptureFixture[str], root: Path, *flags: str) -> tuple[int, str, str]:
    return run(capsys, "migrate", str(root / "fwk.config.ts"), *flags)


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (lambda p: p.write_text("not a folder\n"), "a file"),
        (lambda p: p.symlink_to("fwk.config.ts"), "a link to a file"),
        (lambda p: p.symlink_to("nowhere"), "a link to nothing"),
    ],
    ids=["file", "link-to-file", "dangling-link"],
)
def test_a_file_named_app_is_refused_in_one_line_before_anything_is_written(
    capsys: pytest.CaptureFixture[str], project: Path, make, kind: str
) -> None:
    make(project / "app")
    before = _state(project)
    config = project / "fwk.config.ts"
    code, _, err = _migrate(capsys, project, "--adopt", "--move-folders")
    assert code == 2
    assert err.splitlines() == [
        (f"{config}: app: {kind}, not a folder: components, pages, app.vue cannot move into app/; nothing was written")
    ]
    assert _state(project) == before  # not even moved and moved back
    # --no-move would write a config that reads its sources from a file: refused too
    for flags in (("--adopt", "--no-move"), ("--adopt", "--no-move", "--json")):
        code, _, err = _migrate(capsys, project, *flags)
        assert code == 2 and err.startswith(f"{config}: app: {kind}, not a folder: "), flags
        assert _state(project) == before, flags


def test_a_file_named_app_beside_a_config_in_layout_a_is_named(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    code, _, err = _migrate(capsys, project, "--adopt", "--no-move")
    assert code == 0, err
    (project / "app").write_text("not a folder\n")
    before = _state(project)
    code, out, _ = _migrate(capsys, project)  # the commands it prints would fail on it: said first
    assert code == 0 and (
        "Note: app: a file, not a folder: components, pages, app.vue cannot move into app/: rename it first\n"
        "Move the sources into the source folder" in out
    )
    code, _, err = _migrate(capsys, project, "--move-folders")
    assert code == 2
    assert err.splitlines() == [
        (f"{project}: app: a file, not a folder: components, pages, app.vue cannot move into app/; nothing was moved")
    ]
    assert _state(project) == before


def test_two_moves_onto_one_target_are_refused(project: Path) -> None:
    (project / "src" / "pages").mkdir(parents=True)  # empty: a rename onto it would replace it without a word
    moves = [*MOVES, FolderMove("pages", "src/pages", "app/pages")]
    before = _state(project)
    with pytest.raises(MoveError, match=r"^app/pages: both pages and src/pages would move there$"):
        move_folders(project, moves)
    assert _state(project) == before


def test_the_record_s_place_taken_by_a_folder_is_refused_before_anything_moves(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    (project / ".fwk-tui-move.json").mkdir()
    before = _state(project)
    code, _, err = _migrate(capsys, project, "--adopt", "--move-folders")
    assert code == 2 and err.splitlines() == [
        (
            f"{project / 'fwk.config.ts'}: .fwk-tui-move.json is not a file (a folder?): rename or delete it, so that "
            "fwk-tui can record the move there; nothing was written"
        )
    ]
    assert _state(project) == before


def test_a_config_changed_on_disk_since_it_was_read_is_refused_before_anything_moves(project: Path) -> None:
    from fwk_tui.migrate.carry import carry_out

    config = project / "fwk.config.ts"
    before = _state(project)
    with pytest.raises(MoveError, match=r"^fwk\.config\.ts changed on disk since it was read$"):
        carry_out(config, b"// what the editor read\n", MOVES, lambda: b"")
    assert _state(project) == before


def test_a_folder_that_cannot_be_moved_is_named_before_anything_moves(
    capsys: pytest.CaptureFixture[str], project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = os.access

    def pages_read_only(path: object, mode: int, **kw: object) -> bool:
        return False if Path(os.fsdecode(path)).name == "pages" and mode & os.W_OK else real(path, mode, **kw)

    monkeypatch.setattr(os, "access", pages_read_only)
    before = _state(project)
    code, _, err = _migrate(capsys, project, "--adopt", "--move-folders")
    assert code == 2 and err.splitlines() == [
        (
            f"{project / 'fwk.config.ts'}: pages: not writable (permission denied): a folder needs that to move into "
            "another; nothing was written"
        )
    ]
    assert _state(project) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root renames in a read-only folder")
def test_a_read_only_project_folder_is_refused_before_anything_moves(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    project.chmod(0o555)
    try:
        before = _state(project)
        code, _, err = _migrate(capsys, project, "--adopt", "--move-folders")
    finally:
        project.chmod(0o755)
    assert code == 2 and "the config's folder: not writable (permission denied): " in err
    assert len(err.splitlines()) >= 1 and all("Traceback" not in line for line in err.splitlines())
    assert _state(project) == before


def _chattr(flag: str, path: Path) -> bool:
    chattr = shutil.which("chattr")
    if chattr is None:
        return False
    return subprocess.run([chattr, flag, str(path)], check=False, capture_output=True).returncode == 0


def test_an_immutable_folder_is_named_before_anything_moves(capsys: pytest.CaptureFixture[str], project: Path) -> None:
    if not _chattr("+i", project / "pages"):
        pytest.skip("chattr +i is not available here (not root, or a file system without the flag)")
    try:
        before = _state(project)
        code, _, err = _migrate(capsys, project, "--adopt", "--move-folders")
        after = _state(project)
    finally:
        _chattr("-i", project / "pages")
    assert code == 2 and err.splitlines() == [
        (
            f"{project / 'fwk.config.ts'}: pages: immutable or append-only (chattr +i or +a): it cannot be moved; "
            "nothing was written"
        )
    ]
    assert after == before  # components was not moved and moved back: nothing was touched


def test_a_target_on_another_file_system_is_refused(project: Path) -> None:
    shm = Path("/dev/shm")
    if not shm.is_dir() or shm.stat().st_dev == project.stat().st_dev or not os.access(shm, os.W_OK):
        pytest.skip("no second file system to write to")
    elsewhere = Path(shm / f"fwk-tui-test-{os.getpid()}")
    elsewhere.mkdir()
    try:
        (project / "app").symlink_to(elsewhere)
        before = _state(project)
        # a link out of the project is refused as that first; the check of the file system still names it
        with pytest.raises(MoveError, match=r"^app links to .+, outside the project: components would leave it"):
            move_folders(project, MOVES)
        assert renamable(project, MOVES)[0].startswith("components: on another file system than app/: it cannot be")
        assert _state(project) == before and list(elsewhere.iterdir()) == []
    finally:
        shutil.rmtree(elsewhere)


@pytest.mark.parametrize("failing", ["components", "pages", "app.vue"])
def test_a_move_that_fails_half_way_names_the_folder_that_failed(
    capsys: pytest.CaptureFixture[str], project: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    real = os.rename

    def fails_for_one(src: object, dst: object) -> None:
        if Path(os.fsdecode(src)) == project / failing:
            raise PermissionError(1, "Operation not permitted", os.fsdecode(src))
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "rename", fails_for_one)
    before = _state(project)[0]
    code, _, err = _migrate(capsys, project, "--adopt", "--move-folders")
    assert code == 2 and err.splitlines() == [
        (
            f"{project / 'fwk.config.ts'}: moving {failing} to app/{failing} failed (operation not permitted (is the file "
            "immutable or append-only?)): every folder is back where it was; nothing was written"
        )
    ]
    assert _state(project)[0] == before


def test_a_roll_back_that_fails_too_names_what_is_left_where(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.rename

    def pages_and_its_way_back_fail(src: object, dst: object) -> None:
        if Path(os.fsdecode(src)) in (project / "pages", project / "app" / "components"):
            raise PermissionError(1, "Operation not permitted", os.fsdecode(src))
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "rename", pages_and_its_way_back_fail)
    with pytest.raises(MoveError) as caught:
        move_folders(project, MOVES)
    assert str(caught.value).startswith(
        "moving pages to app/pages failed (operation not permitted (is the file immutable or append-only?)), and "
        "putting back what had moved failed too: components is still at app/components"
    )


def test_an_immutable_config_is_named_before_anything_moves_or_is_undone(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    config = project / "fwk.config.ts"
    if not _chattr("+i", config):
        pytest.skip("chattr +i is not available here (not root, or a file system without the flag)")
    try:
        before = _state(project)
        code, _, err = _migrate(capsys, project, "--adopt", "--move-folders")
        after = _state(project)
    finally:
        _chattr("-i", config)
    assert code == 2 and err.splitlines() == [
        (
            f"{config}: fwk.config.ts: immutable or append-only (chattr +i or +a): it cannot be rewritten; nothing was "
            "written"
        )
    ]
    assert after == before  # the folders were not moved and moved back
    code, _, err = _migrate(capsys, project, "--adopt", "--move-folders")
    assert code == 0, err
    _chattr("+i", config)
    try:
        moved = _state(project / "app")
        code, _, err = _migrate(capsys, project, "--undo")
        after = _state(project / "app")
    finally:
        _chattr("-i", config)
    assert code == 2 and err.splitlines() == [
        (
            f"{config}: fwk.config.ts: immutable or append-only (chattr +i or +a): it cannot be rewritten: nothing was "
            "undone"
        )
    ]
    assert after == moved


def test_moves_that_could_not_be_recorded_for_undo_are_not_made(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    config = project / "fwk.config.ts"
    code, _, err = _migrate(capsys, project, "--adopt", "--no-move")
    assert code == 0, err
    config.write_text(config.read_text() + "// edited since\n")
    before = _state(project)
    code, _, err = _migrate(capsys, project, "--move-folders")
    assert code == 2 and err.splitlines() == [
        (
            f"{project}: fwk.config.ts changed since the move .fwk-tui-move.json records, so these folder moves cannot "
            "be added to it: undo that move first (migrate --undo), or delete .fwk-tui-move.json and fwk.config.ts.bak; "
            "nothing was moved"
        )
    ]
    assert _state(project) == before
    for leftover in (".fwk-tui-move.json", "fwk.config.ts.bak"):
        (project / leftover).unlink()
    (project / "fwk.config.ts.bak").write_text("the user's own\n")
    before = _state(project)
    code, _, err = _migrate(capsys, project, "--move-folders")
    assert code == 2 and err.startswith(f"{project}: fwk.config.ts.bak exists already and fwk-tui did not write it")
    assert _state(project) == before


def test_an_app_folder_linked_out_of_the_project_is_refused_and_the_dry_run_says_so(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = project.parent / "elsewhere"
    outside.mkdir()
    os.symlink(outside, project / "app")
    code, out, _ = _migrate(capsys, project, "--adopt", "--move-folders", "--dry-run")
    assert code == 0
    assert f"Note: the move would be refused: app links to {outside}, outside the project: pages would leave it" in out
    before = _state(project)
    code, _, err = _migrate(capsys, project, "--adopt", "--move-folders")
    assert code == 2 and f"app links to {outside}, outside the project" in err and "nothing was written" in err
    assert _state(project) == before and list(outside.iterdir()) == []
    with pytest.raises(MoveError, match="outside the project"):
        move_folders(project, MOVES)


def test_an_app_folder_linked_to_a_folder_of_the_project_is_moved_into(project: Path) -> None:
    (project / "src").mkdir()
    os.symlink("src", project / "app")
    move_folders(project, MOVES)
    assert (project / "src" / "pages" / "index.ts").is_file()


def test_a_git_submodule_among_the_sources_is_refused_with_the_git_mv_that_moves_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Attack round 2, 4: a submodule's .git file (`gitdir: ../.git/modules/pages`) moved as it was: app/pages was no
    longer a repository and the project's showed `deleted: pages`."""
    project = tmp_path / "p"
    project.mkdir()
    (project / "fwk.config.ts").write_text("export default defineFwkConfig({ ssr: true })\n")
    (project / "pages").mkdir()
    (project / "pages" / "index.vue").write_text("<template />\n")
    (project / "pages" / ".git").write_text("gitdir: ../.git/modules/pages\n")
    (project / "app.vue").write_text("<template />\n")
    code, _, err = run(capsys, "migrate", str(project / "fwk.config.ts"), "--adopt", "--move-folders")
    assert code == 2
    assert "pages: a git submodule" in err and "`git mv pages app/pages`" in err and "nothing was written" in err
    assert (project / "pages" / ".git").is_file() and not (project / "app").exists()
    assert (project / "fwk.config.ts").read_text() == "export default defineFwkConfig({ ssr: true })\n"
