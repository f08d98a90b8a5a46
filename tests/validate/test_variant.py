"""Variant detection: which signal decides, and the reason given."""

from __future__ import annotations

from fwk_tui.catalog import load_catalog
from fwk_tui.validate import Layout, detect_variant
from tests.validate.helpers import config


def detect(body: str, layout: Layout | None = None) -> tuple[str, str]:
    choice = detect_variant(load_catalog(), config(body).values(), layout)
    return choice.variant, choice.reason


def test_compatibility_version_4_is_variant_a() -> None:
    assert detect("future: { compatibilityVersion: 4 },") == (
        "A",
        "future.compatibilityVersion is 4 (v4 behaviour, application-directory layout)",
    )


def test_compatibility_version_3_is_variant_b_even_with_an_app_folder() -> None:
    layout = Layout.of(["app", "fwk.config.ts"], ["pages", "app.vue"])
    assert detect("future: { compatibilityVersion: 3 },", layout)[0] == "B"


def test_src_dir_decides_before_the_folder() -> None:
    assert detect("srcDir: 'app/',") == ("A", "srcDir is 'app'")
    assert detect("srcDir: 'src',", Layout.of(["app"], ["pages"])) == ("B", "srcDir is 'src', not 'app'")
    assert detect("srcDir: '.',")[0] == "B"
    assert detect("srcDir: resolve('app'),")[0] == "A"  # code decides nothing; the default applies


def test_an_app_folder_with_the_a_layout_is_variant_a() -> None:
    layout = Layout.of(["app", "server", "fwk.config.ts"], ["app.vue", "pages"])
    assert detect("", layout) == ("A", "app/app.vue is beside the config (application-directory layout)")


def test_an_app_folder_without_the_layout_does_not_count() -> None:
    """Older layers keep an app/ folder for a module file; that is not variant A's source directory."""
    layout = Layout.of(["app", "components", "fwk.config.ts"], ["module.ts"])
    assert detect("", layout) == ("B", "components is beside the config, not in app/ (older layout)")


def test_options_of_one_variant_decide_when_nothing_else_does() -> None:
    assert detect("generate: { routes: ['/'] },") == ("B", "generate.routes is set, an option of variant B only")
    assert detect("typescript: { appTsConfig: {} },") == (
        "A",
        "typescript.appTsConfig is set, an option of variant A only",
    )
    # B's experimental children do not count: variant A configs write them too.
    assert detect("experimental: { asyncContext: true },")[0] == "A"


def test_default_is_a_with_the_reason() -> None:
    assert detect("ssr: true,") == ("A", "nothing in the file or its folder tells; A is the current layout")
