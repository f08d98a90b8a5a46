"""`fwk-tui check` and `fwk-tui env`: output formats, exit codes, variant line, masking."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fwk_tui.validate.codes import code_of
from tests.cli.helpers import run

DEFAULT_VARIANT = (
    "fwk.config.ts: checked as variant A (nothing in the file or its folder tells; A is the current layout)"
)

BROKEN = """\
export default defineFwkConfig({
  devServer: {
    port: 70000,
  },
  unhead: { legacy: true },
  i18n: { strategy: 'prefix' },
})
"""

WARNINGS_ONLY = """\
export default defineFwkConfig({
  unhead: { legacy: true },
})
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(folder: Path, text: str, name: str = "fwk.config.ts") -> Path:
    file = folder / name
    file.write_text(text, encoding="utf-8")
    return file


# -- check: text -----------------------------------------------------------------------------


def test_text_output_is_like_a_compiler(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, BROKEN)
    code, out, err = run(capsys, "check")
    assert (code, err) == (1, "")
    lines = out.splitlines()
    assert lines[0] == DEFAULT_VARIANT
    assert lines[1:4] == [
        "fwk.config.ts:3:11: error FWK339: a listening port is a whole number from 0 to 65535, not 70000: "
        "the dev server would not start [devServer.port]",
        "   3 |     port: 70000,",
        "     |           ^",
    ]
    assert (
        "fwk.config.ts:5:3: warning FWK103: unhead is the literal spelling of headmgr; the canonical key is headmgr [unhead]"
        in out
    )
    assert "     = fix: Rename unhead to headmgr" in out
    assert lines[-1] == "1 error, 1 warning, 1 info (infos hidden; --verbose shows them)"
    assert "i18n" not in out


def test_verbose_shows_infos(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, BROKEN)
    _, out, _ = run(capsys, "check", "--verbose")
    info = "fwk.config.ts:6:3: info FWK102: i18n is not in the reference: kept untouched (the options of a module?) [i18n]"
    assert info + "\n" in out
    assert out.splitlines()[-1] == "1 error, 1 warning, 1 info"


def test_warnings_alone_exit_0(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, WARNINGS_ONLY)
    code, out, _ = run(capsys, "check")
    assert code == 0
    assert out.splitlines()[-1] == "0 errors, 1 warning, 0 infos"


def test_a_clean_file_exits_0(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, "export default defineFwkConfig({ ssr: true })\n")
    assert run(capsys, "check") == (0, f"{DEFAULT_VARIANT}\n0 errors, 0 warnings, 0 infos\n", "")


def test_parse_error_exits_2_with_the_engines_message(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, "export default defineFwkConfig({\n  ssr: true,,\n})\n")
    code, out, err = run(capsys, "check", "fwk.config.ts")
    assert (code, out) == (2, "")
    assert err.startswith("fwk.config.ts:2:")
    assert "|" in err and "^" in err  # the code frame


def test_unreadable_inputs_exit_2(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check")
    assert code == 2 and "no fwk.config.ts" in err
    code, _, err = run(capsys, "check", "missing.ts")
    assert code == 2 and "missing.ts" in err


def test_forced_variant_is_said(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, "export default { typescript: { appTsConfig: {} } }\n")
    code, out, _ = run(capsys, "check", "--variant", "B")
    assert out.splitlines()[0] == "fwk.config.ts: checked as variant B (chosen with --variant)"
    assert "typescript.appTsConfig is an option of variant A only (this file is checked as variant B)" in out
    assert code == 0


def test_variant_detected_from_the_app_folder(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, "export default { dir: { static: 'public' } }\n")
    (project / "app" / "pages").mkdir(parents=True)
    _, out, _ = run(capsys, "check")
    assert out.splitlines()[0] == (
        "fwk.config.ts: checked as variant A (app/pages is beside the config (application-directory layout))"
    )
    assert "dir.static is an option of variant B only" in out


def test_package_json_beside_the_config_is_read(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, "export default { builder: 'wbuild' }\n")
    (project / "package.json").write_text('{"devDependencies": {}}')
    _, out, _ = run(capsys, "check")
    assert "needs the package @fwk/wbuild-builder installed explicitly" in out
    (project / "package.json").write_text('{"devDependencies": {"@fwk/wbuild-builder": "^1"}}')
    _, out, _ = run(capsys, "check")
    assert "@fwk/wbuild-builder" not in out


def test_a_broken_package_json_is_a_note_not_a_crash(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, "export default { builder: 'wbuild' }\n")
    (project / "package.json").write_text("{ not json")
    code, out, err = run(capsys, "check")
    assert code == 0
    assert "package.json:1:3: not valid JSON (Expecting property name enclosed in double quotes)" in err
    assert "package checks skipped" in err


def test_user_text_is_printed_as_plain_text(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, "export default { devServer: { host: 1 }, ssr: '\\u001b[31mred' }\n")
    _, out, _ = run(capsys, "check")
    assert "\x1b" not in out
    assert "\\x1b[31mred" in out


# -- check: json -----------------------------------------------------------------------------


def test_json_is_an_array_of_every_diagnostic(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, BROKEN)
    code, out, err = run(capsys, "check", "--format", "json")
    assert (code, err) == (1, "")
    data = json.loads(out)
    assert [d["severity"] for d in data] == ["error", "warning", "info"]  # infos always included
    assert data[0] == {
        "severity": "error",
        "path": "devServer.port",
        "message": "a listening port is a whole number from 0 to 65535, not 70000: the dev server would not start",
        "line": 3,
        "column": 11,
        "code": "FWK339",
        "rule": "listening-port",
        "fix": None,
    }
    assert data[1]["fix"] == {
        "kind": "rename",
        "path": "unhead",
        "title": "Rename unhead to headmgr",
        "new_key": "headmgr",
    }


def test_json_fix_values(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, "export default { devServer: { port: '3000' }, runtimeConfig: { public: { apiSecret: '' } } }\n")
    _, out, _ = run(capsys, "check", "--format", "json")
    fixes = {d["path"]: d["fix"] for d in json.loads(out)}
    assert fixes["devServer.port"] == {
        "kind": "set",
        "path": "devServer.port",
        "title": "Set devServer.port to 3000",
        "value": 3000,
    }
    assert fixes["runtimeConfig.public.apiSecret"] == {
        "kind": "move",
        "path": "runtimeConfig.public.apiSecret",
        "title": "Move runtimeConfig.public.apiSecret to runtimeConfig.apiSecret",
        "new_path": "runtimeConfig.apiSecret",
    }


# -- check: github ---------------------------------------------------------------------------


def test_github_annotations(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, BROKEN)
    code, out, _ = run(capsys, "check", "--format", "github")
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == (
        "::error file=fwk.config.ts,line=3,col=11,title=fwk-tui FWK339 (listening-port)::"
        "a listening port is a whole number from 0 to 65535, not 70000: the dev server would not start [devServer.port]"
    )
    assert lines[1].startswith("::warning file=fwk.config.ts,line=5,col=3,title=fwk-tui FWK103 (alias)::unhead is")
    assert not any(line.startswith("::notice") for line in lines)
    _, out, _ = run(capsys, "check", "--format", "github", "--verbose")
    assert "::notice file=fwk.config.ts,line=6,col=3,title=fwk-tui FWK102 (unknown-group)::i18n is not in the reference" in out


def test_github_escapes_what_would_break_a_command(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, "export default { compatibilityDate: '100%,\\nx' }\n", "a,b:c.ts")
    _, out, _ = run(capsys, "check", "a,b:c.ts", "--format", "github")
    line = out.splitlines()[0]
    assert line.startswith("::error file=a%2Cb%3Ac.ts,line=1,col=37,title=fwk-tui FWK201 (type)::")
    assert "'100%25,\\nx'" in line


# -- check: a diagnostic about a key points at the key ----------------------------------------

KEY_CONFIG = """\
export default defineFwkConfig({
  ssrr:
    false,
  unhead: { legacy: true },
  'i18n': { strategy: 'prefix' },
  dir: {
    static: 'public',
  },
  server: { port: 4000 },
  devServer: {
    zzz: 1,
    url: 'http://localhost:3000',
    port: 70000,
  },
  generate: { exclude: ['/admin'] },
  plugins: [{ src: 'a.ts', mdoe: 'client' }],
  rootDir: '.',
  $development: { "devServr": { port: 3000 } },
  runtimeConfig: { public: { apiSecret: '' } },
  typescript: { tsConfig: { compilerOptions: { paths: {} } } },
  app: { baseURL: './' },
})
"""

# (severity, rule, path, line, column) of every diagnostic of KEY_CONFIG checked as variant A.
KEY_PLACES = [
    ("warning", "unknown-key", "ssrr", 2, 3),  # near spelling, renamed; the value is on the next line
    ("warning", "alias", "unhead", 4, 3),  # the literal spelling
    ("info", "unknown-group", "i18n", 5, 3),  # a quoted key: at its quote
    ("warning", "other-variant", "dir.static", 7, 5),  # nested, own line
    ("warning", "unknown-key", "server.port", 9, 13),  # moved to devServer.port
    ("warning", "unknown-key", "devServer.zzz", 11, 5),  # unknown, no fix
    ("warning", "dev-server-url-managed", "devServer.url", 12, 5),  # fix removes the key
    ("error", "listening-port", "devServer.port", 13, 11),  # about the value: at the value
    ("warning", "generate-exclude-unused", "generate.exclude", 15, 15),  # no longer used: moved
    ("warning", "type", "plugins[0].mdoe", 16, 28),  # an unknown field of a typed object
    ("info", "normally-not-set", "rootDir", 17, 3),  # a key not to be written at all
    ("warning", "unknown-key", "$development.devServr", 18, 19),  # in an environment block, quoted
    ("warning", "secret-in-public-runtime-config", "runtimeConfig.public.apiSecret", 19, 30),
    ("warning", "typescript-managed-options", "typescript.tsConfig.compilerOptions.paths", 20, 48),
    ("error", "relative-base-url", "app.baseURL", 21, 19),  # about the value: at the value
]


def test_text_points_at_the_key(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, KEY_CONFIG)
    _, out, _ = run(capsys, "check", "--variant", "A", "--verbose")
    heads = [re.match(r"fwk\.config\.ts:(\d+):(\d+): (\w+) FWK\d+: .* \[(.*)\]$", line) for line in out.splitlines()]
    places = [(int(m[1]), int(m[2]), m[3], m[4]) for m in heads if m]
    assert places == [(line, col, sev, path) for sev, _, path, line, col in KEY_PLACES]
    assert (
        "fwk.config.ts:2:3: warning FWK101: unknown option ssrr; did you mean ssr? [ssrr]\n"
        "   2 |   ssrr:\n"
        "     |   ^\n"
        "     = fix: Rename ssrr to ssr\n"
    ) in out


def test_json_points_at_the_key(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, KEY_CONFIG)
    _, out, _ = run(capsys, "check", "--variant", "A", "--format", "json")
    got = [(d["severity"], d["rule"], d["path"], d["line"], d["column"]) for d in json.loads(out)]
    assert got == KEY_PLACES


def test_github_points_at_the_key(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, KEY_CONFIG)
    _, out, _ = run(capsys, "check", "--variant", "A", "--format", "github", "--verbose")
    level = {"error": "error", "warning": "warning", "info": "notice"}
    for severity, rule, path, line, col in KEY_PLACES:
        start = f"::{level[severity]} file=fwk.config.ts,line={line},col={col},title=fwk-tui {code_of(rule)} ({rule})::"
        assert any(a.startswith(start) and a.endswith(f" [{path}]") for a in out.splitlines()), (start, path)


def test_a_repeated_module_names_the_line_of_the_first(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "export default defineFwkConfig({\n  modules: [\n    '@fwk/image',\n    '',\n    '@fwk/image',\n  ],\n})\n"
    write(project, text)
    code, out, _ = run(capsys, "check")
    assert code == 0
    assert "fwk.config.ts:4:5: warning FWK324: empty module name '': it names no package or file; remove the entry" in out
    assert (
        "fwk.config.ts:5:5: warning FWK325: the module '@fwk/image' is already listed at modules[0] (line 3); list a module "
        "once [modules[2]]\n"
        "   5 |     '@fwk/image',\n"
        "     |     ^\n"
        "     = fix: Remove the duplicate modules[2]\n"
    ) in out
    _, out, _ = run(capsys, "check", "--format", "github")
    assert "::warning file=fwk.config.ts,line=5,col=5,title=fwk-tui FWK325 (duplicate-module)::" in out


# -- env -------------------------------------------------------------------------------------

ENV_CONFIG = """\
export default defineFwkConfig({
  runtimeConfig: {
    apiSecret: 'hunter2',
    public: {
      apiBase: '/api',
    },
  },
  app: { baseURL: '/shop/' },
  site: { env: process.env.FWK_SITE_ENV },
})
"""


def test_env_lists_variables_and_masks_private_values(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, ENV_CONFIG)
    code, out, _ = run(capsys, "env")
    assert code == 0
    assert "hunter2" not in out
    assert out.splitlines()[0].endswith("with the value the config gives each key")
    rows = {line.split()[0]: line.split() for line in out.splitlines()[1:]}
    assert rows["FWK_API_SECRET"][1:] == ["runtimeConfig.apiSecret", "private", "****"]
    assert rows["FWK_PUBLIC_API_BASE"][1:] == ["runtimeConfig.public.apiBase", "public", "'/api'"]
    assert rows["FWK_APP_BASE_URL"][1:] == ["app.baseURL", "public", "'/shop/'"]
    assert rows["FWK_APP_CDN_URL"][1:] == ["app.cdnURL", "public", "not", "set"]
    # The text lists what --json lists, in its order: an object a JSON variable merges into too.
    _, as_json, _ = run(capsys, "env", "--json")
    assert list(rows) == [v["name"] for v in json.loads(as_json)["variables"]]
    assert rows["FWK_PUBLIC"][-8:] == ["(a", "JSON", "object,", "merged", "into", "it", "key", "by", "key)"][-8:]


def test_env_dotenv_says_what_each_variable_overrides(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, ENV_CONFIG)
    (project / ".env").write_text(
        "FWK_API_SECRET=s3cret\nexport FWK_PUBLIC_API_BASE='/v2'\nFWK_SITE_ENV=staging\nDATABASE_URL=x\n"
    )
    code, out, _ = run(capsys, "env", "--dotenv", ".env")
    assert code == 0
    assert "s3cret" not in out
    assert "  .env:1: FWK_API_SECRET=****  overrides runtimeConfig.apiSecret" in out
    assert "  .env:2: FWK_PUBLIC_API_BASE=/v2  overrides runtimeConfig.public.apiBase" in out
    assert "  .env:3: FWK_SITE_ENV=****  overrides no key; read by fwk.config.ts itself" in out
    assert "DATABASE_URL" not in out


def test_a_line_break_in_a_dotenv_value_cannot_fake_a_line_of_output(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, ENV_CONFIG)
    (project / ".env").write_text('FWK_PUBLIC_API_BASE="/v2\n  .env:9: FWK_API_SECRET=hunter2  overrides x"\n')
    code, out, _ = run(capsys, "env", "--dotenv", ".env")
    assert code == 0
    listed = [line for line in out.splitlines() if line.startswith("  .env:")]
    assert listed == ["  .env:1: FWK_PUBLIC_API_BASE=/v2\\n  .env:9: FWK_API_SECRET=hunter2  overrides x  overrides runtimeConfig.public.apiBase"]


def test_env_dotenv_typo_gets_did_you_mean_and_exit_1(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, ENV_CONFIG)
    (project / ".env").write_text("FWK_PUBLIC_API_BSE=/v2\nFWK_SOMETHING_ELSE=1\n")
    code, out, _ = run(capsys, "env", "--dotenv", ".env")
    assert code == 1
    assert (
        "  .env:1: FWK_PUBLIC_API_BSE=/v2  matches no key of runtimeConfig or app; did you mean FWK_PUBLIC_API_BASE?"
        in out
    )
    assert "  .env:2: FWK_SOMETHING_ELSE=****  matches no key of runtimeConfig or app\n" in out
    assert out.splitlines()[-1] == "2 variables match nothing"


def test_env_json(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, ENV_CONFIG)
    (project / ".env").write_text("FWK_API_SECRET=s3cret\nFWK_PUBLIC_API_BSE=/v2\n")
    code, out, _ = run(capsys, "env", "--dotenv", ".env", "--json")
    assert code == 1
    assert "s3cret" not in out and "hunter2" not in out
    data = json.loads(out)
    by_name = {v["name"]: v for v in data["variables"]}
    assert by_name["FWK_API_SECRET"] == {
        "name": "FWK_API_SECRET",
        "path": "runtimeConfig.apiSecret",
        "visibility": "private",
        "whole_object": False,
        "in_file": True,
        "value": "****",
        "note": None,
    }
    assert by_name["FWK_PUBLIC_API_BASE"]["value"] == "/api"
    assert [f["file"] for f in data["dotenv"]] == [".env"]
    entries = data["dotenv"][0]["entries"]
    assert entries[0] == {
        "name": "FWK_API_SECRET",
        "line": 1,
        "value": "****",
        "status": "overrides",
        "path": "runtimeConfig.apiSecret",
        "suggestion": None,
        "environment": None,
    }
    assert entries[1]["suggestion"] == "FWK_PUBLIC_API_BASE" and entries[1]["value"] == "/v2"  # public: shown


def test_env_missing_dotenv_exits_2(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, ENV_CONFIG)
    code, _, err = run(capsys, "env", "--dotenv", "nope.env")
    assert code == 2 and "nope.env" in err


def test_env_build_assets_dir_is_flagged_build_time_only(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project, ENV_CONFIG)
    (project / ".env").write_text("FWK_APP_BUILD_ASSETS_DIR=/assets/\n")
    _, out, _ = run(capsys, "env", "--dotenv", ".env")
    assert "overrides runtimeConfig.app.buildAssetsDir; note: build-time only" in out
