"""What the user typed as VALUE is what `set` writes: never a value with members dropped, never an option."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from fwk_tui.source import Code, read_expression
from tests.cli.helpers import run

Capsys = pytest.CaptureFixture[str]

CONFIG = "export default defineFwkConfig({\n  runtimeConfig: { public: {} },\n  devServer: { port: 3000 },\n})\n"


@pytest.fixture
def config(tmp_path: Path) -> Path:
    file = tmp_path / "fwk.config.ts"
    file.write_text(CONFIG)
    return file


@pytest.mark.parametrize("value", ["{...x}", "{...x, a: 1}", "{a: 1, ...{a: 2}}", "{[k]: 1}", "{__proto__: 1}"])
def test_an_object_a_literal_cannot_hold_whole_is_refused_as_code(capsys: Capsys, config: Path, value: str) -> None:
    code, out, err = run(capsys, "set", "runtimeConfig.public.v", value, "--file", str(config))
    assert code == 2 and out == ""
    assert f"VALUE is not a JSON or JavaScript literal: {value} is an expression (code)" in err
    assert "add --code" in err and "Traceback" not in err
    assert config.read_text() == CONFIG  # nothing written


def test_a_spread_inside_a_value_is_pointed_at(capsys: Capsys, config: Path) -> None:
    code, _out, err = run(capsys, "set", "runtimeConfig.public.v", "{a: {...x}}", "--file", str(config))
    assert code == 2
    assert "at column 5: `{...x}` is an expression (code), not a literal" in err
    assert config.read_text() == CONFIG


def test_the_suggested_code_command_writes_the_value_as_typed(capsys: Capsys, config: Path) -> None:
    value = "{a: 1, ...{a: 2}}"
    _code, _out, err = run(capsys, "set", "runtimeConfig.public.v", value, "--file", str(config))
    suggested = err.strip().splitlines()[-1].strip()
    words = shlex.split(suggested)
    assert words[:2] == ["fwk-tui", "set"] and "--code" in words
    assert run(capsys, *words[1:])[0] == 0
    assert f"public: {{ v: {value} }}" in config.read_text()


def test_a_typed_value_with_a_spread_reads_as_code_not_as_fewer_members() -> None:
    assert read_expression("{a: 1, ...{a: 2}}") == Code("{a: 1, ...{a: 2}}")
    assert read_expression("{a: {...x}}") == {"a": Code("{...x}")}
    assert read_expression("{a: 1, 'b': [2]}") == {"a": 1, "b": [2]}  # a literal is still a literal


@pytest.mark.parametrize(
    ("value", "written"),
    [("-1e3", "-1000"), ("-0x10", "-16"), ("-1e999", "-Infinity"), ("-5", "-5"), ("-.5", "-0.5")],
)
def test_a_value_starting_with_a_minus_is_a_value(capsys: Capsys, config: Path, value: str, written: str) -> None:
    code, _out, err = run(capsys, "set", "runtimeConfig.public.n", value, "--file", str(config))
    assert code == 0, err
    assert f"public: {{ n: {written} }}" in config.read_text()


def test_minus_infinity_is_code_and_the_suggested_command_writes_it(capsys: Capsys, config: Path) -> None:
    code, _out, err = run(capsys, "set", "runtimeConfig.public.n", "-Infinity", "--file", str(config))
    assert code == 2 and "-Infinity is an expression (code)" in err and "required" not in err
    assert config.read_text() == CONFIG
    suggested = shlex.split(err.strip().splitlines()[-1])
    assert suggested[-3:] == ["--code", "--", "-Infinity"] and run(capsys, *suggested[1:])[0] == 0
    assert "public: { n: -Infinity }" in config.read_text()


def test_a_value_starting_with_a_minus_works_before_and_after_options(capsys: Capsys, config: Path) -> None:
    assert run(capsys, "set", "--file", str(config), "runtimeConfig.public.n", "-1e3", "--dry-run")[0] == 0
    assert config.read_text() == CONFIG
    assert run(capsys, "set", "runtimeConfig.public.n", "-1e3", "-f", str(config))[0] == 0
    assert "n: -1000 " in config.read_text()


def test_an_unknown_double_dash_option_is_still_an_error(capsys: Capsys, config: Path) -> None:
    with pytest.raises(SystemExit) as exit_:
        run(capsys, "set", "runtimeConfig.public.n", "1", "--bogus", "--file", str(config))
    assert exit_.value.code == 2
    assert "--bogus" in capsys.readouterr().err
    assert config.read_text() == CONFIG


def test_a_value_reading_like_a_short_option_is_given_after_a_double_dash(capsys: Capsys, config: Path) -> None:
    # -foo reads as `-f oo` (argparse joins a short option and its argument); `--` ends the options.
    code, _out, err = run(capsys, "set", "runtimeConfig.public.s", "--file", str(config), "--", "-foo")
    assert code == 2 and config.read_text() == CONFIG
    suggested = [line.strip() for line in err.splitlines() if line.strip().startswith("fwk-tui set")]
    assert suggested[0].endswith("--file " + str(config)) and suggested[1].endswith("--code -- -foo")
    assert run(capsys, *shlex.split(suggested[1])[1:])[0] == 0
    assert "s: -foo" in config.read_text()


def test_a_yes_or_off_for_a_switch_suggests_true_or_false(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "fwk.config.ts"
    file.write_text("export default defineFwkConfig({\n  ssr: true,\n})\n", encoding="utf-8")
    code, _, err = run(capsys, "set", "ssr", "Off", "--file", str(file))
    assert code == 2
    assert f"ssr takes true or false: false\n  fwk-tui set ssr false --file {file}" in err
    code, _, err = run(capsys, "set", "app.baseURL", "yes", "--file", str(file))
    assert "to set a string, quote it: 'yes'" in err and "takes true or false" not in err
