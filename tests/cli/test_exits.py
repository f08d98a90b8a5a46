"""One table of exit codes: each code means one thing, docs/cli.md says which, and no command returns another."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from fwk_tui.exits import MEANING, Exit

from .helpers import run

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "fwk_tui"


def _documented() -> dict[int, tuple[str, str]]:
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    table = text.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in table.splitlines():
        found = re.match(r"\| (\d+) \| `(\w+)` \| (.*) \|$", line)
        if found:
            rows[int(found[1])] = (found[2], found[3].replace("\\|", "|"))
    return rows


def test_docs_list_every_exit_code_with_its_meaning() -> None:
    assert _documented() == {int(code): (code.name, words) for code, words in MEANING.items()}
    assert set(MEANING) == set(Exit)


def _calls_and_returns(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: print() (output goes through cli/output.py)")
        if isinstance(node, (ast.Return, ast.Call)) and path.parent.name == "cli":
            values = [node.value] if isinstance(node, ast.Return) else []
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Stop":
                values = node.args[:1]
            for value in values:
                if isinstance(value, ast.Constant) and type(value.value) is int:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: exit code {value.value} (use Exit)")
    return found


def test_no_command_prints_around_the_writer_or_returns_a_bare_number() -> None:
    found = [line for path in sorted(PACKAGE.rglob("*.py")) for line in _calls_and_returns(path)]
    assert not found, "\n".join(found)


def test_the_checker_sees_a_print_and_a_bare_code(tmp_path: Path) -> None:
    module = tmp_path / "cli" / "bad.py"
    module.parent.mkdir()
    module.write_text("def run():\n    print('x')\n    return 2\n")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert len(_calls_and_returns(module)) == 2
    finally:
        ROOT = saved


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["explain", "devServer.prot"], Exit.NOT_FOUND),
        (["explain", "FWK999"], Exit.NOT_FOUND),
        (["search", "zzqqxxyy"], Exit.NOT_FOUND),
        (["search", "zzqqxxyy", "--json"], Exit.NOT_FOUND),
        (["get", "devServer.prot"], Exit.NOT_FOUND),
        (["unset", "devServer.prot"], Exit.NOT_FOUND),
        (["get", "devServer..port"], Exit.BAD_INPUT),
        (["check", "--dry-run"], Exit.BAD_INPUT),
    ],
)
def test_each_command_exits_with_the_code_of_what_happened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], code: Exit
) -> None:
    (tmp_path / "fwk.config.ts").write_text("export default defineFwkConfig({ devServer: { port: 3000 } })\n")
    monkeypatch.chdir(tmp_path)
    got, out, err = run(capsys, *args)
    assert got == code, (out, err)
    assert "Traceback" not in err and (err.endswith("\n") or out == "[]\n")


def test_a_config_built_by_code_is_refused_alike_by_set_and_unset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both name what makes it; neither says the key has no value (``unset`` did, with another code)."""
    (tmp_path / "fwk.config.ts").write_text("export default makeConfig()\n")
    monkeypatch.chdir(tmp_path)
    for args in (["set", "ssr", "false"], ["unset", "ssr"]):
        code, _out, err = run(capsys, *args)
        assert code == Exit.BAD_INPUT, (args, err)
        assert err == "fwk.config.ts: read-only: the config is built by code: `makeConfig()` makes it (line 1)\n"
