"""Reading a config into Python values: literals, keys, code, hooks, entries and spans."""

from __future__ import annotations

import pytest

from fwk_tui.source import UNDEFINED, Code, ConfigDocument


def read(body: str) -> dict[str, object]:
    return ConfigDocument.parse(f"export default defineFwkConfig({{\n{body}\n}})\n").values()


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (r"'it\'s'", "it's"),
        (r'"say \"hi\""', 'say "hi"'),
        (r"'a\nb\tc\\d'", "a\nb\tc\\d"),
        (r"'\u00e9\u{1F600}\x41'", "é😀A"),
        (r"'\uD83D\uDE00'", "😀"),
        ("'one \\\ntwo'", "one two"),
        ("'one \\\r\ntwo'", "one two"),
        (r"'\0\b\f\v\r'", "\0\b\f\v\r"),
        ("'\\q'", "q"),
        ("`plain template`", "plain template"),
        ("`two\r\nlines`", "two\nlines"),
        (r"`tick \` and \${x}`", "tick ` and ${x}"),
    ],
)
def test_strings_are_decoded(source: str, expected: str) -> None:
    assert read(f"  s: {source},")["s"] == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("42", 42),
        ("-7", -7),
        ("0x1F", 31),
        ("0o17", 15),
        ("0b101", 5),
        ("1_000_000", 1_000_000),
        ("1.5", 1.5),
        (".5", 0.5),
        ("4e3", 4000.0),
        ("-2.5e-3", -0.0025),
        ("+3", 3),
    ],
)
def test_numbers_are_decoded(source: str, expected: float) -> None:
    value = read(f"  n: {source},")["n"]
    assert value == expected
    assert type(value) is type(expected)


def test_keywords_read_as_python_constants() -> None:
    values = read("  a: true,\n  b: false,\n  c: null,\n  d: undefined,")
    assert values == {"a": True, "b": False, "c": None, "d": UNDEFINED}
    assert values["d"] is not None


def test_bigint_and_non_literals_stay_code() -> None:
    values = read(
        "  big: 10n,\n  env: process.env.PORT || 3000,\n  fn: () => 1,\n"
        "  sub: `a${b}`,\n  cast: x as any,\n  cond: a ? 1 : 2,\n  call: resolve('./x'),"
    )
    assert values == {
        "big": Code("10n"),
        "env": Code("process.env.PORT || 3000"),
        "fn": Code("() => 1"),
        "sub": Code("`a${b}`"),
        "cast": Code("x as any"),
        "cond": Code("a ? 1 : 2"),
        "call": Code("resolve('./x')"),
    }


def test_code_carries_its_exact_text_and_span() -> None:
    doc = ConfigDocument.parse("export default {\n  port: process.env.PORT,\n}\n")
    value = doc.get("port")
    assert value == Code("process.env.PORT")
    assert value.span is not None
    assert (value.span.line, value.span.column) == (2, 9)
    assert doc.text[value.span.start : value.span.end] == "process.env.PORT"


def test_regex_is_code_of_kind_regex() -> None:
    assert read("  r: /^element-ui/gi,")["r"] == Code("/^element-ui/gi", "regex")


def test_quoted_computed_and_numeric_keys() -> None:
    values = read("  '/api/**': 1,\n  \"x-y\": 2,\n  ['/old']: 3,\n  [`tpl`]: 4,\n  10: 5,\n  0x10: 6,")
    assert values == {"/api/**": 1, "x-y": 2, "/old": 3, "tpl": 4, "10": 5, "16": 6}


def test_shorthand_properties_and_methods_are_code() -> None:
    values = read("  content,\n  async setup(x) { return x },\n  'build:done'(b) {},\n  get g() { return 1 },")
    assert values == {
        "content": Code("content"),
        "setup": Code("async setup(x) { return x }"),
        "build:done": Code("'build:done'(b) {}"),
        "g": Code("get g() { return 1 }"),
    }


def test_nested_objects_and_arrays() -> None:
    values = read("  app: { head: { meta: [{ name: 'a' }, { name: 'b' }] } },\n  list: [1, 'two', [3]],")
    assert values == {"app": {"head": {"meta": [{"name": "a"}, {"name": "b"}]}}, "list": [1, "two", [3]]}


def test_spreads_are_kept_out_of_the_dict_but_listed() -> None:
    doc = ConfigDocument.parse("export default {\n  ...base,\n  a: 1,\n  [key]: 2,\n  list: [...more, 'x'],\n}\n")
    assert doc.values() == {"a": 1, "list": [Code("...more"), "x"]}
    assert doc.spreads() == [Code("...base"), Code("[key]: 2")]


def test_duplicate_keys_last_wins_in_first_position() -> None:
    values = read("  a: 1,\n  b: 2,\n  a: 3,")
    assert values == {"a": 3, "b": 2}
    assert list(values) == ["a", "b"]


def test_hooks_flat_and_nested_share_canonical_names() -> None:
    doc = ConfigDocument.parse(
        "export default {\n  hooks: {\n    'build:done'(b) {},\n    vbuild: {\n      extendConfig: (c) => c,\n"
        "      server: { ready() {} },\n    },\n  },\n}\n"
    )
    assert doc.values()["hooks"] == {
        "build:done": Code("'build:done'(b) {}"),
        "vbuild:extendConfig": Code("(c) => c"),
        "vbuild:server:ready": Code("ready() {}"),
    }
    assert doc.get("hooks.vbuild:extendConfig") == Code("(c) => c")
    assert doc.get(("hooks", "vbuild:server:ready")) == Code("ready() {}")
    assert not doc.has("hooks.vbuild")


def test_nested_objects_outside_hooks_are_not_flattened() -> None:
    doc = ConfigDocument.parse("export default { build: { done: 1 } }")
    assert doc.get("build.done") == 1
    assert not doc.has("build:done")


def test_array_holes_read_as_undefined() -> None:
    doc = ConfigDocument.parse("export default { a: [1, , 3] }")
    assert doc.get("a") == [1, UNDEFINED, 3]
    assert doc.get("a[2]") == 3


def test_get_has_and_missing_paths() -> None:
    doc = ConfigDocument.parse("export default { app: { head: { meta: [{ name: 'x' }] } }, env: process.env.X }")
    assert doc.get("app.head.meta[0].name") == "x"
    assert doc.get(("app", "head", "meta", -1, "name")) == "x"
    assert doc.has("app.head")
    for missing in ("nope", "app.body", "app.head.meta[3]", "app.head[0]", "env.X", "app.head.meta.name"):
        assert not doc.has(missing)
        with pytest.raises(KeyError):
            doc.get(missing)


def test_entries_list_every_value_in_source_order_with_spans() -> None:
    doc = ConfigDocument.parse("export default {\n  a: 1,\n  b: { c: [true, 'é'] },\n}\n")
    found = [(e.path, e.value, e.span.line, e.span.column) for e in doc.entries()]
    assert found == [
        (("a",), 1, 2, 6),
        (("b",), {"c": [True, "é"]}, 3, 6),
        (("b", "c"), [True, "é"], 3, 11),
        (("b", "c", 0), True, 3, 12),
        (("b", "c", 1), "é", 3, 18),
    ]


def test_span_columns_count_characters_not_bytes() -> None:
    doc = ConfigDocument.parse("\ufeffexport default { 'été': 'ça', x: 1 }")
    span = doc.span("x")
    assert (span.line, span.column) == (1, 34)  # the BOM takes no column
    assert doc.data[span.start : span.end] == b"1"
