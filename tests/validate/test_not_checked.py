"""check_document on a config built by code: one info at that code, saying what was and was not checked."""

from __future__ import annotations

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import check_document
from fwk_tui.validate.codes import code_of


def _check(source: str) -> list[tuple[str, int, int, str]]:
    result = check_document(ConfigDocument.parse(source), load_catalog(), "A")
    return [(d.rule, d.line, d.column, d.message) for d in result.diagnostics]


@pytest.mark.parametrize(
    ("source", "line", "column", "what", "checked"),
    [
        ("export default defineFwkConfig(make())\n", 1, 32, "`make()` makes it", "nothing was checked"),
        (
            "import base from './base.config'\nexport default base\n",
            1,
            1,
            "`base` is imported from './base.config'",
            "nothing was checked",
        ),
        (
            "const config = { ssr: true }\nconfig.modules.push('x')\nexport default config\n",
            2,
            1,
            "`config.modules.push('x')` may change `config` after it is written",
            "only the object literal on line 1 was checked",
        ),
        (
            "export default async () => {\n  const port = await free()\n  return { devServer: { port } }\n}\n",
            2,
            3,
            "the function runs `const port = await free()` before it returns the config",
            "only the object literal on line 3 was checked",
        ),
        (
            "export default () => {\n  const c = { ssr: true }\n  return c\n}\n",
            2,
            3,
            "the function runs `const c = { ssr: true }` before it returns the config",
            "nothing was checked",
        ),
    ],
)
def test_code_that_builds_the_config_is_an_info_at_that_code(
    source: str, line: int, column: int, what: str, checked: str
) -> None:
    found = [d for d in _check(source) if d[0] == "not-checked"]
    assert found == [
        (
            "not-checked",
            line,
            column,
            f"not checked: the config is built by code at {line}:{column}: {what}; fwk-tui never runs code, "
            f"so {checked}",
        )
    ]


def test_the_readable_literal_is_still_checked() -> None:
    source = "const config = { ssr: 'no' }\nextend(config)\nexport default config\n"
    assert [d[0] for d in _check(source)] == ["type", "not-checked"]


@pytest.mark.parametrize(
    "source",
    [
        "export default defineFwkConfig({ ssr: true })\n",
        "export default defineFwkConfig(() => ({ ssr: true }))\n",
        "export default async function () { return { ssr: true } }\n",
    ],
)
def test_a_literal_or_a_function_that_only_returns_one_has_no_such_info(source: str) -> None:
    assert _check(source) == []


def test_the_rule_has_its_code() -> None:
    assert code_of("not-checked") == "FWK401"


@pytest.mark.parametrize(
    "use",
    [
        "console.log(modules)",
        "const banner = `modules: ${modules}`",
        "const url = new URL(modules[0], 'https://example.com')",
        "const names = modules.map((m) => m.toUpperCase())",
        "if (modules.includes('@fwk/content')) console.log('content')",
        "const copy = [...modules]",
    ],
)
def test_code_that_only_reads_a_value_does_not_make_it_unchecked(use: str) -> None:
    source = f"const modules = ['@fwk/content']\n{use}\nexport default defineFwkConfig({{ modules }})\n"
    assert [d for d in _check(source) if d[0] == "not-checked"] == []


@pytest.mark.parametrize(
    "use",
    [
        "modules.push('@fwk/image')",
        "modules[0] = '@fwk/image'",
        "modules.length = 0",
        "Object.assign(modules, ['@fwk/image'])",
        "modules.sort()",
        "delete modules[0]",
    ],
)
def test_code_that_writes_a_value_makes_it_unchecked(use: str) -> None:
    source = f"const modules = ['@fwk/content']\n{use}\nexport default defineFwkConfig({{ modules }})\n"
    assert [d[0] for d in _check(source)].count("not-checked") == 1


def test_reading_the_config_object_builds_nothing_and_handing_it_to_a_function_may() -> None:
    read = "const config = { ssr: true }\nconsole.log(`ssr: ${config.ssr}`)\nexport default config\n"
    assert [d for d in _check(read) if d[0] == "not-checked"] == []
    handed = "const config = { ssr: true }\nextend(config)\nexport default config\n"
    assert [d[0] for d in _check(handed)] == ["not-checked"]
