"""``fwk-tui check``: a config's diagnostics, their codes and safe fixes; the helpers the config commands share."""

from __future__ import annotations

import argparse
import sys
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from fwk_tui.catalog import load_catalog
from fwk_tui.cli.check_effective import effective_findings, finding_json, finding_text
from fwk_tui.cli.config_file import Stop, find_config, guard, open_config
from fwk_tui.cli.json_values import to_json
from fwk_tui.cli.output import err, out, out_json, out_line
from fwk_tui.exits import Exit
from fwk_tui.project import Project
from fwk_tui.resolve.check import Finding
from fwk_tui.source import ConfigDocument
from fwk_tui.source.lock import locked
from fwk_tui.source.parse import error_at
from fwk_tui.source.save import save_document
from fwk_tui.source.textutil import plain, plain_line, unified_diff
from fwk_tui.validate import CheckResult, Diagnostic, Fix, summary
from fwk_tui.validate.fixes import FixOutcome, apply_fixes, is_safe
from fwk_tui.validate.ignore import Ignored
from fwk_tui.validate.not_checked import RULE as NOT_CHECKED


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:  # noqa: SLF001
    """Add ``check`` to ``sub``."""
    check = sub.add_parser(
        "check",
        help="check a config against the catalogue",
        description=(
            "Check FILE (default ./fwk.config.ts, .js, .mjs) against the catalogue: types, keys and the "
            "reference's rules. The layout variant is detected (future.compatibilityVersion, srcDir, an app/ "
            "folder, options of one variant; else A) unless --variant is given. A package.json beside FILE is "
            "read for the builder and type-check packages. Exit 0 without errors, 1 with errors, 2 when the "
            "file cannot be read, 3 without errors when code builds the config (a call, a function that does more "
            "than return an object, a variable changed after it is written, an import): what code makes was not "
            "checked."
        ),
    )
    check.add_argument("file", nargs="?", metavar="FILE", help="config file")
    check.add_argument("--variant", choices=["A", "B"], help="layout variant (default: detected)")
    check.add_argument(
        "--format",
        choices=["text", "json", "github"],
        default="text",
        help="text (default), json (every diagnostic) or github (workflow annotations)",
    )
    check.add_argument(
        "--verbose",
        "-v",
        action="store_true",
        help="also show infos, and the diagnostics fwk-tui-ignore comments set aside, in text and github output",
    )
    check.add_argument(
        "--fix",
        action="store_true",
        help="apply every safe fix (one that keeps what the app does) through the document engine, print the diff",
    )
    check.add_argument(
        "--unsafe-fixes",
        action="store_true",
        help="with --fix: also apply the fixes that change what the app does (a misspelt key renamed, a misspelt "
        "object merged into the one it meant), each listed on stderr; a merge whose objects set one key "
        "differently is listed as needing a choice, not applied",
    )
    check.add_argument("--dry-run", action="store_true", help="with --fix: print the diff, write nothing")
    check.add_argument(
        "--env",
        metavar="NAME",
        help="also check the config as the app gets it in this environment ($production, $env.NAME sections); "
        "layers (theme, extends) are always merged and checked",
    )
    check.set_defaults(run=run_check)


# -- check -----------------------------------------------------------------------------------


def run_check(ns: argparse.Namespace) -> int:
    """``fwk-tui check [FILE]``."""
    return guard(lambda: _check(ns))


def _check(ns: argparse.Namespace) -> int:
    if ns.dry_run and not ns.fix:
        raise Stop(Exit.BAD_INPUT, "--dry-run goes with --fix (check itself never writes)")
    if ns.unsafe_fixes and not ns.fix:
        raise Stop(Exit.BAD_INPUT, "--unsafe-fixes goes with --fix (check itself never writes)")
    file = find_config(ns.file, "FILE")
    with locked(file) if ns.fix and not ns.dry_run else nullcontext():
        file, doc = open_config(ns.file, "FILE")
        project = Project.at(file, env=ns.env or None, environ={})
        for text in project.notes:
            err(text)  # stderr: JSON and annotations on stdout stay clean

        catalog = load_catalog()

        def check(d: ConfigDocument) -> CheckResult:
            return project.check(d, catalog, ns.variant)

        result = check(doc)
        if ns.fix and doc.read_only:
            (out if ns.format == "text" else err)(f"{file}: no fix applied: read-only: {doc.read_only}")
        elif ns.fix:
            outcome = apply_fixes(doc, lambda d: check(d).diagnostics, unsafe=ns.unsafe_fixes)
            _report_fixes(
                file, doc, outcome, to_stdout=ns.format == "text", dry_run=ns.dry_run, unsafe=ns.unsafe_fixes
            )
            if outcome.applied and not ns.dry_run:
                for saved_note in save_document(outcome.doc, file):
                    err(saved_note)
            if outcome.applied and not ns.dry_run:  # a dry run reports the file as it is on disk
                doc, result = outcome.doc, check(outcome.doc)
    diagnostics = result.diagnostics
    _say_modules_not_installed(project, doc, diagnostics)
    _say_modules_unread(project, doc)
    heading, findings = effective_findings(project, doc, catalog, result)
    merged = [f.diagnostic for f in findings]
    if ns.format == "json":
        out_json([diagnostic_json(d) for d in diagnostics] + [finding_json(f, diagnostic_json(f.diagnostic)) for f in findings])
    elif ns.format == "github":
        shown = [d for d in diagnostics if ns.verbose or _shown(d)]
        for d in shown:
            out(github_line(str(file), d))
        for f in findings:
            if ns.verbose or _shown(f.diagnostic):
                out(github_line(_finding_file(file, f), f.diagnostic))
        out(_summary_line(diagnostics + merged, ns.verbose, len(result.ignored)))
    else:
        how = "chosen with --variant" if result.variant.forced else result.variant.reason
        out_line(f"{file}: checked as variant {result.variant.variant} ({how})")
        for d in diagnostics:
            if ns.verbose or _shown(d):
                out(text_block(str(file), doc, d))
        if ns.verbose:
            for ignored in result.ignored:
                out(_ignored_line(str(file), ignored))
        shown_findings = [f for f in findings if ns.verbose or _shown(f.diagnostic)]
        if shown_findings:
            out_line(f"In {heading}:")  # a layer's name cannot fake a line of the report
            for f in shown_findings:
                out_line(finding_text(str(file), f))
        out(_summary_line(diagnostics + merged, ns.verbose, len(result.ignored)))
    if any(d.severity == "error" for d in diagnostics + merged):
        return Exit.FINDINGS
    return Exit.NOT_CHECKED if any(d.rule == NOT_CHECKED for d in diagnostics) else Exit.OK


def _say_modules_unread(project: Project, doc: ConfigDocument) -> None:
    """A module the config gives options to, installed but whose declarations could not be read (too big, not a
    file, a link out of its package): one note each, saying why its options are not checked (stderr)."""
    values = doc.values()
    for module in project.modules(values)[0]:
        declarations = module.declarations
        if module.config_key in values and not declarations.options and declarations.notes:
            err(f"note: {declarations.notes[0]}: the options of {module.label} are not checked")


def _say_modules_not_installed(project: Project, doc: ConfigDocument, diagnostics: list[Diagnostic]) -> None:
    """Where the config gives options to a module fwk-tui cannot read (FWK102) and modules it lists are not
    installed: one note saying which, and what to do (stderr)."""
    if not any(d.rule == "unknown-group" for d in diagnostics):
        return
    missing = project.modules(doc.values())[1]
    if len(missing) == 1:
        err(f"note: {missing[0].words}")
    elif missing:
        names = ", ".join(m.name for m in missing)
        err(f"note: not installed here (no node_modules): {names}; install the project's packages to check "
            "their options")  # fmt: skip


def _finding_file(file: Path, finding: Finding) -> str:
    """The file a finding's annotation goes on: where its value was set, as a path from here."""
    origin = finding.origin
    if origin is None or origin.file is None:
        return str(file)
    return str(file.parent / origin.file)


def _shown(d: Diagnostic) -> bool:
    """Shown without --verbose: warnings, errors, and the info that code builds the config (the headline)."""
    return d.severity != "info" or d.rule == NOT_CHECKED


def _summary_line(diagnostics: list[Diagnostic], verbose: bool, ignored: int = 0) -> str:
    line = summary(diagnostics)
    hidden = sum(1 for d in diagnostics if not _shown(d))
    if ignored:
        line += f", {ignored} ignored by fwk-tui-ignore comments"
    if (hidden or ignored) and not verbose:
        what = "infos and ignored" if hidden and ignored else "infos" if hidden else "ignored"
        line += f" ({what} hidden; --verbose shows them)"
    return line


def _ignored_line(file: str, ignored: Ignored) -> str:
    d = ignored.diagnostic
    return f"{file}:{d.line}:{d.column}: ignored {d.code} (comment on line {ignored.comment_line}): {d.message}"


def _report_fixes(
    file: Path, old: ConfigDocument, outcome: FixOutcome, *, to_stdout: bool, dry_run: bool, unsafe: bool = False
) -> None:
    """The diff of the fixes and what each did; on stderr when stdout carries JSON or annotations. An unsafe fix
    applied is listed on stderr whatever the format: it changed what the app does."""
    say = out if to_stdout else err
    diff = unified_diff(old.text, outcome.doc.text, str(file))
    if diff:
        (sys.stdout if to_stdout else sys.stderr).write(plain(diff))
    verb = "would fix" if dry_run else "fixed"
    for applied in outcome.applied:
        d = applied.diagnostic
        assert d.fix is not None
        where = f"{file}:{d.line}:{d.column}" if applied.in_file_as_read else f"{file} (after the fixes above)"
        if is_safe(d):
            say(f"{where}: {verb} {d.code}: {d.fix.title}")
        else:
            err(f"{where}: {verb} {d.code} (unsafe: it changes what the app does): {d.fix.title}")
    for d, why in outcome.held_back:
        say(f"{file}: not fixed {d.code} at {d.path}: {why}; the fix is shown below")
    for d in outcome.needs_choice:
        assert d.fix is not None
        fix = d.fix
        say(
            f"{file}:{d.line}:{d.column}: not fixed {d.code}, it needs a choice: {_listed(fix.conflicts)} set "
            f"differently in {fix.path} and {fix.new_path} (F3 on the field in fwk-tui edit asks which to keep; the "
            "language server offers both as code actions)"
        )
    n = len(outcome.applied)
    if not n:
        say(f"{file}: no {'' if unsafe else 'safe '}fix to apply")
    elif dry_run:
        say(f"{file}: {n} fix{'es' if n != 1 else ''} not written (--dry-run); below, the file as it is")
    left = [d for d in outcome.left if d.fix is not None and not is_safe(d) and not d.fix.needs_choice]
    if left and not unsafe:
        say(
            f"{file}: {len(left)} fix{'es' if len(left) != 1 else ''} left for you to choose (they change what "
            "the app does): see the diagnostics below, press F3 on the field in fwk-tui edit, or apply them all "
            "with --unsafe-fixes"
        )


def text_block(file: str, doc: ConfigDocument, d: Diagnostic) -> str:
    """A diagnostic like a compiler prints it: location, message, path, code frame, fix."""
    where = f" [{d.path}]" if d.path else ""
    lines = [plain_line(f"{file}:{d.line}:{d.column}: {d.severity} {d.code}: {d.message}{where}")]  # one line each
    if d.span is not None:
        lines.append(error_at(doc.data, d.span.start, "", file).frame)
    if d.fix is not None:
        lines.append(plain_line(f"     = fix: {d.fix.title}"))
    lines += [plain_line(f"     = or: {other.title}") for other in d.other_fixes]
    return "\n".join(lines)


def _listed(keys: tuple[str, ...]) -> str:
    return ", ".join(keys[:-1]) + f" and {keys[-1]}" if len(keys) > 1 else "".join(keys)


def fix_json(fix: Fix | None) -> dict[str, Any] | None:
    """The JSON form of a fix: ``kind``, ``path``, ``title`` and what the kind needs."""
    if fix is None:
        return None
    out: dict[str, Any] = {"kind": fix.kind, "path": fix.path, "title": fix.title}
    if fix.kind in ("set", "replace"):
        out["value"] = to_json(fix.value)
    if fix.kind == "rename":
        out["new_key"] = fix.new_key
    if fix.kind in ("move", "replace", "merge"):
        out["new_path"] = fix.new_path
    if fix.kind == "merge":
        out["conflicts"] = list(fix.conflicts)
    if fix.kind == "remove-duplicate":
        out["occurrence"] = fix.occurrence
    return out


def diagnostic_json(d: Diagnostic) -> dict[str, Any]:
    """One item of ``check --format json``."""
    return {
        "severity": d.severity,
        "path": d.path,
        "message": d.message,
        "line": d.line,
        "column": d.column,
        "code": d.code,
        "rule": d.rule,
        "fix": fix_json(d.fix),
    }


_GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def github_line(file: str, d: Diagnostic) -> str:
    """A GitHub Actions workflow command that annotates the line of ``d``."""
    props = f"file={_gh_prop(file)},line={d.line},col={d.column},title={_gh_prop(f'fwk-tui {d.code} ({d.rule})')}"
    where = f" [{d.path}]" if d.path else ""
    return f"::{_GITHUB_LEVEL[d.severity]} {props}::{_gh_data(f'{d.message}{where}')}"


def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_prop(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")
