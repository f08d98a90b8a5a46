"""fwk-tui check on configs with spreads: what they hold is checked, what cannot be read exits 3."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run

HEAD = "fwk.config.ts: checked as variant A (nothing in the file or its folder tells; A is the current layout)"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_an_unknown_spread_is_not_checked_and_exits_3(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "export default defineFwkConfig({\n  ssr: true,\n  ...sharedConfig,\n})\n"
    (project / "fwk.config.ts").write_text(text)
    code, out, err = run(capsys, "check")
    assert (code, err) == (3, "")
    assert out == (
        f"{HEAD}\n"
        "fwk.config.ts:3:3: info FWK401: not checked: `...sharedConfig` (line 3) may add keys fwk-tui cannot read: "
        "`sharedConfig` is not a const of this file\n"
        "   3 |   ...sharedConfig,\n"
        "     |   ^\n"
        "0 errors, 0 warnings, 1 info\n"
    )
    assert (project / "fwk.config.ts").read_text() == text


def test_what_a_local_spread_holds_is_an_error_at_its_text(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (
        "const common = { devServer: { port: 'eighty' } }\n"
        "export default defineFwkConfig({\n"
        "  ...common,\n"
        "  ssr: true,\n"
        "})\n"
    )
    (project / "fwk.config.ts").write_text(text)
    code, out, err = run(capsys, "check")
    assert (code, err) == (1, "")
    lines = out.splitlines()
    assert lines[1].startswith("fwk.config.ts:1:37: error FWK201: ")
    assert lines[1].endswith("(set by `...common` on line 3) [devServer.port]")
    assert lines[-1] == "1 error, 0 warnings, 0 infos"


def test_a_key_a_later_spread_sets_again_is_a_warning(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fwk.config.ts").write_text(
        "const base = { ssr: true }\nexport default defineFwkConfig({\n  ssr: false,\n  ...base,\n})\n"
    )
    code, out, _ = run(capsys, "check", "--format", "github")
    assert code == 0
    assert out.splitlines()[0] == (
        "::warning file=fwk.config.ts,line=3,col=3,title=fwk-tui FWK108 (overridden-by-spread)::ssr is set again "
        "by `...base` (line 4), which comes after it and wins at run time: this value has no effect [ssr]"
    )
    code, out, _ = run(capsys, "explain", "FWK108")
    assert code == 0 and "A key a later spread sets again" in out
