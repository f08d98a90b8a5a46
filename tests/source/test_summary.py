"""Code folded to one line: the spread and its condition stay visible, inner brackets fold first."""

from __future__ import annotations

import pytest

from fwk_tui.source import ConfigDocument, DocumentError
from fwk_tui.source.summary import one_line

MODULES = """\
[
  ...(process.env.ANALYZE
    ? ['@acme/analyzer', { mode: 'static', open: false, reportFilename: 'report.html' }]
    : []),
  '@acme/store', // state
]"""


def test_inner_brackets_fold_first_and_the_condition_stays() -> None:
    assert one_line(MODULES, 60) == "[ ...(process.env.ANALYZE ? […] : []), '@acme/store', ]"


def test_what_fits_is_shown_whole_without_comments() -> None:
    assert one_line(MODULES, 200) == (
        "[ ...(process.env.ANALYZE ? ['@acme/analyzer', { mode: 'static', open: false, "
        "reportFilename: 'report.html' }] : []), '@acme/store', ]"
    )


def test_too_narrow_shows_the_start_with_the_outer_brackets_open() -> None:
    assert one_line(MODULES, 20) == "[ ...(process.env.A…"


def test_a_method_folds_its_body() -> None:
    method = "async setup(app) {\n  const x = await load({ a: 1 })\n  app.use(x)\n}"
    assert one_line(method, 40) == "async setup(app) {…}"


def test_strings_keep_their_spaces_and_text_that_does_not_parse_is_squeezed() -> None:
    assert one_line("{ 'a  b': 'x  y' }", 40) == "{ 'a  b': 'x  y' }"
    assert one_line("fn(\n  1,", 40) == "fn( 1,"


def test_an_edit_through_code_names_the_code_folded() -> None:
    doc = ConfigDocument.parse("export default { router: merge({ base: '/a/long/base/path/' }, {\n  options: {} }) }\n")
    with pytest.raises(DocumentError) as caught:
        doc.set("router.options.strict", True)
    assert str(caught.value) == (
        "cannot edit router.options.strict: router is `merge({…}, {…})`, not an object or array"
    )
