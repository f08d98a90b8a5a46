"""What a write of the wizard tells the user: the files written, what to install, the command that repeats it."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.wizard.dotenv import is_secret
from fwk_tui.wizard.plan import Plan, shown_path
from fwk_tui.wizard.preset import command_line


def report(done: list[str], plan: Plan, folder_arg: str) -> list[str]:
    """What was written, what to install, and the command that repeats the run (``folder_arg``: the project
    folder as it was given)."""
    lines = list(done)
    warnings = [d for d in plan.diagnostics if d.severity == "warning"]
    for d in warnings:
        lines.append(f"{shown_path(plan.config)}:{d.line}:{d.column}: warning: {d.message}")
    needed = plan.answers.dev_dependencies
    if needed:
        lines.append(f"install: npm install -D {' '.join(needed)}")
    if plan.answers.rendering == "static":
        lines.append("build the static site with the generate command (fwk generate)")
    lines.append("repeat without questions:")
    lines.append(f"  {command_line(repeat_folder(plan.folder, folder_arg), plan.answers)}")
    if any(is_secret(item) for item in plan.answers.runtime):
        env = plan.dotenv
        if env is not None and (env.added or env.kept):
            lines.append(f"  (private runtime values are not repeated: they are in {shown_path(env.path)})")
        else:  # left as they were in an existing config: nothing went to .env
            lines.append("  (private runtime values are not repeated)")
    return lines


def repeat_folder(folder: Path, given: str) -> str:
    """The project ``folder`` as the repeated command names it: from the current folder when it is under it
    (``shop``, ``.``), else as it was ``given`` (the editor gives it absolute)."""
    shown = shown_path(folder)
    return (given or shown) if Path(shown).is_absolute() else shown
