"""The resolve fixtures (projects/) and the real loader (c12, in tests/node) as an oracle."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from fwk_tui.resolve import Resolved, plain, resolve_layers
from fwk_tui.source import UNDEFINED, Code, load_document

PROJECTS = Path(__file__).resolve().parent / "projects"
NODE_DIR = Path(__file__).resolve().parents[1] / "node"


def resolve_project(name: str, env: str | None = None) -> Resolved:
    file = PROJECTS / name / "fwk.config.ts"
    return resolve_layers(file, load_document(file), env)


def encoded(value: Any) -> Any:
    """A value as tests/node/load-c12.mjs prints it (static values only)."""
    if value is UNDEFINED:
        return {"__undefined": True}
    if isinstance(value, Code):
        raise AssertionError(f"a fixture of the oracle holds code: {value.text}")
    if isinstance(value, dict):
        return {k: encoded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [encoded(v) for v in value]
    return value


def c12_load(jobs: list[dict[str, str]]) -> dict[str, Any]:
    """c12's ``loadConfig`` for each job ({"id", "cwd", "env"}): {id: {"value"} | {"error"}}."""
    if shutil.which("node") is None:
        pytest.fail("node is not installed: the loader oracle needs node >= 20 (see README)")
    if not (NODE_DIR / "node_modules" / "c12").is_dir():
        pytest.fail("tests/node/node_modules has no c12: run the tests with ./dev test (it runs npm ci in tests/node)")
    proc = subprocess.run(
        ["node", str(NODE_DIR / "load-c12.mjs")],
        input=json.dumps(jobs),
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, f"load-c12.mjs crashed:\n{proc.stderr}"
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


def ours(name: str, env: str | None) -> Any:
    return encoded(plain(resolve_project(name, env).config))
