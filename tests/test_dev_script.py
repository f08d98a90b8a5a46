"""``./dev run`` says before installing that it installs (and how long it takes), then how long it took; only when
it installs. Run on a copy of the script beside a stand-in Python whose venv and pip do nothing but record."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

_FAKE_PYTHON = """#!/bin/sh
# A stand-in: `-m venv DIR` makes DIR/bin/python (this script) and DIR/bin/fwk-tui; `-m pip` does nothing.
echo "python $*" >> "$CALLS"
if [ "$1 $2" = "-m venv" ]; then
  mkdir -p "$3/bin"
  cp "$0" "$3/bin/python"
  printf '#!/bin/sh\\necho "fwk-tui $*"\\n' > "$3/bin/fwk-tui"
  chmod +x "$3/bin/python" "$3/bin/fwk-tui"
fi
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copy(ROOT / "dev", tmp_path / "dev")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    python = tmp_path / "python3"
    python.write_text(_FAKE_PYTHON)
    python.chmod(python.stat().st_mode | stat.S_IXUSR)
    return tmp_path


def dev_run(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHON": str(project / "python3"), "CALLS": str(project / "calls")}
    return subprocess.run(
        ["bash", str(project / "dev"), "run", *args], env=env, capture_output=True, text=True, timeout=60
    )


def test_the_first_run_says_it_installs_and_how_long_it_took(project: Path) -> None:
    run = dev_run(project)
    assert run.returncode == 0, run.stderr
    lines = run.stderr.splitlines()
    assert lines[0] == "Installing fwk-tui into .venv (about a minute, once)..."
    assert lines[-1].startswith("Installed in ") and lines[-1].endswith(" s.")
    assert run.stdout == "fwk-tui --example\n"  # stdout is the app's alone
    assert "pip install" in (project / "calls").read_text()


def test_a_run_that_installs_nothing_says_nothing(project: Path) -> None:
    dev_run(project)
    (project / "calls").unlink()
    run = dev_run(project, "check")
    assert (run.returncode, run.stderr, run.stdout) == (0, "", "fwk-tui check\n")
    assert not (project / "calls").exists()  # neither venv nor pip ran


def test_a_changed_pyproject_says_it_updates(project: Path) -> None:
    dev_run(project)
    (project / "calls").unlink()
    later = time.time() + 5
    os.utime(project / "pyproject.toml", (later, later))
    run = dev_run(project)
    assert run.stderr.splitlines()[0] == "Updating fwk-tui in .venv (pyproject.toml changed; about a minute)..."
    assert run.stderr.splitlines()[-1].startswith("Installed in ")
    calls = (project / "calls").read_text()
    assert "pip install" in calls and "-m venv" not in calls  # the venv was there: not made again
