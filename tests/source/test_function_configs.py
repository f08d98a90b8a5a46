"""A function that only returns an object literal is editable: edits touch the literal's bytes only."""

from __future__ import annotations

import pytest

from fwk_tui.source import ConfigDocument

# (what comes before the returned literal, the literal, what comes after it)
FUNCTION_CONFIGS = [
    ("export default defineFwkConfig(() => {\n  return ", "{\n    ssr: true,\n  }", "\n})\n"),
    ("export default defineFwkConfig(() => (", "{\n  ssr: true,\n}", "))\n"),
    ("export default () => (", "{ ssr: true }", ")\n"),
    ("export default async () => (", "{ ssr: true }", ") satisfies FwkConfig\n"),
    ("export default function () {\n  // why: the docs build reads it\n  return ", "{ ssr: true }", ";\n}\n"),
    ("export default async function config({ mode }) {\n  return ", "{ ssr: true, mode }", ";\n}\n"),
]


@pytest.mark.parametrize(("before", "literal", "after"), FUNCTION_CONFIGS)
def test_set_and_unset_write_only_inside_the_returned_literal(before: str, literal: str, after: str) -> None:
    doc = ConfigDocument.parse(before + literal + after)
    assert (doc.read_only, doc.built_by_code) == (None, None)
    text = doc.set("ssr", False).set("devServer.port", 4000).unset("ssr").text
    assert text.startswith(before) and text.endswith(after)
    values = ConfigDocument.parse(text).values()
    assert values["devServer"] == {"port": 4000} and "ssr" not in values


def test_an_edit_of_a_function_config_changes_only_the_value() -> None:
    source = "export default defineFwkConfig(() => {\n  return {\n    ssr: true,\n  }\n})\n"
    assert ConfigDocument.parse(source).set("ssr", False).text == source.replace("true", "false")


@pytest.mark.parametrize(
    ("source", "line"),
    [
        ("export default async () => {\n  const base = await load()\n  return { ssr: base.ssr }\n}\n", 2),
        ("export default () => {\n  if (process.env.CI) return { ssr: false }\n  return { ssr: true }\n}\n", 2),
        ("const config = { ssr: true }\nextend(config)\nexport default config\n", 2),
        ("const config = { ssr: true }\nconfig.modules = []\nexport default config\n", 2),
    ],
)
def test_code_that_builds_the_config_keeps_it_read_only_in_one_line(source: str, line: int) -> None:
    doc = ConfigDocument.parse(source)
    assert doc.built_by_code is not None and doc.built_by_code.line == line
    assert doc.read_only is not None
    assert "\n" not in doc.read_only and doc.read_only.endswith(f"(line {line})")
    assert doc.read_only.startswith("the config is built by code: ")


def test_a_long_chain_of_constants_is_followed_without_a_crash() -> None:
    # Each constant names the one before it: followed in a loop, not one Python frame per name.
    chain = "".join(f"const a{i} = a{i - 1}\n" for i in range(1, 5000))
    doc = ConfigDocument.parse(f"const a0 = {{ ssr: true }}\n{chain}export default defineFwkConfig(() => a4999)\n")
    assert (doc.values(), doc.read_only) == ({"ssr": True}, None)
    assert doc.set("ssr", False).text.startswith("const a0 = { ssr: false }\n")
