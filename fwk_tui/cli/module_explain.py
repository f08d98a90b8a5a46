"""``fwk-tui explain colorMode.preference``: an option of a module the project here installs, from its package."""

from __future__ import annotations

import argparse
from pathlib import Path

from fwk_tui.catalog.present import value_text
from fwk_tui.catalog.types.nodes import ObjectType, to_json
from fwk_tui.cli.output import err, out, out_json
from fwk_tui.exits import Exit
from fwk_tui.modules.as_options import built_value
from fwk_tui.modules.declarations import MISSING_DEFAULT, Option
from fwk_tui.modules.installed import InstalledModule
from fwk_tui.paths import PathError, parse_path
from fwk_tui.validate.text import closest


def explain_module_option(ns: argparse.Namespace) -> int | None:
    """Explain ``ns.path`` when it is an option of a module installed for the config here (or ``--file``'s);
    None when it is not (the caller says the path is unknown)."""
    from fwk_tui.project import Project
    from fwk_tui.source import DocumentError, find_config_file, load_document

    try:
        path = parse_path(ns.path)
    except PathError:
        return None
    config = Path(ns.file) if ns.file else find_config_file(".")
    if config is None or not path or not isinstance(path[0], str):
        return None
    try:
        doc = load_document(config)
    except (DocumentError, OSError):
        return None  # the caller says the path is unknown (explain reads the catalogue without a config too)
    project = Project.at(config)
    module = next((m for m in project.modules(doc.values())[0] if m.config_key == path[0]), None)
    if module is None:
        return None
    rest = tuple(str(p) for p in path[1:])
    option = module.declarations.option(rest) if rest else None
    if rest and option is None:
        siblings = [".".join(o.path) for o in module.declarations.options if len(o.path) == len(rest)]
        near = closest(".".join(rest), siblings)
        hint = f"; did you mean {path[0]}.{near}?" if near else ""
        err(f"fwk-tui: {ns.path} is not an option {module.label} declares{hint}")
        return Exit.NOT_FOUND
    if ns.json:
        out_json(_json(module, ns.path, option))
    else:
        out(_text(module, ns.path, option))
    return Exit.OK


def _json(module: InstalledModule, path: str, option: Option | None) -> dict[str, object]:
    found = {"name": module.name, "version": module.version, "config_key": module.config_key}
    if option is None:
        kind: object = module.declarations.type
        return {"path": path, "module": found, "type": str(kind), "schema": to_json(kind), "options": [
            ".".join(o.path) for o in module.declarations.options if len(o.path) == 1
        ]}  # fmt: skip
    return {
        "path": path,
        "module": found,
        "type": str(option.type),
        "schema": to_json(option.type),
        "optional": option.optional,
        "default": option.default,
        "built_default": built if (built := built_value(module.defaults, option.path)) is not MISSING_DEFAULT else None,
        "doc": option.doc,
        "declared": option.declared or None,
    }


def _text(module: InstalledModule, path: str, option: Option | None) -> str:
    lines = [f"{path}    [module {module.label}]", ""]
    if option is None:
        kind = module.declarations.type
        names = [f.name for f in kind.fields] if isinstance(kind, ObjectType) else []
        lines.append(f"  The options of {module.name}, from its package's declarations: {', '.join(names) or 'none'}")
        return "\n".join(lines)
    declared = f"  (declared as {option.declared})" if option.declared else ""
    lines.append(f"  type         {option.type}{declared}")
    built = built_value(module.defaults, option.path)
    if built is not MISSING_DEFAULT:
        lines.append(f"  default      {value_text(built)}  (the module's own defaults, in its built code)")
    elif option.default is not None:
        lines.append(f"  default      {option.default}  (@default of its declarations)")
    required = "yes, in its type (the module fills in its default when the config does not set it)"
    lines.append(f"  required     {required if not option.optional else 'no'}")
    if option.doc:
        lines += ["", *(f"  {line}" if line else "" for line in option.doc.splitlines())]
    lines += ["", f"  From the declarations of {module.label} ({module.folder})."]
    return "\n".join(lines)
