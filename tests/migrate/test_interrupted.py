"""A move, and its undo, stopped by a signal while they run: all or nothing, and ``--undo`` takes a whole move back.

Each case runs the real command as a process and sends the signal once it has
begun changing the project (``app/`` there, or a link rewritten), not at a
fixed time.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from fwk_tui.signals import deferred_signals

CONFIG = """\
export default defineFwkConfig({
  ssr: true,
  app: { head: { title: 'Shop' } },
})
"""
LINKS = 3000
BEFORE, AFTER = "../shared/s.vue", "../../shared/s.vue"
NOTE = "finishing the move (all or nothing); it stops once whole"


def _project(root: Path) -> None:
    (root / "shared").mkdir()
    (root / "shared" / "s.vue").write_text("<template />\n")
    for name in ("pages", "layouts"):
        (root / name).mkdir()
        for n in range(LINKS):
            os.symlink(BEFORE, root / name / f"l{n}.vue")
    (root / "components").mkdir()
    (root / "components" / "a.vue").write_text("<template />\n")
    (root / "app.vue").write_text("<template />\n")
    (root / "fwk.config.ts").write_text(CONFIG)


def _start(root: Path, *args: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "XDG_STATE_HOME": str(root.parent / "state"), "XDG_CACHE_HOME": str(root.parent / "cache")}
    return subprocess.Popen(
        [sys.executable, "-m", "fwk_tui", "migrate", *args],
        cwd=root,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,  # the plan lists every link: a pipe left unread would stop it
        stderr=subprocess.PIPE,
    )


def _interrupt(proc: subprocess.Popen[bytes], begun: Callable[[], bool], signum: int) -> tuple[int, str]:
    """Send ``signum`` as soon as ``begun()`` holds (the command is changing the project); exit code and stderr."""
    deadline = time.monotonic() + 60
    while not begun():
        assert proc.poll() is None, "the command ended before the signal could be sent"
        assert time.monotonic() < deadline
        time.sleep(0.001)
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=120)
    return proc.returncode, err.decode("utf-8", "replace")


def _read(path: Path) -> str | None:
    try:
        return os.readlink(path)
    except OSError:
        return None


def _leftovers(root: Path) -> list[str]:
    return [str(p) for p in root.rglob("*.fwk-tui")]


def _as_before(root: Path, config: str = CONFIG) -> None:
    assert (root / "fwk.config.ts").read_text() == config
    assert not (root / ".fwk-tui-move.json").exists() and not (root / "app").exists()
    for name in ("pages", "layouts"):
        targets = {_read(root / name / f"l{n}.vue") for n in range(LINKS)}
        assert targets == {BEFORE}, name
    assert (root / "components" / "a.vue").is_file() and (root / "app.vue").is_file()
    assert _leftovers(root) == []


def _moved(root: Path) -> None:
    assert "compatibilityVersion: 4" in (root / "fwk.config.ts").read_text()
    assert (root / ".fwk-tui-move.json").is_file() and (root / "fwk.config.ts.bak").is_file()
    assert not any((root / n).exists() for n in ("pages", "layouts", "components", "app.vue"))
    for name in ("pages", "layouts"):
        targets = {_read(root / "app" / name / f"l{n}.vue") for n in range(LINKS)}
        assert targets == {AFTER}, name
        assert (root / "app" / name / "l0.vue").read_text() == "<template />\n"
    assert _leftovers(root) == []


def _undo(root: Path) -> None:
    proc = _start(root, "--undo")
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    _as_before(root)


def _app_there(root: Path) -> Callable[[], bool]:
    return lambda: (root / "app").exists()


def _link_rewritten(root: Path) -> Callable[[], bool]:
    return lambda: _read(root / "app" / "pages" / "l0.vue") == AFTER


@pytest.mark.parametrize(
    ("signum", "moment"),
    [
        (signal.SIGINT, _app_there),
        (signal.SIGTERM, _link_rewritten),
        (signal.SIGHUP, _app_there),
    ],
    ids=["SIGINT once app/ is there", "SIGTERM once a link is rewritten", "SIGHUP once app/ is there"],
)
def test_a_move_stopped_by_a_signal_is_whole_or_not_made(tmp_path: Path, signum: int, moment: Callable) -> None:
    root = tmp_path / "p"
    root.mkdir()
    _project(root)
    code, err = _interrupt(_start(root, "--adopt", "--move-folders"), moment(root), signum)
    if (root / "pages").exists():
        _as_before(root)
    else:
        _moved(root)
        _undo(root)
    assert NOTE in err, err
    assert code in (130, -signum), (code, err)  # it stopped as the signal asked, once the move was whole
    assert "Traceback" not in err


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_an_undo_stopped_by_a_signal_is_whole_or_not_made(tmp_path: Path, signum: int) -> None:
    root = tmp_path / "p"
    root.mkdir()
    _project(root)
    done = _start(root, "--adopt", "--move-folders")
    _, err = done.communicate(timeout=120)
    assert done.returncode == 0, err
    _moved(root)
    begun = lambda: _read(root / "app" / "pages" / "l0.vue") == BEFORE or (root / "pages").exists()
    code, err = _interrupt(_start(root, "--undo"), begun, signum)
    if (root / "pages").exists():
        _as_before(root)
    else:
        _moved(root)
        _undo(root)
    assert "finishing the undo (all or nothing); it stops once whole" in err, err
    assert code in (130, -signum) and "Traceback" not in err, (code, err)


def test_held_off_signals_are_noted_said_once_and_raised_again_after(capfd: pytest.CaptureFixture[str]) -> None:
    # The handler the block found takes the signal raised again: a KeyboardInterrupt raised in this test process
    # could land in whatever Python code ran at that instant (a collector's callback swallowed one once).
    raised: list[int] = []
    found = signal.signal(signal.SIGINT, lambda signum, _frame: raised.append(signum))
    try:
        handlers = [signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)]
        with deferred_signals("finishing") as noted:
            signal.raise_signal(signal.SIGINT)
            signal.raise_signal(signal.SIGINT)
            assert noted == [signal.SIGINT, signal.SIGINT] and not raised  # held off
        assert raised == [signal.SIGINT]  # raised again, once, after the block
        assert capfd.readouterr().err == "finishing\n"
        assert [signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)] == handlers
    finally:
        signal.signal(signal.SIGINT, found)


@pytest.mark.parametrize(
    "moment", [_app_there, _link_rewritten], ids=["once app/ is there", "once a link is rewritten"]
)
def test_a_move_killed_part_way_is_taken_back_by_undo_from_the_record_written_before_it(
    tmp_path: Path, moment: Callable
) -> None:
    root = tmp_path / "p"
    root.mkdir()
    _project(root)
    code, _ = _interrupt(_start(root, "--adopt", "--move-folders"), moment(root), signal.SIGKILL)
    assert code == -signal.SIGKILL
    assert (root / ".fwk-tui-move.json").is_file()  # written before the first rename
    proc = _start(root, "--undo")
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0 and b"stopped part-way" in err, err
    _as_before(root)


CONFIG_A = CONFIG.replace("  ssr: true,\n", "  ssr: true,\n  future: { compatibilityVersion: 4 },\n")


@pytest.mark.parametrize("earlier", [False, True], ids=["a config in layout A by hand", "after --adopt --no-move"])
def test_folder_moves_on_a_layout_a_config_killed_part_way_are_taken_back_by_undo(
    tmp_path: Path, earlier: bool
) -> None:
    root = tmp_path / "p"
    root.mkdir()
    _project(root)
    if earlier:  # the config written by a move that left the folders: the later moves are added to its record
        proc = _start(root, "--adopt", "--no-move")
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        assert "compatibilityVersion: 4" in (root / "fwk.config.ts").read_text()
    else:
        (root / "fwk.config.ts").write_text(CONFIG_A)
    code, _ = _interrupt(_start(root, "--move-folders"), _link_rewritten(root), signal.SIGKILL)
    assert code == -signal.SIGKILL
    assert not (root / "pages").exists()  # killed part-way: pages had moved
    proc = _start(root, "--undo")
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0 and b"stopped part-way" in err, err
    _as_before(root, CONFIG if earlier else CONFIG_A)  # after --no-move: the whole move, the config from B too
    assert not (root / "fwk.config.ts.bak").exists()


@pytest.mark.parametrize("moment", ["a link is put back", "pages is back"])
def test_an_undo_killed_part_way_is_finished_by_the_next_undo(tmp_path: Path, moment: str) -> None:
    root = tmp_path / "p"
    root.mkdir()
    _project(root)
    proc = _start(root, "--adopt", "--move-folders")
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    _moved(root)
    if moment == "pages is back":
        begun = lambda: (root / "pages").exists()
    else:
        begun = lambda: _read(root / "app" / "pages" / "l0.vue") == BEFORE
    code, _ = _interrupt(_start(root, "--undo"), begun, signal.SIGKILL)
    assert code == -signal.SIGKILL
    if (root / ".fwk-tui-move.json").exists():  # the kill came before the undo was whole (else it was whole)
        proc = _start(root, "--undo")
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0 and b"an earlier undo had stopped part-way" in err, err
    _as_before(root)
