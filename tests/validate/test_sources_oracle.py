"""fwk-tui's model of the source folder, checked against the real framework on many skeleton projects.

``source_folder`` and ``source_places`` (validate/sources.py) are fwk-tui's own,
pure model of where the framework reads a project's sources; tests/framework_dirs.py
asks the framework's own schema (in node) the same questions. Every skeleton
project here is a combination of a ``srcDir``, what ``app/`` holds, what the root
holds, whether ``src/`` holds ``server/`` and ``public/``, and the options
``serverDir``, ``dir.public`` and ``dir.pages``; each major is asked about all of
them in one node process, and every disagreement is listed in the failure.
"""

from __future__ import annotations

import itertools
import posixpath
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.models import Variant
from fwk_tui.project.reading import read_layout
from fwk_tui.resolve.defaults import option_default
from fwk_tui.source import ConfigDocument
from fwk_tui.validate.sources import source_folder, source_places
from tests.framework_dirs import framework_places
from tests.skeletons import lay_out

SRC_DIRS: tuple[str | None, ...] = (None, "src/", "./src", ".", "app")
APP_FOLDERS: dict[str, tuple[str, ...]] = {
    "no app/": (),
    "empty app/": ("app/",),
    "app/router.options.ts": ("app/router.options.ts",),
    "app/spa-loading-template.html": ("app/spa-loading-template.html",),
    "app/pages/": ("app/pages/",),
    "app/app.vue": ("app/app.vue",),
}
ROOT_ENTRIES: tuple[str | None, ...] = (
    None,
    "app.vue",
    "App.vue",
    "pages/",
    "components/",
    "layouts/",
    "assets/",
    "middleware/",
    "plugins/",
)
SERVER_DIRS: tuple[str | None, ...] = (None, "api", "src/server")
PUBLIC_DIRS: tuple[str | None, ...] = (None, "static", "src/public")
PAGES_DIRS: tuple[str | None, ...] = (None, "views")
COMPAT_4 = "future: { compatibilityVersion: 4 }"
CATALOG = load_catalog()
SEED = 4_3_2024
"""The seed of the extra options each structural combination gets (the projects are the same on every run)."""


@dataclass(frozen=True)
class Skeleton:
    """One generated project: its folder, its config file and a line saying what it holds."""

    folder: Path
    config: Path
    description: str


def _quoted(value: str | None) -> str:
    return "unset" if value is None else repr(value)


def _make(folder: Path, entries: tuple[str, ...], options: list[str]) -> Path:
    """A project folder with empty files (``a/b.ts``) and folders (``a/``) and a config holding ``options``."""
    config = lay_out(folder, *entries) / "fwk.config.ts"
    config.write_text(f"export default defineFwkConfig({{ {', '.join(options)} }})\n")
    return config


def skeletons(root: Path, *, compat_4: bool) -> list[Skeleton]:
    """Every srcDir x app/ x root combination (270), each with extra options drawn from a fixed seed."""
    rng = random.Random(SEED)
    made = []
    combos = itertools.product(SRC_DIRS, APP_FOLDERS.items(), ROOT_ENTRIES)
    for index, (src_dir, (app_words, app_entries), root_entry) in enumerate(combos):
        src_holds = rng.random() < 0.5
        server_dir = rng.choice(SERVER_DIRS)
        public_dir = rng.choice(PUBLIC_DIRS)
        pages_dir = rng.choice(PAGES_DIRS)
        entries = app_entries + ((root_entry,) if root_entry else ())
        if src_holds:
            entries += ("src/server/", "src/public/")
        options = []
        if src_dir is not None:
            options.append(f"srcDir: {src_dir!r}")
        if server_dir is not None:
            options.append(f"serverDir: {server_dir!r}")
        dirs = [f"{key}: {value!r}" for key, value in (("public", public_dir), ("pages", pages_dir)) if value]
        if dirs:
            options.append(f"dir: {{ {', '.join(dirs)} }}")
        if compat_4:
            options.append(COMPAT_4)
        words = [
            f"srcDir {_quoted(src_dir)}",
            app_words,
            f"root holds {root_entry or 'nothing'}",
            "src/ holds server/ and public/" if src_holds else "no src/ folders",
            f"serverDir {_quoted(server_dir)}",
            f"dir.public {_quoted(public_dir)}",
            f"dir.pages {_quoted(pages_dir)}",
        ]
        if compat_4:
            words.append("compatibilityVersion 4")
        config = _make(root / f"p{index:03d}", entries, options)
        made.append(Skeleton(config.parent, config, "; ".join(words)))
    return made


ALIASES = ("~", "@")
"""The aliases made from the source folder: resolve's defaults (``alias.~``...) follow the folder in use."""
ITEMS = ("srcDir", "pages", "server", "public", "modules", *(f"alias.{name}" for name in ALIASES))


def ours(skeleton: Skeleton, variant: Variant) -> dict[str, str | None]:
    """fwk-tui's answer: the source folder, where pages, server and public are expected, and the aliases made from
    the source folder as ``resolve --with-defaults`` and ``why`` give them."""
    values = ConfigDocument.parse(skeleton.config.read_text()).values()
    layout = read_layout(skeleton.config)
    folder = source_folder(values, variant, layout)
    answer: dict[str, str | None] = {"srcDir": folder.path}
    expected = {place.name: place.expected for place in source_places(values, variant, layout)}
    for name in ("pages", "server", "public", "modules"):
        answer[name] = expected.get(name)
    for name in ALIASES:
        default, _ = option_default(CATALOG.get(f"alias.{name}"), variant, folder)
        assert default is not None and isinstance(default.value, str)
        where = default.value.replace("<srcDir>", folder.path or "?").replace("<rootDir>", ".")
        answer[f"alias.{name}"] = posixpath.normpath(where)
    return answer


def theirs(answer: dict[str, Any]) -> dict[str, str | None]:
    """The framework's answer for the same four things."""
    return {
        "srcDir": answer["srcDir"],
        **{name: answer["places"][name] for name in ("pages", "server", "public", "modules")},
        **{f"alias.{name}": posixpath.normpath(answer["alias"][name]) for name in ALIASES},
    }


def disagreements(projects: list[Skeleton], found: dict[Path, dict[str, Any]], variant: Variant) -> list[str]:
    """One readable line per project and item where fwk-tui and the framework differ."""
    lines = []
    for project in projects:
        answer = found[project.folder]
        if "error" in answer:
            lines.append(f"{project.folder.name} ({project.description}): the framework failed: {answer['error']}")
            continue
        mine, framework = ours(project, variant), theirs(answer)
        for key in ITEMS:
            if mine[key] != framework[key]:
                said = f"ours {mine[key]!r}, framework's {framework[key]!r}"
                lines.append(f"{project.folder.name} ({project.description}): {key}: {said}")
    return lines


def _report(lines: list[str], checked: int) -> str:
    return f"{len(lines)} disagreements over {checked} projects:\n" + "\n".join(lines)


def test_major_4_layout_a_agrees_with_the_framework(tmp_path: Path) -> None:
    projects = skeletons(tmp_path, compat_4=False)
    assert len(projects) >= 150
    found = framework_places([p.folder for p in projects], 4)
    lines = disagreements(projects, found, "A")
    assert not lines, _report(lines, len(projects))


def test_major_3_layouts_b_and_a_agree_with_the_framework(tmp_path: Path) -> None:
    # one node process for both: the same skeletons without and with compatibilityVersion 4
    plain = skeletons(tmp_path / "plain", compat_4=False)
    compat = skeletons(tmp_path / "compat", compat_4=True)
    found = framework_places([p.folder for p in plain + compat], 3)
    assert {found[p.folder].get("compatibilityVersion") for p in plain} == {3}
    assert {found[p.folder].get("compatibilityVersion") for p in compat} == {4}
    lines = disagreements(plain, found, "B") + disagreements(compat, found, "A")
    assert not lines, _report(lines, len(plain) + len(compat))
