"""Read the options out of ../shared/spec/config-reference.md itself.

The coverage test compares the catalogue with what this finds, so that an
option or default the reference gives and the catalogue lacks cannot go
unnoticed. It knows the reference's few writing conventions: variant markers
(``A:``, ``B:``, ``B only:``, ``B adds``), rows naming several keys
(``a`` / ``.b``, ``x.app/chunk``), "-kind" brand words and the prose groups of
variant B.
"""

from __future__ import annotations

import pytest

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

SPEC = Path(__file__).resolve().parents[3] / "shared" / "spec" / "config-reference.md"

# Tables that are not option tables.
_SKIP_HEADERS = ({"Neutral form", "Stands for"}, {"name", "argumentLength", "source"}, {"Constant", "Value", "Applies to"})
_TICK = re.compile(r"`([^`]+)`")
# naming.md item 4: "-kind" names are written with the naming table applied.
KIND_NAMES = {"vue-demi": "view-demi", "vue-tsc": "view-tsc", "vite-server": "vbuild-server"}


@dataclass
class RefOption:
    """One option the reference names, with its default text per variant."""

    names: list[str]  # spellings to look up (canonical or alias)
    section: str
    default: dict[str, str] = field(default_factory=dict)  # variant -> cell text
    row: str = ""
    type: str = ""  # the Type cell, backticks dropped; "" where the table has none


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _tables(text: str) -> list[tuple[str, list[str], list[list[str]]]]:
    out = []
    section = ""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            section = line.lstrip("#").strip()
        if line.startswith("|") and i + 1 < len(lines) and re.match(r"^\|[-| ]+\|$", lines[i + 1]):
            header = _cells(line)
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(_cells(lines[i]))
                i += 1
            out.append((section, header, rows))
            continue
        i += 1
    return out


def _names(cell: str, section: str) -> list[str]:
    """The option paths a first cell names (several for combined rows)."""
    ticks = _TICK.findall(cell)
    if not ticks:
        return []
    if "-kind" in cell:
        first = ticks[1]
    else:
        first = ticks[0]
    prefix = ""
    if section.startswith("`alias`"):
        prefix = "alias."
    elif section.startswith("Variant B"):
        prefix = "experimental."
    names = [first]
    for extra in ticks[ticks.index(first) + 1 :]:
        if extra.startswith("."):
            names.append(first.rsplit(".", 1)[0] + extra)
        elif re.fullmatch(r"\w+", extra) and " / " in cell:
            names.append(first.rsplit(".", 1)[0] + "." + extra)
    if "/" in first and re.fullmatch(r"[\w.]+\.\w+(/\w+)+", first):
        base, last = first.rsplit(".", 1)
        names = [f"{base}.{part}" for part in last.split("/")]
    out = []
    for n in names:
        if prefix == "alias.":
            out.append(f'alias["{n}"]' if not re.fullmatch(r"[^.\[\]\"'\s]+", n) else f"alias.{n}")
        else:
            out.append(prefix + n)
    return out


def _split_variants(text: str) -> dict[str, str]:
    """``A: x. B: y`` → {'A': 'x.', 'B': 'y'}; no marker → both."""
    text = text.strip()
    m = re.search(r"\bB(?: \(\d+\))? (?:adds|also has):?", text)
    if m:
        base = text[: m.start()]
        both = _split_variants(base)
        return {"A": both["A"], "B": both.get("B", both["A"]) + " " + text[m.end() :]}
    marks = list(re.finditer(r"(?:^|[.;]\s*)(A|B)(?: only)?(?: \(\d+\))?:", text))
    if not marks:
        return {"A": text, "B": text}
    out: dict[str, str] = {}
    for k, mk in enumerate(marks):
        end = marks[k + 1].start() if k + 1 < len(marks) else len(text)
        out[mk.group(1)] = text[mk.end() : end].strip()
    if re.search(r"\bB only\b", text):
        out.pop("A", None)
    return out


def reference_text() -> str:
    """The reference's text; the calling test (or module) is skipped, saying why, when it is not beside this clone."""
    if not SPEC.is_file():
        pytest.skip(f"the reference is not beside this clone ({SPEC}): its tests need it", allow_module_level=True)
    return SPEC.read_text(encoding="utf-8")


def read_reference() -> list[RefOption]:
    text = reference_text()
    found: list[RefOption] = []
    for section, header, rows in _tables(text):
        if set(header) in _SKIP_HEADERS or section.startswith(("Naming", "Limits")):
            continue
        if header[0] == "Alias":
            for row in rows:
                a, b = row[1], row[2]
                names = _names(row[0], section)
                found.append(RefOption(names, section, {"A": a, "B": a if b == "same" else b}, row[0]))
            continue
        col = next((i for i, h in enumerate(header) if h.startswith("Default")), None)
        type_col = header.index("Type") if "Type" in header else None
        for row in rows:
            names = _names(row[0], section)
            if not names:
                continue
            default = _split_variants(row[col]) if col is not None and col < len(row) else {}
            if re.search(r"\(A\)", row[0]):
                default.pop("B", None)
            if "(B only)" in row[0] or section.startswith("Variant B"):
                default.pop("A", None)
                default.setdefault("B", row[col] if col is not None else "")
            type_words = plain_words(row[type_col]) if type_col is not None else ""
            found.append(RefOption(names, section, default, row[0], type_words))
    found += _prose_groups(text)
    return found


def plain_words(text: str) -> str:
    """Reference text as a type note quotes it: backticks dropped, spaces collapsed."""
    return " ".join(text.replace("`", "").split())


def _prose_groups(text: str) -> list[RefOption]:
    """``features``, ``future`` and ``generate``: written as prose in variant B."""
    out = []
    for group in ("features", "future", "generate"):
        m = re.search(rf"^`{group}`: (.+)$", text, re.M)
        assert m, f"the reference no longer has a `{group}` paragraph"
        for item in re.finditer(r"`(\w+)` \(([^)]*)", m.group(1)):
            name, inside = item.groups()
            dm = re.search(r"default `([^`]+)`", inside)
            default = f"`{dm.group(1)}`" if dm else "(none)"
            out.append(RefOption([f"{group}.{name}"], group, {"B": default}, item.group(0)))
    return out


def not_shown_defaults() -> list[str]:
    """Paths whose default the reference says is not shown."""
    text = SPEC.read_text(encoding="utf-8")
    m = re.search(r"^Type and default not shown for: (.+)$", text, re.M)
    assert m
    # "`srv.routeRules` content" is about its type, not its default.
    items = re.findall(r"`([^`]+)`( content)?", m.group(1))
    return [t for t, content in items if not content and ("." in t or t in ("compatibilityDate", "telemetry"))]


def js_literal(token: str) -> object:
    """A JS literal of the reference as a Python value; ValueError when it is not one."""
    token = token.strip()
    if token in ("true", "false"):
        return token == "true"
    if token == "null":
        return None
    if re.fullmatch(r"-?\d+", token):
        return int(token)
    if token.startswith(("{", "[")):
        text = re.sub(r"([{,]\s*)([A-Za-z_$][\w$]*)\s*:", r'\1"\2":', token)
        text = re.sub(r"'([^']*)'", lambda m: json.dumps(m.group(1)), text)
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(token) from exc
    raise ValueError(token)


def default_atoms(cell: str) -> list[str]:
    """The literal pieces of a default cell: backticked text outside parentheses."""
    outside = re.sub(r"\([^()]*\)", "", cell)
    atoms: list[str] = []
    for tick in _TICK.findall(outside):
        tick = KIND_NAMES.get(tick, tick)
        for piece in re.findall(r"'([^']*)'|([^\s{}\[\],:']+)", tick):
            atom = piece[0] or piece[1]
            if atom and atom not in ("{}", "[]"):
                atoms.append(atom)
    return atoms
