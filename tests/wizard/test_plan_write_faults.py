"""The wizard's write under OS faults: one message saying why and what was written before it."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.source import DocumentError
from fwk_tui.wizard import open_target

CATALOG = load_catalog()


def test_a_full_disk_at_env_example_says_the_config_was_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "shop"
    project = open_target(folder, CATALOG)
    plan = project.plan(project.initial.with_(env_example=True), CATALOG)
    real = os.fsync
    calls = []

    def full_at_the_second_file(fd: int) -> None:
        if not os.path.isdir(f"/proc/self/fd/{fd}"):
            calls.append(fd)
            if len(calls) == 2:
                raise OSError(errno.ENOSPC, "No space left on device")
        real(fd)

    monkeypatch.setattr(os, "fsync", full_at_the_second_file)
    with pytest.raises(DocumentError) as caught:
        plan.write()
    assert str(caught.value) == (
        f"{folder / '.env.example'}: disk full (no space left on device); "
        f"done before it: create {folder / 'fwk.config.ts'}"
    )
    assert sorted(p.name for p in folder.iterdir()) == ["fwk.config.ts"]  # no .env.example, whole or half


def test_a_folder_that_cannot_be_made_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    project = open_target(tmp_path / "a-file" / "shop", CATALOG)
    plan = project.plan(project.initial, CATALOG)
    with pytest.raises(DocumentError) as caught:
        plan.write()
    folder = tmp_path / "a-file" / "shop"
    assert str(caught.value) == f"{folder}: a part of the path is a file, not a folder; nothing was written"
