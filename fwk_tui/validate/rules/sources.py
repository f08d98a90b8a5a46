"""Rules of where the sources are: the folder the config reads them from, and what lies elsewhere.

Each rule reads the names beside the config (``ctx.layout``) and says nothing
when they were not read or when code decides a folder. Severity follows what
the framework does: sources it does not read are an error (the app silently
misses them), the framework's fallback to the config's folder an info.
"""

from __future__ import annotations

from collections.abc import Iterator

from fwk_tui.paths import format_path
from fwk_tui.validate.fix import Fix
from fwk_tui.validate.rules.registry import Finding, RuleContext, rule
from fwk_tui.validate.sources import (
    ROOT,
    SOURCE_ENTRIES,
    Place,
    SourceFolder,
    alias_path_misses,
    source_folder,
    source_places,
)  # fmt: skip
from fwk_tui.validate.text import js_text
from fwk_tui.validate.values import MISSING

MOVE_COMMAND = "fwk-tui migrate --move-folders"

_SRC_DIR_ROW = (
    "srcDir: Source directory; a relative path is relative to `rootDir`. Layout it expects (A): `assets/ "
    "components/ composables/ layouts/ middleware/ pages/ plugins/ utils/ app.config.ts app.vue error.vue` inside "
    "it; `server/ shared/ public/ modules/ layers/ fwk.config.ts package.json` beside it."
)


def _places(ctx: RuleContext) -> tuple[SourceFolder, list[Place]]:
    """The source folder and the places, computed once per check (four rules read them)."""
    found = ctx.memo.get("sources")
    if found is None:
        folder = source_folder(ctx.values, ctx.variant, ctx.layout)
        found = ctx.memo["sources"] = (folder, source_places(ctx.values, ctx.variant, ctx.layout, folder))
    return found  # type: ignore[no-any-return]


def _read_elsewhere(ctx: RuleContext, place: Place) -> bool:
    """Whether the config points the framework at the entry in another way (its own options), so missing it
    from the source folder says nothing: ``components`` lists its folders, ``imports.dirs`` adds some."""
    if place.name == "components":
        return ctx.has("components")
    if place.name in ("composables", "utils"):
        return ctx.get("imports.dirs") is not MISSING
    return False


def _names(places: list[Place]) -> str:
    shown = [f"{p.elsewhere}/" if "." not in p.name else p.elsewhere or p.name for p in places]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


SOURCES_SPLIT = "FWK335"
"""Sources split between the config's folder and the source folder: the app misses some."""


@rule("sources-split", SOURCES_SPLIT, _SRC_DIR_ROW)
def sources_split(ctx: RuleContext) -> Iterator[Finding]:
    """Sources beside the config while the app reads them from its source folder (or the other way round)."""
    folder, places = _places(ctx)
    missed = [p for p in places if p.name in SOURCE_ENTRIES and p.missed and not _read_elsewhere(ctx, p)]
    if not missed or folder.path is None:
        return
    verb = "is" if len(missed) == 1 else "are"
    them = "it" if len(missed) == 1 else "them"
    any_inside = any(p.found for p in places if p.name in SOURCE_ENTRIES)
    where = f"reads its sources from {folder.shown} ({folder.reason})"
    if folder.path != ROOT:
        remedy = f"move {them} into {folder.path}/ ({MOVE_COMMAND})"
        if not any_inside:
            remedy += " or set srcDir: '.' to read them where they are"
    else:
        remedy = f"move {them} beside the config, or move the rest into app/ ({MOVE_COMMAND}) and remove srcDir"
    fix = None
    if folder.path != ROOT and not any_inside:
        fix = Fix("set", "srcDir", "Set srcDir to '.' (read the sources beside the config)", ".", keeps_behaviour=False)
    there = "beside the config" if folder.path != ROOT else "in app/"
    yield Finding(
        "error",
        "srcDir",
        f"the app {where}, but {_names(missed)} {verb} {there}, where it does not look: {remedy}",
        fix,
    )


@rule("source-folder-fallback", "FWK336", _SRC_DIR_ROW)
def source_folder_fallback(ctx: RuleContext) -> Iterator[Finding]:
    """Layout A without srcDir, where the framework falls back to the config's folder."""
    folder, places = _places(ctx)
    if not folder.fallback or not any(p.found for p in places if p.name in SOURCE_ENTRIES):
        return
    yield Finding(
        "info",
        "srcDir",
        f"the app uses the config's folder as its source folder because {folder.reason} (layout A reads app/ "
        f"once it holds anything of the app: then the sources beside the config are no longer read); set "
        f"srcDir: '.' to say so, or move them into app/ ({MOVE_COMMAND})",
        Fix("set", "srcDir", "Set srcDir to '.' (what the app does now)", "."),
    )


_HOLDS = {
    "server": "the server routes, middleware and plugins",
    "public": "the static files",
    "modules": "the local modules",
}


@rule(
    "folder-elsewhere",
    "FWK337",
    "serverDir: Holds server routes, middleware and plugins. Relative path is relative to `rootDir`.",
)
def folder_elsewhere(ctx: RuleContext) -> Iterator[Finding]:
    """serverDir, dir.public or dir.modules points where nothing is while the other layout's place holds the folder."""
    _, places = _places(ctx)
    for place in places:
        if place.name not in _HOLDS or not place.missed or place.elsewhere is None:
            continue
        fix = None
        if ctx.variant == "A" or place.option == "serverDir":  # both taken from the config's folder there
            fix = Fix(
                "set", place.option, f"Set {place.option} to {js_text(place.elsewhere)}", place.elsewhere,
                keeps_behaviour=False,
            )  # fmt: skip
        yield Finding(
            "error",
            place.option,
            f"the app reads {_HOLDS[place.name]} from {place.expected}/, where there is none, while "
            f"{place.elsewhere}/ holds them: the app does not serve them; set {place.option}: "
            f"{js_text(place.elsewhere)} or move the folder to {place.expected}/",
            fix,
        )


@rule(
    "alias-path-outside-source",
    "FWK338",
    "modules: Resolved through the package resolution path; then from `rootDir` when the `~~` alias is used (A) or "
    "from `srcDir` when `~` is used (B).",
)
def alias_path_outside_source(ctx: RuleContext) -> Iterator[Finding]:
    """A ``~/`` path that points into the source folder, where nothing is, while the config's folder has it."""
    folder, _ = _places(ctx)
    for miss in alias_path_misses(ctx.values, folder, ctx.layout):
        path = format_path(miss.path)
        yield Finding(
            "warning",
            path,
            f"{miss.text} points into {folder.shown}, where there is no {miss.rest.split('/', 1)[0]}/; it is beside "
            f"the config: {miss.at_root()} points there",
            Fix("set", path, f"Write {miss.at_root()}", miss.at_root(), keeps_behaviour=False),
        )
