"""Why an option has its value: every source that sets it, in the order the loader lets them win."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from fwk_tui.catalog.models import Catalog
from fwk_tui.paths import OptionPath, format_path
from fwk_tui.resolve.defaults import ModuleDefault, option_default
from fwk_tui.resolve.effective import Effective
from fwk_tui.resolve.origin import Origin
from fwk_tui.resolve.tree import Arr, Leaf, Node, Obj, node_at
from fwk_tui.source.values import UNDEFINED, JSValue
from fwk_tui.validate.env import DotenvMatch, variable_of


@dataclass(frozen=True)
class Step:
    """One source's value for the option: weakest first; ``wins`` on the one the app gets."""

    origin: Origin
    node: Node
    wins: bool = False
    skipped: str = ""  # why the merge passes over it (null and undefined are skipped)
    merged: bool = False  # a variable's JSON object merged into the object, key by key


@dataclass
class Answer:
    """The chain of one option, its array items' origins, and notes a person needs."""

    path: OptionPath
    steps: list[Step] = field(default_factory=list)
    effective: Node | None = None
    items: list[tuple[JSValue, Origin | None]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def gets(self) -> Node | None:
        """What the app gets: the winning step's value (a variable's, a default's), else the merged value."""
        won = next((step.node for step in self.steps if step.wins), None)
        return won if won is not None else self.effective


def why(
    effective: Effective, path: OptionPath, catalog: Catalog, module_defaults: Sequence[ModuleDefault] = ()
) -> Answer:
    """The answer for ``path`` (``runtimeConfig`` and ``app`` keys include the variables); ``module_defaults``: the
    defaults the installed modules declare, the weakest step of their options."""
    answer = Answer(path)
    resolved = effective.resolved
    answer.effective = node_at(resolved.config, path)
    found: list[Step] = []
    for source in reversed(resolved.sources):  # the weakest (the last layer) first
        node = node_at(source.body, path)
        if node is not None:
            found.append(Step(_origin_of(node, source.file, source.kind, source.detail), node, skipped=_skip(node)))
        section = node_at(source.section, path) if source.section is not None else None
        if section is not None:
            origin = _origin_of(section, source.file, "env-section", source.section_name)
            found.append(Step(origin, section, skipped=_skip(section)))
    option = catalog.get(format_path(path))
    if option is not None:
        default, origin = option_default(option, effective.variant, effective.source_folder)
        if default is not None and default.kind == "value":
            found.insert(0, Step(origin, Leaf(default.value, origin)))
    else:
        declared = next((d for d in module_defaults if d.path == tuple(path)), None)
        holder = node_at(resolved.config, path[:-1]) if len(path) > 2 else None
        if declared is not None and not declared.built and len(path) > 2 and not isinstance(holder, Obj):
            declared = None  # a member of an object the config does not give: no value of the app's
        if declared is not None:
            origin = Origin("module-default", detail=declared.module)
            found.insert(0, Step(origin, Leaf(declared.value, origin)))
    # runtimeConfig and app after the variables: what the app gets there.
    at_run_time = node_at(effective.runtime.values, path) if path and path[0] in ("runtimeConfig", "app") else None
    override = _variable_step(at_run_time)
    if override is not None:
        found.append(override)
    merged = _merged_in(effective, path) if isinstance(at_run_time, Obj) else []
    if merged:  # a variable's JSON object merged into this object: the app gets the object after it
        found += merged
        answer.effective = at_run_time
    answer.steps = _mark_winner(found, answer.effective, override is not None)
    if isinstance(answer.effective, Arr):
        answer.items = [(_value(item), item.origin) for item in answer.effective.items]
        main = resolved.sources[0].file if resolved.sources else ""
        answer.notes += _array_notes(answer, main)
    answer.notes += _null_notes(answer)
    answer.notes += _variable_notes(effective, path, override is not None)
    answer.notes += _section_notes(effective, path)
    return answer


def _section_notes(effective: Effective, path: OptionPath) -> list[str]:
    """Without an environment, the sections that set ``path`` in one (the chain above leaves them out)."""
    if effective.resolved.env is not None:
        return []
    return [
        f"in the {name} environment, {node.origin.where() if node.origin is not None else 'a section'} sets it "
        "(its section is left out above)"
        for name, node in effective.resolved.set_in_sections(path)
    ]


def _variable_step(at_run_time: Node | None) -> Step | None:
    """The variable that gives a key its value at run time (``at_run_time``): one named for it, or one whose object
    (JSON) was merged into the object holding it."""
    if isinstance(at_run_time, Leaf) and at_run_time.origin is not None and at_run_time.origin.kind == "env-var":
        return Step(at_run_time.origin, at_run_time)
    return None


def _merged_in(effective: Effective, path: OptionPath) -> list[Step]:
    """The variables whose JSON object was merged into the object at ``path`` (each key replaced)."""
    shown = format_path(path)
    return [
        Step(o.variable.origin(), Leaf(o.value, o.variable.origin()), merged=True)
        for o in effective.runtime.overrides
        if o.target.path == shown and isinstance(o.value, dict)
    ]


def _origin_of(node: Node, file: str, kind: str, detail: str) -> Origin:
    origin = node.origin
    return origin if origin is not None else Origin(kind, file, None, None, detail)  # type: ignore[arg-type]


def _skip(node: Node) -> str:
    if isinstance(node, Leaf) and (node.value is None or node.value is UNDEFINED):
        return "null and undefined are skipped when configs merge: the next source shows through"
    return ""


def _value(node: Node) -> JSValue:
    if isinstance(node, Leaf):
        return node.value
    if isinstance(node, Arr):
        return [_value(i) for i in node.items]
    return {k: _value(v) for k, v in node.members.items()}


def _mark_winner(steps: list[Step], effective: Node | None, overridden: bool) -> list[Step]:
    """The step whose value the app gets: the variable when one applies, else the strongest not skipped."""
    if not steps:
        return steps
    if overridden:
        return [*steps[:-1], Step(steps[-1].origin, steps[-1].node, wins=True)]
    if effective is None and steps[0].origin.kind in ("default", "module-default"):
        return [Step(steps[0].origin, steps[0].node, wins=True), *steps[1:]]
    if isinstance(effective, Leaf):
        for i in range(len(steps) - 1, -1, -1):
            if not steps[i].skipped and steps[i].origin == effective.origin:
                return [*steps[:i], Step(steps[i].origin, steps[i].node, wins=True), *steps[i + 1 :]]
    return steps


def _array_notes(answer: Answer, main: str) -> list[str]:
    from_layers = sorted({o.where() for _, o in answer.items if o is not None and o.file not in (None, main)})
    if not from_layers:
        return []
    return [
        "Arrays are joined when configs merge (this config's items first, then each layer's), so an item a "
        "layer adds cannot be removed from this config: remove it in the layer ("
        + ", ".join(from_layers)
        + ") or stop extending that layer."
    ]


def _null_notes(answer: Answer) -> list[str]:
    skipped = [s for s in answer.steps if s.skipped]
    if not skipped:
        return []
    where = ", ".join(s.origin.where() or s.origin.describe() for s in skipped)
    return [f"null or undefined at {where} does not unset the option: the merge skips it."]


def _variable_notes(effective: Effective, path: OptionPath, overridden: bool) -> list[str]:
    found = variable_of(path)
    if found is None or overridden:
        return []
    name, _public = found
    notes: list[str] = []
    near: list[DotenvMatch] = [m for m in effective.runtime.matches if m.status == "unmatched" and m.suggestion == name]
    for match in near:
        variable = effective.environment.get(match.entry.name)
        where = variable.origin().where() if variable is not None else ".env"
        notes.append(f"{match.entry.name} ({where}) is not {name}: it replaces nothing.")
    if node_at(effective.resolved.config, path) is None:
        notes.append(
            f"{name} replaces only a key that exists: set {format_path(path)} in the config (even to '') for it to apply."
        )
    return notes
