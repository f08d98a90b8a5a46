"""How ``fwk-tui migrate`` shows a plan: the sections a person reads, and the JSON for scripts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fwk_tui.cli.config_file import Stop
from fwk_tui.cli.json_values import to_json
from fwk_tui.cli.output import err, out
from fwk_tui.exits import Exit
from fwk_tui.migrate.draft import adopted_words, change, imports_words, kept_words, shown, warned, why_fixed
from fwk_tui.migrate.links import LinkFix
from fwk_tui.migrate.plan import NOT_SET, REMOVED, UNKNOWN, FolderMove, Item, Plan, visible_items
from fwk_tui.migrate.write import Outcome
from fwk_tui.source import ConfigDocument
from fwk_tui.source.textutil import plain_line, unified_diff


def say(text: str) -> None:
    """One line of migrate's output on stdout: paths and names in it shown on that line (``\\n`` for a line break),
    so a file name cannot fake a line of output."""
    out(plain_line(text))


def say_err(text: str) -> None:
    """One line of migrate's output on stderr, as :func:`say` shows it."""
    err(plain_line(text))


def print_plan(
    file: Path, before: ConfigDocument, plan: Plan, outcome: Outcome, moves: list[FolderMove], *, moving: bool
) -> None:
    say(f"{file}: moving from layout B to layout A (future.compatibilityVersion: {plan.version_before} -> 4)")
    sources = _sources_words(plan)
    if not moving and sources.startswith("move into"):
        sources = f"layout A reads them from {plan.source_folder}/; they stay where they are (--no-move)"
    say(f"Sources: {sources}")
    if moves:
        if moving:
            say(f"  Folders and files that move: {', '.join(f'{m.source} -> {m.target}' for m in moves)}")
        else:
            say(f"  Folders and files to move into {plan.source_folder}/ later: {', '.join(m.source for m in moves)}")
        for m in moves:
            if m.imported_by:
                verb = "moves" if moving else "should move"
                say(f"    {m.source} {verb} with them: imported through ~/ by {', '.join(m.imported_by)}")
    kept = {i.path for i in outcome.kept}
    shown_items = visible_items(plan, kept)
    for title, kinds in _SECTIONS:
        items = [i for i in shown_items if i.kind in kinds]
        if not items:
            continue
        say(f"{title} ({len(items)}):")
        for item in items:
            if item.choosable:
                choice = kept_words(item) if item.path in kept else adopted_words(item)
            else:
                choice = why_fixed(item)
            value = (
                shown(item.before)
                if item.kind in ("removed", "b-only")
                else change(item.before, item.after, arrow="->")
            )
            say(f"  {item.path}: {value}   ({choice})")
    if outcome.rewrites:
        say(f"Paths through ~/ to what stays beside the config, written through ~~/ ({len(outcome.rewrites)}):")
        for rewrite in outcome.rewrites:
            say(f"  line {rewrite.line}: {shown(rewrite.before)} -> {shown(rewrite.after)}")
    for line in imports_words(plan):
        say(line)
    version = [i.path for i in plan.items if i.kind == "version"]
    if version:
        say(
            f"Note: {len(version)} defaults differ between the reference's two layouts without coming from this move "
            f"(they follow the framework's version; nothing is written for them): {', '.join(version)}"
        )
    for note in [*plan.notes, *warned(outcome)]:
        say(f"Note: {note}")
    diff = unified_diff(before.text, outcome.doc.text, str(file))
    if diff:
        out(diff.rstrip("\n"))  # the config's own lines, each shown by out()


_SECTIONS = (
    ("The reference's way back to the old behaviour", ("recipe",)),
    ("Folders layout A reads beside the config", ("folder",)),
    ("Values made from the folders (they follow them)", ("follows",)),
    ("Flags version 4 removes, which this file sets", ("removed",)),
    ("Options the reference lists for layout B only, which this file sets", ("b-only",)),
)


def _sources_words(plan: Plan) -> str:
    if any(path == "srcDir" for path, _ in plan.pins):
        return "stay where they are (srcDir: '.')"
    src = next((i for i in plan.items if i.path == "srcDir"), None)
    if plan.source_folder == "app" and src is not None:
        return "move into app/"
    if plan.source_folder in (".", ""):
        return "stay where they are"
    return f"stay in {plan.source_folder}/ (srcDir is set)"


def plan_json(plan: Plan, outcome: Outcome, file: Path, moves: list[FolderMove]) -> dict[str, object]:
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
                "kind": i.kind,
                "replaced_by": i.replaced_by,
                "follows": i.follows,
            }
            for i in plan.items
        ],
        "folders": [{"source": m.source, "target": m.target} for m in moves],
        "rewrites": [{"line": r.line, "before": r.before, "after": r.after} for r in outcome.rewrites],
        "imports_left": plan.imports_left,
        "notes": plan.notes,
        "new_errors": [{"path": d.path, "message": d.message} for d in outcome.new_errors],
        "new_warnings": [{"path": d.path, "code": d.code, "message": d.message} for d in outcome.new_warnings],
    }


def _json(value: Any) -> object:
    return value if value in (UNKNOWN, REMOVED, NOT_SET) else to_json(value)


def say_moved(moved: list[FolderMove]) -> None:
    """Each move made, and under it the links it rewrote."""
    for m in moved:
        say(f"moved {m.source} -> {m.target}")
        for fix in m.links:
            say(f"  link {fix.path} -> {fix.after} (was {fix.before}: it points where it did)")


def say_checked(problems: list[str], links: list[LinkFix]) -> None:
    """Before a move (a dry run): the links it would rewrite, and what would refuse it."""
    for fix in links:
        say(f"Link rewritten to keep pointing where it does: {fix.path}: {fix.before} -> {fix.after}")
    for problem in problems:
        say(f"Note: the move would be refused: {problem}")


def question_for(item: Item, width: int) -> str:
    """What is asked about one item: yes keeps the old behaviour, and the words say what no does (the longest that
    fits the terminal's line)."""
    if item.kind == "removed":
        tries = [
            f"Keep {item.path}: {shown(item.keep, width)} (version 4 removes it; n deletes it)?",
            f"Keep {item.path} (version 4 removes it; n deletes it)?",
            "Keep this flag (version 4 removes it; n deletes it)?",
        ]
    elif item.kind == "folder":
        tries = [f"Keep reading it from {item.before}/ (n moves it to {item.after}/)?", "Keep its old place?"]
    else:
        tries = [f"Keep the old behaviour ({item.path}: {shown(item.keep, width)})?"]
    tries.append("Keep the old behaviour (its old value is written)?")
    return next((q for q in tries if len(q) + 6 <= width), tries[-1])


def ask(question: str, *, default: bool) -> bool:
    """Ask ``question`` until answered: yes (True) or no; Enter gives ``default``."""
    hint = "[Y/n]" if default else "[y/N]"
    while True:
        try:
            answer = input(plain_line(f"{question} {hint} ")).strip().lower()
        except EOFError:
            raise Stop(Exit.BAD_INPUT, "no answer (end of input): nothing was written") from None
        except KeyboardInterrupt:
            say("")  # the shell's prompt on a line of its own
            raise
        if not answer:
            return default
        if answer in ("y", "yes", "k", "keep"):
            return True
        if answer in ("n", "no", "a", "adopt"):
            return False
