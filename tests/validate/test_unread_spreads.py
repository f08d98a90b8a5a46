"""A spread fwk-tui cannot read may set what a rule would judge: the rule does not judge it."""

from __future__ import annotations

from fwk_tui.catalog import load_catalog
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import check_document


def codes(text: str) -> list[str]:
    return [d.code for d in check_document(ConfigDocument.parse(text), load_catalog(), "A").diagnostics]


HASH = "router: { options: { hashMode: true } },\n  spaLoadingTemplate: 'loading.html',"


def test_an_imported_spread_may_turn_ssr_off_so_hash_mode_is_not_an_error() -> None:
    text = f"import spa from './spa'\nexport default defineFwkConfig({{\n  ...spa,\n  {HASH}\n}})\n"
    assert codes(text) == ["FWK401"]


def test_a_value_written_before_the_spread_may_be_replaced_by_it() -> None:
    text = f"import spa from './spa'\nexport default defineFwkConfig({{\n  ssr: true,\n  ...spa,\n  {HASH}\n}})\n"
    assert "FWK304" not in codes(text)


def test_a_value_written_after_the_spread_is_what_the_app_gets() -> None:
    text = f"import spa from './spa'\nexport default defineFwkConfig({{\n  ...spa,\n  ssr: true,\n  {HASH}\n}})\n"
    assert "FWK304" in codes(text) and "FWK305" in codes(text)


def test_without_a_spread_the_default_ssr_is_judged() -> None:
    text = f"export default defineFwkConfig({{\n  {HASH}\n}})\n"
    assert "FWK304" in codes(text) and "FWK305" in codes(text)
