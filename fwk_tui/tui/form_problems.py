"""Where the editor's problems are: the fields that show each diagnostic, and the next one F8 goes to.

Plain functions of the form's layout and the diagnostics (no Textual), beside :mod:`fwk_tui.tui.form_model`.
"""

from __future__ import annotations

from collections.abc import Collection

from fwk_tui.tui.form_model import Flagged, FormLayout
from fwk_tui.validate import Diagnostic, diagnostics_at, outer_paths, within


def problem_fields(layout: FormLayout, diagnostics: list[Diagnostic]) -> list[tuple[str, str]]:
    """(group id, field path) of every field with an error or a warning, in the tree's and the forms' order."""
    flagged = Flagged(diagnostics)
    return [(g.id, e.path) for g in layout.groups for e in flagged.passing(layout.fields.get(g.id, []))]


def step_problem(
    problems: list[tuple[str, str]],
    layout: FormLayout,
    here: tuple[str | None, str | None],
    step: int,
) -> tuple[str, str] | None:
    """The problem after (``step`` 1) or before (-1) ``here`` (group id, focused path or ``None``), wrapping."""
    if not problems:
        return None
    order = {g.id: i for i, g in enumerate(layout.groups)}
    places: dict[str, dict[str, int]] = {}  # per group, each field's place: built once, asked per problem

    def rank(group: str | None, path: str | None) -> tuple[int, int]:
        gi = order.get(group, -1) if group is not None else -1
        place = places.get(group or "")
        if place is None:
            place = places[group or ""] = {}
            for i, e in enumerate(layout.fields.get(group or "", [])):
                place.setdefault(e.path, i)
        # In a group but on no field (the tree): before the group's first field.
        return gi, place.get(path, -1) if path is not None else -1

    current = rank(*here)
    ranked = [(rank(g, p), (g, p)) for g, p in problems]
    if step > 0:
        after = [item for r, item in ranked if r > current]
        return after[0] if after else ranked[0][1]
    before = [item for r, item in ranked if r < current]
    if here[1] is None and here[0] is not None:
        # On the tree: "previous" is before the group itself.
        before = [item for r, item in ranked if r[0] < current[0]]
    return before[-1] if before else ranked[-1][1]


def fields_diagnostics(diagnostics: list[Diagnostic], shown: Collection[str]) -> dict[str, list[Diagnostic]]:
    """:func:`field_diagnostics` of each path of ``shown``, from an index of the diagnostics by the paths they lie
    in, built once: each field then looks up the steps of its own path, not every diagnostic (thousands of
    unknown keys under one object made opening its group quadratic)."""
    inside: dict[str, list[int]] = {}  # a path: the diagnostics at it or inside it, in their order
    at: dict[str, list[int]] = {}  # a path: the diagnostics of exactly that path
    for i, d in enumerate(diagnostics):
        at.setdefault(d.path, []).append(i)
        for outer in outer_paths(d.path):
            inside.setdefault(outer, []).append(i)
    names = set(shown)
    out: dict[str, list[Diagnostic]] = {}
    for path in names:
        if not path:
            out[path] = list(diagnostics)  # "" holds every path; no object holds it
            continue
        own = inside.get(path, [])
        held = sorted(i for o in outer_paths(path) if o != path and o not in names for i in at.get(o, ()))
        out[path] = [diagnostics[i] for i in own] + [diagnostics[i] for i in held]
    return out


def field_diagnostics(diagnostics: list[Diagnostic], path: str, shown: Collection[str]) -> list[Diagnostic]:
    """What the field of ``path`` shows: the diagnostics of its value, and those of an object holding it
    that no field of ``shown`` (the form's paths) shows itself (``devServer`` set again by a later spread)."""
    own = diagnostics_at(diagnostics, path)
    held = [d for d in diagnostics if d.path and d.path != path and within(path, d.path) and d.path not in shown]
    return own + held
