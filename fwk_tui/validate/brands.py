"""Top-level keys written with a brand word, and the neutral key the naming convention gives each.

The reference replaces brand words inside identifiers by neutral words (its
"Naming convention" table); spec/naming.md and corpus/neutralize.py apply it.
These brand keys are not catalogue aliases: the framework does not read them,
so what they hold does nothing until renamed.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Brand:
    """The neutral key of a brand key and, in a few words, what it names."""

    key: str
    what: str


BRAND_KEYS: dict[str, Brand] = {
    # naming.md: `viteEnvironmentApi` is `vbuildEnvironmentApi`; the reference: vbuild is "the default client bundler".
    "vite": Brand("vbuild", "the client bundler"),
    # naming.md: `experimental.nitroAutoImports` is `srvAutoImports`; the reference: srv is "the server engine".
    "nitro": Brand("srv", "the server engine"),
    # naming.md: `experimental.externalVue` is `externalView`; the reference: view is "the component/view library".
    "vue": Brand("view", "the view library"),
    # The reference: wbuild is "the alternative bundler"; corpus/neutralize.py rewrites webpack as wbuild.
    "webpack": Brand("wbuild", "the alternative bundler"),
}
