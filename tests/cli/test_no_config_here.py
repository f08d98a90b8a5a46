"""A command run in a folder with no config says how to name one, in the form that command takes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.helpers import run

COMMANDS = [
    ("check",),
    ("env",),
    ("migrate", "--dry-run", "--keep-behaviour"),
    ("resolve",),
    ("why", "ssr"),
    ("get", "ssr"),
    ("set", "ssr", "true"),
    ("unset", "ssr"),
    ("dump",),
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: a[0])
def test_the_way_to_name_the_config_is_one_the_command_takes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, *args)
    assert code == 2 and "internal error" not in err, err
    named = re.search(r"in this folder; pass (\S+)$", err.strip())
    assert named, err
    (tmp_path / "cfg.ts").write_text("export default defineFwkConfig({ ssr: true })\n")
    way = ["--file", "cfg.ts"] if named[1] == "--file" else ["cfg.ts"]
    assert named[1] in ("--file", "FILE")
    code, _, err = run(capsys, args[0], *way, *args[1:])
    assert code in (0, 1), err  # the command took the file named that way
    assert "in this folder" not in err
