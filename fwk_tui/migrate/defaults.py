"""Defaults as values for one project: the reference's placeholders filled in with its folders."""

from __future__ import annotations

import posixpath
from typing import Any

from fwk_tui.catalog.models import Catalog, Default, Variant


def key_default(catalog: Catalog, path: str, variant: Variant, src: str) -> Any:
    """The default of ``path`` read from the default of the nearest option above it (``{omitLineBreaks: false}``)."""
    segments = path.split(".")
    for n in range(len(segments) - 1, 0, -1):
        option = catalog.by_path.get(".".join(segments[:n]))
        if option is None:
            continue
        value = default_value(option.default_for(variant), src, variant)
        for key in segments[n:]:
            value = value.get(key, NO_VALUE) if isinstance(value, dict) else NO_VALUE
        return value
    return NO_VALUE


def normal(value: Any) -> Any:
    """A folder path written ``./x`` as ``x``."""
    if isinstance(value, str) and value.startswith("./"):
        return posixpath.normpath(value)
    return value


NO_VALUE = object()


def default_value(default: Default | None, src: str, variant: str) -> Any:
    """The default as a value for this project: placeholders filled in, folder paths normalised."""
    if default is None or default.kind != "value":
        return NO_VALUE
    return fill(default.value, src, variant)


def fill(value: Any, src: str, variant: str) -> Any:
    """``value`` with ``<rootDir>`` and ``<srcDir>`` made paths from the config's folder (``src`` the source folder)."""
    if isinstance(value, dict):
        return {k: fill(v, src, variant) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v, src, variant) for v in value]
    if not isinstance(value, str):
        return value
    text = value
    if variant == "A":  # the reference writes A's source folder as app
        text = text.replace("<rootDir>/app", "<srcDir>")
        if text.startswith("app/"):  # dir.assets: app/assets
            text = "<srcDir>" + text[3:]
    if "<rootDir>" not in text and "<srcDir>" not in text:
        return value
    text = text.replace("<srcDir>", src if src not in ("", ".") else "<rootDir>").replace("<rootDir>", ".")
    path = posixpath.normpath(text)
    return "." if path == "." else path.removeprefix("./")
