"""Writes under OS faults and odd files: the file is whole (old or new), nothing of ours is left, the user is told."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fwk_tui import atomic
from fwk_tui.atomic import write_bytes_atomically
from fwk_tui.source import (
    MAX_BYTES,
    BusyError,
    ChangedOnDiskError,
    ConfigDocument,
    DocumentError,
    ReadOnlyFileError,
    load_document,
    locked,
    save_document,
)
from fwk_tui.source import lock as lock_module

OLD = b"export default defineFwkConfig({\n  ssr: true,\n})\n"
NEW = b"export default defineFwkConfig({\n  ssr: false,\n})\n"
# The .bak is named when its write is the one that fails.
DISK_FULL = r"fwk.config.ts: (.*\.bak: )?disk full \(no space left on device\); nothing was written"


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "fwk.config.ts"
    path.write_bytes(OLD)
    return path


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def save_new(path: Path, **options: bool) -> list[str]:
    return save_document(load_document(path).set("ssr", False), path, **options)


# -- read-only, backups, hard links, owner ---------------------------------------------------


def test_a_read_only_file_is_refused_and_written_only_when_asked(config: Path) -> None:
    config.chmod(0o444)
    with pytest.raises(ReadOnlyFileError, match=r"fwk.config.ts: the file is read-only; nothing was written"):
        save_new(config)
    assert config.read_bytes() == OLD
    save_new(config, read_only_ok=True)
    assert config.read_bytes() == NEW
    assert config.stat().st_mode & 0o777 == 0o444  # still read-only: the mode was the owner's choice


def test_a_second_backup_replaces_the_first_whole(config: Path) -> None:
    config.chmod(0o444)  # a read-only .bak (copied mode) made the second backup fail before
    save_new(config, backup=True, read_only_ok=True)
    assert (config.parent / "fwk.config.ts.bak").read_bytes() == OLD
    save_document(load_document(config).set("ssr", "x"), config, backup=True, read_only_ok=True)
    assert (config.parent / "fwk.config.ts.bak").read_bytes() == NEW
    assert names(config.parent) == ["fwk.config.ts", "fwk.config.ts.bak"]


def test_a_hard_link_keeps_the_old_text_and_the_user_is_told(config: Path) -> None:
    other = config.parent / "linked.ts"
    os.link(config, other)
    notes = save_new(config)
    assert config.read_bytes() == NEW and other.read_bytes() == OLD
    assert notes == [f"note: {config} had 2 hard links; the other 1 keeps the old text"]


@pytest.mark.skipif(os.geteuid() != 0, reason="only root may give a file to another user")
def test_root_keeps_the_owner_and_group_of_another_users_file(config: Path) -> None:
    os.chown(config, 12345, 23456)
    config.chmod(0o640)
    assert save_new(config) == []
    st = config.stat()
    assert (st.st_uid, st.st_gid, st.st_mode & 0o7777) == (12345, 23456, 0o640)


@pytest.mark.skipif(os.geteuid() != 0, reason="making another user's file needs root")
def test_a_user_who_cannot_keep_the_owner_is_told(config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    os.chown(config, 12345, 23456)

    def refuse(*args: object) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "chown", refuse)  # what a user who is not root gets
    assert save_new(config) == [f"note: {config} belonged to 12345:23456; the new file is yours"]
    assert config.read_bytes() == NEW and config.stat().st_uid == os.geteuid()


def test_a_symlinked_config_stays_a_symlink(config: Path) -> None:
    link = config.parent / "link.ts"
    link.symlink_to(config.name)
    save_document(load_document(link).set("ssr", False), link)
    assert link.is_symlink() and config.read_bytes() == NEW


# -- OS faults: a message in words, the file as it was, no temp file -------------------------


def _fail_on_fsync(monkeypatch: pytest.MonkeyPatch, call: int, code: int) -> None:
    """The ``call``-th fsync of a file fails with ``code`` (delayed allocation reports a full disk there)."""
    real = os.fsync
    calls = iter(range(1, 1000))

    def fsync(fd: int) -> None:
        if not os.path.isdir(f"/proc/self/fd/{fd}") and next(calls) == call:
            raise OSError(code, os.strerror(code))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)


@pytest.mark.parametrize(("call", "what"), [(1, "the backup"), (2, "the config")])
def test_disk_full_leaves_the_file_and_a_whole_backup(
    config: Path, monkeypatch: pytest.MonkeyPatch, call: int, what: str
) -> None:
    _fail_on_fsync(monkeypatch, call, errno.ENOSPC)
    with pytest.raises(DocumentError, match=DISK_FULL):
        save_new(config, backup=True)
    assert config.read_bytes() == OLD
    left = names(config.parent)
    assert left in (["fwk.config.ts"], ["fwk.config.ts", "fwk.config.ts.bak"]), left
    if "fwk.config.ts.bak" in left:
        assert (config.parent / "fwk.config.ts.bak").read_bytes() == OLD  # never a truncated .bak


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB tmpfs, where the machine lets us mount one (root, not in a locked-down container)."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({done.stderr.decode().strip()}); the injected ENOSPC tests cover it")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_really_full_disk(tiny_disk: Path) -> None:
    config = tiny_disk / "fwk.config.ts"
    config.write_bytes(OLD)
    doc = load_document(config).set("ssr", "x" * 8000)
    filler = os.open(tiny_disk / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(filler, b"\0" * 1024)
    except OSError as exc:
        assert exc.errno == errno.ENOSPC
    finally:
        os.close(filler)
    with pytest.raises(DocumentError, match=DISK_FULL):
        save_document(doc, config, backup=True)
    assert config.read_bytes() == OLD
    assert names(tiny_disk) in (["filler", "fwk.config.ts"], ["filler", "fwk.config.ts", "fwk.config.ts.bak"])


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.EACCES, "permission denied"),
        (errno.EROFS, "read-only file system"),
        (errno.EDQUOT, "disk quota exceeded"),
    ],
)
def test_a_folder_where_no_file_can_be_made(
    config: Path, monkeypatch: pytest.MonkeyPatch, code: int, words: str
) -> None:
    real = os.open

    def refuse(path: str, flags: int, mode: int = 0o777, **kw: object) -> int:
        if str(path).endswith(".tmp"):
            raise OSError(code, os.strerror(code), path)
        return real(path, flags, mode, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(DocumentError) as caught:
        save_new(config)
    assert str(caught.value) == f"{config}: {config.parent}: {words}; nothing was written"
    assert config.read_bytes() == OLD and names(config.parent) == ["fwk.config.ts"]


def test_an_immutable_file(config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    immutable = subprocess.run(["chattr", "+i", str(config)], capture_output=True).returncode == 0
    if not immutable:  # no CAP_LINUX_IMMUTABLE, or a file system without the flag: the rename's EPERM by hand
        def refuse(src: str, dst: str) -> None:
            raise PermissionError(errno.EPERM, "Operation not permitted", src, None, dst)

        monkeypatch.setattr(os, "replace", refuse)
    try:
        with pytest.raises(DocumentError, match=r"fwk.config.ts: operation not permitted \(is the file immutable"):
            save_new(config)
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(config)], check=True)
    assert config.read_bytes() == OLD and names(config.parent) == ["fwk.config.ts"]


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda d: (d / "loop").symlink_to(d / "loop") or d / "loop", "too many levels of symbolic links"),
        (lambda d: (d / "file").write_text("") or d / "file" / "fwk.config.ts", "a part of the path is a file"),
        (lambda d: d / ("x" * 300 + ".ts"), "file name too long"),
    ],
    ids=["ELOOP", "ENOTDIR", "ENAMETOOLONG"],
)
def test_paths_that_cannot_be_read_or_written(tmp_path: Path, make: object, words: str) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    with pytest.raises(DocumentError, match=words):
        load_document(path)
    before = names(tmp_path)
    with pytest.raises(DocumentError, match=f"{words}.*nothing was written"):
        save_document(ConfigDocument.new().set("ssr", False), path)
    assert names(tmp_path) == before


# -- temp files a killed write left ----------------------------------------------------------


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_killed_writer_leaves_a_temp_file_the_next_write_removes(config: Path) -> None:
    script = (
        "import sys, time\nfrom pathlib import Path\nfrom fwk_tui.atomic import write_bytes_atomically\n"
        "write_bytes_atomically(Path(sys.argv[1]), b'half', before_rename=lambda: (print('ready', flush=True), "
        "time.sleep(60)))\n"
    )
    writer = subprocess.Popen([sys.executable, "-c", script, str(config)], stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
    writer.kill()
    writer.wait()
    left = [n for n in names(config.parent) if n.endswith(".tmp")]
    assert len(left) == 1 and left[0].startswith(f".fwk.config.ts.{writer.pid}.")
    save_new(config)
    assert names(config.parent) == ["fwk.config.ts"] and config.read_bytes() == NEW


def test_only_stale_temp_files_of_our_naming_are_removed(config: Path) -> None:
    folder = config.parent
    dead, alive = _dead_pid(), os.getppid()
    keep = [
        f".fwk.config.ts.{alive}.0123abcd.tmp",  # a writer at work right now
        ".fwk.config.ts.swp",  # an editor's
        f".fwk.config.ts.{dead}.tmp",  # not our naming
        f".other.ts.{dead}.0123abcd.tmp",  # another file's
        f"fwk.config.ts.{dead}.0123abcd.tmp",  # no leading dot
    ]
    gone = [f".fwk.config.ts.{dead}.0123abcd.tmp", f".fwk.config.ts.{alive}.89abcdef.tmp"]
    for name in keep + gone:
        (folder / name).write_text("x")
    hour_ago = time.time() - 3600
    os.utime(folder / gone[1], (hour_ago, hour_ago))  # its pid lives again, but no write takes an hour
    (folder / f".fwk.config.ts.{dead}.fedcba98.tmp").mkdir()  # not a file: never ours to remove
    keep.append(f".fwk.config.ts.{dead}.fedcba98.tmp")
    save_new(config)
    assert names(folder) == sorted(["fwk.config.ts", *keep])


def test_old_temp_files_of_earlier_releases_naming_are_removed_when_stale(config: Path) -> None:
    folder = config.parent
    old_names = [".fwk.config.ts.4242.tmp", ".fwk.config.ts.k2x_9qzr.tmp"]  # `.NAME.PID.tmp`, mkstemp's
    fresh = ".fwk.config.ts.a1b2c3d4.tmp"  # a writer of an earlier release may be at work on it
    for name in [*old_names, fresh]:
        (folder / name).write_text("x")
    hour_ago = time.time() - 3600
    for name in old_names:
        os.utime(folder / name, (hour_ago, hour_ago))
    save_new(config)
    assert names(folder) == sorted(["fwk.config.ts", fresh])


def test_atomic_write_of_a_new_file_follows_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        write_bytes_atomically(tmp_path / "new.txt", b"x")
    finally:
        os.umask(old)
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o640
    assert atomic.STALE_SECONDS >= 60


# -- the lock --------------------------------------------------------------------------------


def _hold_lock(folder: Path) -> subprocess.Popen[str]:
    script = (
        "import fcntl, os, sys, time\nfd = os.open(sys.argv[1], os.O_RDONLY)\nfcntl.flock(fd, fcntl.LOCK_EX)\n"
        "print('held', flush=True)\ntime.sleep(60)\n"
    )
    holder = subprocess.Popen([sys.executable, "-c", script, str(folder)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


def test_a_lock_held_elsewhere_too_long_is_a_busy_error(config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lock_module, "LOCK_SECONDS", 0.3)
    holder = _hold_lock(config.parent)
    try:
        start = time.monotonic()
        with pytest.raises(BusyError, match=r"fwk.config.ts: another fwk-tui kept writing in .* for 0.3 s"):
            save_new(config)
        assert time.monotonic() - start < 3
    finally:
        holder.kill()
        holder.wait()
    assert config.read_bytes() == OLD
    save_new(config)  # the holder's death let the lock go
    assert config.read_bytes() == NEW


def test_the_lock_is_reentrant_and_a_change_inside_it_is_still_caught(config: Path) -> None:
    with locked(config):
        doc = load_document(config)
        config.write_bytes(OLD.replace(b"true", b"1"))  # another program, which takes no lock
        with pytest.raises(ChangedOnDiskError):
            save_document(doc.set("ssr", False), config)
    assert config.read_bytes() == OLD.replace(b"true", b"1")


def test_a_change_between_the_check_and_the_rename_is_caught(config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = atomic.write_bytes_atomically

    def late_writer(path: Path, data: bytes, **kw: object) -> list[str]:
        config.write_bytes(OLD + b"// theirs\n")  # lands after the first check
        return real(path, data, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr("fwk_tui.source.save.write_bytes_atomically", late_writer)
    with pytest.raises(ChangedOnDiskError, match="changed on disk while saving"):
        save_new(config)
    assert config.read_bytes() == OLD + b"// theirs\n" and names(config.parent) == ["fwk.config.ts"]


@pytest.mark.parametrize("through_a_link", [False, True])
def test_a_fifo_is_never_replaced_by_a_plain_file(tmp_path: Path, through_a_link: bool) -> None:
    """As root, a rename over /dev/null made it a plain file and broke the machine (tmux could start no server)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    path = fifo
    if through_a_link:
        path = tmp_path / "out.json"
        path.symlink_to(fifo)
    with pytest.raises(atomic.NotAFile) as refused:
        write_bytes_atomically(path, b"{}")
    assert str(refused.value) == f"[Errno {errno.EINVAL}] a FIFO, not a regular file: it is never replaced: '{path}'"
    assert fifo.is_fifo() and sorted(p.name for p in tmp_path.iterdir()) == sorted({"pipe", path.name})


def test_an_edit_past_the_size_cap_is_not_written(tmp_path: Path) -> None:
    """Attack round 4: `set` (and the editor's save) wrote a config past the 2 MB fwk-tui opens: every command then
    refused the file, and the edit could not be taken back with fwk-tui."""
    path = tmp_path / "fwk.config.ts"
    head = "export default defineFwkConfig({\n  ssr: true,\n  app: { head: { title: '"
    tail = "' } },\n})\n"
    path.write_text(head + "x" * (MAX_BYTES - len(head) - len(tail)) + tail, encoding="utf-8")
    before = path.read_bytes()
    assert len(before) == MAX_BYTES
    doc = load_document(path).set("ssr", False)
    with pytest.raises(DocumentError, match=r"would be 2,097,153 bytes, over the 2,097,152 \(2 MB\) fwk-tui opens"):
        save_document(doc, path)
    assert path.read_bytes() == before
