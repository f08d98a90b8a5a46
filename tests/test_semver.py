"""Version ranges as npm reads them (package.json, a module's compatibility): compared with npm's own semver
package on random ranges and versions, and on the ranges real modules write."""

from __future__ import annotations

import random

from fwk_tui.semver import lowest, parse_range, parse_version, satisfies
from tests.node_jobs import run_node_script

REAL = [
    ">=3.0.0",
    "^3.0.0 || ^4.0.0-0",
    ">=3.13.0",
    "^3.10.0 || >=4.0.0-0",
    ">=2.16.0 <3",
    "^4.1.0",
    "~4.1",
    "3.x",
    "*",
    "",
    "1.2 - 2.3.4",
    "1.2.3 - 2",
    ">= 3.7.0",
    "^0.0.3",
    "^0.2.x",
    "<4",
    "<=3.15",
    ">3.14",
    "=3.0.0",
    "v3.1.2",
    ">=3.0.0-rc.1",
    "~3.0.0-beta.2 || ^4",
    "4.0.0-alpha.3",
]


def _random_range(rng: random.Random) -> str:
    def part() -> str:
        return rng.choice(["0", "1", "2", "3", "4", "10", "x", "*"])

    def version() -> str:
        parts = [rng.choice(["0", "1", "2", "3", "4", "10"])]
        for _ in range(rng.randrange(3)):
            parts.append(part())
        text = ".".join(parts)
        if len(parts) == 3 and rng.random() < 0.2:
            text += rng.choice(["-0", "-rc.1", "-beta", "-alpha.2"])
        return text

    def comparator() -> str:
        return rng.choice(["", "^", "~", ">=", ">", "<", "<=", "=", ">= "]) + version()

    def one_set() -> str:
        if rng.random() < 0.1:
            return f"{version()} - {version()}"
        return " ".join(comparator() for _ in range(rng.randrange(1, 3)))

    return " || ".join(one_set() for _ in range(rng.randrange(1, 3)))


def _random_version(rng: random.Random) -> str:
    text = ".".join(rng.choice(["0", "1", "2", "3", "4", "9", "10", "11"]) for _ in range(3))
    if rng.random() < 0.25:
        text += rng.choice(["-0", "-rc.1", "-rc.2", "-beta", "-alpha.2", "-1"])
    return text


def test_ranges_agree_with_npms_semver() -> None:
    rng = random.Random(20261129)
    jobs = [{"id": f"r{i}", "range": r, "version": _random_version(rng)} for i, r in enumerate(REAL)]
    jobs += [{"id": f"n{i}", "range": _random_range(rng), "version": _random_version(rng)} for i in range(1500)]
    answers = run_node_script("semver-ranges.mjs", jobs, needs="the version-range oracle", packages=["semver"])
    wrong = []
    for job in jobs:
        said = answers[job["id"]]
        if not said["valid"]:
            continue  # npm does not read it: what we say of it is not compared
        ours = parse_range(job["range"])
        version = parse_version(job["version"])
        assert version is not None
        mine = (
            ours is not None,
            satisfies(version, job["range"]),
            str(found) if (found := lowest(job["range"])) else None,
        )
        if mine != (True, said["satisfies"], said["min"]):
            wrong.append((job["range"], job["version"], mine, said))
    assert not wrong, f"{len(wrong)} disagree, first: {wrong[:5]}"


def test_what_does_not_read_is_none_not_an_error() -> None:
    for text in ["not a range", ">=", "^a.b", "1.2.3.4", "x" * 5000, "|| ||x"]:
        assert satisfies(parse_version("1.0.0"), text) in (None, True, False)  # type: ignore[arg-type]
    assert parse_range("not a range") is None and lowest(">=banana") is None
    assert parse_version("4.2") is None and parse_version("v4.2.1") is not None
