"""Go to definition: a key a layer also sets, to that layer's key; a layer's source, to its config file."""

from __future__ import annotations

from pathlib import Path

from lsprotocol.types import Location, Position

from fwk_tui.lsp.definition import definition
from fwk_tui.lsp.knowledge import Knowledge
from fwk_tui.project import Project
from fwk_tui.source import load_document
from tests.lsp.knowledge_helpers import PROJECTS, catalog, config_text, document_or_none, knowledge, position_in


def _converter(file: Path):  # type: ignore[no-untyped-def]
    return position_in(file.read_text(encoding="utf-8"))


def _definition(project: str, word: str, env: str | None = None, nth: int = 0) -> list[tuple[str, int, int]]:
    file = PROJECTS / project / "fwk.config.ts"
    doc = load_document(file)
    ctx = Knowledge.of(catalog(), doc, Project.at(file, env=env, environ={}))
    at = -1
    for _ in range(nth + 1):
        at = doc.text.index(word, at + 1)
    found: list[Location] = definition(doc, at + 1, ctx, _converter)
    return [(_relative(loc.uri, project), loc.range.start.line, loc.range.start.character) for loc in found]


def _relative(uri: str, project: str) -> str:
    return str(Path(uri.removeprefix("file://")).relative_to((PROJECTS / project).resolve()))


def _text_at(project: str, file: str, line: int, character: int, length: int) -> str:
    text = (PROJECTS / project / file).read_text(encoding="utf-8").splitlines()[line]
    return text[character : character + length]


def test_a_key_a_layer_also_sets_goes_to_the_layer_key() -> None:
    found = _definition("merge", "baseURL")
    assert found == [("base/fwk.config.ts", 3, 9)]
    assert _text_at("merge", "base/fwk.config.ts", 3, 9, 7) == "baseURL"


def test_a_list_joined_from_two_layers_goes_to_both() -> None:
    found = _definition("merge", "modules")
    assert sorted(found) == [("base/deeper/fwk.config.ts", 1, 2), ("base/fwk.config.ts", 4, 2)]
    assert _text_at("merge", "base/deeper/fwk.config.ts", 1, 2, 7) == "modules"


def test_a_layer_source_goes_to_the_layer_config_file() -> None:
    assert _definition("merge", "'./base'") == [("base/fwk.config.ts", 0, 0)]
    assert _definition("merge", "'./theme'")[0][0].startswith("theme/")


def test_an_environment_section_of_the_same_file_when_that_environment_is_chosen() -> None:
    assert _definition("questions", "baseURL") == []
    found = _definition("questions", "baseURL", env="production")
    assert ("fwk.config.ts", 7, 24) in found
    assert _text_at("questions", "fwk.config.ts", 7, 24, 7) == "baseURL"


def test_nothing_for_a_key_only_the_file_sets_or_without_a_file() -> None:
    assert _definition("merge", "$meta") == []
    text = config_text("  ssr: false,")
    doc = document_or_none(text)
    assert doc is not None
    assert definition(doc, text.index("ssr"), knowledge(), lambda _f: lambda o: Position(0, o)) == []
