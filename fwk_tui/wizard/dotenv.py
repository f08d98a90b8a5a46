"""Private runtime values go to ``.env``, never into the config or a printed command.

A private ``runtimeConfig`` key the user gives a value is written to the config
as ``''`` and its value as the key's ``FWK_`` variable in the project's
``.env``: a new file, or the existing one with lines added at its end (nothing
in it is changed or lost; a variable it already sets is left as it is).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fwk_tui.atomic import write_text_atomically
from fwk_tui.userfiles import FileNotThere, UnreadableFile, leads_out_of, read_text_file
from fwk_tui.validate.env import env_name, parse_dotenv
from fwk_tui.wizard.answers import Answers, RuntimeKey


def is_secret(item: RuntimeKey) -> bool:
    """A private key with a value: the value is not written into the config."""
    return not item.public and item.value not in ("", None)


def new_secrets(start: Answers, answers: Answers) -> list[RuntimeKey]:
    """Private keys of ``answers`` whose value the user gave (not the one the config already had)."""
    had = {(k.key, k.public, type(k.value), k.value) for k in start.runtime}
    return [k for k in answers.runtime if is_secret(k) and (k.key, False, type(k.value), k.value) not in had]


_PLAIN = re.compile(r"^[A-Za-z0-9_./:@+,-]*$")


def dotenv_value(value: Any) -> str | None:
    """``value`` as a .env file writes it so that the framework's loader reads it back as it is: bare when plain,
    else between quotes the value does not hold (single first: dotenv changes nothing between them; double
    quotes turn a written ``\\n`` into a line break), each ``$`` as ``\\$`` (the loader fills in ``$NAME`` and
    ``${NAME}`` whatever the quotes; ``\\$`` is a dollar). None when no quote is free (the value holds ``'``,
    ``"`` and a backtick: dotenv keeps a backslash before a quote) or it ends with a backslash (read as one
    before the closing quote), or a backslash comes before a ``$`` (the loader takes it for the escape): it
    cannot be written."""
    text = str(value).lower() if isinstance(value, bool) else str(value)
    if _PLAIN.match(text):
        return text
    escaped = text.replace("$", "\\$")
    if text.endswith("\\") or "\\$" in text:
        return None  # a backslash before the closing quote reads as an escaped quote; before a `$`, as its escape
    for quote in ("'", '"', "`"):
        if quote in text or (quote == '"' and ("\\n" in text or "\\r" in text)):
            continue
        return f"{quote}{escaped}{quote}"
    return None


@dataclass
class DotenvPlan:
    """What happens to ``.env``: the text to write (``None``: nothing), the names added and kept."""

    path: Path
    before: str | None
    text: str | None
    added: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    """Variables ``.env`` already sets: left as they are (change them there)."""
    unread: str | None = None
    """Why an existing ``.env`` could not be read: then it is left alone, and the values are not written."""
    missed: list[str] = field(default_factory=list)
    """Variables not written because ``.env`` could not be read."""


def plan_dotenv(folder: Path, secrets: list[RuntimeKey]) -> DotenvPlan | None:
    """The plan for ``folder/.env`` holding ``secrets``; ``None`` when there are none."""
    if not secrets:
        return None
    path = folder / ".env"
    names = [(env_name((k.key,)), k) for k in secrets]
    outside = leads_out_of(path, folder)
    if outside is not None:
        why = f"{path}: it leads to {outside}, outside the project; fwk-tui writes no secret there"
        return DotenvPlan(path, None, None, unread=why, missed=[n for n, _ in names])
    try:
        before: str | None = read_text_file(path)
    except FileNotThere:
        before = None
    except UnreadableFile as exc:
        return DotenvPlan(path, None, None, unread=str(exc), missed=[n for n, _ in names])
    listed = {entry.name for entry in parse_dotenv(before or "")}
    added = [(n, k) for n, k in names if n not in listed]
    kept = [n for n, _ in names if n in listed]
    if not added:
        return DotenvPlan(path, before, None, kept=kept)
    if before is None:
        text = "# Private runtime values (fwk-tui new). Keep this file out of version control.\n"
    else:
        text = before if before.endswith("\n") or not before else before + "\n"
        text += "\n# Added by fwk-tui new:\n"
    for name, item in added:
        written = dotenv_value(item.value)
        if written is None:
            why = (
                f"the value of {name} holds ', \" and ` together, or a backslash at its end or before a $: "
                "a .env line cannot hold it as the loader reads it"
            )
            return DotenvPlan(path, before, None, unread=why, missed=[n for n, _ in added])
        text += f"# runtimeConfig.{item.key} (private: server only)\n{name}={written}\n"
    return DotenvPlan(path, before, text, [n for n, _ in added], kept)


def write_dotenv(plan: DotenvPlan) -> list[str]:
    """Write ``plan``'s text: a new ``.env`` readable by its owner only; an existing one keeps its mode."""
    if plan.text is None:
        return []
    if plan.before is not None:
        return write_text_atomically(plan.path, plan.text)
    plan.path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(plan.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # never over a file made meanwhile
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
        out.write(plan.text)
    return []
