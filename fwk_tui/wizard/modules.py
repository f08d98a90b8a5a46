"""The modules the wizard can offer as a pick list: named by the catalogue, listed in package.json.

Pure: no Textual, no I/O. A module is a package name such as ``@fwk/content``;
builders and server bundlers (``@fwk/vbuild-builder``, ``@fwk/srv-server``) are
not modules and are left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from fwk_tui.catalog.models import Catalog
from fwk_tui.validate.surroundings import Package

_FWK_PACKAGE = re.compile(r"@fwk/[a-z0-9][a-z0-9._-]*")
_NOT_MODULES = ("-builder", "-server")


@dataclass(frozen=True)
class KnownModule:
    name: str
    where: str
    """Why it is offered: ``the catalogue``, ``package.json`` or ``the config``."""


def _is_module(name: str) -> bool:
    return not name.endswith(_NOT_MODULES) and name != "fwk"


def _looks_like_module(package: str) -> bool:
    """A dependency that is a module of the framework: ``@fwk/...``, ``fwk-...``, ``...-fwk-module``."""
    return _is_module(package) and (
        package.startswith(("@fwk/", "fwk-")) or "fwk-module" in package or package.endswith("/fwk")
    )


def known_modules(
    catalog: Catalog, package: Package | None, in_config: Iterable[str] = (), chosen: Iterable[str] = ()
) -> list[KnownModule]:
    """The modules to offer, each once: the config's own, those chosen already, the catalogue's, package.json's."""
    found: dict[str, str] = {}
    for name in in_config:
        found.setdefault(name, "the config")
    for name in chosen:
        found.setdefault(name, "your answers")
    for option in catalog.options:
        for name in _FWK_PACKAGE.findall(option.doc or ""):
            if _is_module(name):
                found.setdefault(name, "the catalogue")
    if package is not None:
        for name in sorted(package.dependencies | package.dev_dependencies):
            if _looks_like_module(name):
                found.setdefault(name, "package.json")
    return [KnownModule(name, where) for name, where in found.items()]
