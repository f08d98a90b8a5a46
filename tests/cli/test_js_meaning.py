"""What `get` says is what the file means in JavaScript: `__proto__` and `-0`, confirmed by node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from fwk_tui.exits import Exit
from tests.cli.helpers import run


def _node_keys(file: Path) -> dict[str, object]:
    """Own keys of the default export and of its runtimeConfig, and whether ``n`` is -0, as node sees them."""
    if shutil.which("node") is None:
        pytest.fail("node is needed (see README)")
    script = (
        f"import({json.dumps(file.as_uri())}).then(m => {{ const c = m.default;"
        " console.log(JSON.stringify({top: Object.getOwnPropertyNames(c),"
        " runtime: Object.getOwnPropertyNames(c.runtimeConfig || {}),"
        " proto: Object.getPrototypeOf(c) === Object.prototype ? null : Object.getOwnPropertyNames(Object.getPrototypeOf(c)),"
        " negativeZero: Object.is(c.n, -0)})) })"
    )
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.fixture
def config(tmp_path: Path) -> Path:
    file = tmp_path / "fwk.config.mjs"
    file.write_text("export default {\n  ssr: true,\n  runtimeConfig: { public: { a: 1 } },\n  n: 1,\n}\n")
    return file


def test_set_proto_writes_a_key_javascript_keeps(config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "set", "runtimeConfig.__proto__", "{apiBase: '/x'}", "--file", str(config))
    assert (code, err) == (0, "")
    assert "['__proto__']: { apiBase: '/x' }" in config.read_text()
    assert _node_keys(config)["runtime"] == ["public", "__proto__"]
    shown = run(capsys, "get", "runtimeConfig.__proto__.apiBase", "--file", str(config), "--show-secrets")
    assert shown[:2] == (0, "'/x'\n")  # a private key: masked without --show-secrets


def test_a_bare_proto_in_the_file_is_no_key_and_check_warns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "fwk.config.mjs"
    file.write_text("export default {\n  ssr: true,\n  '__proto__': { app: { baseURL: '/x' } },\n}\n")
    seen = _node_keys(file)
    assert (seen["top"], seen["proto"]) == (["ssr"], ["app"])  # JavaScript: a prototype, not a key
    assert run(capsys, "get", "__proto__", "--file", str(file))[0] == Exit.NOT_FOUND
    assert json.loads(run(capsys, "dump", "--json", "--file", str(file))[1]) == {"ssr": True}
    code, out, _err = run(capsys, "check", str(file))
    assert code == 0
    assert f"{file}:3:3: warning FWK107: __proto__ here sets the prototype of the config object" in out


def test_minus_zero_is_kept(config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "set", "n", "-0", "--file", str(config))
    assert code == 0
    assert "warning FWK101: n is not a top-level option of the reference" in err  # written, and said
    assert "  n: -0,\n" in config.read_text()
    assert _node_keys(config)["negativeZero"] is True
    assert run(capsys, "get", "n", "--file", str(config))[1] == "-0\n"
    assert run(capsys, "dump", "--file", str(config))[1].endswith("n = -0\n")
    assert str(json.loads(run(capsys, "get", "n", "--json", "--file", str(config))[1])) == "-0.0"
    run(capsys, "set", "runtimeConfig.public.a", "[-0, 0]", "--file", str(config))
    assert "a: [-0, 0]" in config.read_text()
