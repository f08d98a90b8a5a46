"""``fwk-tui migrate``: move a project from layout B to layout A, option by option."""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.models import Catalog
from fwk_tui.cli.config_file import Stop, guard, open_config, writing
from fwk_tui.cli.json_values import to_json
from fwk_tui.cli.migrate_undo import undo
from fwk_tui.cli.migrate_view import ask, plan_json, print_plan, question_for, say, say_checked, say_err, say_moved
from fwk_tui.cli.output import out_json
from fwk_tui.exits import Exit
from fwk_tui.migrate import Plan, plan_move
from fwk_tui.migrate.carry import carry_out
from fwk_tui.migrate.draft import (
    SOURCE,
    change,
    left_words,
    shown,
)
from fwk_tui.migrate.folders import MoveError, git_commands, move_folders
from fwk_tui.migrate.intent import record_more_intent, withdraw_more_intent
from fwk_tui.migrate.links import LinkFix
from fwk_tui.migrate.plan import (
    FolderMove,
    folder_moves,
    folders_left,
)  # fmt: skip
from fwk_tui.migrate.preflight import MoveRefused, MoveStuck, in_the_way, preflight
from fwk_tui.migrate.record import UndoError, check_can_record_more, new_folders, record_more_moves
from fwk_tui.migrate.write import migrated
from fwk_tui.project import Project
from fwk_tui.resolve import Resolved, plain, resolve_layers
from fwk_tui.resolve.tree import node_at
from fwk_tui.signals import deferred_signals
from fwk_tui.source import ConfigDocument, save_document
from fwk_tui.source.textutil import plain_line
from fwk_tui.validate.sources import source_folder

DESCRIPTION = (
    "Move FILE from layout B (version 3) to layout A (version 4): sets future.compatibilityVersion to 4 and, for "
    "each option whose value changes for this project, keeps the old behaviour (--keep-behaviour) or adopts the "
    "new one (--adopt); in a terminal without either, asks about each. Only the edited bytes change; a move that "
    "would bring an error under layout A is refused. --to B lists what the reverse would change (never written)."
)

FINISHING = "finishing the move (all or nothing); it stops once whole"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``migrate`` to ``sub``."""
    cmd = sub.add_parser("migrate", help="move a config from layout B to layout A", description=DESCRIPTION)
    cmd.add_argument("file", nargs="?", metavar="FILE", help="config file (default: the one in this folder)")
    cmd.add_argument("--to", choices=["A", "B"], default="A", help="the layout to move to (B: report only)")
    how = cmd.add_mutually_exclusive_group()
    how.add_argument("--keep-behaviour", action="store_true", help="pin the old value of every option that changes")
    how.add_argument(
        "--adopt", action="store_true", help="take every new default (the sources go into app/: with --move-folders)"
    )
    how.add_argument("--undo", action="store_true", help="put the project back as it was before the last move")
    moving = cmd.add_mutually_exclusive_group()
    moving.add_argument("--move-folders", action="store_true", help="move the sources where the new config reads them")
    moving.add_argument(
        "--no-move",
        action="store_true",
        help="write the config and leave the sources where they are (check then reports them until they are moved)",
    )
    cmd.add_argument("--dry-run", action="store_true", help="print the plan and the diff, write nothing")
    cmd.add_argument(
        "--json",
        action="store_true",
        help="print the plan as JSON (written: whether the move was made; without --keep-behaviour or --adopt, or "
        "with --dry-run, nothing is)",
    )
    cmd.set_defaults(run=lambda ns: guard(lambda: _one_line(ns)))


def _one_line(ns: argparse.Namespace) -> int:
    """``migrate``, its refusals on one line each: a line break in a path named there shown as ``\\n``."""
    try:
        return _migrate(ns)
    except Stop as stop:
        raise Stop(stop.code, plain_line(stop.message)) from None


def _migrate(ns: argparse.Namespace) -> int:
    file, doc = open_config(ns.file, "FILE")
    if ns.undo:
        return undo(file)
    catalog = load_catalog()
    project = Project.at(file)
    choice = project.variant(catalog, doc.values())
    root = file.resolve().parent
    resolved = resolve_layers(file, doc)  # a layer's or a section's value counts as set
    version = node_at(resolved.config, ("future", "compatibilityVersion"))
    if ns.to == "B":
        if version is None or plain(version) != 4:  # what the move writes is not there: nothing to move back
            return _already_b(file, ns.json)
        return _reverse(file, resolved, catalog, choice.variant, ns.json)
    if version is not None and plain(version) == 4:
        return _already_a(project, resolved, ns, doc.text)
    if doc.read_only:
        raise Stop(Exit.BAD_INPUT, f"{file}: cannot be edited: {doc.read_only}")
    if ns.keep_behaviour and ns.move_folders:
        raise Stop(
            Exit.BAD_INPUT,
            "--keep-behaviour keeps the sources where the config reads them (nothing moves); to move them into "
            "app/, use --adopt --move-folders, or run migrate in a terminal and choose",
        )
    asking = not (ns.keep_behaviour or ns.adopt)
    interactive = asking and not ns.dry_run and not ns.json
    if interactive and not sys.stdin.isatty():
        raise Stop(Exit.BAD_INPUT, "choose --keep-behaviour or --adopt (or run migrate in a terminal to be asked)")
    # Shown without asking (--dry-run, --json): what Enter at every question gives, the old behaviour kept.
    keeping = ns.keep_behaviour or (asking and not interactive and not ns.move_folders)

    def kept_where_they_are() -> Plan:
        return plan_move(resolved, catalog, root, keep_source_folder=True, config_text=doc.text)

    if keeping:
        plan = kept_where_they_are()
    else:  # the sources go where layout A reads them, unless asked and told to stay (asked once, not again)
        plan = plan_move(resolved, catalog, root, config_text=doc.text)
        if not (ns.move_folders or ns.adopt) and interactive and _ask_folder(plan):
            plan = kept_where_they_are()
    keep = _choices(plan, keeping, interactive)
    if ns.no_move:  # nothing moves: a folder layout A reads elsewhere keeps its old place
        keep |= {i.path for i in plan.items if i.kind == "folder"}
    moves = folder_moves(plan, keep)
    if moves and not (ns.move_folders or ns.no_move or interactive or ns.dry_run or ns.json):
        names = ", ".join(m.source for m in moves)
        raise Stop(
            Exit.BAD_INPUT,
            f"{file}: the new config reads {names} from another place: add --move-folders to move them there, or "
            "--no-move to leave them (check then says where the app reads them); nothing was written",
        )
    if moves and not ns.no_move and plan.folder_conflicts and not (ns.dry_run or ns.json):
        clashes = ", ".join(f"{c.source} and {c.target}" for c in plan.folder_conflicts)
        raise Stop(Exit.BAD_INPUT, f"{root}: {clashes} both exist: merge them by hand first; nothing was written")
    problems, links = _checked(root, moves, moving=not ns.no_move)
    if problems and not (ns.dry_run or (ns.json and asking)):  # what would write: refused before it does
        for problem in problems[:-1]:
            say_err(f"{file}: {problem}")
        raise Stop(Exit.BAD_INPUT, f"{file}: {problems[-1]}; nothing was written")
    outcome = migrated(doc, plan, keep, catalog)
    payload: dict[str, Any] | None = None
    if ns.json:  # printed once it is known whether the move was written
        rewritten = [{"path": f.path, "before": f.before, "after": f.after} for f in links]
        payload = {**plan_json(plan, outcome, file, moves), "links": rewritten, "refused": problems}
    else:
        if asking and not interactive:
            say("(as the questions' defaults answer: the old behaviour kept; --adopt shows the other way)")
        print_plan(file, doc, plan, outcome, moves, moving=not ns.no_move)
        say_checked(problems, links)
    if outcome.new_errors:
        for d in outcome.new_errors:
            say_err(f"{file}: the move would bring an error under layout A at {d.path}: {d.message}")
        say_err(f"{file}: nothing was written")
        return _with_json(payload, Exit.FINDINGS, written=False)
    if ns.dry_run or (ns.json and asking):
        if not ns.json:
            say("dry run: nothing written")
        return _with_json(payload, Exit.OK, written=False)
    move_now = bool(moves) and not ns.no_move
    if interactive and not ask(_confirmation(file, plan, moves if move_now else []), default=True):
        say("nothing written")
        return Exit.OK
    code = _write(file, doc, outcome.doc, moves if move_now else [], moves if not move_now else [], ns.json)
    return _with_json(payload, code, written=code == Exit.OK)


def _with_json(payload: dict[str, Any] | None, code: int, *, written: bool) -> int:
    """``code``, once the plan (``payload``, with --json) is printed saying whether the move was written."""
    if payload is not None:
        out_json({**payload, "written": written})
    return code


def _write(
    file: Path,
    before: ConfigDocument,
    after: ConfigDocument,
    moves: list[FolderMove],
    left: list[FolderMove],
    quiet: bool,
) -> int:
    """Move the folders (all or nothing), then write the config (the folders go back if it cannot be written), and
    keep what undoes both."""

    def write() -> bytes:
        with writing(file, False):
            for note in save_document(after, file):
                say_err(note)
        return after.data

    # the lock held from the checks before the moves to the write after them; a signal still ends the wait for it
    with writing(file, False), deferred_signals(FINISHING):
        try:
            return _carry(file, before.data, moves, left, quiet, write)
        except Stop as stop:  # said here: a signal held off meanwhile stops the process once the block ends
            say_err(stop.message)
            return stop.code


def _carry(
    file: Path, before: bytes, moves: list[FolderMove], left: list[FolderMove], quiet: bool, write: Callable[[], bytes]
) -> int:
    try:
        carried = carry_out(file, before, moves, write)
    except (UndoError, MoveError) as exc:
        raise Stop(Exit.BAD_INPUT, f"{file}: {exc}; nothing was written") from None
    if not quiet:
        say(f"{file}: written (layout A, future.compatibilityVersion: 4)")
        say_moved(carried.moved)
        if left:
            say(
                "Left where they are, as asked (--no-move): while app/ holds nothing of the app, the framework falls "
                "back to reading them beside the config, and stops as soon as something is put in app/ (check "
                "reports it: FWK336, FWK335); move them with:"
            )
            for line in git_commands(left):
                say(f"  {line}")
        say(carried.undo)
    return Exit.OK


def _ask_folder(plan: Plan) -> bool:
    """Ask whether the sources stay where they are (True) or move into app/ (False, the move ``plan`` makes)."""
    if not any(i.path == "srcDir" for i in plan.items):
        return False
    moved = plain_line(", ".join(m.source for m in plan.folders)) or "nothing yet"  # wrapping would hide a \n
    width = max(40, shutil.get_terminal_size().columns - 1)
    for line in textwrap.wrap(
        "Layout A keeps the sources in app/ (srcDir: 'app'); layout B keeps them beside the config.", width
    ):
        say(line)
    for line in textwrap.wrap(f"Folders and files that would move into app/: {moved}", width - 2):
        say(f"  {line}")
    return ask("Keep the sources where they are (srcDir: '.')?", default=True)


def _choices(plan: Plan, keeping: bool, asking: bool) -> set[str]:
    """The paths whose old value is kept: all of them, each the user keeps when asked, or none (adopting)."""
    # the source folder was asked first (or set by the flags): never a second time
    choosable = [i for i in plan.items if i.choosable and i.path != SOURCE]
    if keeping:
        return {i.path for i in choosable}
    if not asking:
        return set()
    kept = set()
    width = max(40, shutil.get_terminal_size().columns - 3)
    for n, item in enumerate(choosable, 1):
        say("")
        say(f"[{n}/{len(choosable)}] {item.path}")
        for line in textwrap.wrap(" ".join(item.doc.split()), width - 2, max_lines=4, placeholder=" …")[:4]:
            say(f"  {line}")
        say(f"  {change(item.before, item.after, arrow='->')}")
        question = question_for(item, width)
        if ask(question, default=True):
            kept.add(item.path)
    return kept


def _confirmation(file: Path, plan: Plan, moves: list[FolderMove]) -> str:
    """The last question of an interactive move, naming everything it does (the folders on the line above)."""
    if moves:
        say(f"Moves: {', '.join(f'{m.source} -> {m.target}' for m in moves)}")
        return f"Write {file.name} and make these moves?"
    return f"Write {file.name}?"


def _folders(file: Path, moves: list[FolderMove], move: bool, quiet: bool) -> int:
    """Sources still beside a config in layout A: the commands that move them, or (``move``) moved, all or nothing,
    and added to what ``migrate --undo`` takes back."""
    root = file.resolve().parent
    if not moves:
        return Exit.OK
    if not move:
        if not quiet:
            for problem in in_the_way(root, moves):  # the commands below would fail on it
                say(f"Note: {problem}: rename it first")
            say("Move the sources into the source folder (or run again with --move-folders):")
            for line in git_commands(moves):
                say(f"  {line}")
        return Exit.OK
    created = new_folders(root, moves)
    recorded: list[bool] = []

    def intent(planned: list[FolderMove]) -> None:
        record_more_intent(file, record, planned, created)
        recorded.append(True)

    with deferred_signals(FINISHING):
        try:
            record = check_can_record_more(file)
            done = move_folders(root, moves, intent)
        except UndoError as exc:
            say_err(f"{root}: {exc}; nothing was moved")
            return Exit.BAD_INPUT
        except MoveError as exc:
            if recorded and not isinstance(exc, MoveStuck):  # else its record rolls it back
                withdraw_more_intent(file, record)
            say_err(f"{root}: {exc}{'; nothing was moved' if isinstance(exc, MoveRefused) else ''}")
            return Exit.BAD_INPUT
        try:
            record_more_moves(file, done, created, record)
            undo = "undo: fwk-tui migrate --undo"
        except UndoError as exc:
            undo = f"note: {exc}; fwk-tui cannot undo these moves (git can)"
    if not quiet:
        say_moved(done)
        say(undo)
    return Exit.OK


def _checked(root: Path, moves: list[FolderMove], *, moving: bool) -> tuple[list[str], list[LinkFix]]:
    """What stops ``moves`` (when ``moving``; else only what stands where the config will read a folder), and
    the links they rewrite."""
    if not moves:
        return [], []
    if not moving:
        return in_the_way(root, moves), []
    problems, links = preflight(root, moves)
    return problems, [fix for fixes in links.fixes for fix in fixes]


def _already_a(project: Project, resolved: Resolved, ns: argparse.Namespace, text: str) -> int:
    """A config in layout A already: nothing to edit; sources left beside the config are moved with --move-folders."""
    file, root = project.file, project.folder
    assert file is not None and root is not None
    moves, conflicts = folders_left(resolved, root, text)
    if ns.json:
        out_json({
            "file": str(file), "version_before": 4, "already_layout_a": True, "items": [],
            "folders": [{"source": m.source, "target": m.target} for m in moves],
            "notes": [f"{c.source} and {c.target} both exist" for c in conflicts],
        })  # fmt: skip
    else:
        say(f"{file}: already layout A (future.compatibilityVersion is 4): nothing to change in the config")
        for clash in conflicts:
            say(f"Note: {clash.source} and {clash.target} both exist: merge them by hand")
    if not moves or (ns.json and (ns.dry_run or not ns.move_folders)):
        return Exit.OK
    if not ns.move_folders or ns.dry_run:
        fallback = source_folder(resolved_values(resolved), "A", project.layout).fallback
        say(left_words(moves, fallback))
        for m in moves:
            if m.imported_by:
                say(f"  {m.source} moves with them: imported through ~/ by {', '.join(m.imported_by)}")
    if ns.dry_run:
        say_checked(*_checked(root, moves, moving=True))
        say(f"dry run: nothing moved (--move-folders moves {', '.join(f'{m.source} -> {m.target}' for m in moves)})")
        return Exit.OK
    return _folders(file, moves, ns.move_folders, ns.json)


def resolved_values(resolved: Resolved) -> dict[str, Any]:
    values = plain(resolved.config)
    return values if isinstance(values, dict) else {}


def _already_b(file: Path, as_json: bool) -> int:
    """``--to B`` on a config that does not set compatibility version 4: nothing the move writes is there."""
    if as_json:
        out_json({"from": "B", "to": "B", "written": False, "already_layout_b": True, "items": []})
    else:
        say(f"{file}: already layout B (future.compatibilityVersion is not 4): nothing to move back")
    return Exit.OK


def _reverse(file: Path, resolved: Resolved, catalog: Catalog, variant: str, as_json: bool) -> int:
    """What moving back to layout B would change: listed, never written."""
    plan = plan_move(resolved, catalog, file.resolve().parent)
    # what the compatibility version changes: not the defaults of the framework's version, not what is the same
    listed = [i for i in plan.items if not i.removed and i.kind not in ("version", "b-only") and i.before != i.after]
    items = [{"path": i.path, "before": to_json(i.after), "after": to_json(i.before)} for i in listed]
    if as_json:
        out_json({"from": variant, "to": "B", "written": False, "items": items})
        return Exit.OK
    say(f"{file}: moving back to layout B would change (listed only; fwk-tui does not write this move):")
    for i in listed:
        say(f"  {i.path}: {shown(i.after)} -> {shown(i.before)}")
    return Exit.OK
