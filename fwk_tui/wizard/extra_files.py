"""The other files the wizard writes: the folder skeleton of a layout and ``.env.example``."""

from __future__ import annotations

from fwk_tui.validate.env import env_name, parse_dotenv
from fwk_tui.validate.sources import B_EXTRA_SOURCE_FOLDERS, SOURCE_FILES, SOURCE_FOLDERS
from fwk_tui.validate.sources import ROOT_FOLDERS as A_ROOT_FOLDERS
from fwk_tui.wizard.answers import Answers


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
    files_inside = SOURCE_FILES if variant == "A" else ()
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
