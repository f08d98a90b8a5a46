"""Finding the config object behind the default export, and when it is read-only."""

from __future__ import annotations

import pytest

from fwk_tui.source import ConfigDocument, DocumentError, ReadOnlyError
from fwk_tui.source.values import Code


@pytest.mark.parametrize(
    "source",
    [
        "export default defineFwkConfig({ a: 1 })",
        "export default { a: 1 }",
        "module.exports = { a: 1 }",
        "export default ({ a: 1 })",
        "export default { a: 1 } satisfies FwkConfig",
        "export default { a: 1 } as FwkConfig",
        "export default { a: 1 } as const",
        "export default defineFwkConfig({ a: 1 }) as FwkConfig;",
        "export default defineFwkConfig({ a: 1 } satisfies FwkConfig)",
        "export default fwkConfig({ a: 1 })",
        "export default defineFwkConfig<Cfg>({ a: 1 })",
        "const config = { a: 1 }\nexport default defineFwkConfig(config)",
        "const config = { a: 1 }\nexport default config",
        "let config: FwkConfig = { a: 1 }\nexport default config",
        "const base = { a: 1 }\nconst config = base\nexport default config",
        "export const config = { a: 1 }\nexport default config",
        "const config = defineFwkConfig({ a: 1 })\nexport default config",
        "const config = { a: 1 }\nmodule.exports = config",
        # A function that only returns a literal: the literal is the config.
        "export default () => ({ a: 1 })",
        "export default defineFwkConfig(() => { return { a: 1 } })",
        "export default defineFwkConfig(async () => ({ a: 1 }))",
        "export default function () {\n  // the config\n  return { a: 1 };\n}",
        "export default async function config() { return { a: 1 } }",
        "const config = { a: 1 }\nexport default () => config",
        "const make = () => ({ a: 1 })\nexport default make",
        "function config() {\n  return { a: 1 }\n}\nexport default defineFwkConfig(config)",
    ],
)
def test_config_object_is_found_and_editable(source: str) -> None:
    doc = ConfigDocument.parse(source)
    assert doc.read_only is None
    assert doc.values() == {"a": 1}
    assert doc.set("a", 2).get("a") == 2


@pytest.mark.parametrize(
    ("source", "reason", "values"),
    [
        ("export default function () { const x = 1; return x }", "runs `const x = 1;` before it returns", {}),
        ("export default () => { const x = 1; return { a: x } }", "runs `const x = 1;`", {"a": Code("x")}),
        ("export default () => { if (x) return { a: 2 }; return { a: 1 } }", "runs `if (x)", {"a": 1}),
        ("export default () => { if (x) { return { a: 1 } } }", "a function's code decides", {}),
        ("const config = { a: 1 }\nexport default (config) => config", "`config` is bound inside", {}),
        ("export default function* () { yield { a: 1 } }", "a generator function", {}),
        ("const config = { a: 1 }\nconfig.b = 2\nexport default config", "`config.b = 2` may change `config`", {"a": 1}),
        ("const config = { a: 1 }\nObject.assign(config, x)\nexport default config", "(line 2)", {"a": 1}),
        ("import config from './base'\nexport default config", "imported from './base'", {}),
        ("export default config", "not defined in this file", {}),
        ("export default merge({ a: 1 }, base)", "`merge({ a: 1 }, base)` makes it", {}),
        ("export default defineFwkConfig(make())", "`make()` makes it", {}),
        ("export default 42", "not an object literal", {}),
    ],
)
def test_configs_built_by_code_open_read_only(source: str, reason: str, values: dict[str, object]) -> None:
    doc = ConfigDocument.parse(source)
    assert doc.read_only is not None and reason in doc.read_only
    assert doc.values() == values
    with pytest.raises(ReadOnlyError, match="read-only"):
        doc.set("a", 3)
    with pytest.raises(ReadOnlyError):
        doc.unset("a")


def test_use_of_config_inside_a_function_does_not_make_it_read_only() -> None:
    source = "const config = { a: 1 }\nfunction later() { config.b = 2 }\nexport default config"
    assert ConfigDocument.parse(source).read_only is None


@pytest.mark.parametrize("source", ["const a = 1", "export const a = { b: 1 }", "// only a comment"])
def test_no_default_export_is_an_error(source: str) -> None:
    with pytest.raises(DocumentError, match="no `export default` or `module.exports ="):
        ConfigDocument.parse(source)


def test_new_document_is_the_starter_file() -> None:
    doc = ConfigDocument.new()
    assert doc.text == "export default defineFwkConfig({\n})\n"
    assert doc.values() == {}
    assert doc.read_only is None
