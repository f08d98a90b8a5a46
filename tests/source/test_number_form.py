"""A number literal the file writes otherwise than typed (``1.10`` as 1.1): found, with what it becomes."""

from __future__ import annotations

import pytest

from fwk_tui.source import ConfigDocument, read_expression
from fwk_tui.source.number_form import reshaped_number


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("1.10", "1.1"),
        ("2.0", "2"),
        ("1e3", "1000"),
        ("1E3", "1000"),
        ("-1.0", "-1"),
        ("+5", "5"),
        ("0x10", "16"),
        ("1_000", "1000"),
        (".5", "0.5"),
        ("5.", "5"),
        ("1e21", "1e+21"),
        ("9007199254740993", "9007199254740992"),  # past 2**53: another number
        ("-1e999", "-Infinity"),
        (" 1.10 ", "1.1"),
    ],
)
def test_a_number_written_back_otherwise_says_how(text: str, written: str) -> None:
    found = reshaped_number(text)
    assert found is not None and (found.typed, found.written) == (text.strip(), written)
    # `written` is what the document engine writes for that value.
    doc = ConfigDocument.parse("export default defineFwkConfig({ v: 1 })\n").set(("v",), found.value)
    assert f"v: {written} " in doc.text
    if "Infinity" not in written:  # -Infinity is a name: code, not a literal
        assert read_expression(written) == found.value


@pytest.mark.parametrize("text", ["42", "1.5", "-3", "-0", "0.1", "1e-7", "0", "007", "08", "(1)", "1.2.3", "1 + 1",
                                  "abc", "", "1__0", "true", "'1.10'"])
def test_a_number_that_keeps_its_form_or_no_number_is_none(text: str) -> None:
    assert reshaped_number(text) is None
