"""The secret-in-public rule weighs evidence: publishable keys pass, a name alone is a question (info)."""

from __future__ import annotations

from fwk_tui.catalog import load_catalog
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import check_document

CONFIG = """\
export default defineFwkConfig({
  runtimeConfig: {
    apiSecret: '',
    public: {
      algoliaSearchKey: 'b2c0ffee',
      stripePublishableKey: 'pk_live_51H',
      stripeKey: 'pk_test_51H',
      mapboxToken: 'pk.eyJ1IjoiZXhhbXBsZSJ9',
      analyticsKey: 'G-ABC123',
      recaptchaSiteKey: '6Lc',
      apiKey: 'x1',
      webhookKey: process.env.WEBHOOK_SECRET,
      adminPassword: 'hunter2',
      paymentKey: 'sk_live_51H',
      serviceToken: '',
      apiBase: '/api',
    },
  },
})
"""


def test_each_key_gets_what_its_evidence_supports() -> None:
    found = check_document(ConfigDocument.parse(CONFIG), load_catalog(), "A").diagnostics
    got = {d.path.rsplit(".", 1)[1]: (d.severity, d.message.split(",")[0]) for d in found if d.code == "FWK321"}
    assert got == {
        "apiKey": ("info", "is apiKey a secret? only its name hints so"),
        "webhookKey": ("warning", "is webhookKey a secret? it is read from WEBHOOK_SECRET"),
        "adminPassword": ("warning", "is adminPassword a secret? its name says password"),
        "paymentKey": ("warning", "is paymentKey a secret? its value has the shape of a secret key"),
        "serviceToken": ("warning", "is serviceToken a secret? its name says token"),
    }
