"""The editor reads files as the command line does: a FIFO or a device where a file was is refused, never read.

A blocking read on the UI thread would hang the test process itself, so a watchdog thread stands by: if the
editor is found waiting on a FIFO, the watchdog opens it for writing and closes it (the read then ends) and
the test fails saying so.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Self

from fwk_tui.journal import Journal
from fwk_tui.tui.editor import EditorApp

from .test_editor import make_app, told
from .test_human_speed import write_config

LAYERED = "export default defineFwkConfig({\n  extends: ['my-layer'],\n  ssr: true,\n})\n"


def notes(app: EditorApp) -> str:
    """The messages of the notifications shown (and not yet gone)."""
    return "\n".join(n.message for n in told(app))


class Watchdog:
    """Unblocks whoever waits on the FIFO at ``path`` for ``seconds``; ``blocked`` says whether anyone did."""

    def __init__(self, path: Path, seconds: float = 8.0) -> None:
        self.path = path
        self.blocked = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(seconds,), daemon=True)

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not self._stop.wait(0.5):
            try:  # a writer opens without waiting only when a reader holds the FIFO open
                fd = os.open(self.path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                continue
            self.blocked = True
            os.close(fd)  # the reader sees the end of the file and goes on


async def test_a_config_replaced_by_a_fifo_does_not_freeze_the_disk_watcher(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({ ssr: true })\n")
    app = make_app(file, watch_disk=True)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.pause()
        fifo = tmp_path / "pipe"
        os.mkfifo(fifo)
        os.replace(fifo, file)
        with Watchdog(file) as dog:
            for _ in range(6):  # the watcher looks every second
                await pilot.pause(0.5)
        assert not dog.blocked, "the editor waited on the FIFO"
        said = notes(app)
    assert "not a file" in said, said


async def test_a_fifo_as_the_journal_entry_is_kept_aside_and_the_editor_starts(tmp_path: Path) -> None:
    file = write_config(tmp_path, "export default defineFwkConfig({ ssr: true })\n")
    journal = Journal(file.parent.parent / "journal")
    entry = journal.entry_file(file)
    entry.parent.mkdir(parents=True)
    os.mkfifo(entry)
    with Watchdog(entry) as dog:
        app = make_app(file, journal=journal)
        async with app.run_test(size=(100, 32), notifications=True) as pilot:
            await pilot.pause()
            said = notes(app)
    assert not dog.blocked, "the editor waited on the FIFO"
    assert "cannot be read (not a regular file)" in said and ".corrupt" in said, said


async def test_a_layer_package_json_that_is_a_fifo_is_listed_and_the_editor_goes_on(tmp_path: Path) -> None:
    file = write_config(tmp_path, LAYERED)
    package = file.parent / "node_modules" / "my-layer"
    package.mkdir(parents=True)
    (package / "fwk.config.ts").write_text("export default defineFwkConfig({ app: {} })\n")
    os.mkfifo(package / "package.json")
    with Watchdog(package / "package.json") as dog:
        app = make_app(file)
        async with app.run_test(size=(100, 32)) as pilot:
            for _ in range(3):
                await pilot.pause()
            effective = app._effective.effective
    assert not dog.blocked, "the editor waited on the FIFO"
    assert effective is not None
    [layer] = effective.resolved.layers
    assert layer.status == "unreadable" and "package.json: not a regular file" in layer.message


async def test_a_layer_name_the_system_refuses_is_listed_and_the_editor_goes_on(tmp_path: Path) -> None:
    file = write_config(tmp_path, LAYERED.replace("my-layer", "y" * 300))
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(3):
            await pilot.pause()
        effective = app._effective.effective
    assert effective is not None
    [layer] = effective.resolved.layers
    assert layer.status == "unreadable" and "file name too long" in layer.message


async def test_big_layers_are_read_in_a_thread_while_keys_land_in_their_field(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Layers past what a frame can parse are read aside: a person types on, and the layer's value shows once read."""
    from fwk_tui.tui.editor import effective

    from .test_human_speed import HUMAN, type_slowly

    file = write_config(tmp_path, "export default defineFwkConfig({\n  extends: ['./base'],\n  ssr: true,\n})\n")
    base = file.parent / "base"
    base.mkdir()
    padding = "// a layer of many comments\n" * (effective.READ_NOW_BYTES // 28 + 100)
    (base / "fwk.config.ts").write_text(f"{padding}export default defineFwkConfig({{ devServer: {{ port: 4000 }} }})\n")
    release = threading.Event()
    threads: list[str] = []
    read = effective.resolve_layers

    def slow(*args, **kwargs):  # type: ignore[no-untyped-def]
        if kwargs.get("budget") is None:  # the whole read: as slow as a big parse, until the test lets it end
            threads.append(threading.current_thread().name)
            release.wait(20)
        return read(*args, **kwargs)

    monkeypatch.setattr(effective, "resolve_layers", slow)
    app = make_app(file)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert await app.go_to("app.baseURL")
        await type_slowly(pilot, *"/x")  # while the layers are read
        assert threads and threads[0] != threading.main_thread().name
        assert app.session.get("app.baseURL") == "/x"
        assert app._effective.effective is None  # not yet read
        release.set()
        for _ in range(40):
            if app._effective.effective is not None:
                break
            await pilot.pause(HUMAN)
        assert app._effective.effective is not None
        assert await app.go_to("devServer.port")
        await pilot.pause()
        port = app.query_one("ConfigForm").fields["devServer.port"]  # type: ignore[attr-defined]
        assert any("4000" in str(n[1]) for n in port.effective_notes)
        assert app.session.get("app.baseURL") == "/x"  # what was typed meanwhile stayed
