"""The text test that spares most files the walk for spreads: it may say "maybe", never "no" wrongly."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from tree_sitter import Node

from fwk_tui.source import ConfigDocument, DocumentError, ParseError
from fwk_tui.source.parse import parse_bytes
from fwk_tui.source.spreads import may_hide_keys
from tests.validate.helpers import corpus_files


def _object_spreads(node: Node) -> int:
    stack, found = [node], 0
    while stack:
        n = stack.pop()
        found += n.type == "spread_element" and n.parent is not None and n.parent.type == "object"
        stack.extend(n.children)
    return found


@pytest.mark.parametrize(
    "text",
    [
        "x = {...base}",
        "x = { a: 1, ...base }",
        "x = {\n  ...base,\n}",
        "x = { /* shared */ ...base }",
        "x = { a: 1, // shared\n  ...base }",
        "x = { a: 1, /* one\n two */\n\n  ...base }",
    ],
)
def test_a_spread_in_an_object_is_always_a_maybe(text: str) -> None:
    assert _object_spreads(parse_bytes(text.encode()).root_node) == 1
    assert may_hide_keys(text.encode())


@pytest.mark.parametrize(
    "text",
    [
        "x = { a: 1 }",
        "routes.push(...items)",
        "x = { a: f(...args) }",
        "x = { a: 'wait...' }",
        "x = { a: 1 } // and so on...",
    ],
)
def test_no_spread_where_no_object_can_hold_one(text: str) -> None:
    assert _object_spreads(parse_bytes(text.encode()).root_node) == 0
    assert not may_hide_keys(text.encode())


def test_every_corpus_file_with_an_object_spread_is_a_maybe() -> None:
    files, error = corpus_files()
    assert not error, error
    with_spread = 0
    for file in files:
        try:
            doc = ConfigDocument.from_bytes(file.read_bytes(), file.name)
        except (ParseError, DocumentError):
            continue
        if _object_spreads(doc.tree.root_node):
            with_spread += 1
            assert may_hide_keys(doc.data), file.name
    assert with_spread > 0  # the corpus has such files: the test looked at some


def test_many_dots_and_long_white_space_stay_linear() -> None:
    small = b"f(" + b"  ...a, " * 2_000 + b")"
    big = b"f(" + b"  ...a, " * 20_000 + b")"
    small_t = _fastest(lambda: may_hide_keys(small.replace(b", ", b" ") + b"\n" * 50_000))
    big_t = _fastest(lambda: may_hide_keys(big.replace(b", ", b" ") + b"\n" * 500_000))
    assert big_t < 40 * small_t + 0.05, (small_t, big_t)  # ten times the text: about ten times the time


def _fastest(run: Callable[[], object], times: int = 3) -> float:
    """The fastest of a few runs: a loaded machine (the other test workers) slows one run, not all."""
    best = float("inf")
    for _ in range(times):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best
