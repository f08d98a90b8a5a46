"""`set` and `unset` keep values' meaning: a number typed in a form the file does not keep is warned about, and
code (what the config computes when it runs) is not replaced or removed without --force."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from fwk_tui.exits import Exit
from fwk_tui.source import ConfigDocument
from tests.cli.helpers import run

Capsys = pytest.CaptureFixture[str]

CONFIG = """\
export default defineFwkConfig({
  runtimeConfig: { public: { appVersion: '1.0', apiBase: process.env.API_BASE ?? '/api' } },
  devServer: { port: getPort(), host: 'localhost' },
  hooks: { close: () => {} },
  modules: ['@fwk/content', localModule()],
})
"""


@pytest.fixture
def config(tmp_path: Path) -> Path:
    file = tmp_path / "fwk.config.ts"
    file.write_text(CONFIG)
    return file


def written(file: Path, path: str) -> object:
    return ConfigDocument.parse(file.read_text()).get(path)


@pytest.mark.parametrize(("value", "number"), [("1.10", "1.1"), ("2.0", "2"), ("1e3", "1000"), ("-1.0", "-1")])
def test_a_number_written_otherwise_than_typed_is_written_with_a_warning(
    capsys: Capsys, config: Path, value: str, number: str
) -> None:
    code, out, err = run(capsys, "set", "runtimeConfig.public.appVersion", "--file", str(config), "--", value)
    assert code == Exit.OK and out == ""
    assert f"appVersion: {number}," in config.read_text()  # written as today
    assert f"warning: VALUE {value} is a number, written {number}; to keep the text {value}, quote it:" in err
    suggested = err.strip().splitlines()[-1].strip()
    assert suggested == f"fwk-tui set runtimeConfig.public.appVersion \"'{value}'\" --file {config}"
    assert run(capsys, *shlex.split(suggested)[1:])[0] == Exit.OK  # the command works as shown, in a shell
    assert written(config, "runtimeConfig.public.appVersion") == value


def test_the_warning_says_would_with_dry_run_and_goes_to_stderr_with_json(capsys: Capsys, config: Path) -> None:
    code, _out, err = run(capsys, "set", "runtimeConfig.public.appVersion", "1.10", "--file", str(config), "--dry-run")
    assert code == Exit.OK and "VALUE 1.10 is a number, would be written 1.1;" in err
    assert config.read_text() == CONFIG
    code, out, err = run(capsys, "set", "runtimeConfig.public.appVersion", "1.10", "--file", str(config), "--json")
    assert code == Exit.OK and json.loads(out)["written"] is True and "VALUE 1.10 is a number" in err


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("runtimeConfig.public.appVersion", "42"),  # keeps its form
        ("runtimeConfig.public.appVersion", "1.5"),
        ("runtimeConfig.public.appVersion", "'1.10'"),  # quoted: the text
        ("devServer.port", "3000.0"),  # a port takes no text: nothing to quote
    ],
)
def test_no_warning_when_the_number_keeps_its_form_or_no_text_goes_there(
    capsys: Capsys, config: Path, path: str, value: str
) -> None:
    file = config.parent / "plain.config.ts"
    file.write_text(CONFIG.replace("getPort()", "3000"))
    code, _out, err = run(capsys, "set", path, value, "--file", str(file))
    assert code == Exit.OK and "warning" not in err, err


def test_set_over_code_is_refused_without_force(capsys: Capsys, config: Path) -> None:
    code, out, err = run(capsys, "set", "devServer.port", "4000", "--file", str(config))
    assert code == Exit.FINDINGS and out == ""
    assert f"{config}:3:22: devServer.port is code: getPort()" in err
    assert "nothing written: the new value replaces code (what it gives is known only when the config runs); " \
        "--force writes it anyway" in err
    assert config.read_text() == CONFIG
    code, _out, err = run(capsys, "set", "devServer.port", "4000", "--file", str(config), "--dry-run")
    assert code == Exit.FINDINGS and "would not be written: the new value replaces code" in err
    code, _out, err = run(capsys, "set", "devServer.port", "4000", "--file", str(config), "--force")
    assert code == Exit.OK and "devServer.port is code: getPort()" in err and "written over the code (--force)" in err
    assert written(config, "devServer.port") == 4000


def test_set_over_an_expression_of_runtime_config_is_refused(capsys: Capsys, config: Path) -> None:
    code, _out, err = run(capsys, "set", "runtimeConfig.public.apiBase", "'/v2'", "--file", str(config))
    assert code == Exit.FINDINGS and "runtimeConfig.public.apiBase is code: process.env.API_BASE ?? '/api'" in err
    assert config.read_text() == CONFIG


def test_an_object_holding_code_replaced_whole_names_each_piece(capsys: Capsys, config: Path) -> None:
    code, _out, err = run(capsys, "set", "devServer", "{port: 4000}", "--file", str(config))
    assert code == Exit.FINDINGS and f"{config}:3:22: devServer.port is code: getPort()" in err
    code, _out, err = run(capsys, "set", "modules", "['@fwk/content']", "--file", str(config))
    assert code == Exit.FINDINGS and "modules[1] is code: localModule()" in err
    assert run(capsys, "set", "modules", "['@fwk/content', localModule(), 'x']", "--file", str(config),
               "--code")[0] == Exit.OK  # the code kept: nothing to say
    assert config.read_text() == CONFIG.replace("localModule()]", "localModule(), 'x']")


def test_code_over_code_is_an_edit_of_the_code(capsys: Capsys, config: Path) -> None:
    code, _out, err = run(
        capsys, "set", "hooks.close", "() => console.log('bye')", "--code", "--file", str(config)
    )
    assert code == Exit.OK and "is code" not in err
    code, _out, err = run(capsys, "set", "devServer.port", "4000", "--code", "--file", str(config))
    assert code == Exit.FINDINGS and "devServer.port is code" in err  # --code with a literal is a value


def test_set_json_says_what_code_it_replaces(capsys: Capsys, config: Path) -> None:
    code, out, _err = run(capsys, "set", "devServer.port", "4000", "--file", str(config), "--json")
    data = json.loads(out)
    assert code == Exit.FINDINGS and data["refused"] is True and data["written"] is False
    assert data["code"] == [{"path": "devServer.port", "text": "getPort()", "line": 3, "column": 22}]
    code, out, _err = run(capsys, "set", "devServer.host", "'0.0.0.0'", "--file", str(config), "--json")
    assert code == Exit.OK and json.loads(out)["code"] == []


def test_unset_of_code_is_refused_without_force(capsys: Capsys, config: Path) -> None:
    code, out, err = run(capsys, "unset", "devServer.port", "--file", str(config))
    assert code == Exit.FINDINGS and out == ""
    assert f"{config}:3:22: devServer.port is code: getPort()" in err
    assert "nothing written: removing it removes code (what it gives is known only when the config runs); " \
        "--force removes it anyway" in err
    assert config.read_text() == CONFIG
    code, out, err = run(capsys, "unset", "devServer", "--file", str(config), "--dry-run")
    assert code == Exit.FINDINGS and "would not be written: removing it removes code" in err
    assert "-  devServer: { port: getPort(), host: 'localhost' }," in out  # the diff, as set --dry-run shows it
    code, _out, err = run(capsys, "unset", "devServer.port", "--file", str(config), "--force")
    assert code == Exit.OK and "removed with its code (--force)" in err
    assert "getPort" not in config.read_text()
    assert run(capsys, "unset", "devServer.host", "--file", str(config))[0] == Exit.OK  # a value: as before
