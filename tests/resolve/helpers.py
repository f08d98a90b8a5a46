"""The resolve fixtures (projects/) and the real loader (c12, in tests/node) as an oracle."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fwk_tui.resolve import Resolved, plain, resolve_layers
from fwk_tui.source import UNDEFINED, Code, load_document
from tests.node_jobs import run_node_script

PROJECTS = Path(__file__).resolve().parent / "projects"


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
    result: dict[str, Any] = run_node_script(
        "load-c12.mjs", jobs, needs="the loader oracle", packages=("c12",), fixed_environment=False
    )
    return result


def ours(name: str, env: str | None) -> Any:
    return encoded(plain(resolve_project(name, env).config))
