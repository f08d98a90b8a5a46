"""Empty and repeated entries of modules, plugins, css and extends: a warning at the entry, a fix removing it."""

from __future__ import annotations

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import apply_fix, check_document, validate
from tests.validate.helpers import diagnose, one


def _doc(body: str) -> ConfigDocument:
    return ConfigDocument.parse(f"export default defineFwkConfig({{\n{body}}})\n")


@pytest.mark.parametrize(
    ("body", "path", "rule", "where", "after"),
    [
        (
            "  modules: [\n    '@fwk/image',\n    '',\n  ],\n",
            "modules[1]",
            "empty-module",
            (4, 5),
            "  modules: [\n    '@fwk/image',\n  ],\n",
        ),
        (
            "  modules: ['@fwk/image', ['  ', { a: 1 }]],\n",
            "modules[1]",
            "empty-module",
            (2, 27),
            "  modules: ['@fwk/image'],\n",
        ),
        (
            "  modules: [\n    '@fwk/content',\n    '@fwk/image',\n    ['@fwk/content', {}],\n  ],\n",
            "modules[2]",
            "duplicate-module",
            (5, 5),
            "  modules: [\n    '@fwk/content',\n    '@fwk/image',\n  ],\n",
        ),
        (
            "  plugins: [{ src: '' }, '~/plugins/a.ts'],\n",
            "plugins[0]",
            "empty-plugin",
            (2, 13),
            "  plugins: ['~/plugins/a.ts'],\n",
        ),
        (
            "  plugins: [\n    '~/plugins/a.ts',\n    { src: '~/plugins/a.ts', mode: 'client' },\n  ],\n",
            "plugins[1]",
            "duplicate-plugin",
            (4, 5),
            "  plugins: [\n    '~/plugins/a.ts',\n  ],\n",
        ),
        ("  css: ['a.css', ''],\n", "css[1]", "empty-css", (2, 18), "  css: ['a.css'],\n"),
        (
            "  css: [\n    '~/a.css',\n    '~/b.css',\n    '~/a.css',\n  ],\n",
            "css[2]",
            "duplicate-css",
            (5, 5),
            "  css: [\n    '~/a.css',\n    '~/b.css',\n  ],\n",
        ),
        ("  extends: ['', '../base'],\n", "extends[0]", "empty-layer", (2, 13), "  extends: ['../base'],\n"),
        ("  ssr: true,\n  extends: '',\n", "extends", "empty-layer", (3, 3), "  ssr: true,\n"),
        (
            "  extends: ['../base',\n    'gh:org/layer',\n    '../base'],\n",
            "extends[2]",
            "duplicate-layer",
            (4, 5),
            "  extends: ['../base',\n    'gh:org/layer'],\n",
        ),
        (
            "  $development: {\n    modules: ['@fwk/devtools', '@fwk/devtools'],\n  },\n",
            "$development.modules[1]",
            "duplicate-module",
            (3, 32),
            "  $development: {\n    modules: ['@fwk/devtools'],\n  },\n",
        ),
    ],
)
def test_warning_position_and_fix(body: str, path: str, rule: str, where: tuple[int, int], after: str) -> None:
    doc = _doc(body)
    catalog = load_catalog()
    d = one(check_document(doc, catalog, "A").diagnostics, path, rule)
    assert d.severity == "warning"
    assert (d.line, d.column) == where
    assert d.fix is not None and d.fix.kind == "unset" and d.fix.path == path
    fixed = apply_fix(doc, d.fix)
    assert fixed.text == f"export default defineFwkConfig({{\n{after}}})\n"
    assert [x for x in check_document(fixed, catalog, "A").diagnostics if x.rule == rule] == []


def test_a_duplicate_says_which_entry_it_repeats_by_line() -> None:
    doc = _doc("  css: [\n    '~/a.css',\n    '~/b.css',\n    '~/a.css',\n  ],\n")
    d = one(check_document(doc, load_catalog(), "A").diagnostics, "css[2]", "duplicate-css")
    assert d.message == "'~/a.css' is already listed at css[0] (line 3); listing it once includes it on every page"
    assert d.related == "css[0]"


def test_without_positions_a_duplicate_names_the_entry_only() -> None:
    (d,) = validate(load_catalog(), {"modules": ["a", "b", "a"]}, "A")
    assert d.message == "the module 'a' is already listed at modules[0]; list a module once"


def test_a_module_compares_by_name_whatever_its_form() -> None:
    found = diagnose("modules: [['@fwk/image', { quality: 80 }], '@fwk/image'],")
    d = one(found, "modules[1]", "duplicate-module")
    assert d.message.endswith("list a module once")  # the bare name carries no options to lose
    found = diagnose("modules: ['@fwk/image', ['@fwk/image', { quality: 80 }]],")
    d = one(found, "modules[1]", "duplicate-module")
    assert "options differ" in d.message


def test_an_entry_in_an_environment_block_is_not_a_duplicate_of_the_top_level() -> None:
    body = (
        "modules: ['@fwk/image', ['@fwk/content', { watch: false }]],"
        "$development: { modules: [['@fwk/content', { watch: true }], '@fwk/image'] },"
        "$env: { staging: { css: ['a.css'] } }, css: ['a.css'],"
    )
    assert [d for d in diagnose(body) if d.rule.startswith(("duplicate-", "empty-"))] == []


def test_code_and_distinct_names_are_not_compared() -> None:
    body = (
        "modules: [resolve('./m'), resolve('./m'), () => {}, () => {}, '@fwk/a', '@fwk/b'],"
        "plugins: [{ src: resolve('p') }, { src: resolve('p') }],"
        "css: ['a.css', 'A.css'],"
        "extends: ['../base', '../base/'],"
    )
    assert [d for d in diagnose(body) if d.rule.startswith(("duplicate-", "empty-"))] == []


def test_an_empty_layer_source_is_the_rules_warning_not_also_a_type_error() -> None:
    found = diagnose("extends: ['../base', ' '],")
    assert [(d.rule, d.severity) for d in found] == [("empty-layer", "warning")]
    # theme is no list: its empty source stays a type error.
    assert [d.rule for d in diagnose("theme: '',")] == ["type"]


def test_several_empties_and_repeats_are_each_reported() -> None:
    found = diagnose("modules: ['', 'a', 'a', '', 'a'],")
    got = [(d.rule, d.path) for d in found]
    assert got == [
        ("empty-module", "modules[0]"),
        ("duplicate-module", "modules[2]"),
        ("empty-module", "modules[3]"),
        ("duplicate-module", "modules[4]"),
    ]
    assert all("modules[1]" in d.message for d in found if d.rule == "duplicate-module")
