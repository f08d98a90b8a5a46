"""Removing a key a later spread surely replaces is harmless: the session does not ask about it on save."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwk_tui.catalog import Catalog, load_catalog
from fwk_tui.session import EditSession

CONFIG = """\
const common = { ssr: false, devServer: { port: 4100 } }
const early = { app: { baseURL: '/docs/' } }
export default defineFwkConfig({
  ...early,
  app: { baseURL: '/' },
  ssr: true,
  devServer: { host: '0.0.0.0' },
  ...common,
  ...(process.env.CI ? { modules: [] } : {}),
  modules: ['@fwk/ui'],
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


@pytest.mark.parametrize("path", ["ssr", "devServer.host"])
def test_resetting_a_key_a_later_spread_replaces_asks_nothing(session: EditSession, path: str) -> None:
    assert session.reset(path)
    assert session.spread_notes() == []


def test_resetting_a_key_that_reveals_an_earlier_spread_is_still_noted(session: EditSession) -> None:
    assert session.reset("app.baseURL")
    assert [(p, n.outcome) for p, n in session.spread_notes()] == [("app.baseURL", "reveals")]


def test_setting_a_key_a_later_spread_replaces_is_still_noted(session: EditSession) -> None:
    session.set("ssr", False)
    assert [(p, n.outcome) for p, n in session.spread_notes()] == [("ssr", "overridden")]
