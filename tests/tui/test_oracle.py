"""The interaction oracle in the test suite: seeded random edit scripts on the real editor (see ``oracle.py``).

``ORACLE_SCRIPTS`` scripts run (200 by default), each from its seed: a failure
names the seed and its steps, ``-k 'seed_17'`` replays it, and with
``ORACLE_SHRINK=1`` the failing script is cut down to the steps that matter,
to be kept below as a regression test.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from .oracle import ScriptFailure, run_script, script_for, shrink

SCRIPTS = int(os.environ.get("ORACLE_SCRIPTS", "200"))
CHUNKS = 8
"""The scripts run in this many groups, each on one test worker (pytest-xdist) and ending with one node call that
loads every file its scripts saved."""
SAVED: dict[int, list[tuple[Path, object]]] = {}
"""Files the scripts of each group saved, with the model's values: node loads them at the end of the group."""
RAN: dict[int, int] = {}
"""Scripts of each group that passed in this process."""
STATS = {"scripts": 0, "steps": 0, "saves": 0, "row_moves": 0, "seconds": 0.0}


def _chunk(seed: int) -> int:
    return seed % CHUNKS


def _in_group(value: int, chunk: int, name: str) -> object:
    return pytest.param(value, id=name, marks=pytest.mark.xdist_group(f"oracle_{chunk}"))


@pytest.mark.parametrize("seed", [_in_group(s, _chunk(s), f"seed_{s}") for s in range(SCRIPTS)])
async def test_random_script(tmp_path: Path, seed: int) -> None:
    body, length, slow = script_for(seed)
    started = time.perf_counter()
    try:
        run = await run_script(tmp_path, body, seed=seed, length=length, slow=slow)
    except ScriptFailure as failure:
        if os.environ.get("ORACLE_SHRINK"):
            steps = await shrink(tmp_path / "shrink", failure.body, failure.steps)
            raise AssertionError(f"{failure}\n\nshrunk to (body {failure.body}):\n  {steps!r}") from None
        raise
    STATS["scripts"] += 1
    STATS["steps"] += len(run.steps)
    STATS["seconds"] += time.perf_counter() - started
    STATS["saves"] += run.saves
    STATS["row_moves"] += run.row_moves
    RAN[_chunk(seed)] = RAN.get(_chunk(seed), 0) + 1
    if run.saved is not None:
        text, values = run.saved
        keep = tmp_path / "saved.ts"
        keep.write_text(text)
        SAVED.setdefault(_chunk(seed), []).append((keep, values))


def _same(model: object, loaded: object) -> bool:
    """Node's value equals the model's; code (a call, a function) matches whatever it evaluates to."""
    if isinstance(model, tuple) and model and model[0] == "code":
        return True
    if isinstance(model, dict) and isinstance(loaded, dict):
        return model.keys() == loaded.keys() and all(_same(model[k], loaded[k]) for k in model)
    if isinstance(model, list) and isinstance(loaded, list):
        return len(model) == len(loaded) and all(_same(a, b) for a, b in zip(model, loaded))
    return model == loaded


@pytest.mark.parametrize("chunk", [_in_group(c, c, f"group_{c}") for c in range(CHUNKS)])
def test_the_saved_files_load_in_node_as_the_model_says(chunk: int) -> None:
    # Runs after its group's scripts (pytest keeps the file's order; a group stays on one worker): one node call
    # for every file they saved.
    expected = sum(1 for seed in range(SCRIPTS) if _chunk(seed) == chunk)
    if RAN.get(chunk, 0) < expected:
        pytest.skip("runs after all the scripts of its group (some were deselected or failed)")
    saved = SAVED.get(chunk, [])
    assert saved or expected < 10, "no script of the group saved a file (a group of 25 saves about 12)"
    from tests.source.conftest import RealClient

    answers = RealClient().evaluate({str(i): file for i, (file, _) in enumerate(saved)})
    for i, (file, expected_values) in enumerate(saved):
        got = answers[str(i)]
        assert got.error is None, f"{file}: {got.error}"
        assert _same(expected_values, got.value), (
            f"{file}:\n{file.read_text()}\nnode: {got.value!r}\nmodel: {expected_values!r}"
        )
    STATS["node"] = STATS.get("node", 0) + len(saved)
