"""``fwk-tui migrate``: move a project from layout B to layout A, option by option."""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from typing import Any

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.models import Catalog
from fwk_tui.cli.config_file import EXIT_BAD_INPUT, EXIT_FINDINGS, EXIT_OK, Stop, guard, open_config, writing
from fwk_tui.cli.json_values import to_json
from fwk_tui.cli.output import err, out, out_json
from fwk_tui.migrate import Plan, plan_move
from fwk_tui.migrate.folders import MoveError, git_commands, move_folders
from fwk_tui.migrate.draft import SOURCE, change, shown, warned, why_fixed
from fwk_tui.migrate.draft import choosable as can_choose
from fwk_tui.migrate.plan import NOT_SET, REMOVED, UNKNOWN, FolderMove, folders_left
from fwk_tui.migrate.write import Outcome, migrated
from fwk_tui.resolve import Resolved, plain, resolve_layers
from fwk_tui.resolve.tree import node_at
from fwk_tui.source import ConfigDocument, save_document
from fwk_tui.source.summary import one_line
from fwk_tui.source.textutil import unified_diff
from fwk_tui.surroundings import read_layout
from fwk_tui.validate import detect_variant

DESCRIPTION = (
    "Move FILE from layout B (version 3) to layout A (version 4): sets future.compatibilityVersion to 4 and, for "
    "each option whose value changes for this project, keeps the old behaviour (--keep-behaviour) or adopts the "
    "new one (--adopt); in a terminal without either, asks about each. Only the edited bytes change; a move that "
    "would bring an error under layout A is refused. --to B lists what the reverse would change (never written)."
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:  # noqa: SLF001
    """Add ``migrate`` to ``sub``."""
    cmd = sub.add_parser("migrate", help="move a config from layout B to layout A", description=DESCRIPTION)
    cmd.add_argument("file", nargs="?", metavar="FILE", help="config file (default: the one in this folder)")
    cmd.add_argument("--to", choices=["A", "B"], default="A", help="the layout to move to (B: report only)")
    how = cmd.add_mutually_exclusive_group()
    how.add_argument("--keep-behaviour", action="store_true", help="pin the old value of every option that changes")
    how.add_argument("--adopt", action="store_true", help="take every new default; move the sources into app/")
    cmd.add_argument("--move-folders", action="store_true", help="move the source folders (else print git mv commands)")
    cmd.add_argument("--dry-run", action="store_true", help="print the plan and the diff, write nothing")
    cmd.add_argument("--json", action="store_true", help="print the plan as JSON")
    cmd.set_defaults(run=lambda ns: guard(lambda: _migrate(ns)))


def _migrate(ns: argparse.Namespace) -> int:
    file, doc = open_config(ns.file)
    catalog = load_catalog()
    choice = detect_variant(catalog, doc.values(), read_layout(file))
    root = file.resolve().parent
    resolved = resolve_layers(file, doc)  # a layer's or a section's value counts as set
    if ns.to == "B":
        return _reverse(file, resolved, catalog, choice.variant, ns.json)
    version = node_at(resolved.config, ("future", "compatibilityVersion"))
    if version is not None and plain(version) == 4:
        return _already_a(file, resolved, root, ns)
    if doc.read_only:
        raise Stop(EXIT_BAD_INPUT, f"{file}: cannot be edited: {doc.read_only}")
    asking = not (ns.keep_behaviour or ns.adopt)
    interactive = asking and not ns.dry_run and not ns.json
    if interactive and not sys.stdin.isatty():
        raise Stop(EXIT_BAD_INPUT, "choose --keep-behaviour or --adopt (or run migrate in a terminal to be asked)")
    # Shown without asking (--dry-run, --json): what Enter at every question gives, the old behaviour kept.
    keeping = ns.keep_behaviour or (asking and not interactive)
    keep_folder = keeping or (interactive and _ask_folder(resolved, catalog, root))
    plan = plan_move(resolved, catalog, root, keep_source_folder=bool(keep_folder))
    if ns.move_folders and plan.folder_conflicts:
        clashes = ", ".join(f"{c.source} and {c.target}" for c in plan.folder_conflicts)
        raise Stop(EXIT_BAD_INPUT, f"{root}: {clashes} both exist: merge them by hand first; nothing was written")
    keep = _choices(plan, keeping, interactive)
    outcome = migrated(doc, plan, keep, catalog)
    if ns.json:
        out_json(_plan_json(plan, outcome, file))
    else:
        if asking and not interactive:
            out("(as the questions' defaults answer: the old behaviour kept; --adopt shows the other way)")
        _print_plan(file, doc, plan, outcome)
    if outcome.new_errors:
        for d in outcome.new_errors:
            err(f"{file}: the move would bring an error under layout A at {d.path}: {d.message}")
        err(f"{file}: nothing was written")
        return EXIT_FINDINGS
    if ns.dry_run or (ns.json and asking):
        if not ns.json:
            out("dry run: nothing written")
        return EXIT_OK
    if interactive and not _ask(_confirmation(file, plan, ns.move_folders), default=True):
        out("nothing written")
        return EXIT_OK
    with writing(file, False):
        for note in save_document(outcome.doc, file):
            err(note)
    if not ns.json:
        out(f"{file}: written (layout A, future.compatibilityVersion: 4)")
    return _folders(root, plan.folders, ns.move_folders, ns.json)


def _ask_folder(resolved: Resolved, catalog: Catalog, root: Path) -> bool:
    """Ask whether the sources stay where they are (True) or move into app/ (False)."""
    plan = plan_move(resolved, catalog, root)
    if not any(i.path == "srcDir" for i in plan.items):
        return False
    moved = ", ".join(m.source for m in plan.folders) or "nothing yet"
    out("Layout A keeps the sources in app/ (srcDir: 'app'); layout B keeps them beside the config.")
    out(f"  Folders and files that would move into app/: {moved}")
    return _ask("Keep the sources where they are (srcDir: '.')?", default=True)


def _choices(plan: Plan, keeping: bool, asking: bool) -> set[str]:
    """The paths whose old value is kept: all of them, each the user keeps when asked, or none (adopting)."""
    # the source folder was asked first (or set by the flags): never a second time
    choosable = [i for i in plan.items if can_choose(i) and i.path != SOURCE]
    if keeping:
        return {i.path for i in choosable}
    if not asking:
        return set()
    kept = set()
    width = max(40, shutil.get_terminal_size().columns - 3)
    for n, item in enumerate(choosable, 1):
        out("")
        out(f"[{n}/{len(choosable)}] {item.path}")
        if item.doc:
            out(f"  {one_line(item.doc, width)}")
        out(f"  {change(item.before, item.after, arrow='->')}")
        question = f"Keep the old behaviour ({item.path}: {shown(item.keep, width)})?"
        if len(question) + 6 > width:
            question = "Keep the old behaviour (its old value is written)?"
        if _ask(question, default=True):
            kept.add(item.path)
    return kept


def _confirmation(file: Path, plan: Plan, move: bool) -> str:
    """The last question of an interactive move, naming everything it does (the folders on the line above)."""
    if plan.folders and move:
        out(f"Into {plan.source_folder}/: {', '.join(m.source for m in plan.folders)}")
        return f"Write {file.name} and move these into {plan.source_folder}/?"
    return f"Write {file.name}?"


def _ask(question: str, *, default: bool) -> bool:
    hint = "[Y/n]" if default else "[y/N]"
    while True:
        try:
            answer = input(f"{question} {hint} ").strip().lower()
        except EOFError:
            raise Stop(EXIT_BAD_INPUT, "no answer (end of input): nothing was written") from None
        except KeyboardInterrupt:
            out("")  # the shell's prompt on a line of its own
            raise
        if not answer:
            return default
        if answer in ("y", "yes", "k", "keep"):
            return True
        if answer in ("n", "no", "a", "adopt"):
            return False


def _print_plan(file: Path, before: ConfigDocument, plan: Plan, outcome: Outcome) -> None:
    out(f"{file}: moving from layout B to layout A (future.compatibilityVersion: {plan.version_before} -> 4)")
    where = "stay where they are (srcDir: '.')" if plan.source_folder == "." else f"move into {plan.source_folder}/"
    out(f"Sources: {where}")
    if plan.folders:
        out(f"  Folders and files that move: {', '.join(m.source for m in plan.folders)}")
    kept = {i.path for i in outcome.kept}
    changing = [i for i in plan.items if not i.goes]
    if changing:
        out(f"Options whose value changes for this project ({len(changing)}):")
        for item in changing:
            if item.path in kept:
                choice = "old value kept"
            else:
                choice = why_fixed(item) or "new behaviour adopted"
            out(f"  {item.path}: {change(item.before, item.after, arrow='->')}   ({choice})")
    going = [i for i in plan.items if i.goes]
    if going:
        out(f"Flags version 4 removes, which this file sets ({len(going)}): the key goes")
        for item in going:
            out(f"  {item.path}: {shown(item.before)}")
    for note in [*plan.notes, *warned(outcome)]:
        out(f"Note: {note}")
    diff = unified_diff(before.text, outcome.doc.text, str(file))
    if diff:
        out(diff.rstrip("\n"))


def _folders(root: Path, moves: list[FolderMove], move: bool, quiet: bool) -> int:
    if not moves:
        return EXIT_OK
    if not move:
        if not quiet:
            out("Move the sources into the source folder (or run again with --move-folders):")
            for line in git_commands(moves):
                out(f"  {line}")
        return EXIT_OK
    try:
        done = move_folders(root, moves)
    except MoveError as exc:
        err(f"{root}: {exc}")
        return EXIT_BAD_INPUT
    if not quiet:
        for m in done:
            out(f"moved {m.source} -> {m.target}")
    return EXIT_OK


def _already_a(file: Path, resolved: Resolved, root: Path, ns: argparse.Namespace) -> int:
    """A config in layout A already: nothing to edit; sources left beside the config are moved with --move-folders."""
    moves, conflicts = folders_left(resolved, root)
    if ns.json:
        out_json({
            "file": str(file), "version_before": 4, "already_layout_a": True, "items": [],
            "folders": [{"source": m.source, "target": m.target} for m in moves],
            "notes": [f"{c.source} and {c.target} both exist" for c in conflicts],
        })  # fmt: skip
    else:
        out(f"{file}: already layout A (future.compatibilityVersion is 4): nothing to change in the config")
        for clash in conflicts:
            out(f"Note: {clash.source} and {clash.target} both exist: merge them by hand")
    if not moves or ns.dry_run or (ns.json and not ns.move_folders):
        return EXIT_OK
    if not ns.move_folders:
        out(f"Still beside the config, where layout A does not read them: {', '.join(m.source for m in moves)}")
    return _folders(root, moves, ns.move_folders, ns.json)


def _reverse(file: Path, resolved: Resolved, catalog: Catalog, variant: str, as_json: bool) -> int:
    """What moving back to layout B would change: listed, never written."""
    plan = plan_move(resolved, catalog, file.resolve().parent)
    items = [{"path": i.path, "before": to_json(i.after), "after": to_json(i.before)} for i in plan.items if not i.removed]
    if as_json:
        out_json({"from": variant, "to": "B", "written": False, "items": items})
        return EXIT_OK
    out(f"{file}: moving back to layout B would change (listed only; fwk-tui does not write this move):")
    for i in plan.items:
        if not i.removed:
            out(f"  {i.path}: {shown(i.after)} -> {shown(i.before)}")
    return EXIT_OK


def _plan_json(plan: Plan, outcome: Outcome, file: Path) -> dict[str, object]:
    kept = {i.path for i in outcome.kept}
    return {
        "file": str(file),
        "version_before": plan.version_before,
        "already_layout_a": False,
        "source_folder": plan.source_folder,
        "items": [
            {
                "path": i.path,
                "before": _json(i.before),
                "after": _json(i.after),
                "keep": _json(i.keep),
                "kept": i.path in kept,
                "removed": i.removed,
                "set_by_project": i.set_by_project,
            }
            for i in plan.items
        ],
        "folders": [{"source": m.source, "target": m.target} for m in plan.folders],
        "notes": plan.notes,
        "new_errors": [{"path": d.path, "message": d.message} for d in outcome.new_errors],
        "new_warnings": [{"path": d.path, "code": d.code, "message": d.message} for d in outcome.new_warnings],
    }


def _json(value: Any) -> object:
    return value if value in (UNKNOWN, REMOVED, NOT_SET) else to_json(value)

