"""What each diagnostic code means: why it is reported, what to do, the sentence it enforces.

``fwk-tui explain FWK201`` prints one of these, and docs/rules.md is generated
from all of them (``python -m fwk_tui.validate.explain``), so the page never
drifts from the code. The reference's rules (3xx) take their sentence from
their registration in rules/ and their "why" from the rule's docstring;
the checks of keys and types, which are not one sentence of the reference,
are described here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fwk_tui.validate.codes import CODES
from fwk_tui.validate.fixes import SAFE_FIX_RULES
from fwk_tui.validate.rules import RULES

_CODE = re.compile(r"^FWK\d{3}$", re.IGNORECASE)

# The reference's words for the checks that are not one rule of its tables.
_TABLE = (
    "The reference's tables: each row is an option with its dotted path, type, default and rule "
    "(\"Resources and their fields\")."
)


@dataclass(frozen=True)
class CodeDoc:
    """One code: its rule id, a title, why it is reported, what to do, and the reference it rests on."""

    code: str
    rule: str
    title: str
    why: str
    todo: str
    reference: str

    @property
    def fix(self) -> str:
        """How a fix of this code is applied."""
        if self.rule in SAFE_FIX_RULES:
            return (
                "safe: `fwk-tui check --fix` applies it (it keeps what the app does; one that would not, such as a "
                "merge of two objects, waits for `--unsafe-fixes`)"
            )
        return (
            "offered where one is known (F3 in `fwk-tui edit`, a code action of `fwk-tui lsp`); `check --fix` leaves "
            "it for you to choose, `check --fix --unsafe-fixes` applies it"
        )


_HAND: dict[str, tuple[str, str, str, str]] = {
    # rule: (title, why, todo, reference)
    "unknown-key": (
        "A key the reference does not list",
        "The framework ignores a key it does not know (or passes it to a module), so a misspelt or misplaced key "
        "silently does nothing. Inside a known group, every key the reference lists is known; a near spelling or the "
        "same key under another group is named. A scalar or a list at an unknown top level key is not a module's "
        "options.",
        "Rename or move the key as suggested, or remove it. A misspelt object beside the key it meant is merged into "
        "it (the fix moves its keys there, as written; where both set a key differently you choose which value "
        "stays); removing it is offered too. If a module reads it, keep it and silence the warning with "
        "`// fwk-tui-ignore FWK101` on the line before.",
        _TABLE,
    ),
    "unknown-group": (
        "A top level object the reference does not list",
        "Modules read their options from a top level key of their own (`i18n: {...}`), which the reference cannot "
        "list; such an object is kept untouched and reported as an info only.",
        "Nothing, when a module of the project reads it; otherwise remove it.",
        _TABLE,
    ),
    "framework-key": (
        "A key the reference does not list, which the framework's own type has",
        "The reference summarises the framework; some keys the framework reads are not in it (`imports.presets`, "
        "`imports.autoImport`). The framework's published config type has them (fwk_tui/catalog/framework_types.json, "
        "made from its schema packages): the key is not misspelt, and its value is checked against the framework's "
        "type, warnings at most.",
        "Nothing: the framework reads it. `fwk-tui explain` has no page of its own for it; the framework's "
        "documentation does.",
        "Not in the reference: the framework's own type (its schema package; see docs/type-decisions.md).",
    ),
    "alias": (
        "A literal spelling of an option with a canonical name",
        "The reference gives some options a second, literal spelling (the brand word of the original, such as "
        "`unhead`); the canonical key is the one the naming convention uses.",
        "Rename the key to the canonical spelling; the value stays as it is.",
        "Naming convention used throughout: brand words inside identifiers are replaced by neutral words, "
        "consistently.",
    ),
    "other-variant": (
        "An option of the other layout variant",
        "The reference documents two variants (A, the application-directory layout, and B, the older layout); "
        "an option documented for one only may do nothing, or something else, in the other.",
        "Check that the file is checked as the right variant (the first line of `check` says why), then remove the "
        "option or use the variant's own.",
        "Where a default differs, both are given. Unmarked rows apply to both.",
    ),
    "older-major-key": (
        "A key of the framework's older major version",
        "Keys such as `buildModules`, `mode` or `target` belong to the major version before the two the reference "
        "documents; the framework no longer reads them, so what they asked for does not happen.",
        "Use the successor the message names (a key of this catalogue, or a component); the fix applies it where "
        "the move is mechanical.",
        "Not in the reference: a fact about the framework's history (fwk_tui/validate/older_keys.py names each "
        "successor).",
    ),
    "duplicate-key": (
        "The same key twice in one object",
        "In JavaScript the later of two equal keys wins and the earlier is dropped without a word: the earlier one "
        "looks set and does nothing.",
        "Remove the earlier one (the fix does), or merge what it holds into the later one.",
        "JavaScript: in an object literal, a later property with the same name replaces the earlier one.",
    ),
    "prototype-key": (
        "`__proto__:` sets the prototype, not a key",
        "A bare or quoted `__proto__: value` in an object literal sets the object's prototype; the framework sees no "
        "such key.",
        "Write `['__proto__']: value` if a key of that name is meant; otherwise remove it.",
        "JavaScript: `__proto__: value` in an object literal sets [[Prototype]].",
    ),
    "overridden-by-spread": (
        "A key a later spread sets again",
        "In `{ ssr: false, ...base }` the spread comes after the key, so when `base` (read in the file) holds `ssr`, "
        "its value wins at run time and the key written before it does nothing.",
        "Move the key after the spread if its value is meant, or remove it.",
        "JavaScript: object spread copies the spread object's properties in order; a later property replaces an "
        "earlier one of the same name.",
    ),
    "type": (
        "A value of the wrong type",
        "The value does not have the type the reference gives the option (a string where a boolean is documented, a "
        "port out of range, a value outside an enum). Where the reference leaves a type open (\"array\", "
        "\"object\"), so does the check: the catalogue notes each such decision.",
        "Write a value of the documented type; `fwk-tui explain PATH` shows the type, the default and the note.",
        _TABLE,
    ),
    "undocumented-shape": (
        "A shape the framework accepts that the reference leaves out",
        "Real configs write some values in a shape the framework takes but the reference does not document (a "
        "one-item `[name]` module, a list where an object with `dirs` is documented, `compatibilityDate: 'latest'`, "
        "a plugin's `mode: 'all'`). The framework's own published type is the judge (fwk_tui/catalog/"
        "framework_types.json, made from its schema packages): a value it takes works, so it is an info, hidden by "
        "default; a value it refuses stays an error.",
        "Nothing is needed; the fix, where there is one, writes the documented form without changing what the app "
        "does.",
        _TABLE,
    ),
    "framework-refuses": (
        "A value the framework's own type does not take",
        "Where the reference's words are wider than the framework's published type (\"one of these, or any "
        "string\"), a plain value outside the framework's type (`logLevel: ''`, a misspelt name) passes the "
        "reference and is refused by the framework's type: the editor's type checker marks it, and the framework "
        "may ignore it or fail on it.",
        "Use one of the values the message lists.",
        "Not in the reference: the framework's own type (its schema package; see docs/type-decisions.md).",
    ),
    "module-key": (
        "A key an installed module does not declare",
        "A module reads its options from its own top-level key (`colorMode: {...}`); its package declares them "
        "(its `ModuleOptions`). A key it does not declare is most often misspelt: the module ignores it. The "
        "declarations may be partial, so this is a warning; a near spelling among the module's keys is named.",
        "Rename the key as suggested, or remove it. If the module reads it anyway, silence the warning with "
        "`// fwk-tui-ignore FWK110` on the line before.",
        "Not in the reference: the module's own declarations, in its installed package.",
    ),
    "module-value": (
        "A value an installed module's declarations do not take",
        "The module's package declares the type of each of its options (`storage?: 'localStorage' | 'cookie'`); a "
        "value outside it (a misspelt choice) is most often ignored or breaks the module. A warning: declarations "
        "may be narrower than what the module reads.",
        "Use one of the values the message lists.",
        "Not in the reference: the module's own declarations, in its installed package.",
    ),
    "module-compatibility": (
        "An installed module says it does not work with the project's framework version",
        "A module's `dist/module.json` names the framework versions it works with (`compatibility`, an npm range "
        "such as `^3.0.0 || ^4.0.0`). The project's version is the one installed in node_modules (else the lowest "
        "package.json's range lets in). Outside the range the framework warns and the module may break; with "
        "`experimental.enforceModuleCompatibility: true` the app stops at start (the reference, rule 5): then it "
        "is an error.",
        "Update the module (or the framework) to versions that fit each other, then install the packages again.",
        "The reference, rule 5 (enforceModuleCompatibility); the range is the module's own, in its installed "
        "package.",
    ),
    "not-checked": (
        "The config is built by code",
        "When the exported config is made by a call, a function that does more than return an object, or a variable "
        "changed after it is written (or one of its values names a top-level variable code changes), fwk-tui cannot know the values without running the code (which it never "
        "does), so what it could not read was not checked.",
        "Nothing to fix in the file; `check` exits 3 so that CI can tell \"checked, no error\" from \"not checked\". "
        "Write the config as an object literal to have it checked.",
        "What the service does, 1: a single configuration object is exported from `fwk.config.ts` by calling "
        "`defineFwkConfig(<config_object>)`.",
    ),
    "code-value": (
        "A value written as code",
        "A value written as an expression (`ssr: isProd`, `modules: mods`) is known only when the code runs, which "
        "fwk-tui never does, so its type was not checked. An info only: `check` still exits 0 (a name that code "
        "changes after it is written is FWK401, and exits 3).",
        "Nothing, when the code gives a value of the type named; write the value itself to have it checked.",
        _TABLE,
    ),
    "layer-not-read": (
        "A layer that could not be read",
        "A layer listed in `theme` or `extends` is there but fwk-tui did not read it: not a regular file (a FIFO, "
        "a device), too big, a path the system refuses (a name too long, a folder without rights), a syntax "
        "error, or a cap of the layer graph reached (files, bytes, depth, listings). What it sets is missing from "
        "the effective config, so that was not checked.",
        "Fix the file or the path the message names, or remove the entry.",
        "fwk-tui's own limit: layers are read as the framework's loader reads them, within caps.",
    ),
    "unused-ignore": (
        "An ignore comment that silences nothing",
        "`// fwk-tui-ignore CODE` silences CODE at the key on the next line; when nothing there has that code (the "
        "problem was fixed, or the code is misspelt), the comment only hides the next real problem.",
        "Remove the comment, or correct its code.",
        "fwk-tui's own comment: `// fwk-tui-ignore FWK104` on the line before a key.",
    ),
}


def code_docs() -> list[CodeDoc]:
    """Every code, in code order."""
    rules = {r.id: r for r in RULES}
    docs = []
    for rule_id, code in sorted(CODES.items(), key=lambda item: item[1]):
        if rule_id in _HAND:
            title, why, todo, reference = _HAND[rule_id]
        else:
            rule = rules[rule_id]
            title, why = _from_docstring(rule.check.__doc__ or "")
            todo = "Follow the message: it says what to change, and the fix (when there is one) does it."
            reference = rule.reference
        docs.append(CodeDoc(code, rule_id, title, why, todo, reference))
    return docs


def code_doc(code: str) -> CodeDoc | None:
    """The doc of ``code`` (``FWK201``, any case), or None."""
    wanted = code.upper()
    return next((d for d in code_docs() if d.code == wanted), None)


def rules_about(path: str) -> list[CodeDoc]:
    """The reference's rules (3xx) whose sentence is about the option ``path``, in code order.

    A rule's sentence names its options as the reference's rows do: ``app.baseURL: ...``,
    ``typescript.tsConfig (A): ...``, ``app.keepalive / app.layoutTransition: ...``.
    """
    named = re.compile(rf"(?<![\w.$`-]){re.escape(path)}(?=(?: \([AB]\))?(?::| ?/))")
    rules = {r.id for r in RULES}
    return [d for d in code_docs() if d.rule in rules and named.search(d.reference)]


def looks_like_code(text: str) -> bool:
    """True for ``FWK201``-shaped text (any case): ``explain`` then explains a code, not an option."""
    return bool(_CODE.match(text))


def _from_docstring(doc: str) -> tuple[str, str]:
    """A rule's title (its docstring's first sentence) and why (the rest before "Reference:", often nothing)."""
    text = " ".join(doc.split("Reference:")[0].split())
    first, _, rest = text.partition(". ")
    return first.rstrip("."), rest.strip()


def explain_code_text(doc: CodeDoc) -> str:
    """``fwk-tui explain FWK201`` as text."""
    return "\n".join(
        [
            f"{doc.code}  {doc.title}  (rule {doc.rule})",
            "",
            *([f"Why: {doc.why}"] if doc.why else []),
            f"What to do: {doc.todo}",
            f"Fix: {doc.fix}",
            f"Reference: {doc.reference}",
            f"Silence one: // fwk-tui-ignore {doc.code}  (on the line before the key)",
        ]
    )


def rules_markdown() -> str:
    """docs/rules.md: every code, generated."""
    docs = code_docs()
    out = [
        "# Diagnostic codes",
        "",
        "Generated from the code by `python -m fwk_tui.validate.explain > docs/rules.md`; a test keeps it current.",
        "`fwk-tui explain CODE` prints one entry. Codes are stable: 1xx keys, 2xx value shapes, 3xx the reference's",
        "rules, 4xx what could not be checked, 5xx fwk-tui's own comments. `// fwk-tui-ignore CODE` on the line",
        "before a key silences that code there (`check --verbose` lists what was silenced).",
        "",
        "| code | rule | title | `check --fix` |",
        "|---|---|---|---|",
    ]
    out += [f"| [{d.code}](#{d.code.lower()}) | `{d.rule}` | {d.title} | {'yes' if d.rule in SAFE_FIX_RULES else 'no'} |" for d in docs]
    for d in docs:
        out += ["", f"## {d.code}", "", f"**{d.title}** (rule `{d.rule}`)"]
        out += (["", f"Why: {d.why}"] if d.why else []) + ["", f"What to do: {d.todo}"]
        out += ["", f"Fix: {d.fix}.", "", f"> {d.reference}"]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    import sys

    sys.stdout.write(rules_markdown())
