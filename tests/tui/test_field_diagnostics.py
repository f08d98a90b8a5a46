"""Each field shows the diagnostics of its value and of an unshown object holding it, found per top key."""

from __future__ import annotations

import random

from fwk_tui.catalog import load_catalog
from fwk_tui.paths import format_path
from fwk_tui.source import ConfigDocument, DocumentError, ParseError
from fwk_tui.tui.form_problems import field_diagnostics, fields_diagnostics
from fwk_tui.validate import Diagnostic, check_document
from tests.validate.helpers import corpus_files

ODD = """\
export default defineFwkConfig({
  devServer: { port: 'x', host: 5 },
  dev: true,
  devtools: { enabled: 'yes' },
  app: { baseURL: 3, head: { title: 4 } },
  'app.x': 1,
  alias: { '@': 1, 'a.b': 2 },
  routeRules: { '/api/**': { cors: 'no' } },
})
"""


def _same_as_one_field_at_a_time(diagnostics: list[Diagnostic], shown: list[str]) -> None:
    grouped = fields_diagnostics(diagnostics, shown)
    assert grouped == {path: field_diagnostics(diagnostics, path, shown) for path in shown}


def test_the_grouping_finds_what_a_look_at_every_diagnostic_finds() -> None:
    doc = ConfigDocument.parse(ODD)
    diagnostics = check_document(doc, load_catalog(), "A", positions=False).diagnostics
    paths = [format_path(e.path) for e in doc.entries()]
    assert len(diagnostics) >= 6
    # fields at every depth, some prefixes of others, some not shown (so an object's diagnostic is held below)
    for shown in (paths, [p for p in paths if p.count(".") == 1], [p for p in paths if "[" in p or "." not in p]):
        _same_as_one_field_at_a_time(diagnostics, shown)
    port = fields_diagnostics(diagnostics, ["devServer.port", "devServer.host", "app.baseURL"])
    assert [d.path for d in port["devServer.port"]] == ["devServer.port"]
    assert [d.path for d in port["app.baseURL"]] == ["app.baseURL"]


def test_the_grouping_agrees_on_every_corpus_file() -> None:
    files, error = corpus_files()
    assert not error, error
    catalog = load_catalog()
    checked = 0
    for file in files:
        try:
            doc = ConfigDocument.from_bytes(file.read_bytes(), file.name)
        except (ParseError, DocumentError):
            continue
        diagnostics = check_document(doc, catalog, "A", positions=False).diagnostics
        paths = [format_path(e.path) for e in doc.entries()]
        _same_as_one_field_at_a_time(diagnostics, paths)
        _same_as_one_field_at_a_time(diagnostics, [p for p in paths if p.count(".") <= 1])
        checked += bool(diagnostics)
    assert checked > 10


def test_the_index_finds_what_a_look_at_every_diagnostic_finds_for_any_paths() -> None:
    """Random fields and diagnostics (quoted keys holding dots and brackets, items, the file's own ""): each
    field gets what the one-field definition gives it, in the same order."""
    rng = random.Random(7)
    words = ["app", "head", '["a.b"]', '["x[0]"]', "[0]", "[1]", "meta", "a"]

    def path() -> str:
        out = rng.choice(["app", "a", "ssr"])
        for _ in range(rng.randrange(4)):
            word = rng.choice(words)
            out += word if word.startswith("[") else "." + word
        return out

    for _ in range(300):
        shown = list(dict.fromkeys(rng.choice([path(), path(), ""]) for _ in range(rng.randrange(1, 10))))
        diagnostics = [
            Diagnostic("error", rng.choice([path(), "", *shown]), f"m{i}", "r") for i in range(rng.randrange(12))
        ]
        _same_as_one_field_at_a_time(diagnostics, shown)
