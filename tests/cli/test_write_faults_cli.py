"""``set`` and ``unset`` under races, read-only files and OS faults: what the user sees, and the file's bytes."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fwk_tui.cli import main
from fwk_tui.exits import Exit
from fwk_tui.source import lock as lock_module
from tests.cli.helpers import run

Capsys = pytest.CaptureFixture[str]

CONFIG = """\
export default defineFwkConfig({
  ssr: true,
  app: { head: { title: 'Docs' } },
  devServer: { port: 3000 },
})
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "fwk.config.ts").write_text(CONFIG)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def config_text(project: Path) -> str:
    return (project / "fwk.config.ts").read_text()


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# -- two writers at once ---------------------------------------------------------------------


def _forked_set(*args: str) -> int:
    """``fwk-tui set ARGS`` in a forked child of this process (no interpreter start-up); its pid."""
    pid = os.fork()
    if pid == 0:  # the child: run the command, never return into pytest
        code = 70
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            code = main(["set", *args])
        finally:
            os._exit(code)
    return pid


def test_two_sets_at_once_lose_no_update_in_200_rounds(project: Path) -> None:
    assert main(["set", "devServer.port", "3001", "--dry-run"]) == 0  # the catalogue loaded once, before forking
    lost, failed = [], []
    for i in range(200):
        pids = [_forked_set("devServer.port", str(4000 + i)), _forked_set("app.head.title", f"'t{i}'")]
        codes = [os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in pids]
        text = config_text(project)
        if codes != [0, 0]:
            failed.append((i, codes))
        elif f"port: {4000 + i} }}" not in text or f"title: 't{i}'" not in text:
            lost.append(i)
    assert (lost, failed) == ([], [])
    assert names(project) == ["fwk.config.ts"]


def test_two_set_processes_at_once_lose_no_update(project: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(project / ".cache"), "NO_COLOR": "1"}
    command = [sys.executable, "-m", "fwk_tui", "set"]
    for i in range(8):
        a = subprocess.Popen([*command, "devServer.port", str(4000 + i)], env=env, stderr=subprocess.PIPE)
        b = subprocess.Popen([*command, "app.head.title", f"'t{i}'"], env=env, stderr=subprocess.PIPE)
        outcomes = [(p.wait(), p.stderr.read() if p.stderr else b"") for p in (a, b)]
        assert outcomes == [(0, b""), (0, b"")]
        text = config_text(project)
        assert f"port: {4000 + i} }}" in text and f"title: 't{i}'" in text, f"round {i}: an update was lost"


def test_a_lock_that_is_not_let_go_is_busy_and_nothing_written(
    project: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lock_module, "LOCK_SECONDS", 0.5)
    script = (
        "import fcntl, os, time\nfcntl.flock(os.open('.', os.O_RDONLY), fcntl.LOCK_EX)\n"
        "print(1, flush=True)\ntime.sleep(60)"
    )
    holder = subprocess.Popen([sys.executable, "-c", script], cwd=project, stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"1\n"
        for args in (("set", "ssr", "false"), ("unset", "ssr")):
            code, out, err = run(capsys, *args)
            assert (code, out) == (Exit.BUSY, "")
            assert err == (
                f"fwk.config.ts: another fwk-tui kept writing in {project.resolve()} for 0.5 s; "
                "nothing was written (try again)\n"
            )
        assert run(capsys, "set", "ssr", "false", "--dry-run")[0] == 0  # reading needs no lock
    finally:
        holder.kill()
        holder.wait()
    assert config_text(project) == CONFIG


# -- read-only files, backups, hard links ----------------------------------------------------


@pytest.mark.parametrize("args", [("set", "ssr", "false"), ("unset", "ssr")])
def test_a_read_only_file_is_refused_unless_asked(project: Path, capsys: Capsys, args: tuple[str, ...]) -> None:
    path = project / "fwk.config.ts"
    path.chmod(0o444)
    code, out, err = run(capsys, *args)
    assert (code, out) == (2, "")
    assert err == "fwk.config.ts: the file is read-only; nothing was written (--overwrite-read-only writes it anyway)\n"
    assert config_text(project) == CONFIG
    assert run(capsys, *args, "--overwrite-read-only") == (0, "", "")
    assert "ssr" not in config_text(project) or "ssr: false" in config_text(project)
    assert path.stat().st_mode & 0o777 == 0o444


def test_backup_twice_keeps_the_latest_old_file(project: Path, capsys: Capsys) -> None:
    assert run(capsys, "set", "ssr", "false", "--backup") == (0, "", "")
    assert run(capsys, "unset", "devServer.port", "--backup") == (0, "", "")
    assert (project / "fwk.config.ts.bak").read_text() == CONFIG.replace("ssr: true", "ssr: false")
    assert names(project) == ["fwk.config.ts", "fwk.config.ts.bak"]


def test_a_symlink_named_like_the_backup_is_replaced_never_followed(project: Path, tmp_path_factory: pytest.TempPathFactory, capsys: Capsys) -> None:
    elsewhere = tmp_path_factory.mktemp("home") / ".bashrc"
    elsewhere.write_text("alias ls='ls --color'\n")
    (project / "fwk.config.ts.bak").symlink_to(elsewhere)  # as a cloned repository could ship it
    assert run(capsys, "set", "ssr", "false", "--backup") == (0, "", "")
    assert elsewhere.read_text() == "alias ls='ls --color'\n"
    bak = project / "fwk.config.ts.bak"
    assert not bak.is_symlink() and bak.read_text() == CONFIG


def test_the_backup_of_a_private_file_is_private(project: Path, capsys: Capsys) -> None:
    config = project / "fwk.config.ts"
    config.chmod(0o600)
    (project / "fwk.config.ts.bak").write_text("an old backup")
    (project / "fwk.config.ts.bak").chmod(0o644)
    assert run(capsys, "set", "ssr", "false", "--backup") == (0, "", "")
    assert (project / "fwk.config.ts.bak").stat().st_mode & 0o777 == 0o600
    assert (project / "fwk.config.ts.bak").read_text() == CONFIG


def test_a_hard_link_is_said_on_stderr(project: Path, capsys: Capsys) -> None:
    os.link(project / "fwk.config.ts", project / "other.ts")
    code, out, err = run(capsys, "set", "ssr", "false")
    assert (code, out) == (0, "")
    assert err == f"note: {project.resolve()}/fwk.config.ts had 2 hard links; the other 1 keeps the old text\n"
    assert (project / "other.ts").read_text() == CONFIG


# -- OS faults: file: message, exit 2, nothing written ---------------------------------------


def test_a_full_disk_is_said_and_the_file_and_backup_stay_whole(
    project: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = os.fsync

    def full(fd: int) -> None:
        if not os.path.isdir(f"/proc/self/fd/{fd}"):
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd)

    monkeypatch.setattr(os, "fsync", full)
    code, out, err = run(capsys, "set", "ssr", "false", "--backup")
    assert (code, out) == (2, "")
    assert err.startswith("fwk.config.ts: ")
    assert err.endswith("disk full (no space left on device); nothing was written\n")
    assert "Traceback" not in err
    assert config_text(project) == CONFIG and names(project) == ["fwk.config.ts"]


@pytest.mark.parametrize(
    ("command", "make", "message"),
    [
        (cmd, make, message)
        for cmd in (["get", "ssr"], ["set", "ssr", "false"], ["unset", "ssr"], ["dump"], ["check"])
        for make, message in (
            ("loop", "loop: too many levels of symbolic links"),
            ("fwk.config.ts/x.ts", "fwk.config.ts/x.ts: a part of the path is a file, not a folder"),
            ("y" * 300 + ".ts", "y" * 300 + ".ts: file name too long"),
        )
    ],
)
def test_paths_the_os_refuses(project: Path, capsys: Capsys, command: list[str], make: str, message: str) -> None:
    (project / "loop").symlink_to("loop")
    where = [make] if command == ["check"] else ["--file", make]
    code, out, err = run(capsys, *command, *where)
    assert (code, out, err) == (2, "", message + "\n")
    assert config_text(project) == CONFIG


def test_an_unexpected_error_is_a_message_and_the_traceback_only_on_request(
    project: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(*args: object, **kw: object) -> None:
        raise RuntimeError("the \x1b[31mbug")

    monkeypatch.setattr("fwk_tui.cli.source_cmds.save_document", boom)
    code, out, err = run(capsys, "set", "ssr", "false")
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "fwk-tui: internal error: RuntimeError: the \\x1b[31mbug",
        "this is a bug in fwk-tui; please report it with the command you ran (FWK_TUI_DEBUG=1 shows the traceback)",
    ]
    monkeypatch.setenv("FWK_TUI_DEBUG", "1")
    code, _, err = run(capsys, "set", "ssr", "false")
    assert code == 2 and err.startswith("Traceback (most recent call last)") and "RuntimeError" in err
    assert config_text(project) == CONFIG


def test_an_os_error_reaching_main_is_file_colon_words(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> int:
        raise PermissionError(errno.EACCES, "Permission denied", "somewhere/catalog")

    monkeypatch.setattr("fwk_tui.cli.catalog_cmds._search", refuse)  # a command with no guard of its own
    code, out, err = run(capsys, "search", "port")
    assert (code, out, err) == (2, "", "somewhere/catalog: permission denied; nothing was written\n")


def test_a_slow_lock_holder_in_this_process_is_waited_for(project: Path, capsys: Capsys) -> None:
    """A writer that holds the lock briefly (another thread) delays set; set then edits the new bytes."""
    import threading

    from fwk_tui.source import load_document, locked, save_document

    held = threading.Event()

    def other_writer() -> None:
        with locked(project / "fwk.config.ts"):
            held.set()
            time.sleep(0.3)
            doc = load_document(project / "fwk.config.ts")
            save_document(doc.set("ssr", False), project / "fwk.config.ts")

    thread = threading.Thread(target=other_writer)
    thread.start()
    held.wait()
    assert run(capsys, "set", "devServer.port", "4000") == (0, "", "")
    thread.join()
    assert config_text(project) == CONFIG.replace("ssr: true", "ssr: false").replace("3000", "4000")


def test_ctrl_c_while_the_program_loads_ends_it_without_a_traceback() -> None:
    """Attack round 4: Ctrl+C in the first ~80 ms of `fwk-tui check` printed a KeyboardInterrupt traceback (raised
    inside an import). The interrupt is sent here right when the commands' modules start loading."""
    hook = (
        "import builtins, os, signal\n"
        "real = builtins.__import__\n"
        "def hook(name, *args, **kwargs):\n"
        "    if name == 'fwk_tui' and args and args[2] and 'cli' in args[2]:\n"
        "        builtins.__import__ = real\n"
        "        os.kill(os.getpid(), signal.SIGINT)\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = hook\n"
        "from fwk_tui.main import main\n"
        "raise SystemExit(main(['check']))\n"
    )
    done = subprocess.run([sys.executable, "-c", hook], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (130, "")
