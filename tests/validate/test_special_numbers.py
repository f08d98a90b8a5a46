"""Numbers JavaScript reads but Python would not hold as they are: ``1e999`` (Infinity), ``-1e999``, an integer of
5,000 digits. Put in every option of the catalogue, each is checked, dumped and resolved: a finding or none, never
an internal error (a port of ``1e999`` was an OverflowError; 5,000 digits a ValueError in every command)."""

from __future__ import annotations

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.source import ConfigDocument, DocumentError
from fwk_tui.validate import check_document

SPECIAL = ["1e999", "-1e999", "1" * 5000, "0x" + "f" * 5000, "1" * 400, "2e-400", "9007199254740993"]


def _with_every_option(written: str) -> str:
    catalog = load_catalog()
    doc = ConfigDocument.new()
    placed = []
    paths = [o.path for o in catalog.options if "*" not in o.path and "[" not in o.path]
    parents = {p.rsplit(".", 1)[0] for p in paths if "." in p}
    for path in paths:
        if path in parents:
            continue  # an object of options: its options get the number
        try:
            doc = doc.set(path, 0)
        except (KeyError, ValueError, TypeError, DocumentError):
            continue  # a path below another option's value (set here as a number): its own test
        placed.append(path)
    spans = [doc.span(path) for path in placed if doc.has(path) and doc.get(path) == 0]
    assert len(spans) > 200
    return doc.replace_spans([(s.start, s.end, written) for s in spans]).text


@pytest.mark.parametrize(
    "written",
    SPECIAL,
    ids=["Infinity", "-Infinity", "5000 digits", "5000 hex digits", "400 digits", "a tiny number", "past 2**53"],
)
def test_a_special_number_in_every_option_is_checked_without_an_internal_error(written: str) -> None:
    text = _with_every_option(written)
    doc = ConfigDocument.parse(text)
    for variant in ("A", "B"):
        result = check_document(doc, load_catalog(), variant=variant)
        assert result.diagnostics  # a number is no path nor a boolean: findings, each with its words
        assert all(d.message and "inf" not in d.message.split() for d in result.diagnostics)


def test_a_nul_in_every_option_is_read_without_an_internal_error(tmp_path: object) -> None:
    """A NUL in a layer's path was an internal error (`embedded null byte`) in check, resolve, why and migrate; a
    path may come from any option, so every option gets one: the commands answer, no internal error."""
    import subprocess
    import sys
    from pathlib import Path

    folder = Path(str(tmp_path))
    (folder / "fwk.config.ts").write_text(_with_every_option("'./x\\0y'"), encoding="utf-8")
    for command in (
        ["check"],
        ["resolve"],
        ["resolve", "--with-defaults"],
        ["why", "srcDir"],
        ["env"],
        ["migrate", "--dry-run"],
        ["migrate", "--dry-run", "--adopt"],
    ):
        run = subprocess.run(
            [sys.executable, "-m", "fwk_tui", *command], cwd=folder, capture_output=True, text=True, timeout=120
        )
        assert run.returncode in (0, 1, 2) and (run.returncode < 2 or run.stderr.count("\n") == 1), (
            command,
            run.stderr,
        )
        assert "internal error" not in run.stderr and "Traceback" not in run.stderr, (command, run.stderr[-800:])
