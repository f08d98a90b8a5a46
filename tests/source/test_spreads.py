"""Spreads that define the key an edit writes: which one, what it holds, and what the edit does at run time."""

from __future__ import annotations

from fwk_tui.source import ConfigDocument
from fwk_tui.source.spreads import spread_notes

CONFIG = """\
const base = { router: { base: '/x' }, ssr: false }
const isProd = process.env.NODE_ENV === 'production'
export default defineFwkConfig({
  ...base,
  ...(isProd ? { app: { baseURL: '/p' } } : {}),
  ssr: true,
  nitro: { preset: 'node', ...nitroBase },
})
"""


def notes(text: str, path: tuple[str | int, ...], *, remove: bool = False, value: object = True) -> list[str]:
    doc = ConfigDocument.parse(text)
    new = doc.unset(path) if remove else doc.set(path, value)
    return [f"{n.line}:{n.column} {n.outcome}: {n.message()}" for n in spread_notes(doc, new, path)]


def test_a_new_key_after_a_local_const_that_holds_it_replaces_its_value() -> None:
    found = notes(CONFIG, ("router", "options", "hashMode"))
    assert found == [
        "4:3 hides: `...base`: `base` (line 1) sets router: { base: '/x' }, which this edit replaces at run time "
        "(a key written after a spread wins over it)",
        "5:3 safe: `...(isProd ? { app: {…} } : {})` sets no router: safe",
    ]


def test_a_conditional_spread_says_its_condition() -> None:
    found = notes(CONFIG, ("app", "baseURL"), value="/q")
    assert found[0] == "4:3 safe: `base` (line 1) sets no app: safe"
    assert found[1].startswith(
        "5:3 hides: `...(isProd ? { app: {…} } : {})` sets app: { baseURL: '/p' } when isProd, "
        "which this edit replaces at run time"
    )


def test_changing_a_key_written_after_the_spreads_changes_nothing_about_them() -> None:
    assert notes(CONFIG, ("ssr",), value=False) == []


def test_a_later_spread_of_something_unreadable_may_win_over_the_edit() -> None:
    found = notes(CONFIG, ("nitro", "preset"), value="vercel")
    assert found == [
        "7:30 overridden: `...nitroBase` may define nitro.preset (`nitroBase` is not a const of this file), "
        "and it comes after the key, so it would win at run time: the edit changes nothing"
    ]


def test_removing_a_key_lets_an_earlier_spread_show() -> None:
    found = notes(CONFIG, ("ssr",), remove=True)
    assert found[0] == (
        "4:3 reveals: `...base`: `base` (line 1) sets ssr: false, which shows at run time once the key "
        "written after the spread is removed"
    )


def test_removing_a_key_a_later_spread_defines_changes_nothing() -> None:
    text = "export default { a: 1, ...{ a: 2 } }\n"
    assert notes(text, ("a",), remove=True) == [
        "1:24 overridden: `...{ a: 2 }` sets a: 2, and it comes after the key, so it wins at run time: "
        "removing the key changes nothing"
    ]


def test_an_import_a_call_and_a_mutated_const_may_define_anything() -> None:
    text = """\
import shared from './shared'
const local = { other: 1 }
local.ssr = false
export default {
  ...shared,
  ...makeConfig(),
  ...local,
  dev: true,
}
"""
    found = notes(text, ("ssr",))
    assert [f.split(", which")[0] for f in found] == [
        "5:3 hides: `...shared` may define ssr (`shared` is imported)",
        "6:3 hides: `...makeConfig()` may define ssr (a call: its result is not in the file)",
        "7:3 hides: `...local` may define ssr (`local` is changed by code on line 3)",
    ]


def test_a_const_spreading_another_const_is_followed() -> None:
    text = """\
const a = { ssr: false }
const b = { ...a, dev: true }
export default { ...b, dev: true }
"""
    found = notes(text, ("ssr",))
    assert found[0].startswith("3:18 hides: `...b`: `a` (line 1) sets ssr: false")


def test_a_const_that_holds_none_of_the_key_is_safe() -> None:
    text = "const base = { dev: true }\nexport default { ...base, ssr: true }\n"
    assert notes(text, ("router", "options", "hashMode")) == ["2:18 safe: `base` (line 1) sets no router: safe"]


def test_and_spread_and_nullish_values() -> None:
    text = "export default { ...(isProd && { ssr: false }), ...null, ...undefined, dev: true }\n"
    found = notes(text, ("ssr",))
    assert found[0].startswith("1:18 hides: `...(isProd && { ssr: false })` sets ssr: false when isProd")
    assert [f.split(" ")[1] for f in found] == ["hides:", "safe:", "safe:"]


def test_an_array_spread_gives_only_index_keys() -> None:
    text = "export default { ...['a'], dev: true }\n"
    assert notes(text, ("ssr",)) == ["1:18 safe: `...['a']` sets no ssr: safe"]
