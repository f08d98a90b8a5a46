"""Every row of the attack table holds: a message, never a traceback; the user's file intact; no command slow."""

from __future__ import annotations

import pytest

from tests.cli.attacks import ATTACKS, attempt


@pytest.mark.parametrize("name", list(ATTACKS))
def test_attack_holds(name: str) -> None:
    outcome = attempt(name)
    assert outcome.ok, outcome.said
