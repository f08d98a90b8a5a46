"""get, dump and unset say what the app gets at run time when spreads replace or add keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fwk_tui.exits import Exit
from tests.cli.helpers import run

# A later spread of the config object replaces `ssr` and the whole `devServer`.
LATER_SPREAD = """\
const common = { ssr: false, devServer: { port: 4100 } }
export default defineFwkConfig({
  ssr: true, // on by default
  devServer: { host: '0.0.0.0' },
  ...common,
  modules: ['@fwk/ui'],
})
"""

# A spread inside devServer, and one of the config object that replaces devServer.
INNER_AND_OUTER = """\
const base = { port: 4100, host: '0.0.0.0' }
const outer = { devServer: { https: true } }
export default defineFwkConfig({
  devServer: { ...base, port: 5000 },
  ...outer,
})
"""

INNER_ONLY = """\
const base = { port: 4100, host: '0.0.0.0' }
export default defineFwkConfig({
  devServer: { ...base, port: 5000 },
  app: { baseURL: '/' },
})
"""

UNREADABLE_LATER = """\
import { shared } from './shared'
export default defineFwkConfig({
  devServer: { host: '0.0.0.0' },
  ...shared,
})
"""

CHANGED_BY_CODE = """\
const config = { ssr: true }
if (process.env.CI) { config.ssr = false }
export default defineFwkConfig(config)
"""


def write(tmp_path: Path, text: str) -> str:
    file = tmp_path / "fwk.config.ts"
    file.write_text(text)
    return str(file)


def test_a_key_a_later_spread_replaces_has_no_value_at_run_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = write(tmp_path, LATER_SPREAD)
    code, out, err = run(capsys, "get", "devServer.host", "--file", file)
    assert (code, out) == (Exit.NOT_FOUND, "")
    assert err == (
        f"{file}: no value at devServer.host at run time: `...common` on line 5 comes after it and sets "
        "devServer: { port: 4100, }\n"
    )
    code, out, err = run(capsys, "get", "ssr", "--file", file)
    assert (code, out) == (0, "false\n")
    assert err == f"{file}: ssr is set by `...common` on line 5: false\n"


def test_a_key_under_an_object_a_later_spread_replaces(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = write(tmp_path, INNER_AND_OUTER)
    code, out, err = run(capsys, "get", "devServer.port", "--file", file)
    assert (code, out) == (Exit.NOT_FOUND, "")
    assert "no value at devServer.port at run time: `...outer` on line 5 comes after it" in err
    code, out, _err = run(capsys, "get", "devServer", "--json", "--file", file)
    assert (code, json.loads(out)) == (0, {"https": True})


def test_get_of_an_object_merges_its_spreads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = write(tmp_path, INNER_ONLY)
    code, out, err = run(capsys, "get", "devServer", "--json", "--file", file)
    assert (code, json.loads(out)) == (0, {"port": 5000, "host": "0.0.0.0"})
    assert "Traceback" not in err


def test_dump_gives_the_merged_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = write(tmp_path, INNER_ONLY)
    code, out, _err = run(capsys, "dump", "--file", file)
    assert code == 0
    assert sorted(out.splitlines()) == ["app.baseURL = '/'", "devServer.host = '0.0.0.0'", "devServer.port = 5000"]
    code, out, _err = run(capsys, "dump", "--json", "--file", file)
    assert json.loads(out) == {"devServer": {"port": 5000, "host": "0.0.0.0"}, "app": {"baseURL": "/"}}
    file = write(tmp_path, LATER_SPREAD)
    code, out, _err = run(capsys, "dump", "--file", file)
    assert out == "ssr = false\ndevServer.port = 4100\nmodules[0] = '@fwk/ui'\n"


def test_an_unreadable_later_spread_is_named_and_the_written_value_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = write(tmp_path, UNREADABLE_LATER)
    code, out, err = run(capsys, "get", "devServer.host", "--file", file)
    assert (code, out) == (0, "'0.0.0.0'\n")
    assert err == f"{file}: devServer.host: `...shared` (line 4) may set it (`shared` is imported)\n"
    code, out, err = run(capsys, "dump", "--file", file)
    assert (code, out) == (0, "devServer.host = '0.0.0.0'\n")
    assert err == f"{file}: note: `...shared` (line 4) may add keys fwk-tui cannot read (`shared` is imported)\n"


def test_unset_of_a_key_a_later_spread_replaces_is_written_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = write(tmp_path, LATER_SPREAD)
    code, out, err = run(capsys, "unset", "ssr", "--file", file)
    assert (code, out) == (0, "")
    assert err == (
        f"{file}:5:3: note: `...common`: `common` (line 1) sets ssr: false, and it comes after the key, so it "
        "wins at run time: removing the key changes nothing\n"
    )
    assert Path(file).read_text() == LATER_SPREAD.replace("  ssr: true, // on by default\n", "")


def test_unset_that_reveals_an_earlier_spreads_value_is_still_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "const base = { ssr: false }\nexport default defineFwkConfig({\n  ...base,\n  ssr: true,\n})\n"
    file = write(tmp_path, text)
    code, _out, err = run(capsys, "unset", "ssr", "--file", file)
    assert code == Exit.FINDINGS
    assert "shows at run time once the key written after the spread is removed" in err
    assert Path(file).read_text() == text


def test_unset_under_a_conditional_later_spread_is_still_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "export default defineFwkConfig({\n  ssr: true,\n  ...(process.env.CI ? { ssr: false } : {}),\n})\n"
    file = write(tmp_path, text)
    code, _out, err = run(capsys, "unset", "ssr", "--file", file)
    assert code == Exit.FINDINGS
    assert "nothing written" in err
    assert Path(file).read_text() == text


def test_get_on_a_config_code_changes_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = write(tmp_path, CHANGED_BY_CODE)
    code, out, err = run(capsys, "get", "ssr", "--file", file)
    assert (code, out) == (0, "true\n")
    assert err == (
        f"{file}: note: the config is built by code: `if (process.env.CI) {{…}}` may change `config` after it "
        "is written (line 2); this is the value written in the file\n"
    )


def test_a_key_a_conditional_later_spread_replaces_says_when(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        "export default defineFwkConfig({\n  devServer: { host: '0.0.0.0' },\n"
        "  ...(process.env.CI ? { devServer: { port: 1 } } : {}),\n})\n"
    )
    file = write(tmp_path, text)
    code, out, err = run(capsys, "get", "devServer.host", "--file", file)
    assert (code, out) == (0, "'0.0.0.0'\n")
    assert err == (
        f"{file}: devServer.host: no value at run time: `...(process.env.CI ? {{…}} : {{}})` on line 3 when "
        "process.env.CI comes after it and sets devServer: { port: 1, }\n"
    )


def test_a_key_written_again_keeps_its_first_place_as_in_javascript(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "fwk.config.ts"
    file.write_text("const d = { port: 1, host: 'h' }\nexport default { devServer: { ...d, port: 3 } }\n")
    code, out, _ = run(capsys, "get", "devServer", "--json", "--file", str(file))
    assert code == 0
    assert list(json.loads(out)) == ["port", "host"]  # node: {"port":3,"host":"h"}
