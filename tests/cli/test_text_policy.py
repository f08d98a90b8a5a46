"""One text policy: JSON output is always valid JSON that reads back as the value; text output shows what a
terminal would obey or hide (controls, bidi and zero-width characters, lone surrogates) as escapes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fwk_tui.paths import format_path
from fwk_tui.source.render import Renderer
from fwk_tui.source.style import STARTER_STYLE
from tests.cli.helpers import run

# What breaks output: C0 (NUL included), DEL, C1, bidi controls, zero-width characters,
# line separators, the BOM, lone surrogates; and ordinary text around them.
ODD = "\x00\x01\x07\x1b\x7f\x85\x9b\x9f\u061c\u200b\u200c\u200d\u200e\u202e\u2028\u2029\u2060\u2066\ufeff\ud800\udfff"
odd_text = st.text(alphabet=st.sampled_from([*ODD, "a", "é", "中", "😀", "'", '"', "\\", "\n", "\t", " "]), max_size=12)
_render = Renderer(STARTER_STYLE)
_slow = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _config(tmp_path: Path, key: str, value: str) -> Path:
    file = tmp_path / "fwk.config.ts"
    file.write_text(
        f"export default defineFwkConfig({{\n  {_render.key(key)}: {_render.string(value)},\n}})\n", encoding="utf-8"
    )
    return file


def _as_js(text: str) -> str:
    """``text`` as JavaScript reads it back: a high surrogate then a low one is one character."""
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def _clean(err: str) -> None:
    assert "Traceback" not in err


@_slow
@given(value=odd_text)
def test_get_and_dump_json_read_back_as_the_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    file = _config(tmp_path, "x", value)
    code, out, err = run(capsys, "get", "x", "--json", "--file", str(file))
    _clean(err)
    assert code == 0
    assert json.loads(out) == _as_js(value)
    code, out, err = run(capsys, "dump", "--json", "--file", str(file))
    assert code == 0
    assert json.loads(out) == {"x": _as_js(value)}


@_slow
@given(key=odd_text.filter(bool))
def test_check_json_reads_back_the_key_it_names(tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str) -> None:
    file = _config(tmp_path, key, "v")
    code, out, err = run(capsys, "check", str(file), "--format", "json")
    _clean(err)
    assert code == 0
    found = json.loads(out)
    assert [d["path"] for d in found] == [format_path((_as_js(key),))]


@_slow
@given(value=odd_text)
def test_set_json_and_env_json_stay_valid(tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str) -> None:
    file = tmp_path / "fwk.config.ts"
    file.write_text("export default defineFwkConfig({\n  runtimeConfig: { public: { a: 1 } },\n})\n")
    code, out, err = run(
        capsys, "set", "runtimeConfig.public.a", _render.string(value), "--json", "--dry-run", "--file", str(file)
    )
    _clean(err)
    assert code == 0
    assert json.loads(out)["written"] is False
    file.write_text(f"export default defineFwkConfig({{\n  runtimeConfig: {{ public: {{ a: {_render.string(value)} }} }},\n}})\n")
    code, out, err = run(capsys, "env", str(file), "--json")
    _clean(err)
    assert [v["value"] for v in json.loads(out)["variables"] if v["path"] == "runtimeConfig.public.a"] == [_as_js(value)]


def test_text_output_shows_what_a_terminal_would_obey_or_hide(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = _config(tmp_path, "x", "a\u061cb\u200bc\u2060d\ufeffe\ud800f\u202eg\x85h\x1b]0;t\x07")
    code, out, err = run(capsys, "get", "x", "--file", str(file))
    assert (code, err) == (0, "")
    assert out == "'a\\u061cb\\u200bc\\u2060d\\ufeffe\\ud800f\\u202eg\\x85h\\x1b]0;t\\x07'\n"
    code, out, _ = run(capsys, "dump", "--file", str(file))
    assert out == "x = 'a\\u061cb\\u200bc\\u2060d\\ufeffe\\ud800f\\u202eg\\x85h\\x1b]0;t\\x07'\n"


def test_a_lone_surrogate_prints_in_a_real_process(tmp_path: Path) -> None:
    """The process's own stdout (UTF-8, strict) takes every output form: no UnicodeEncodeError."""
    file = tmp_path / "fwk.config.ts"
    file.write_text("export default defineFwkConfig({\n  '\\uD800': '\\uD800\\u0085',\n})\n")
    for args in (["get", '["\\ud800"]', "--json"], ["get", '["\\ud800"]'], ["dump"], ["dump", "--json"]):
        done = subprocess.run(
            [sys.executable, "-m", "fwk_tui", *args, "--file", str(file)], capture_output=True, check=False
        )
        assert done.returncode == 0, done.stderr
        assert b"Traceback" not in done.stderr
        out = done.stdout.decode("utf-8")  # strict: valid UTF-8
        if "--json" in args:
            value = json.loads(out)
            assert value in ("\ud800\x85", {"\ud800": "\ud800\x85"})
        else:
            assert "\\ud800" in out
    done = subprocess.run(
        [sys.executable, "-m", "fwk_tui", "check", str(file), "--format", "json"], capture_output=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert [d["path"] for d in json.loads(done.stdout.decode("utf-8"))] == ['["\ud800"]']


def test_set_writes_a_lone_surrogate_as_a_js_escape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "fwk.config.ts"
    file.write_text("export default defineFwkConfig({\n  runtimeConfig: { public: { a: 1 } },\n})\n")
    code, _out, err = run(capsys, "set", "runtimeConfig.public.a", "'\\uD800!'", "--file", str(file))
    assert (code, err) == (0, "")
    data = file.read_bytes()
    assert b"a: '\\ud800!'" in data
    data.decode("utf-8")  # strict: no surrogate bytes in the file
    assert run(capsys, "get", "runtimeConfig.public.a", "--json", "--file", str(file))[1] == '"\\ud800!"\n'


def test_a_value_that_is_not_utf8_is_refused_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A shell passes bytes that are not UTF-8 as lone surrogates (Python's surrogateescape)."""
    file = tmp_path / "fwk.config.ts"
    before = "export default defineFwkConfig({\n  ssr: true,\n})\n"
    file.write_text(before)
    for args in (["'\udcff'"], ["'\udcff'", "--code"]):
        code, out, err = run(capsys, "set", "app.baseURL", *args, "--file", str(file))
        assert code == 2
        assert "byte 0xff is not UTF-8 text" in err
        assert "Traceback" not in err
    assert file.read_text() == before
