"""An option in Markdown, from the same rows and notes ``fwk-tui explain PATH`` prints."""

from __future__ import annotations

from fwk_tui.catalog.models import Option, Variant
from fwk_tui.catalog.present import explain_notes, explain_rows
from fwk_tui.catalog.types import TypeExpr, render
from fwk_tui.validate.explain import rules_about

SHORT_DOC = 240
"""A completion's documentation keeps this many characters of the option's doc."""


def code(text: str) -> str:
    """``text`` as inline code, whatever backticks it holds."""
    fence = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def escape(text: str) -> str:
    """``text`` with the characters Markdown would read as markup escaped (its own backtick spans kept)."""
    out = []
    for i, part in enumerate(text.split("`")):
        if i % 2:
            out.append(f"`{part}`")
        else:
            out.append("".join(f"\\{c}" if c in "\\*_[]<>#|" else c for c in part))
    return "".join(out)


def rows_markdown(option: Option, variant: Variant) -> list[str]:
    """The facts of ``explain`` as Markdown lines; the file's variant marked on its default."""
    lines = []
    for label, value in explain_rows(option, variant):
        if label == f"default ({variant})":
            label = f"default ({variant}, this file's variant)"
        shown = escape(value) if label in ("tags", "variants") else code(value)
        lines.append(f"- {label}: {shown}")
    return lines


def option_markdown(option: Option, variant: Variant, title: str) -> str:
    """Everything about ``option``: its path and group, the rows, the doc, the notes, the rules, related options."""
    parts = [f"**{escape(option.path)}** · {escape(title)}", "\n".join(rows_markdown(option, variant))]
    if option.doc:
        parts.append(escape(option.doc))
    parts += [escape(note) for note in explain_notes(option)]
    rules = rules_about(option.path)
    if rules:
        parts.append("Rules:\n" + "\n".join(f"- {d.code} {escape(d.title)}: {escape(d.reference)}" for d in rules))
    if option.related:
        parts.append("Related: " + ", ".join(code(r) for r in option.related))
    return "\n\n".join(parts)


def short_markdown(option: Option | None, type_: TypeExpr | None, variant: Variant) -> str:
    """A completion's documentation: type, default in the file's variant, the doc's start."""
    if option is None:
        return f"- type: {code(render(type_))}" if type_ is not None else ""
    wanted = ("- type", "- default", "- environment")
    lines = [line for line in rows_markdown(option, variant) if line.startswith(wanted)]
    doc = option.doc
    if len(doc) > SHORT_DOC:
        doc = doc[:SHORT_DOC].rsplit(" ", 1)[0] + " …"
    return "\n".join(lines) + (f"\n\n{escape(doc)}" if doc else "")
