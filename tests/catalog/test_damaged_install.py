"""A damaged installed catalogue: one `file: message` line and exit 2 from any command, never a traceback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fwk_tui.catalog import load_catalog, loader
from tests.cli.helpers import run


@pytest.fixture
def damaged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The installed catalogue folder with one file that is not YAML; no cache to hide it."""
    data = tmp_path / "data"
    data.mkdir()
    for f in loader.data_dir().glob("*.yaml"):
        (data / f.name).write_bytes(f.read_bytes())
    broken = sorted(data.glob("*.yaml"))[0]
    broken.write_text("group: x\ntitle: [unclosed\n")
    monkeypatch.setattr(loader, "data_dir", lambda: data)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    load_catalog.cache_clear()
    yield broken
    load_catalog.cache_clear()


@pytest.mark.parametrize("args", [["check", "fwk.config.ts"], ["explain", "ssr"], ["search", "port"]])
def test_a_damaged_catalogue_is_one_line_naming_the_file(
    damaged: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    args: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "fwk.config.ts").write_text("export default defineFwkConfig({ ssr: true })\n")
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err == (f"{damaged}:3:1: expected ',' or ']', but got '<stream end>'; "
                   "the option catalogue installed with fwk-tui is damaged: reinstall fwk-tui\n")
    assert (tmp_path / "fwk.config.ts").read_text() == "export default defineFwkConfig({ ssr: true })\n"
