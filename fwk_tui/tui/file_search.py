"""The keys of the user's file that the catalogue does not know, as entries for search.

Keys written inside an option that holds keys (``runtimeConfig: { apiBase }``) are found the same way.

A module's options sit under a top-level key the catalogue does not know
(``content: { highlight: { theme: 'github' } }``): the form shows ``content`` as
one field, but a search for ``highlight`` should find it. Each key inside such a
field becomes a search entry (its path, and its value's text when it is a plain
value) that leads to the field holding it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from fwk_tui.paths import OptionPath, format_path, parse_path
from fwk_tui.resolve.sections import section_length
from fwk_tui.tui.form_model import FieldEntry

MAX_DEPTH = 4  # keys deeper than this inside a field are not listed
MAX_ENTRIES = 500  # a generated file with thousands of keys does not slow every keystroke


def file_search_entries(
    fields: Iterable[FieldEntry], values: dict[str, Any], known: Callable[[str], bool] = lambda _: False
) -> tuple[tuple[tuple[str, str], ...], dict[str, str]]:
    """``(path, text)`` entries for the engine, and for each nested path the field to go to.

    Keys the user wrote inside an option that holds keys (``runtimeConfig.apiBase``,
    ``alias.images``) are entries too, except those the catalogue knows (``known``).
    """
    entries: list[tuple[str, str]] = []
    goes_to: dict[str, str] = {}
    for field in fields:
        if field.option is None:
            entries.append((field.path, ""))
        try:
            start = parse_path(field.path)
        except ValueError:
            continue
        for path, text in _inside(_at(values, start), start):
            if len(entries) >= MAX_ENTRIES:
                break
            shown = format_path(path)
            if known(shown):
                continue
            entries.append((shown, text))
            goes_to[shown] = field.path
    return tuple(entries), goes_to


def holder_of(path: str, known: Callable[[str], bool]) -> str | None:
    """Where a key of the file sits when an option of the catalogue holds it: the path of the object it is a key of
    (``runtimeConfig.public`` for ``runtimeConfig.public.apiBase``, an environment section's ``$production`` or
    ``$env.NAME`` left out); ``None`` for a key no option holds (a module's ``content.highlight``)."""
    try:
        segments = parse_path(path)
    except ValueError:
        return None
    segments = segments[section_length(segments) :]
    if any(known(format_path(segments[:n])) for n in range(len(segments) - 1, 0, -1)):
        return format_path(segments[:-1])
    return None


def _at(values: Any, path: OptionPath) -> Any:
    for seg in path:
        if isinstance(values, dict) and seg in values:
            values = values[seg]
        else:
            return None
    return values


def _inside(value: Any, prefix: OptionPath) -> Iterable[tuple[OptionPath, str]]:
    """Every key under ``value`` (objects only), breadth first, with its value's text when plain."""
    queue: list[tuple[OptionPath, Any]] = [(prefix, value)]
    while queue:
        path, obj = queue.pop(0)
        if not isinstance(obj, dict) or len(path) - len(prefix) >= MAX_DEPTH:
            continue
        for key, child in obj.items():
            here = (*path, key)
            plain_value = child if isinstance(child, str | int | float) and not isinstance(child, bool) else ""
            yield here, str(plain_value)
            queue.append((here, child))
