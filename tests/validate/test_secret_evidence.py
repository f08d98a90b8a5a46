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


NAMES_OF_SECRETS = """\
export default defineFwkConfig({
  runtimeConfig: {
    public: {
      csrfTokenName: 'XSRF-TOKEN',
      authTokenHeader: 'Authorization',
      passwordMinLength: 8,
      secretPageEnabled: true,
      posthogKey: 'phc_9aZ',
      supabaseAnonKey: 'eyJhbGciOi',
      supabaseKey: process.env.SUPABASE_SERVICE_ROLE_KEY,
      databaseUrl: 'postgres://admin:hunter2@db.acme.com:5432/prod',
      docsUrl: 'https://user@docs.acme.com/',
      token: 'abc',
      firebaseApiKey: 'AIzaSyD-example',
    },
  },
})
"""


def test_the_name_of_a_secret_or_a_number_is_no_secret_and_credentials_in_a_url_are() -> None:
    found = check_document(ConfigDocument.parse(NAMES_OF_SECRETS), load_catalog(), "A").diagnostics
    got = {d.path.rsplit(".", 1)[1]: (d.severity, d.message.split(",")[0], d.line) for d in found if d.code == "FWK321"}
    assert got == {
        "supabaseKey": ("warning", "is supabaseKey a secret? it is read from SUPABASE_SERVICE_ROLE_KEY", 10),
        "databaseUrl": ("warning", "is databaseUrl a secret? its value is a URL with a password in it", 11),
        "token": ("warning", "is token a secret? its name says token", 13),
        "firebaseApiKey": ("info", "is firebaseApiKey a secret? only its name hints so", 14),
    }


def test_switches_made_from_secrets_and_fetch_options_are_not_secrets() -> None:
    config = """\
export default defineFwkConfig({
  runtimeConfig: {
    public: {
      hasToken: !!process.env.API_TOKEN,
      secretMode: process.env.SECRET_MODE === 'on',
      tokenSet: Boolean(process.env.TOKEN),
      fetch: { credentials: 'include', mode: 'cors' },
      leakedToken: process.env.API_TOKEN,
      credentials: 'hunter2',
    },
  },
})
"""
    found = check_document(ConfigDocument.parse(config), load_catalog(), "A").diagnostics
    got = {d.path.split(".", 2)[2] for d in found if d.code == "FWK321"}
    assert got == {"leakedToken", "credentials"}  # the secret read itself, and a real credential, still flagged
