"""Where a key written in the wrong place was meant to go.

"Did you mean" across groups never changes the meaning of what is written: the
key is the same; the group suggested is a sibling of the group written (same
parent) whose name contains it or is contained in it (``server.port`` ->
``devServer.port``, ``build.loaders`` -> ``wbuild.loaders``; never
``router.middleware`` -> ``dir.middleware``: unrelated names, other meanings);
the value is of the kind the suggestion takes (an object for a group, and for
an option a value that type-checks: a list for a list); and there is exactly
one such place. At the top level, where no group name tells, the one option a
level down with the same key is suggested for a non-empty object that fits it, or for a
string or number that fits the one option exactly a level down (``port: 3000`` ->
``devServer.port``).
"""

from __future__ import annotations

from typing import Any

from fwk_tui.catalog.models import Option, Variant
from fwk_tui.paths import OptionPath
from fwk_tui.validate.index import CatalogIndex, is_free_form
from fwk_tui.validate.typecheck import Issue, check_value


class Places:
    """The catalogue's places for a key, in one variant."""

    def __init__(self, index: CatalogIndex, variant: Variant) -> None:
        self.index = index
        self.variant = variant

    def same_key_elsewhere(self, key: str, value: Any, parent: OptionPath) -> OptionPath | None:
        """The one catalogued path with the key ``key`` that means what was written under ``parent`` (see above)."""
        if not parent:
            # A module's options are objects too: only a structured match is telling, or a plain value
            # matching the one option a level down (`port: 3000` -> devServer.port).
            plain = isinstance(value, (str, int, float)) and not isinstance(value, bool)
            if not (isinstance(value, dict) and value) and not plain:
                return None
            found = [
                o
                for o in self.index.by_key.get(key, ())
                if o.in_variant(self.variant) and (len(o.segments) == 2 if plain else len(o.segments) > 1)
            ]
            if len(found) != 1 or is_free_form(found[0].type_for(self.variant)) or not self.fits(found[0], value):
                return None
            return tuple(found[0].segments)
        places: list[OptionPath] = [
            tuple(o.segments)
            for o in self.index.by_key.get(key, ())
            if o.in_variant(self.variant) and self.fits(o, value)
        ]
        if isinstance(value, dict):
            places.extend(self.index.groups_by_key.get(key, ()))
        related = [p for p in set(places) if len(p) == len(parent) + 1 and _related(p[:-1], parent)]
        return related[0] if len(related) == 1 else None

    def the_one_that_fits(self, tied: tuple[str, ...], parent: OptionPath, value: Any) -> str | None:
        """Of keys equally near a misspelt one, the only one whose option takes the value written (``buildr:
        'vbuild'`` -> ``builder``, not ``build``, an object); None when none or several do."""
        fitting = [
            key for key in tied
            if (option := self.index.options.get((*parent, key))) is not None
            and option.in_variant(self.variant) and self.fits(option, value)
        ]  # fmt: skip
        return fitting[0] if len(fitting) == 1 else None

    def fits(self, option: Option, value: Any) -> bool:
        return not _has_error(check_value(option.type_for(self.variant), value, ()))


def _related(group: OptionPath, written: OptionPath) -> bool:
    """True for a sibling group whose name contains the written group's name or the reverse (build, wbuild)."""
    if group[:-1] != written[:-1]:
        return False
    a, b = str(group[-1]).lower(), str(written[-1]).lower()
    return a in b or b in a


def _has_error(issues: list[Issue]) -> bool:
    return any(i.severity == "error" for i in issues)
