"""docs/type-decisions.md: every type decision of the catalogue, generated from its ``type_note``s.

``python -m fwk_tui.catalog.decisions > docs/type-decisions.md``; a test keeps the file current.
"""

from __future__ import annotations

from fwk_tui.catalog.models import Catalog

_INTRO = """\
# Type decisions

Generated from the catalogue's `type_note` fields by
`python -m fwk_tui.catalog.decisions > docs/type-decisions.md`; a test keeps it
current. `fwk-tui explain PATH` shows an option's note, and `catalog --json`
gives it as `type_note`.

The reference (`config-reference.md`) names each option's type in words. Where
our type is a word-for-word reading of them (`boolean`, `string`, `object`,
`array of string`, `boolean or 'build'`) there is nothing to decide and no
note. Every other type is listed below, with the reference's words and why the
check says what it says. The rules followed:

- No error the reference does not state. Where it writes only "array" or
  "object", items and fields are left open, unless the row itself (its rule,
  its default, its item shapes) says more; the note quotes where.
- A field is required only where the reference says so or the value cannot
  work without it, and the note says why. An object whose whole shape the
  reference gives warns (never errs) on another key, which is most often a
  misspelling.
- A shape the framework takes but the reference leaves out is a warning
  (`undocumented-shape`, FWK202), with a fix to the documented form where one
  exists: a one-item `[module]`, an `extends` `[source, options]` pair, a
  preset name where a function is documented.
- `path` is a string shown as a path: it checks nothing more than `string`.
"""


def decisions_markdown(catalog: Catalog) -> str:
    """The text of docs/type-decisions.md for ``catalog``."""
    rows = ["| Option | The reference says | Our type | Why |", "|---|---|---|---|"]
    for option in sorted(catalog.options, key=lambda o: o.path):
        note = option.type_note
        if note is None:
            continue
        cells = (f"`{option.path}`", f"\"{note.reference}\"", f"`{option.type_text()}`", note.why)
        rows.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    count = len(rows) - 2
    return f"{_INTRO}\n{count} decisions.\n\n" + "\n".join(rows) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


if __name__ == "__main__":
    from fwk_tui.catalog.loader import compile_catalog

    print(decisions_markdown(compile_catalog()), end="")
