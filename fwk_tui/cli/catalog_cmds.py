"""Commands on the catalogue: catalog, explain, search, browse."""

from __future__ import annotations

import argparse
import sys
from dataclasses import asdict
from typing import TYPE_CHECKING

from fwk_tui.catalog import Catalog, Option, Variant, load_catalog
from fwk_tui.catalog.present import default_text, explain_json, explain_text, option_json
from fwk_tui.cli.config_file import guard
from fwk_tui.cli.launch import launchers
from fwk_tui.cli.output import err, out, out_json
from fwk_tui.cli.project_args import catalog_here, variant_flags, variant_here
from fwk_tui.exits import Exit
from fwk_tui.validate.fixes import SAFE_FIX_RULES

if TYPE_CHECKING:
    from fwk_tui.catalog.search import Hit


def register(sub: argparse._SubParsersAction) -> None:  # noqa: SLF001
    """Add the catalogue commands to ``sub``."""
    p = sub.add_parser("catalog", help="list every option of the catalogue")
    p.add_argument("--variant", choices=["A", "B"], help="only the options of this layout variant")
    p.add_argument("--json", action="store_true", help="print a JSON array (its fields: docs/cli.md)")
    p.set_defaults(run=_catalog)

    p = sub.add_parser(
        "explain",
        help="everything about one option, or what a diagnostic code means",
        description="Explain an option (PATH or alias, e.g. app.baseURL) or a diagnostic code of check (e.g. FWK201).",
    )
    p.add_argument("path", metavar="PATH|CODE", help="option path or alias (app.baseURL), or a code (FWK201)")
    variant_flags(p)
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(run=lambda ns: guard(lambda: _explain(ns)))

    p = sub.add_parser(
        "search", help="search options and tasks by their words (`dev server port`, `redirect an old url`)"
    )
    p.add_argument("query", metavar="QUERY", nargs="+")
    p.add_argument("--limit", type=_at_least_one, default=20, help="at most this many results (default 20)")
    p.add_argument(
        "--variant",
        choices=["A", "B"],
        help="rank this variant's options first (default: the one check detects for the config here, if any)",
    )
    p.add_argument("--json", action="store_true", help="print a JSON array, best first")
    p.set_defaults(run=_search)

    p = sub.add_parser("browse", help="browse the catalogue in the terminal (read-only)")
    p.add_argument("file", nargs="?", help=argparse.SUPPRESS)
    p.add_argument(
        "--variant",
        choices=["A", "B"],
        help="layout variant to start in (default: the one check detects for the config here, else A)",
    )
    p.set_defaults(run=_browse)


def _catalog(ns: argparse.Namespace) -> int:
    catalog = load_catalog()
    options = [o for o in catalog.options if ns.variant is None or o.in_variant(ns.variant)]
    if ns.json:
        out_json([option_json(o) for o in options])
        return Exit.OK
    variant: Variant = ns.variant or "A"
    for group in catalog.groups:
        members = [o for o in options if o.group == group.id]
        if not members:
            continue
        out(f"{group.title} ({len(members)})")
        width = max(len(o.path) for o in members)
        for o in members:
            shown = o.default_for(variant) if o.in_variant(variant) else o.default_for(o.variants[0])
            marker = "" if len(o.variants) == 2 else f"  [{'/'.join(o.variants)} only]"
            out(f"  {o.path.ljust(width)}  {o.type_text(variant)}  = {default_text(shown)}{marker}")
        out("")
    out(f"{len(options)} options")
    return Exit.OK


def _at_least_one(text: str) -> int:
    """A count of 1 or more, as argparse reads an option's value."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if count < 1:
        raise argparse.ArgumentTypeError(f"at least 1, not {count}")
    return count


def suggestions(catalog: Catalog, path: str, limit: int = 3) -> list[str]:
    """Canonical paths close to ``path``, for "did you mean"."""
    from rapidfuzz import fuzz, process

    names = list(catalog.by_path) + list(catalog.by_alias)
    found = process.extract(path, names, scorer=fuzz.WRatio, limit=limit * 2, score_cutoff=60)
    out: list[str] = []
    for name, _score, _i in found:
        canonical = catalog.by_alias.get(name, name)
        if canonical not in out:
            out.append(canonical)
    return out[:limit]


def _explain(ns: argparse.Namespace) -> int:
    # Imported here: every start of fwk-tui (the editor's too) imports this module to list the command.
    from fwk_tui.validate.explain import looks_like_code

    if looks_like_code(ns.path):
        return _explain_code(ns)
    catalog = load_catalog()
    option: Option | None = catalog.get(ns.path)
    if option is None:
        from fwk_tui.cli.module_explain import explain_module_option

        explained = explain_module_option(ns)
        if explained is not None:
            return explained
        close = suggestions(catalog, ns.path)
        msg = f"fwk-tui: unknown option {ns.path!r}"
        if close:
            msg += "; did you mean: " + ", ".join(close) + "?"
        err(msg)
        return Exit.NOT_FOUND
    variant, file, why = variant_here(ns.variant, ns.file, catalog)
    if ns.json:
        out_json({**explain_json(option, variant), "config": file, "variant_reason": why})
    else:
        if ns.path != option.path:
            out(f"({ns.path} is an alias of {option.path})\n")
        if file is not None:
            out(f"(variant {variant} for {file}: {why})\n")
        out(explain_text(catalog, option, variant))
    return Exit.OK


def _explain_code(ns: argparse.Namespace) -> int:
    from fwk_tui.validate.explain import code_doc, explain_code_text

    doc = code_doc(ns.path)
    if doc is None:
        err(f"fwk-tui: no diagnostic has the code {ns.path.upper()}; docs/rules.md lists every code")
        return Exit.NOT_FOUND
    if ns.json:
        out_json({**asdict(doc), "fix": doc.fix, "safe_fix": doc.rule in SAFE_FIX_RULES})
    else:
        out(explain_code_text(doc))
    return Exit.OK


def _search(ns: argparse.Namespace) -> int:
    # Imported here: the search engine (and its fuzzy matcher) is needed by no other command, nor at the editor's start.
    from fwk_tui.catalog.search import SearchIndex

    catalog = catalog_here()  # the options of the modules the project here installs too
    variant, file, _ = variant_here(ns.variant, None, load_catalog())
    query = " ".join(ns.query)
    index = SearchIndex(catalog)
    hits = index.search(query, limit=ns.limit, variant=variant if file or ns.variant else None)
    if ns.json:
        out_json([_hit_json(h) for h in hits])
        return Exit.OK if hits else Exit.NOT_FOUND  # `[]` and the code of a search with no result
    if not hits:
        err(f"no good match for {query!r}")
        closest = index.closest_tasks(query)
        if closest:
            err("closest tasks: " + "; ".join(t.task for t in closest))
        return Exit.NOT_FOUND
    from rich.console import Console
    from rich.text import Text

    # Styles only on a terminal (and not with NO_COLOR); the text is never read as markup.
    console = Console(highlight=False, soft_wrap=True)
    width = max(len(h.path) for h in hits if h.task is None) if any(h.task is None for h in hits) else 4
    room = max(40, console.width - width - 2) if console.is_terminal else 72
    for h in hits:
        if h.task is not None:
            title = Text("task".ljust(width) + "  ")
            title.append(h.task.task, "bold")
            title.append(" → " + ", ".join(h.task.options))
            how = Text(" " * (width + 2) + h.task.how)
            console.print(title)
            console.print(how, style="dim")
            continue
        line = Text(h.path.ljust(width))
        for start, end in h.path_spans:
            line.stylize("bold underline", start, end)
        module = f"[module {h.option.module}] " if h.option is not None and h.option.module else ""
        excerpt = Text(module + h.excerpt)
        for start, end in h.excerpt_spans:
            excerpt.stylize("bold", start + len(module), end + len(module))
        excerpt.truncate(room, overflow="ellipsis")
        console.print(Text.assemble(line, "  ", excerpt))
    return Exit.OK


def _hit_json(h: Hit) -> dict[str, object]:
    """One result; a task's has the fields of an option's (its line of how as the doc) and its own."""
    found: dict[str, object] = {
        "path": h.path,
        "score": round(h.score, 1),
        "matched": h.field,
        "doc": h.task.how if h.task else h.option.doc if h.option else "",
        "module": h.option.module if h.option and not h.task else None,
        "words": list(h.words),
        "path_spans": [list(s) for s in h.path_spans],
        "excerpt": h.excerpt,
        "excerpt_spans": [list(s) for s in h.excerpt_spans],
    }
    if h.task is not None:
        found.update(task=h.task.task, options=list(h.task.options), how=h.task.how)
    return found


def _browse(ns: argparse.Namespace) -> int:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        err("fwk-tui: the browser needs a terminal; in scripts use fwk-tui catalog, explain or search")
        return Exit.BAD_INPUT

    from fwk_tui.cli.edit_cmds import _edit

    at: str | None = None
    variant = variant_here(ns.variant, None, load_catalog())[0]
    catalog = catalog_here()  # the options of the modules the project here installs too
    while True:
        end = launchers(ns).browser(variant, at, catalog)
        if end.edit_path is None or end.return_code:
            return end.return_code
        # "Edit in fwk.config.ts": the editor on this folder's config (offering to start one when there
        # is none), at the option's field; quitting it comes back to the browser, at the same option.
        edit = argparse.Namespace(file=None, example=False, variant=None, at=end.edit_path, launchers=ns.launchers)
        code = _edit(edit)
        if code:
            return code
        at, variant = end.edit_path, end.variant
