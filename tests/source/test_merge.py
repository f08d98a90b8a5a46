"""ConfigDocument.merge: a misspelt object's members join the object it meant, as written, and it goes."""

from __future__ import annotations

import pytest

from fwk_tui.source import ConfigDocument, DocumentError


def merged(text: str, prefer: str = "existing", path: str = "devServr", into: str = "devServer") -> str:
    return ConfigDocument.parse(text).merge(path, into, prefer=prefer).text  # type: ignore[arg-type]


def test_the_members_join_the_object_in_its_own_layout_and_nothing_else_changes() -> None:
    text = "export default {\n  devServr: { port: 3000 },\n  devServer: { host: 'x' },\n  ssr: true,\n}\n"
    assert merged(text) == "export default {\n  devServer: { host: 'x', port: 3000 },\n  ssr: true,\n}\n"


def test_members_travel_as_written_with_their_comments() -> None:
    text = """\
export default defineFwkConfig({
  devServer: {
    host: 'x',
  },
  devServr: {
    // the port the team uses
    'port': 0x0BB8, // 3000
    loadingTemplate(data) { return data.html },
    https: { key: './key.pem' },
  },
})
"""
    assert merged(text) == """\
export default defineFwkConfig({
  devServer: {
    host: 'x',
    // the port the team uses
    'port': 0x0BB8, // 3000
    loadingTemplate(data) { return data.html },
    https: { key: './key.pem' },
  },
})
"""


def test_a_file_without_trailing_commas_keeps_none() -> None:
    text = "export default {\n  devServer: {\n    host: 'x'\n  },\n  devServr: {\n    port: 3000\n  }\n}\n"
    assert merged(text) == "export default {\n  devServer: {\n    host: 'x',\n    port: 3000\n  }\n}\n"


def test_objects_written_in_both_merge_key_by_key() -> None:
    text = "export default {\n  devServr: { https: { key: 'k' } },\n  devServer: { https: { cert: 'c' } },\n}\n"
    assert merged(text) == "export default {\n  devServer: { https: { cert: 'c', key: 'k' } },\n}\n"


@pytest.mark.parametrize(
    ("prefer", "port"),
    [("existing", "4000"), ("moved", "3000")],
)
def test_a_key_set_in_both_keeps_the_value_prefer_names(prefer: str, port: str) -> None:
    text = "export default {\n  devServer: { port: 4000, host: 'x' },\n  devServr: { port: 3000, https: true },\n}\n"
    assert merged(text, prefer) == f"export default {{\n  devServer: {{ port: {port}, host: 'x', https: true }},\n}}\n"


def test_an_empty_object_takes_the_other_as_written() -> None:
    text = "export default {\n  devServer: {},\n  devServr: { port: 3000, /* ours */ },\n}\n"
    assert merged(text) == "export default {\n  devServer: { port: 3000, /* ours */ },\n}\n"


def test_nested_objects_and_environment_sections() -> None:
    text = "export default {\n  $production: {\n    app: { hed: { title: 'x' }, head: { meta: [] } },\n  },\n}\n"
    doc = ConfigDocument.parse(text).merge("$production.app.hed", "$production.app.head")
    assert doc.text == "export default {\n  $production: {\n    app: { head: { meta: [], title: 'x' } },\n  },\n}\n"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("export default { devServr: { ...base }, devServer: {} }\n", "has no key"),
        ("export default { devServr: 3000, devServer: {} }\n", "not an object literal"),
        ("export default { devServr: { port: 1 }, devServer: make() }\n", "not an object literal"),
        ("export default { devServr: { port: 1 }, devServer: { [k]: 1 } }\n", "has no key"),
    ],
)
def test_what_cannot_merge_key_by_key_is_refused_and_changes_nothing(text: str, why: str) -> None:
    with pytest.raises(DocumentError, match=why):
        merged(text)


def test_a_missing_object_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        merged("export default { devServr: { port: 1 } }\n")


def test_a_value_taken_brings_its_comment_when_the_line_there_has_room() -> None:
    text = (
        "export default {\n  devServer: {\n    port: 4000,\n    host: 'x', // ours\n  },\n"
        "  devServr: {\n    port: 3000, // the team's port\n    host: 'y', // theirs\n  },\n}\n"
    )
    assert merged(text, "moved") == (
        "export default {\n  devServer: {\n    port: 3000, // the team's port\n    host: 'y', // ours\n  },\n}\n"
    )
