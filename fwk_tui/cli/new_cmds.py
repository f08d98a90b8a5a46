"""``fwk-tui new [DIR]``: the new-project wizard, in the terminal or with no questions (``--yes``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from fwk_tui.cli.launch import WizardStart, launchers
from fwk_tui.cli.output import err, out, out_line
from fwk_tui.exits import Exit
from fwk_tui.source.textutil import first_surrogate, plain

DESCRIPTION = (
    "Ask, step by step, what the config of a new project needs (layout, source folder, rendering, "
    "bundler, TypeScript, modules, head, runtime config, dev server, compatibility date), show the "
    "file to be written, then write it. An existing config pre-fills the answers and only the "
    "answers you change are edited. Options below answer without asking; --yes asks nothing."
)
EPILOG = (
    "Lists (--module, --runtime-key, --public-key) give the whole list when used. "
    "A KEY=VALUE value is a string. At the end the command that repeats the run is printed."
)


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``new`` to ``sub``."""
    p = sub.add_parser("new", help="start a project: a guided wizard that writes a valid fwk.config.ts",
                       description=DESCRIPTION, epilog=EPILOG)  # fmt: skip
    add = p.add_argument
    add("dir", nargs="?", default=".", help="the project folder (default: the current folder)")
    add("--yes", "-y", action="store_true", help="ask nothing: take the defaults and the options given")
    add("--answers", metavar="PRESET.toml", help="replay the answers of a preset")
    add("--save-answers", metavar="PRESET.toml",
        help="save the answers as a preset (a bare name goes into the project folder)")  # fmt: skip
    add("--dry-run", action="store_true", help="with --yes: print the files and the diff, write nothing")
    add("--variant", choices=["A", "B"], help="layout: A (app/ folder) or B (the older layout)")
    add("--src-dir", metavar="DIR", help="source folder (A: app, B: the root '.')")
    add("--rendering", choices=["server", "static", "spa"], help="how pages are rendered")
    for flag, const in (("--ssr", "server"), ("--no-ssr", "spa")):
        add(flag, dest="rendering", action="store_const", const=const, help=f"same as --rendering {const}")
    add("--spa-loading-template", metavar="true|false|PATH", help="the single-page app's loading screen (spa only)")
    add("--bundler", choices=["vbuild", "wbuild", "rbuild"], help="the client bundler")
    add("--strict", action=argparse.BooleanOptionalAction, default=None, help="strict TypeScript checks")
    add("--type-check", choices=["off", "dev", "build"], help="type checking: off, in development, at build")
    add("--module", action="append", metavar="NAME", help="a module to load (repeat for more)")
    add("--title", help="the page title (app.head.title)")
    add("--lang", help="the page language (app.head.htmlAttrs.lang), e.g. en")
    add("--description", help="the page description (<meta name=description>)")
    add("--runtime-key", action="append", metavar="KEY[=VALUE]",
        help="a private runtime config key; its VALUE goes to .env as FWK_KEY, the config gets ''")  # fmt: skip
    add("--public-key", action="append", metavar="KEY[=VALUE]", help="a public runtime config key")
    add("--port", type=int, help="the dev server's port (default 3000)")
    add("--host", help="the dev server's host")
    add("--compatibility-date", metavar="YYYY-MM-DD", help="compatibilityDate (default: today)")
    add("--skeleton", action=argparse.BooleanOptionalAction, default=None, help="create the layout's folders")
    add("--env-example", action=argparse.BooleanOptionalAction, default=None,
        help="write .env.example (FWK_ variables)")  # fmt: skip
    p.set_defaults(run=_new)


def _new(ns: argparse.Namespace) -> int:
    from fwk_tui.catalog import load_catalog
    from fwk_tui.source import DocumentError
    from fwk_tui.wizard.answers import problems
    from fwk_tui.wizard.plan import shown_path
    from fwk_tui.wizard.preset import PresetError, load_preset, preset_target, save_preset
    from fwk_tui.wizard.report import report
    from fwk_tui.wizard.target import open_target

    not_text = _not_text(ns)
    if not_text is not None:
        return _fail(f"fwk-tui new: {not_text}; nothing was written")
    catalog = load_catalog()
    folder = Path(ns.dir)
    if folder.exists() and not folder.is_dir():
        return _fail(f"fwk-tui: {plain(ns.dir)}: not a folder")
    try:
        target = open_target(folder, catalog, ns.variant)
    except DocumentError as exc:
        return _fail(plain(str(exc)))
    answers = target.initial
    try:
        if ns.answers:
            answers = load_preset(Path(ns.answers), answers)
    except PresetError as exc:
        return _fail(plain(str(exc)))
    answers = answers.with_(**_flag_answers(ns))
    if not ns.yes:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            return _fail("fwk-tui new: the wizard needs a terminal; add --yes to answer with the options given")
        outcome = launchers(ns).wizard(WizardStart(target, catalog, answers, ns.dir, ns.save_answers))
        if outcome is None:
            out("fwk-tui new: cancelled, nothing written")
            return Exit.OK
        for line in outcome:
            out_line(line)
        return Exit.OK
    wrong = problems(answers)
    if wrong:
        return _fail("\n".join(f"fwk-tui new: {plain(message)}" for message in wrong.values()))
    plan = target.plan(answers, catalog)
    if plan.errors:
        from fwk_tui.cli.check_cmds import text_block

        for d in plan.errors:
            err(text_block(str(plan.config), plan.after, d))
        err("fwk-tui new: the config would have errors; nothing written")
        return Exit.FINDINGS
    if ns.dry_run:
        out(plan.config_diff(), end="")
        for line in plan.summary():
            out_line(f"would {line}")
        return Exit.OK
    saved: list[str] = []
    preset = shown_path(preset_target(folder, ns.save_answers)) if ns.save_answers else ""
    if ns.save_answers:
        # The preset first: when it cannot be written, nothing else is, and the message can say so.
        try:
            save_preset(preset_target(folder, ns.save_answers), answers, folder)
        except PresetError as exc:
            return _fail(f"fwk-tui new: {plain(str(exc))}; nothing was written")
        saved.append(f"saved the answers to {preset}")
    try:
        done = plan.write() + saved
    except DocumentError as exc:
        message, nothing = str(exc), "; nothing was written"
        if saved:
            message = message.removesuffix(nothing) + (
                f"; only the answers were written, to {preset}"
                if message.endswith(nothing)
                else f"; the answers were saved to {preset}"
            )
        return _fail(f"fwk-tui new: {plain(message)}")
    for line in report(done, plan, ns.dir):
        out_line(line)
    return Exit.OK


def _not_text(ns: argparse.Namespace) -> str | None:
    """``--title: byte 0xff is not UTF-8 text`` for the first argument that is not text; None when all are."""
    # Python hands a byte of the command line that is not UTF-8 over as a lone surrogate: written
    # to a file it would be another string than typed, in a folder's name the raw byte.
    for dest, given in vars(ns).items():
        for item in given if isinstance(given, list) else [given]:
            found = first_surrogate(item) if isinstance(item, str) else None
            if found is not None:
                name = "DIR" if dest == "dir" else "--" + dest.replace("_", "-")
                return f"{name}: {found[1]}"
    return None


SAME_NAMED = (
    "variant", "src_dir", "rendering", "bundler", "strict", "type_check", "title", "lang", "description", "port",
    "host", "compatibility_date", "skeleton", "env_example",
)  # fmt: skip
"""The flags whose value is the answer of the same name, as given."""


def _flag_answers(ns: argparse.Namespace) -> dict[str, Any]:
    from fwk_tui.wizard.answers import RuntimeKey

    out: dict[str, Any] = {}
    for name in SAME_NAMED:
        value = getattr(ns, name)
        if value is not None:
            out[name] = value
    if ns.spa_loading_template is not None:
        raw = ns.spa_loading_template
        out["spa_loading_template"] = {"true": True, "false": False}.get(raw.lower(), raw)
    if ns.module is not None:
        out["modules"] = tuple(ns.module)
    if ns.runtime_key is not None or ns.public_key is not None:
        keys = []
        for public, given in (
            (False, ns.runtime_key or []),
            (True, ns.public_key or []),
        ):
            for text in given:
                key, _eq, value = text.partition("=")
                keys.append(RuntimeKey(key.strip(), public, value))
        out["runtime"] = tuple(keys)
    return out


def _fail(message: str) -> int:
    err(message)
    return Exit.BAD_INPUT
