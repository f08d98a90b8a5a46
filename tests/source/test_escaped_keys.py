"""A key written with unicode escapes (``p\\u006frt``) is the name JavaScript reads: ``port``."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from fwk_tui.source import ConfigDocument
from tests.cli.helpers import run

NODE_DIR = Path(__file__).resolve().parents[1] / "node"
SOURCE = "export default {\n  devServer: { p\\u006frt: 3000, h\\u{6f}st: 'x' },\n  app: { b\\u0061seURL },\n}\n"


def test_escaped_keys_read_by_their_meaning() -> None:
    doc = ConfigDocument.parse(SOURCE)
    assert doc.get("devServer.port") == 3000
    assert doc.get("devServer.host") == "x"
    assert doc.get("devServer") == {"port": 3000, "host": "x"}
    assert ("app", "baseURL") in [e.path for e in doc.entries()]  # a shorthand too


def test_the_last_of_an_escaped_and_a_plain_key_wins_as_in_javascript() -> None:
    doc = ConfigDocument.parse("export default {\n  devServer: { port: 1, p\\u006frt: 2 },\n}\n")
    assert doc.get("devServer.port") == 2


def test_an_edit_keeps_the_key_as_written() -> None:
    doc = ConfigDocument.parse(SOURCE).set("devServer.port", 4000)
    assert doc.text == SOURCE.replace("3000", "4000")


def test_check_names_the_option_the_key_spells(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "fwk.config.ts"
    file.write_text("export default {\n  devServer: { p\\u006frt: 99999 },\n}\n")
    code, out, err = run(capsys, "check", str(file))
    assert code == 1
    assert "unknown option" not in out + err
    assert f"{file}:2:27: error FWK339: a listening port is a whole number from 0 to 65535, not 99999: the dev server would not start [devServer.port]" in out + err


def test_node_reads_the_same_keys(tmp_path: Path) -> None:
    if shutil.which("node") is None or not (NODE_DIR / "node_modules" / "typescript").is_dir():
        pytest.fail("node and tests/node's typescript are needed (see README)")
    file = tmp_path / "fwk.config.ts"
    file.write_text(SOURCE.replace("{ b\\u0061seURL }", "{ b\\u0061seURL: '/' }"))
    done = subprocess.run(
        ["node", "load-config.mjs", str(file)], capture_output=True, text=True, cwd=NODE_DIR, check=True
    )
    assert json.loads(done.stdout)["devServer"] == ConfigDocument.parse(file.read_text()).get("devServer")


# A big object is searched by the text of the key: every spelling must still be found.
_FILLER = "".join(f"  filler{i}: 'port {i}', // port\n" for i in range(30))
BIG = (
    "const base = {}\nconst isProd = true\nexport default {\n  port: 1,\n  'quoted-key': 'a',\n"
    '  "dq": 1,\n  [`tmpl`]: 2,\n  [\'str\']: 3,\n  1e3: \'thousand\',\n  0x10: \'sixteen\',\n'
    "  isProd,\n  ready() { return 1 },\n  dup: 1,\n  é: 1,\n  '日本': 2,\n  ...base,\n"
    "  [`a\r\nb`]: 'crlf',\n  'sp\\u0061ce': 5,\n  other: 'port dup',\n"
    + _FILLER
    + "  p\\u006frt: 2,\n  dup: 2,\n}\n"
)


def test_every_key_of_a_big_object_is_found_as_javascript_reads_it() -> None:
    doc = ConfigDocument.parse(BIG)
    values = doc.values()
    assert values["port"] == 2 and values["dup"] == 2 and values["1000"] == "thousand"
    assert values["16"] == "sixteen" and values["a\nb"] == "crlf" and values["space"] == 5
    for key, value in values.items():
        assert doc.get((key,)) == value, key


def test_an_edit_of_a_big_object_changes_the_member_javascript_reads() -> None:
    doc = ConfigDocument.parse(BIG)
    before = doc.values()
    for key in before:
        if key in ("isProd", "ready"):
            continue  # a shorthand and a method: code, edited elsewhere
        after = doc.set((key,), "edited").values()
        assert after == {**before, key: "edited"}, key


@pytest.mark.parametrize("filler", ["", _FILLER])
def test_a_key_that_is_a_lone_surrogate_is_found_by_its_escape(filler: str) -> None:
    doc = ConfigDocument.parse("export default {\n" + filler + "  '\\uD800': 1,\n  plain: 2,\n}\n")
    assert doc.get(("\ud800",)) == 1
    assert not doc.has(("\ud801",))
    assert doc.set(("\ud800",), 3).get(("\ud800",)) == 3
