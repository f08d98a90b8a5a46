"""The session says which unsaved edits a spread of the same object overrides or hides at run time."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwk_tui.catalog import Catalog, load_catalog
from fwk_tui.session import EditSession

CONFIG = """\
const shared = { router: { base: '/guide/' }, dev: false }
export default defineFwkConfig({
  ...shared,
  ssr: true,
})
"""


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


@pytest.fixture
def session(tmp_path: Path, catalog: Catalog) -> EditSession:
    path = tmp_path / "fwk.config.ts"
    path.write_text(CONFIG)
    return EditSession.open(path, catalog)


def messages(session: EditSession) -> list[tuple[str, str]]:
    return [(path, note.message()) for path, note in session.spread_notes()]


def test_an_edit_that_hides_a_spreads_value_is_noted_at_its_path(session: EditSession) -> None:
    assert session.spread_notes() == []
    session.set("router.options.strict", True)
    assert messages(session) == [
        (
            "router.options.strict",
            "`...shared`: `shared` (line 1) sets router: { base: '/guide/' }, which this edit replaces at run "
            "time (a key written after a spread wins over it)",
        )
    ]


def test_undo_and_save_clear_the_notes(session: EditSession) -> None:
    session.set("router.options.strict", True)
    session.undo()
    assert session.spread_notes() == []
    session.redo()
    assert len(session.spread_notes()) == 1
    session.save()
    assert session.spread_notes() == []


def test_an_edit_of_a_key_the_spread_does_not_hold_is_not_noted(session: EditSession) -> None:
    session.set("ssr", False)
    session.set("telemetry", False)
    assert session.spread_notes() == []


def test_removing_a_key_an_earlier_spread_holds_is_noted(tmp_path: Path, catalog: Catalog) -> None:
    path = tmp_path / "fwk.config.ts"
    path.write_text("const shared = { dev: false }\nexport default { ...shared, dev: true }\n")
    session = EditSession.open(path, catalog)
    session.unset("dev")
    assert messages(session) == [
        ("dev", "`...shared`: `shared` (line 1) sets dev: false, which shows at run time once the key written "
         "after the spread is removed")
    ]
