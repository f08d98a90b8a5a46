"""The values real projects write that the framework takes: what check says of each, and the framework's types agree.

Each case is a config a user wrote (the cases of the round that found check wrong on
working projects); the framework's own types (tests/framework_types.py) say whether
they take it, and check must give no error where they do.
"""

from __future__ import annotations

import pytest

from fwk_tui.catalog.models import Variant
from fwk_tui.validate import Diagnostic
from tests.framework_types import framework_accepts, to_framework
from tests.validate.helpers import diagnose

# body (inside the config object), variant, the path spoken of, what check says there: (severity, code) or None
EXAMPLES: list[tuple[str, Variant, str, tuple[str, str] | None]] = [
    ("compatibilityDate: 'latest'", "A", "compatibilityDate", ("info", "FWK202")),
    ("plugins: [{ src: '~/plugins/a.ts', mode: 'all' }]", "A", "plugins[0].mode", ("info", "FWK202")),
    ("future: { compatibilityVersion: 5 }", "A", "future.compatibilityVersion", ("info", "FWK202")),
    ("components: ['~/components']", "A", "components", ("info", "FWK202")),
    ("components: true", "A", "components", ("info", "FWK202")),
    ("modules: [['@fwkjs/pwa'], '@fwk/content']", "A", "modules[0]", ("info", "FWK202")),
    ("imports: { presets: [{ from: 'x', imports: ['a'] }] }", "A", "imports.presets", ("info", "FWK109")),
    ("imports: { autoImport: false }", "A", "imports.autoImport", ("info", "FWK109")),
    ("imports: { transform: { include: [/x/] } }", "A", "imports.transform", ("info", "FWK109")),
    ("imports: { polyfills: true }", "A", "imports.polyfills", ("info", "FWK109")),
    ("imports: { imports: [{ name: 'a', from: 'b' }] }", "A", "imports.imports", ("info", "FWK109")),
    (
        "experimental: { defaults: { fwkLink: { prefetchOn: { interaction: true } } } }",
        "A",
        "experimental.defaults.fwkLink.prefetchOn.interaction",
        ("info", "FWK109"),
    ),
    ("devtools: true", "A", "devtools", ("info", "FWK202")),
    ("devtools: { enabled: true }", "B", "devtools", None),
    ("vbuild: { server: { ws: false } }", "A", "vbuild.server.ws", None),  # handed to the bundler: no "did you mean"
    ("telemetry: { enabled: false }", "A", "telemetry", ("info", "FWK202")),
    ("app: { viewTransition: 'always' }", "A", "app.viewTransition", ("info", "FWK202")),
    ("devServer: { https: { pfx: './a.pfx', passphrase: 'x' } }", "A", "devServer.https", ("info", "FWK202")),
]


def _said(found: list[Diagnostic], path: str) -> tuple[str, str] | None:
    from fwk_tui.validate.codes import code_of

    here = [(d.severity, code_of(d.rule)) for d in found if d.path == path and d.rule != "other-variant"]
    assert len(here) <= 1, here
    return here[0] if here else None


@pytest.fixture(scope="module")
def framework_says() -> dict[str, bool]:
    texts = {body: to_framework(f"{{ {body} }}") for body, _, _, _ in EXAMPLES}
    majors = {body: {"A": 4, "B": 3}[variant] for body, variant, _, _ in EXAMPLES}
    return {body: ok for body, (ok, _) in framework_accepts(texts, majors).items()}


@pytest.mark.parametrize(("body", "variant", "path", "said"), EXAMPLES, ids=[e[0][:60] for e in EXAMPLES])
def test_a_value_the_framework_takes_is_no_error(
    framework_says: dict[str, bool], body: str, variant: Variant, path: str, said: tuple[str, str] | None
) -> None:
    assert framework_says[body] or path.startswith("vbuild."), f"the framework's types refuse {body}"
    found = diagnose(f"{body},", variant)
    assert not [d for d in found if d.severity == "error"], found
    assert _said(found, path) == said


def test_a_value_the_framework_refuses_is_still_said() -> None:
    # The framework's types (3.21.11 and 4.6.4) take 'manual' | 'automatic' | 'automatic-immediate' | false only.
    says = framework_accepts(
        {"reload": to_framework("{ experimental: { emitRouteChunkError: 'reload' } }")}, {"reload": 3}
    )
    assert says["reload"][0] is False
    found = diagnose("experimental: { emitRouteChunkError: 'reload' },", "B")
    assert [(d.severity, d.path) for d in found] == [("error", "experimental.emitRouteChunkError")]
    # variant A lists no children of experimental: what B documents is checked, a warning at most
    found = diagnose("experimental: { emitRouteChunkError: 'reload' },", "A")
    assert ("warning", "experimental.emitRouteChunkError") in [(d.severity, d.path) for d in found]


def test_an_older_major_key_points_at_the_successor_the_catalogue_has() -> None:
    found = diagnose("build: { postcss: { plugins: {} } },", "A")
    [d] = [d for d in found if d.path == "build.postcss"]
    assert (d.severity, d.rule) == ("warning", "older-major-key")
    assert "use cssproc (the top-level CSS post-processor options)" in d.message


def test_what_real_projects_write_beyond_the_first_examples() -> None:
    # Found on real public projects: each of these works, and check says so.
    found = diagnose("cssproc: { plugins: { cssminifier: false, prefixer: false } },")
    assert [(d.severity, d.path) for d in found] == [
        ("info", "cssproc.plugins.cssminifier"),  # `false | Options`: the framework skips the plugin
        ("info", "cssproc.plugins.prefixer"),
    ]
    [d] = diagnose("scripts: false,")  # a module's key set to false turns that module off
    assert (d.severity, d.message) == (
        "info",
        "scripts is not in the reference: false turns off the module whose options it names",
    )
    # a module's public namespace named for analytics holds publishable values
    assert diagnose("runtimeConfig: { public: { scripts: { cloudflareWebAnalytics: { token: '' } } } },") == []
    # an SDK's API key read from RAMP_API_KEY: the variable's name hints no more than the key's
    [d] = diagnose("runtimeConfig: { public: { rampApiKey: process.env.RAMP_API_KEY } },")
    assert d.severity == "info"
    # a secret-named variable still warns
    [d] = diagnose("runtimeConfig: { public: { supabase: process.env.SUPABASE_SERVICE_ROLE_KEY } },")
    assert d.severity == "warning"


def test_a_value_a_conditional_spread_may_replace_is_used_when_the_condition_does_not_hold() -> None:
    body = "cssproc: { plugins: { cssminifier: false, ...(process.env.NODE_ENV === 'production' ? { cssminifier: {} } : {}) } },"
    found = [d for d in diagnose(body) if d.rule == "overridden-by-spread"]
    assert [(d.severity, d.path) for d in found] == [("info", "cssproc.plugins.cssminifier")]
    assert "this value is used only when that does not hold" in found[0].message
    found = [d for d in diagnose("ssr: true, ...{ ssr: false },") if d.rule == "overridden-by-spread"]
    assert [(d.severity, d.message.endswith("this value has no effect")) for d in found] == [("warning", True)]
