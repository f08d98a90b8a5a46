"""Many removals at once (check --fix of 1,500 repeated modules took 30 s, one check and one read per removal)
give the text the removals one by one give, from the last up, but for where a blank line stays between lines
removed as one block: random arrays and objects, laid out on one line or a line each, with comments, blank
lines and trailing commas."""

from __future__ import annotations

import random

import pytest

from fwk_tui.source import ConfigDocument
from fwk_tui.source.removals import _one_by_one


def _array(rng: random.Random, count: int) -> str:
    items = [f"'m{rng.randrange(3)}'" for _ in range(count)]
    if rng.random() < 0.5:
        return "[" + ", ".join(items) + ("," if rng.random() < 0.3 else "") + "]"
    lines = []
    for i, item in enumerate(items):
        comment = rng.choice(["", "", " // note", "  /* c */"])
        blank = "\n" if rng.random() < 0.2 else ""
        lead = "    // about it\n" if rng.random() < 0.15 else ""
        comma = "," if i < len(items) - 1 or rng.random() < 0.5 else ""
        lines.append(f"{blank}{lead}    {item}{comma}{comment}")
    return "[\n" + "\n".join(lines) + "\n  ]"


@pytest.mark.parametrize("seed", range(150))
def test_items_removed_together_read_as_removed_one_by_one(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.randrange(1, 12)
    text = f"export default defineFwkConfig({{\n  ssr: true,\n  modules: {_array(rng, count)},\n  dev: false,\n}})\n"
    doc = ConfigDocument.parse(text)
    chosen = sorted(rng.sample(range(count), rng.randrange(1, count + 1)))
    places = [(("modules", i), None) for i in chosen]
    together = doc.remove_all(places)
    _same_but_blank_lines(together.text, _one_by_one(doc, places).text, text)
    assert together.get("modules") == [v for i, v in enumerate(doc.get("modules")) if i not in chosen]


@pytest.mark.parametrize("seed", range(100))
def test_copies_of_a_key_removed_together_read_as_removed_one_by_one(seed: int) -> None:
    rng = random.Random(1000 + seed)
    copies = rng.randrange(2, 9)
    members = []
    for i in range(copies):
        members.append(f"  ssr: {rng.choice(['true', 'false'])},{rng.choice(['', ' // x'])}")
        if rng.random() < 0.4:
            members.append(f"  k{i}: {i},")
    inline = rng.random() < 0.3
    body = " ".join(m.split(" //")[0].strip() for m in members) if inline else "\n".join(members)
    text = f"export default defineFwkConfig({{{' ' if inline else chr(10)}{body}{' ' if inline else chr(10)}}})\n"
    doc = ConfigDocument.parse(text)
    chosen = sorted(rng.sample(range(copies), rng.randrange(1, copies)))  # the last copy stays: JS keeps it
    places = [(("ssr",), i) for i in chosen]
    _same_but_blank_lines(doc.remove_all(places).text, _one_by_one(doc, places).text, text)


def _same_but_blank_lines(together: str, one_by_one: str, before: str) -> None:
    """Every line the same, in order; no blank line doubled or against a bracket that was not so before."""
    assert [line for line in together.splitlines() if line.strip()] == [
        line for line in one_by_one.splitlines() if line.strip()
    ], before
    if "\n\n\n" not in before:
        assert "\n\n\n" not in together, together
    assert "[\n\n" not in together or "[\n\n" in before, together
