"""The effective config equals what the framework's own loader (c12) returns, for every static fixture and environment."""

from __future__ import annotations

import pytest

from tests.resolve.helpers import PROJECTS, c12_load, ours

# Projects whose values are all static (the cycle project sends the real loader into endless recursion).
STATIC = ("merge", "envs", "unresolved", "questions", "packages")
ENVS = ("", "production", "development", "test", "staging")


@pytest.fixture(scope="module")
def loader_answers() -> dict[str, dict[str, object]]:
    jobs = [{"id": f"{p}/{e}", "cwd": str(PROJECTS / p), "env": e} for p in STATIC for e in ENVS]
    return c12_load(jobs)


@pytest.mark.parametrize("env", ENVS)
@pytest.mark.parametrize("project", STATIC)
def test_the_merged_values_equal_the_real_loaders(project: str, env: str, loader_answers: dict) -> None:
    answer = loader_answers[f"{project}/{env}"]
    assert "error" not in answer, answer
    assert ours(project, env or None) == answer["value"]


def test_the_fixtures_reach_every_kind_of_layer_and_section(loader_answers: dict) -> None:
    """The oracle is worth something only if the fixtures differ by environment and pull in each kind of layer."""
    values = {e: loader_answers[f"envs/{e}"]["value"] for e in ENVS}
    assert len({repr(v) for v in values.values()}) == len(ENVS)
    merged = loader_answers["merge/"]["value"]
    assert merged["devServer"]["port"] == 4000  # ./base's ./deeper wins over the package layer after it
    assert merged["alias"] == {"@org": "./org", "@pkg": "./pkg"}  # two packages from node_modules
    assert merged["typescript"] == {"strict": True, "typeCheck": True}  # a file layer, then a .config/ layer
