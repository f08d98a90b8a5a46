"""``fwk-tui resolve`` and ``fwk-tui why``: what the app runs with, and where each value comes from."""

from __future__ import annotations

import argparse
from dataclasses import asdict
from pathlib import Path

from fwk_tui.catalog import load_catalog
from fwk_tui.cli.config_file import did_you_mean, guard, option_path
from fwk_tui.cli.json_values import to_json
from fwk_tui.cli.output import out_json, out_line
from fwk_tui.cli.project_args import project_flags, project_from_flags
from fwk_tui.exits import Exit
from fwk_tui.paths import format_path
from fwk_tui.resolve import Layer, Leaf, Node, Obj, Origin, walk
from fwk_tui.resolve.check import NOT_READ_FINDINGS, not_read_words
from fwk_tui.resolve.effective import Effective
from fwk_tui.resolve.notes import shown_node
from fwk_tui.resolve.variables import masked, private_value, variable_notes
from fwk_tui.resolve.why import Answer, why
from fwk_tui.source import STARTER_STYLE
from fwk_tui.source.render import Renderer
from fwk_tui.source.summary import one_line
from fwk_tui.validate.codes import code_of
from fwk_tui.validate.env import MASK

RESOLVE = (
    "Show the effective configuration of FILE: merged with its layers (theme, extends), the environment "
    "section of --env, and the FWK_ variables of the process and of .env files (--dotenv; default: .env "
    "beside the config), each value with where it comes from. Nothing is run or downloaded."
)
WHY = (
    "Explain the value of one option: every source that sets it (default, layers, the file, environment "
    "sections, variables), which one wins and why."
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``resolve`` and ``why`` to ``sub``."""
    resolve = sub.add_parser(
        "resolve", help="the effective config: layers, environments, variables", description=RESOLVE
    )
    resolve.add_argument("file", nargs="?", metavar="FILE", help="config file (default: the one in this folder)")
    project_flags(resolve)
    resolve.add_argument(
        "--with-defaults", action="store_true", help="add the catalogue's defaults for options set nowhere"
    )
    resolve.add_argument("--json", action="store_true", help="print a JSON object (see docs/cli.md)")
    resolve.set_defaults(run=lambda ns: guard(lambda: _resolve(ns)))
    explain = sub.add_parser("why", help="why an option has its value", description=WHY)
    explain.add_argument("path", metavar="PATH", help="an option path, e.g. app.baseURL")
    explain.add_argument("--file", metavar="FILE", help="config file (default: the one in this folder)")
    project_flags(explain)
    explain.add_argument("--json", action="store_true", help="print a JSON object")
    explain.set_defaults(run=lambda ns: guard(lambda: _why(ns)))


# -- resolve -------------------------------------------------------------------------------------


def _resolve(ns: argparse.Namespace) -> int:
    opened = project_from_flags(ns.file, ns, with_defaults=ns.with_defaults, named_by="FILE")
    file, effective = opened.file, opened.effective
    if ns.json:
        out_json(_resolve_json(effective, ns.show_secrets))
    else:
        _resolve_text(file, effective, ns.show_secrets)
    return Exit.OK


def _resolve_json(effective: Effective, show: bool) -> dict[str, object]:
    resolved = effective.resolved
    runtime = effective.runtime
    return {
        "env": effective.resolved.env,
        "variant": effective.variant,
        "values": to_json(masked(resolved.config, (), show)),
        "runtime": to_json(masked(runtime.values, (), show)),
        "origins": {format_path(p): n.origin.as_json() for p, n in _leaves(resolved.config) if n.origin},
        "runtime_origins": {
            format_path(p): n.origin.as_json()
            for p, n in _leaves(runtime.values)
            if n.origin is not None and n.origin.kind == "env-var"
        },
        "layers": [_layer_json(layer) for layer in resolved.layers],
        "unresolved": [_layer_json(layer) for layer in resolved.unresolved],
        "variables": [
            {"name": o.variable.name, "path": o.target.path, "origin": o.variable.origin().as_json()}
            for o in runtime.overrides
        ],
        "unmatched": [
            {"name": m.entry.name, "line": m.entry.line, "suggestion": m.suggestion}
            for m in runtime.matches
            if m.status == "unmatched"
        ],
        "notes": variable_notes(effective.environment),
    }


def _layer_json(layer: Layer) -> dict[str, object]:
    return asdict(layer)  # written_at becomes the origin's JSON shape


def _leaves(node: Node) -> list[tuple[tuple[str | int, ...], Node]]:
    """Every leaf and every array item, with its path."""
    out: list[tuple[tuple[str | int, ...], Node]] = []
    for path, child in walk(node):
        if isinstance(child, Leaf) or (path and isinstance(path[-1], int)):
            out.append((path, child))
    return out


def _resolve_text(file: Path, effective: Effective, show: bool) -> None:
    resolved = effective.resolved
    read = [layer for layer in resolved.layers if layer.status == "read"]
    head = f"{file}: {len(read)} layer(s) read"
    if resolved.unresolved:
        head += f", {len(resolved.unresolved)} not read"
    head += f"; environment: {resolved.env or 'none'}; variant {effective.variant}"
    out_line(head)
    for note in variable_notes(effective.environment):
        out_line(f"  note: {note}")
    if resolved.layers:
        out_line("")
        out_line("Layers (the config wins over them, an earlier one over a later one)")
        for layer in resolved.layers:
            indent = "  " * layer.depth
            what = layer.file if layer.status == "read" else f"{layer.status}: {layer.message}"
            out_line(f"{indent}{layer.key} {layer.source!r}  {what}  ({layer.written_at.where()})")
    out_line("")
    out_line("Values")
    render = Renderer(STARTER_STYLE)
    for path, node in _leaves(resolved.config):
        if isinstance(node, Leaf) or not isinstance(path[-1], int):
            shown = shown_node(node, path, show, 50)
            out_line(f"  {format_path(path)} = {shown}    {_describe(node.origin)}")
    overrides = effective.runtime.overrides
    unmatched = [m for m in effective.runtime.matches if m.status == "unmatched"]
    if overrides or unmatched:
        out_line("")
        out_line("At run time (FWK_ variables)")
        for o in overrides:
            private = private_value(option_path(o.target.path), o.variable.origin())
            value = MASK if private and not show else one_line(render.value(o.value), 50)
            merged = "merged into it key by key, from " if not o.target.leaf and isinstance(o.value, dict) else ""
            out_line(f"  {o.target.path} = {value}    {merged}{o.variable.origin().describe()}")
        for m in unmatched:
            hint = f" (did you mean {m.suggestion}?)" if m.suggestion else ""
            where = (
                effective.environment[m.entry.name].origin().where() if m.entry.name in effective.environment else ""
            )
            out_line(f"  {m.entry.name} in {where} matches no key{hint}")


def _describe(origin: Origin | None) -> str:
    return origin.describe() if origin is not None else ""


# -- why -----------------------------------------------------------------------------------------


def _why(ns: argparse.Namespace) -> int:
    path = option_path(ns.path)
    opened = project_from_flags(ns.file, ns)
    effective = opened.effective
    values = opened.doc.values()
    module_defaults = opened.project.module_defaults(values)
    catalog = load_catalog()
    answer = why(effective, path, catalog, module_defaults)
    answer.notes += variable_notes(effective.environment)
    if answer.steps:  # what check says of the value the file writes there: the app may ignore it or fail on it
        asked = format_path(path)
        checked = opened.project.check(opened.doc, catalog, effective.variant).diagnostics
        answer.notes += [
            f"check: {d.severity} {code_of(d.rule)}: {d.message}"
            for d in checked
            if d.path == asked and d.severity in ("error", "warning")
        ]
    if not answer.steps:
        asked = format_path(path)
        written = [format_path(p) for p, _ in walk(effective.resolved.config) if p]
        installed = opened.project.modules(values)[0]
        options = [
            format_path((m.config_key, *o.path)) for m in installed if m.config_key for o in m.declarations.options
        ]
        near = did_you_mean(asked, [*written, *options])
        if near:
            answer.notes.insert(0, near.removeprefix("; "))
    if ns.json:
        out_json(_why_json(answer, ns.show_secrets))
    else:
        _why_text(answer, effective, ns.show_secrets)
    return Exit.OK if answer.steps else Exit.NOT_FOUND


def _why_json(answer: Answer, show: bool) -> dict[str, object]:
    path = tuple(answer.path)
    gets = answer.gets
    value = masked(gets, path, show) if gets is not None else None
    return {
        "path": format_path(answer.path),
        "value": to_json(value),
        "set": answer.effective is not None or any(s.origin.kind == "env-var" for s in answer.steps),
        "chain": [
            {"origin": s.origin.as_json(), "value": to_json(masked(s.node, path, show)), "wins": s.wins,
             "skipped": s.skipped, "merged": s.merged}
            for s in answer.steps
        ],
        "items": [
            {"value": to_json(_item(answer, i, show)), "origin": o.as_json() if o else None}
            for i, (_, o) in enumerate(answer.items)
        ],
        "notes": answer.notes,
    }


def _item(answer: Answer, index: int, show: bool) -> object:
    """An array item ``why`` lists, masked as the array is."""
    value, origin = answer.items[index]
    return value if show or not private_value((*answer.path, index), origin) else MASK


def _why_text(answer: Answer, effective: Effective, show: bool) -> None:
    render = Renderer(STARTER_STYLE)
    env = effective.resolved.env
    out_line(f"{format_path(answer.path)}" + (f" (environment {env})" if env else " (no environment)"))
    if not answer.steps:
        out_line("  set nowhere: not in the config, its layers or their sections, and no default in the catalogue")
    for i, step in enumerate(answer.steps, 1):
        value = shown_node(step.node, answer.path, show, 50)
        mark = "  <- the app gets this" if step.wins else ""
        if step.skipped:
            mark = "  (skipped)"
        elif step.merged:
            mark = "  (merged into it at run time, key by key)"
        out_line(f"  {i}. {step.origin.describe()}: {value}{mark}")
    if isinstance(answer.effective, Obj):
        out_line("  an object: the sources above merge key by key (`fwk-tui resolve` shows each key's origin)")
    if answer.items:
        out_line("  items:")
        for i, (_, origin) in enumerate(answer.items):
            out_line(f"    {one_line(render.value(_item(answer, i, show)), 40)}  from {_describe(origin)}")
    for note in answer.notes:
        out_line(f"  note: {note}")
    for layer in effective.resolved.unresolved:
        if layer.status in NOT_READ_FINDINGS:
            out_line(f"  note: {layer.written_at.where()}: {not_read_words(layer)}")
