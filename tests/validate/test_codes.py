"""Every diagnostic has a stable code, explained, and docs/rules.md is generated from them."""

from __future__ import annotations

import re
from pathlib import Path

from fwk_tui.catalog import load_catalog
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import check_document
from fwk_tui.validate.codes import CODES
from fwk_tui.validate.explain import code_doc, code_docs, rules_markdown
from fwk_tui.validate.keys import KEY_RULES
from fwk_tui.validate.rules import RULES

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_codes_are_unique_and_grouped() -> None:
    codes = list(CODES.values())
    assert len(codes) == len(set(codes))
    assert all(re.fullmatch(r"FWK[1-5]\d\d", c) for c in codes)
    assert all(CODES[r.id].startswith("FWK3") for r in RULES)  # the reference's rules are 3xx


def test_every_rule_that_can_report_has_a_code_and_an_explanation() -> None:
    for rule_id in [r.id for r in RULES] + sorted(KEY_RULES) + ["type", "undocumented-shape", "prototype-key"]:
        assert rule_id in CODES, rule_id
        doc = code_doc(CODES[rule_id])
        assert doc is not None and doc.title and doc.todo and doc.reference, rule_id


def test_a_broken_config_never_gets_the_placeholder_code() -> None:
    doc = ConfigDocument.parse(
        "export default defineFwkConfig({ ssr: 'yes', unhead: {}, devServer: { prot: 1 }, modules: ['', 'a', 'a'],"
        " runtimeConfig: { public: { apiSecret: 'x' } }, i18n: {}, __proto__: {} })"
    )
    found = check_document(doc, load_catalog()).diagnostics
    assert len(found) >= 6
    assert "FWK000" not in {d.code for d in found}
    assert {d.code for d in found} >= {"FWK201", "FWK103", "FWK101", "FWK324", "FWK325", "FWK321"}


def test_docs_rules_md_is_generated_from_the_code() -> None:
    assert DOCS.read_text(encoding="utf-8") == rules_markdown(), (
        "docs/rules.md is stale: .venv/bin/python -m fwk_tui.validate.explain > docs/rules.md"
    )
    for d in code_docs():
        assert f"## {d.code}" in rules_markdown()
