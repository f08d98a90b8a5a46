"""The code a value written in its place drops: what `set`, `unset` and the editor ask about first."""

from __future__ import annotations

from fwk_tui.source import read_expression
from fwk_tui.source.expression import code_in, dropped_code
from fwk_tui.source.values import Code


def test_code_is_found_with_its_path_and_a_regular_expression_is_no_code() -> None:
    value = read_expression("{a: getA(), b: [1, ...rest], c: /x/, d: {e: process.env.E ?? 3}}")
    assert [(p, c.text) for p, c in code_in(value, ("top",))] == [
        (("top", "a"), "getA()"),
        (("top", "b", 1), "...rest"),
        (("top", "d", "e"), "process.env.E ?? 3"),
    ]


def test_a_value_over_code_drops_it_and_code_over_code_drops_nothing() -> None:
    old = Code("getPort()")
    assert dropped_code(old, 4000) == [((), old)]
    assert dropped_code(old, None) == [((), old)]  # removed
    assert dropped_code(old, Code("process.env.PORT ?? 3000")) == []  # an edit of the code
    assert dropped_code(4000, 3000) == []


def test_code_kept_anywhere_in_the_new_value_is_not_dropped() -> None:
    old = read_expression("['a', localModule(), ...rest]")
    assert dropped_code(old, read_expression("[...rest, localModule()]")) == []
    assert [c.text for _, c in dropped_code(old, read_expression("['a', localModule()]"))] == ["...rest"]
