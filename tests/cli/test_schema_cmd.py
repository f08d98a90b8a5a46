"""`fwk-tui schema`: the JSON Schema on stdout or written whole to a file; an OS error in words."""

from __future__ import annotations

import json
import os
import stat
import threading
from pathlib import Path

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.config_schema import config_schema
from tests.cli.helpers import run


def test_schema_prints_the_variant_a_schema_as_json_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "schema")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data == config_schema(load_catalog(), "A")
    assert data["title"].startswith("fwk.config options, variant A")


def test_schema_variant_b_has_b_s_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    _, out_a, _ = run(capsys, "schema", "--variant", "A")
    code, out_b, _ = run(capsys, "schema", "--variant", "B")
    assert code == 0
    dir_a = json.loads(out_a)["$defs"]["options"]["properties"]["dir"]["properties"]
    dir_b = json.loads(out_b)["$defs"]["options"]["properties"]["dir"]["properties"]
    assert (dir_a["assets"]["default"], dir_b["assets"]["default"]) == ("app/assets", "assets")
    assert "static" in dir_b and "static" not in dir_a


def test_schema_out_writes_the_file_whole_and_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "schemas" / "fwk.schema.json"
    code, out, err = run(capsys, "schema", "--variant", "B", "--out", str(target))
    assert (code, err) == (0, "")
    assert out == f"wrote {target}: the JSON Schema of variant B\n"
    assert json.loads(target.read_text(encoding="utf-8")) == config_schema(load_catalog(), "B")
    assert run(capsys, "schema", "--out", str(target))[0] == 0  # a schema written before is replaced
    assert json.loads(target.read_text(encoding="utf-8"))["title"].startswith("fwk.config options, variant A")
    assert sorted(p.name for p in target.parent.iterdir()) == ["fwk.schema.json"]  # no temp file left


def test_schema_out_dash_is_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema", "--out", "-")
    assert code == 0 and json.loads(out)["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_schema_out_to_a_folder_is_one_line_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "schema", "--out", str(tmp_path))
    assert (code, out) == (2, "")
    assert err == f"{tmp_path}: a folder, not a file; nothing was written\n"


def test_schema_out_below_a_file_is_one_line_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "notes.txt"
    blocker.write_text("mine", encoding="utf-8")
    code, out, err = run(capsys, "schema", "--out", str(blocker / "fwk.schema.json"))
    assert (code, out) == (2, "")
    assert err.startswith(str(blocker)) and "not a folder; nothing was written" in err
    assert "Traceback" not in err
    assert blocker.read_text(encoding="utf-8") == "mine"


def test_schema_refuses_an_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        run(capsys, "schema", "--variant", "C")
    assert stop.value.code == 2
    assert "invalid choice: 'C'" in capsys.readouterr().err


def test_schema_out_to_dev_null_writes_into_it_and_leaves_it_a_device(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--out /dev/null` (here through a link) as a shell's `>` would: as root the device was renamed over."""
    link = tmp_path / "schema.json"
    link.symlink_to(os.devnull)
    assert run(capsys, "schema", "--out", str(link)) == (0, "", "")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode) and link.is_symlink()


def test_schema_out_to_a_named_pipe_streams_into_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    assert run(capsys, "schema", "--variant", "B", "--out", str(fifo)) == (0, "", "")
    reader.join(10)
    assert json.loads(got[0]) == config_schema(load_catalog(), "B") and fifo.is_fifo()


def test_schema_out_refuses_a_read_only_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Attack round 3: as root, `--out` replaced a file of mode 0444 (set refuses one, unless told)."""
    target = tmp_path / "fwk.schema.json"
    target.write_text('{"$schema": "an older one"}', encoding="utf-8")
    target.chmod(0o444)
    code, out, err = run(capsys, "schema", "--out", str(target))
    assert (code, out, err) == (2, "", f"{target}: the file is read-only; nothing was written\n")
    assert target.read_text(encoding="utf-8") == '{"$schema": "an older one"}'


@pytest.mark.parametrize("name", [".env", "package.json", "notes.txt", "link-to-config.json"])
def test_schema_out_never_replaces_a_file_of_another_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """Attack round 5: `--out .env`, `--out package.json`, a link to the config: each replaced, exit 0."""
    config = tmp_path / "fwk.config.ts"
    config.write_text("export default defineFwkConfig({})\n", encoding="utf-8")
    target = tmp_path / name
    if name.startswith("link"):
        target.symlink_to(config.name)
    else:
        target.write_text('{"name": "shop"}' if name.endswith(".json") else "A=1\n", encoding="utf-8")
    before = target.read_bytes()
    code, out, err = run(capsys, "schema", "--out", str(target))
    assert (code, out) == (2, "") and err.startswith(f"{target}: ") and err.endswith("; nothing was written\n")
    assert target.read_bytes() == before and config.read_text(encoding="utf-8").startswith("export default")


def test_schema_out_never_replaces_a_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Attack round 4: `schema --out fwk.config.ts` replaced the config with the schema, exit 0."""
    config = tmp_path / "fwk.config.ts"
    config.write_text("export default defineFwkConfig({})\n", encoding="utf-8")
    code, out, err = run(capsys, "schema", "--out", str(config))
    assert (code, out, err) == (2, "", f"{config}: that is the name of a config, not of a schema; nothing was written\n")
    assert config.read_text(encoding="utf-8") == "export default defineFwkConfig({})\n"
