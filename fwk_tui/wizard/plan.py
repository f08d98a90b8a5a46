"""From answers to files: the config's edits, the folder skeleton and ``.env.example``.

The config is changed through the document engine: :func:`apply_answers`
compares what the starting answers and the new answers ask of each option and
edits only the options whose wish changed, so a config the wizard read keeps
every other byte (comments, functions, unknown keys). :class:`Plan` is the
whole outcome, shown for review before anything is written.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fwk_tui.atomic import write_text_atomically
from fwk_tui.catalog.models import Catalog
from fwk_tui.oserrors import os_error_message
from fwk_tui.paths import format_path, parse_path
from fwk_tui.source import ConfigDocument, DocumentError, save_document
from fwk_tui.userfiles import FileNotThere, UnreadableFile, read_text_file
from fwk_tui.validate import Diagnostic, check_document
from fwk_tui.validate.env import env_name, parse_dotenv
from fwk_tui.validate.values import MISSING
from fwk_tui.validate.variant import A_ROOT_FOLDERS, A_SOURCE_FILES, B_EXTRA_SOURCE_FOLDERS, SOURCE_FOLDERS
from fwk_tui.wizard.dotenv import DotenvPlan, new_secrets, plan_dotenv, write_dotenv
from fwk_tui.wizard.answers import (
    DEFAULT_SRC_DIR,
    Answers,
    description_index,
    module_names,
)

ABSENT = MISSING
"""Wish: the option is not written (its default applies)."""


class _Keep:
    def __repr__(self) -> str:
        return "KEEP"


KEEP: Any = _Keep()
"""Wish: whatever the file has stays (a builder written as code)."""


class _Not3:
    def __repr__(self) -> str:
        return "NOT_3"


NOT_3: Any = _Not3()
"""Wish for ``future.compatibilityVersion`` in layout A: anything but 3 (v3 behaviour is layout B)."""

MODULES = "modules"
DESCRIPTION = "app.head.meta#description"
"""Pseudo-paths with their own edits: module names in a list of mixed items; one item of ``app.head.meta``."""


def wishes(a: Answers) -> dict[str, Any]:
    """What ``a`` asks of each option the wizard covers, in the order a new file lists them."""
    spa = a.rendering == "spa"
    out: dict[str, Any] = {
        "compatibilityDate": a.compatibility_date or ABSENT,
        "srcDir": ABSENT if a.src_dir == DEFAULT_SRC_DIR[a.variant] else a.src_dir,
        "future.compatibilityVersion": 3 if a.variant == "B" else NOT_3,
        "ssr": False if spa else ABSENT,
        "spaLoadingTemplate": a.spa_loading_template if spa and a.spa_loading_template is not None else ABSENT,
        "builder": KEEP if a.bundler is None else ABSENT if a.bundler == "vbuild" else a.bundler,
        MODULES: a.modules,
        "app.head.title": a.title or ABSENT,
        "app.head.htmlAttrs.lang": a.lang or ABSENT,
        DESCRIPTION: a.description or ABSENT,
    }
    for item in a.runtime:
        out[item.path] = item.value
    out.update(
        {
            "typescript.strict": ABSENT if a.strict else False,
            "typescript.typeCheck": KEEP
            if a.type_check is None
            else ABSENT
            if a.type_check == "off"
            else a.type_check_value,
            "devServer.port": ABSENT if a.port == 3000 else a.port,
            "devServer.host": a.host or ABSENT,
        }
    )
    return out


def _same(a: Any, b: Any) -> bool:
    return a is b or (type(a) is type(b) and a == b)


def apply_answers(doc: ConfigDocument, start: Answers, answers: Answers) -> ConfigDocument:
    """``doc`` edited so that it says ``answers`` where ``start`` (what it said) differs.

    Each changed wish is one edit of the document engine; options the wizard
    does not cover, and covered ones whose answer did not change, stay as written.
    """
    before, after = wishes(start), wishes(answers)
    for path in [*after, *(p for p in before if p not in after)]:
        old, new = before.get(path, ABSENT), after.get(path, ABSENT)
        if new is KEEP or _same(old, new):
            continue
        if path == MODULES:
            doc = _set_modules(doc, new or ())
        elif path == DESCRIPTION:
            doc = _set_description(doc, new)
        elif new is NOT_3:
            if doc.has(path) and _same(doc.get(path), 3):
                doc = _unset(doc, path)
        elif new is ABSENT:
            if doc.has(path):
                doc = _unset(doc, path)
        else:
            doc = doc.set(path, "" if _private_runtime(path) and new not in ("", None) else new)
    return doc


def _private_runtime(path: str) -> bool:
    """A private ``runtimeConfig`` key: its value goes to ``.env`` (:mod:`fwk_tui.wizard.dotenv`), ``''`` here."""
    return path.startswith("runtimeConfig.") and not path.startswith("runtimeConfig.public.")


def _unset(doc: ConfigDocument, path: str) -> ConfigDocument:
    """Remove ``path``, then the objects above it that this left empty (comments or not)."""
    doc = doc.unset(path)
    segments = parse_path(path)
    for depth in range(len(segments) - 1, 0, -1):
        parent = format_path(segments[:depth])
        if not doc.has(parent):
            continue  # the engine's unset removed it already
        if doc.get(parent) != {}:
            break
        doc = doc.unset(parent)
    return doc


def _set_modules(doc: ConfigDocument, names: tuple[str, ...]) -> ConfigDocument:
    """Keep the listed modules as written (options, inline functions), remove the others, add the new.

    New names are added before old ones are removed, so the array keeps its own layout.
    """
    current = doc.get(MODULES) if doc.has(MODULES) else []
    if not isinstance(current, list):
        return doc.set(MODULES, list(names)) if names else doc
    present = set(module_names(current))
    added = [name for name in dict.fromkeys(names) if name not in present]
    if added:
        doc = doc.insert(MODULES, len(current), *added)  # one edit: no re-read per name
    for index in range(len(current) - 1, -1, -1):
        named = module_names([current[index]])
        if named and named[0] not in names:
            doc = doc.remove(f"{MODULES}[{index}]")
    if doc.has(MODULES) and doc.get(MODULES) == []:
        doc = _unset(doc, MODULES)
    return doc


def _set_description(doc: ConfigDocument, content: Any) -> ConfigDocument:
    meta = doc.get("app.head.meta") if doc.has("app.head.meta") else MISSING
    index = description_index(meta)
    if content is ABSENT:
        if index is None:
            return doc
        doc = doc.remove(f"app.head.meta[{index}]")
        return _unset(doc, "app.head.meta") if doc.get("app.head.meta") == [] else doc
    if index is not None:
        return doc.set(f"app.head.meta[{index}].content", content)
    count = len(meta) if isinstance(meta, list) else 0
    return doc.insert("app.head.meta", count, {"name": "description", "content": content})


# -- the folder skeleton and .env.example -------------------------------------------------

def skeleton(variant: str, src_dir: str) -> list[str]:
    """The folders the chosen layout expects, relative to the project's root (the reference, ``srcDir``)."""
    src = src_dir.strip().strip("/") or "."
    inside = SOURCE_FOLDERS if variant == "A" else SOURCE_FOLDERS + B_EXTRA_SOURCE_FOLDERS
    folders = [name if src == "." else f"{src}/{name}" for name in inside]
    if variant == "A":
        folders += [name for name in A_ROOT_FOLDERS if name not in folders]
    return folders


def layout_tree(variant: str, src_dir: str) -> str:
    """The folder tree of a layout as text, for a person to read."""
    src = src_dir.strip().strip("/") or "."
    inside = SOURCE_FOLDERS if variant == "A" else SOURCE_FOLDERS + B_EXTRA_SOURCE_FOLDERS
    files_inside = A_SOURCE_FILES if variant == "A" else ()
    beside = [*A_ROOT_FOLDERS] if variant == "A" else []
    entries = [f"{n}/" for n in inside] + list(files_inside)
    lines = ["<project>/"]
    top = [f"{n}/" for n in beside] + ["fwk.config.ts", "package.json"]
    if src == ".":
        for entry in sorted(entries, key=str.lower) + top:
            lines.append(f"  {entry}")
        return "\n".join(lines)
    lines.append(f"  {src}/")
    lines += [f"    {entry}" for entry in entries]
    lines += [f"  {entry}" for entry in top]
    return "\n".join(lines)


def env_lines(answers: Answers) -> list[tuple[str, str]]:
    """``(variable, comment)`` for each runtime key, then the app options' variables."""
    out = []
    for item in answers.runtime:
        keys = ("public", item.key) if item.public else (item.key,)
        where = "public: also sent to the browser" if item.public else "private: server only"
        out.append(
            (
                env_name(keys),
                f"runtimeConfig.{'public.' if item.public else ''}{item.key} ({where})",
            )
        )
    return out


_APP_VARIABLES = (
    ("FWK_APP_BASE_URL", "app.baseURL (default /)"),
    ("FWK_APP_CDN_URL", "app.cdnURL (default: empty)"),
)


def env_example(answers: Answers, existing: str | None) -> str | None:
    """The text of ``.env.example``: a new file, or ``existing`` with the missing variables added.

    ``None`` when ``existing`` already lists every variable. Values stay empty:
    the file documents names, and secrets never belong in it.
    """
    variables = env_lines(answers)
    if existing is None:
        lines = [
            "# Environment variables read by the app at run time (copy to .env and fill in).",
            "# Each FWK_ variable overrides the runtimeConfig key named in its comment.",
            "",
        ]
        for name, comment in variables:
            lines += [f"# {comment}", f"{name}="]
        lines += ["", "# Run-time overrides of the app options (uncomment to use):"]
        for name, comment in _APP_VARIABLES:
            lines += [f"# {comment}", f"# {name}="]
        return "\n".join(lines) + "\n"
    listed = {entry.name for entry in parse_dotenv(existing)}
    listed |= {line.lstrip("# ").split("=", 1)[0] for line in existing.splitlines() if "=" in line}
    missing = [(n, c) for n, c in variables if n not in listed]
    if not missing:
        return None
    text = existing if existing.endswith("\n") or not existing else existing + "\n"
    text += "\n# Added by fwk-tui new:\n"
    for name, comment in missing:
        text += f"# {comment}\n{name}=\n"
    return text


# -- the plan --------------------------------------------------------------------------------


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
        name = shown_path(self.config)
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
    from fwk_tui.surroundings import read_project

    config = config or folder / "fwk.config.ts"
    base = before if before is not None else ConfigDocument.new(config.name)
    after = apply_answers(base, start, answers)
    project, _note = read_project(config)
    diagnostics = check_document(after, catalog, answers.variant, project=project).diagnostics
    known: frozenset[tuple[str, str]] = frozenset()
    if before is not None and any(d.severity == "error" for d in diagnostics):
        old = check_document(before, catalog, start.variant, project=project, positions=False).diagnostics
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
        plan_dotenv(folder, new_secrets(start, answers)),
    )


def shown_path(path: Path) -> str:
    """``path`` as every message prints it: from the folder the command runs in, else absolute."""
    full = path.absolute()
    try:
        return str(full.relative_to(Path.cwd())) or "."
    except ValueError:
        return str(full)


# -- where the wizard starts -----------------------------------------------------------------


@dataclass(frozen=True)
class Project:
    """A project folder as the wizard finds it: its config (if any) and the answers it gives."""

    folder: Path
    config: Path
    before: ConfigDocument | None
    start: Answers
    """What the config says now (the baseline: only answers that differ from it are written)."""
    initial: Answers
    """What the wizard offers first: ``start``, and today's ``compatibilityDate`` when none is set."""

    def plan(self, answers: Answers, catalog: Catalog) -> Plan:
        return make_plan(
            self.folder,
            answers,
            catalog,
            before=self.before,
            start=self.start,
            config=self.config,
        )


def open_project(folder: Path, catalog: Catalog, variant: str | None = None) -> Project:
    """The project in ``folder`` (which may not exist yet); ``DocumentError`` when its config cannot be read.

    ``variant`` forces the layout; otherwise an existing config's is detected
    (its values, then its folders), and a new project starts in layout A.
    """
    from fwk_tui.source import DocumentError, find_config_file, load_document
    from fwk_tui.surroundings import read_layout
    from fwk_tui.validate import detect_variant
    from fwk_tui.wizard.answers import from_values, today

    found = find_config_file(folder) if folder.is_dir() else None
    if found is None:
        config = folder / "fwk.config.ts"
        start = Answers(compatibility_date="")
        layout = read_layout(config) if folder.is_dir() else None
        detected = detect_variant(catalog, {}, layout).variant if layout is not None else "A"
        initial = Answers().with_(variant=variant or detected)
        return Project(folder, config, None, start, initial)
    before = load_document(found)
    if before.read_only:
        raise DocumentError(f"{found}: the wizard cannot change this config: {before.read_only}")
    values = before.values()
    start = from_values(values, detect_variant(catalog, values, read_layout(found)).variant)
    initial = start.with_(compatibility_date=start.compatibility_date or today())
    return Project(
        folder,
        found,
        before,
        start,
        initial.with_(variant=variant) if variant else initial,
    )
