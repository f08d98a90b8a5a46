"""From answers to files: :class:`Plan` is the whole outcome, shown for review before anything is written.

The config's edits are :mod:`fwk_tui.wizard.edits`' (only the options whose answer
changed), the other files :mod:`fwk_tui.wizard.extra_files`'.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from fwk_tui.atomic import write_text_atomically
from fwk_tui.catalog.models import Catalog
from fwk_tui.oserrors import os_error_message
from fwk_tui.source import ConfigDocument, DocumentError, save_document
from fwk_tui.source.textutil import plain_line
from fwk_tui.userfiles import FileNotThere, UnreadableFile, leads_out_of, read_text_file
from fwk_tui.validate import Diagnostic
from fwk_tui.wizard.answers import Answers
from fwk_tui.wizard.dotenv import DotenvPlan, new_secrets, plan_dotenv, write_dotenv
from fwk_tui.wizard.edits import apply_answers
from fwk_tui.wizard.extra_files import env_example, skeleton
from fwk_tui.wizard.gitignore import ENV, GitignorePlan, plan_gitignore


@dataclass
class Plan:
    """What the wizard will write, for review; :meth:`write` writes it."""

    folder: Path
    config: Path
    before: ConfigDocument | None
    after: ConfigDocument
    answers: Answers
    diagnostics: list[Diagnostic]
    folders: list[str] = field(default_factory=list)
    env_path: Path | None = None
    env_before: str | None = None
    env_text: str | None = None
    env_unread: str | None = None
    """Why an existing .env.example was not read (a FIFO, too big...): then it is left alone."""

    known: frozenset[tuple[str, str]] = frozenset()
    """(path, message) of the errors the config had before: not the answers' doing, so they do not block."""
    dotenv: DotenvPlan | None = None
    """The private runtime values, written to ``.env`` (the config gets ``''`` for them)."""
    gitignore: GitignorePlan | None = None
    """``.env`` added to the project's ``.gitignore``, when ``.env`` is written."""

    @property
    def errors(self) -> list[Diagnostic]:
        """Errors the answers bring (a config that had errors already may still be improved)."""
        return [d for d in self.diagnostics if d.severity == "error" and (d.path, d.message) not in self.known]

    @property
    def changes_config(self) -> bool:
        return self.before is None or self.before.text != self.after.text

    def config_diff(self) -> str:
        """The config's diff against the file on disk (a new file: every line added)."""
        old = self.before.text if self.before is not None else ""
        name = plain_line(shown_path(self.config))  # a line break in a name would start a line of the diff
        return "".join(
            difflib.unified_diff(
                old.splitlines(keepends=True),
                self.after.text.splitlines(keepends=True),
                fromfile=f"a/{name}" if self.before is not None else "/dev/null",
                tofile=f"b/{name}",
            )
        )

    def summary(self) -> Iterator[str]:
        """One line per file or folder this plan writes, every path from the folder the command runs in."""
        rel = shown_path
        if self.before is None:
            yield f"create {rel(self.config)}"
        elif self.changes_config:
            yield f"update {rel(self.config)}"
        else:
            yield f"keep {rel(self.config)} (no change)"
        if self.folders:
            yield f"create folders {', '.join(rel(self.folder / f) + '/' for f in self.folders)}"
        if self.env_path is not None and self.env_text is not None:
            yield f"{'create' if self.env_before is None else 'update'} {rel(self.env_path)}"
        ignore = self.gitignore
        if ignore is not None and ignore.text is not None:
            # Before .env: the secret is never in the project without it.
            if ignore.before is None:
                yield f"create {rel(ignore.path)}: {ENV} (kept out of version control)"
            else:
                yield f"add {ENV} to {rel(ignore.path)} (kept out of version control)"
        env = self.dotenv
        if env is not None and env.text is not None:
            verb = "create" if env.before is None else "add to"
            yield f"{verb} {rel(env.path)}: {', '.join(env.added)} (private values, not written in the config)"
        # Then what is left alone, and why:
        if self.env_unread is not None:
            yield f"leave {rel(self.folder / '.env.example')} alone ({self.env_unread})"
        if env is not None and env.kept:
            yield f"leave {', '.join(env.kept)} in {rel(env.path)} as it is (already set there; change it there)"
        if env is not None and env.unread is not None:
            yield f"cannot add {', '.join(env.missed)} to {rel(env.path)} ({env.unread}): nothing can be written"
        if ignore is not None and ignore.unread is not None:
            yield f"leave {rel(ignore.path)} alone ({ignore.unread}): add {ENV} to it yourself"

    def write(self) -> list[str]:
        """Write everything (each file atomically); the config only when it checks without errors.

        Returns what was done (and notes for the user); DocumentError says why a
        write failed and what was written before it.
        """
        if self.errors:
            raise ValueError("the config would have errors; nothing written")
        if self.dotenv is not None and self.dotenv.unread is not None:
            # The config would get '' for them: without .env the values typed would be lost.
            raise DocumentError(
                f"{self.dotenv.unread}; the private runtime values "
                f"({', '.join(self.dotenv.missed)}) have nowhere to go; nothing was written"
            )
        ignore = self.gitignore.path if self.gitignore is not None and self.gitignore.text is not None else None
        for target in [*(self.folder / name for name in self.folders), self.env_path, ignore]:
            outside = leads_out_of(target, self.folder) if target is not None else None
            if outside is not None:  # a link in the project leading elsewhere: nothing is written through it
                raise DocumentError(f"{target}: it leads to {outside}, outside the project; nothing was written")
        done: list[str] = []
        steps = self.summary()  # in the order of the writes below
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            notes = save_document(self.after, self.config) if self.changes_config else []
            done.append(next(steps))
            for name in self.folders:
                (self.folder / name).mkdir(parents=True, exist_ok=True)
            if self.folders:
                done.append(next(steps))
            if self.env_path is not None and self.env_text is not None:
                notes += write_text_atomically(self.env_path, self.env_text)
                done.append(next(steps))
            if self.gitignore is not None and self.gitignore.text is not None:
                notes += write_text_atomically(self.gitignore.path, self.gitignore.text)
                done.append(next(steps))
            if self.dotenv is not None and self.dotenv.text is not None:
                notes += write_dotenv(self.dotenv)
                done.append(next(steps))
            done += list(steps)  # what was left alone, and why
        except (OSError, DocumentError) as exc:
            message = os_error_message(exc, exc.filename or self.folder) if isinstance(exc, OSError) else str(exc)
            before = f"done before it: {'; '.join(done)}" if done else "nothing was written"
            raise DocumentError(f"{message.removesuffix('; nothing was written')}; {before}") from None
        return done + notes


def make_plan(
    folder: Path,
    answers: Answers,
    catalog: Catalog,
    *,
    before: ConfigDocument | None,
    start: Answers,
    config: Path | None = None,
) -> Plan:
    """The plan for ``answers`` in ``folder``: ``before`` is the config there (``None``: a new one)."""
    from fwk_tui.project import Project

    config = config or folder / "fwk.config.ts"
    base = before if before is not None else ConfigDocument.new(config.name)
    after = apply_answers(base, start, answers)
    project = Project.at(config)  # as `fwk-tui check` reads the config written there
    diagnostics = project.check(after, catalog, answers.variant).diagnostics
    known: frozenset[tuple[str, str]] = frozenset()
    if before is not None and any(d.severity == "error" for d in diagnostics):
        old = project.check(before, catalog, start.variant, positions=False).diagnostics
        known = frozenset((d.path, d.message) for d in old if d.severity == "error")
    folders = []
    if answers.skeleton:
        folders = [f for f in skeleton(answers.variant, answers.src_dir) if not (folder / f).is_dir()]
    env_path = env_before = env_text = env_unread = None
    if answers.env_example:
        env_path = folder / ".env.example"
        try:
            env_before = read_text_file(env_path)
        except FileNotThere:
            env_before = None
        except UnreadableFile as exc:
            env_path, env_unread = None, str(exc)  # never written over what could not be read
        if env_path is not None:
            env_text = env_example(answers, env_before)
    dotenv = plan_dotenv(folder, new_secrets(start, answers))
    return Plan(
        folder,
        config,
        before,
        after,
        answers,
        diagnostics,
        folders,
        env_path,
        env_before,
        env_text,
        env_unread,
        known,
        dotenv,
        plan_gitignore(folder) if dotenv is not None and dotenv.text is not None else None,
    )


def shown_path(path: Path) -> str:
    """``path`` as every message prints it: from the folder the command runs in, else absolute."""
    full = path.absolute()
    try:
        return str(full.relative_to(Path.cwd())) or "."
    except ValueError:
        return str(full)
