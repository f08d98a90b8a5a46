"""The editor under faults: its file deleted, odd text in the file, a damaged journal, a crash.

What a user would notice: the question asked, the bytes on disk, the values kept, the exit code.
"""

from __future__ import annotations

import os
import pty
import select
import sys
import time
from pathlib import Path

from textual.widgets import Input

from fwk_tui.catalog import load_catalog
from fwk_tui.journal import Journal
from fwk_tui.session import EditSession
from fwk_tui.settings import Settings
from fwk_tui.source import ConfigDocument
from fwk_tui.tui.editor import EditorApp
from fwk_tui.tui.editor.widgets.editor_status import EditorStatus
from fwk_tui.tui.screens.choice import ChoiceScreen
from fwk_tui.tui.screens.save_preview import SavePreviewScreen

from .test_editor import EXAMPLE, go_to, make_app, screen_text, told
from .test_human_speed import write_config


def _journal(file: Path) -> Journal:
    return Journal(file.parent.parent / "journal")


def _restarted_on_missing(file: Path, journal: Journal) -> EditorApp:
    """The editor as ``fwk-tui FILE`` opens it when FILE is not there: a new, empty config."""
    session = EditSession(ConfigDocument.new(file.name), load_catalog(), path=file)
    settings = Settings.load(file.parent.parent / "settings.toml")
    return EditorApp(session, settings=settings, journal=journal, label=f"{file} (new)", watch_disk=False)


# ------------------------------------------------------------ file deleted


async def test_a_file_deleted_while_editing_is_said_and_written_back_whole(tmp_path: Path) -> None:
    file = write_config(tmp_path, EXAMPLE.read_text())
    journal = _journal(file)
    app = make_app(file, journal=journal, watch_disk=True)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "devServer.port")
        await pilot.press("ctrl+u", *"4100")
        await pilot.pause()
        file.unlink()  # another program, or the user in another terminal
        await pilot.pause(2.5)  # the file is polled every second; the question waits for a pause in typing
        assert not isinstance(app.screen, ChoiceScreen)  # no reload offered: there is nothing to reload
        text = screen_text(app)
        assert "deleted on disk" in text  # the status line, and a notice
        assert "Ctrl+S writes it back" in text
        status = app.query_one(EditorStatus).state
        assert status is not None and status.deleted
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "fwk.config.ts was deleted. Write the whole config back?" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        assert not app.session.dirty and not app.session.deleted
    assert file.read_text() == EXAMPLE.read_text().replace("port: 3000", "port: 4100")
    assert journal.pending(file) is None and not journal.entry_file(file).exists()


async def test_save_right_after_the_deletion_asks_too_and_n_writes_nothing(tmp_path: Path) -> None:
    file = write_config(tmp_path, EXAMPLE.read_text())
    journal = _journal(file)
    app = make_app(file, journal=journal)  # no disk polling: the save finds it out
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        file.unlink()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "was deleted. Write the whole config back?" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert not file.exists()
        assert app.session.dirty  # the editor holds the only copy: quitting asks
        entry = journal.pending(file)
        assert entry is not None and entry.text == EXAMPLE.read_text()  # and the journal keeps it
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert file.read_text() == EXAMPLE.read_text()


async def test_recovery_after_a_crash_with_the_file_deleted_brings_back_the_whole_config(tmp_path: Path) -> None:
    file = write_config(tmp_path, EXAMPLE.read_text())
    journal = _journal(file)
    app = make_app(file, journal=journal)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "devServer.port")
        await pilot.press("ctrl+u", *"4300")
        await pilot.pause()
        lost = app.session.text
        # the process dies here, and the file is deleted before the next start
    file.unlink()
    again = _restarted_on_missing(file, journal)
    async with again.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, ChoiceScreen) and "Unsaved edits found" in screen_text(again)
        await pilot.press("r")
        await pilot.pause()
        assert again.session.text == lost  # the base and the edit, not the edit on an empty config
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(again.screen, SavePreviewScreen)
        await pilot.press("enter")
        await pilot.pause()
    assert file.read_text() == lost
    assert not journal.entry_file(file).exists()  # dropped only once the file holds it


# -------------------------------------------------------- odd text, journal


async def test_typing_in_a_field_holding_a_lone_surrogate_is_journaled_and_recovered(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({\n  app: { baseURL: '/\\uD800x' },\n})\n")
    journal = _journal(file)
    app = make_app(file, journal=journal)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "app.baseURL")
        assert isinstance(app.focused, Input)
        screen_text(app)  # drawn without a crash
        await pilot.press("end", *"yz")
        await pilot.pause()
        assert app.session.get("app.baseURL") == "/\ud800xyz"
        assert journal.error is None
        assert "'/\\ud800xyz'" in app.session.text  # written as an escape, as JavaScript has it
    again = make_app(file, journal=journal)
    async with again.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, ChoiceScreen)
        await pilot.press("r")
        await pilot.pause()
        assert again.session.get("app.baseURL") == "/\ud800xyz"


async def test_a_damaged_journal_entry_is_said_and_kept_aside(tmp_path: Path) -> None:
    file = write_config(tmp_path, EXAMPLE.read_text())
    journal = _journal(file)
    entry_file = journal.entry_file(file)
    entry_file.parent.mkdir(parents=True)
    entry_file.write_bytes(b'{"format": 1, "text": "\xff')
    app = make_app(file, journal=journal)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "cannot be read" in text and ".corrupt" in text
        assert not isinstance(app.screen, ChoiceScreen)
        await go_to(app, pilot, "devServer.port")
        await pilot.press("ctrl+u", *"4100")
        await pilot.pause()
        assert app.session.get("devServer.port") == 4100  # editing goes on, journaled afresh
    assert entry_file.with_name(entry_file.name + ".corrupt").read_bytes() == b'{"format": 1, "text": "\xff'


async def test_edits_recovery_cannot_apply_stay_on_disk(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({ content: { a: 1 }, ssr: true })\n")
    journal = _journal(file)
    session = EditSession.open(file, load_catalog())
    session.subscribe(journal.record)
    session.rename("content", "contentOptions")
    session.set("ssr", False)
    recorded = journal.entry_file(file).read_bytes()
    file.write_text("export default defineFwkConfig({ ssr: true })\n")  # content went meanwhile
    app = make_app(file, journal=journal)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert app.session.get("ssr") is False and not app.session.has("contentOptions")
        said = " ".join(n.message for n in told(app))
        assert "1 no longer apply; the journal entry with them is kept as " in said and ".dropped" in said
    kept = journal.entry_file(file).with_name(journal.entry_file(file).name + ".dropped")
    assert kept.read_bytes() == recorded  # the rename is still written down somewhere


async def test_saving_after_not_now_keeps_the_older_entry_for_the_next_launch(tmp_path: Path) -> None:
    file = write_config(tmp_path, EXAMPLE.read_text())
    journal = _journal(file)
    session = EditSession.open(file, load_catalog())
    session.subscribe(journal.record)
    session.set("devServer.port", 4300)  # then the editor died
    recorded = journal.entry_file(file).read_bytes()
    app = make_app(file, journal=journal)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("n")  # not now
        await pilot.pause()
        await go_to(app, pilot, "ssr")
        await pilot.press("space")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert not app.session.dirty
    assert journal.entry_file(file).read_bytes() == recorded  # saving other edits does not drop it
    assert journal.pending(file) is not None


# ---------------------------------------------------------------- a crash


def test_an_exception_inside_the_editor_exits_non_zero(tmp_path: Path) -> None:
    file = write_config(tmp_path, EXAMPLE.read_text())
    # The real command in a terminal, with a fault planted in the app's start.
    script = (
        "import sys\n"
        "from fwk_tui.tui.editor import EditorApp\n"
        "def boom(self): raise RuntimeError('planted fault')\n"
        "EditorApp.on_mount = boom\n"
        "from fwk_tui.main import main\n"
        "raise SystemExit(main([sys.argv[1]]))\n"
    )
    code, shown = _in_terminal([sys.executable, "-c", script, str(file)], tmp_path)
    assert "planted fault" in shown  # Textual showed it
    assert code == 1
    assert file.read_text() == EXAMPLE.read_text()


def _in_terminal(argv: list[str], home: Path) -> tuple[int, str]:
    """Run ``argv`` in a pseudo-terminal; its exit code and what it showed (killed after 30 s)."""
    env = {**os.environ, "XDG_STATE_HOME": str(home / "state"), "XDG_CONFIG_HOME": str(home / "config"),
           "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "32"}
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.execve(argv[0], argv, env)
    chunks: list[bytes] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if select.select([fd], [], [], 0.2)[0]:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
    else:
        os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), b"".join(chunks).decode("utf-8", "replace")


# ------------------------------------------------------------ read-only file


async def test_a_read_only_file_is_written_only_when_the_user_says_so_and_stays_read_only(tmp_path: Path) -> None:
    file = write_config(tmp_path, EXAMPLE.read_text())
    file.chmod(0o444)
    app = make_app(file)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        await go_to(app, pilot, "devServer.port")
        await pilot.press("ctrl+u", *"4100")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SavePreviewScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "fwk.config.ts is read-only. Write it anyway?" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert file.read_text() == EXAMPLE.read_text() and app.session.dirty
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not app.session.dirty
    assert file.read_text() == EXAMPLE.read_text().replace("port: 3000", "port: 4100")
    assert file.stat().st_mode & 0o777 == 0o444
