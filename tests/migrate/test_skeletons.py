"""``fwk-tui migrate`` on skeleton projects, end to end, with the framework's own loader and schema as oracles.

Five project shapes, each with real folder and file names and small files of distinct
contents (and a symlink or two): a plain root project, a custom ``srcDir: 'src/'``, a
root project whose config names ``~/modules/x`` and ``~/assets/a.css``, a project
extending a local layer, and one with an app/ folder that holds only router.options.ts.

For each: the plan writes nothing; ``--adopt`` alone and ``--keep-behaviour
--move-folders`` are refused and write nothing; ``--keep-behaviour``, ``--adopt
--move-folders`` and ``--adopt --no-move`` write, and ``--undo`` then gives back the
project byte for byte. After each write that keeps or moves:

  (a) c12 (the framework's loader, tests/node/load-c12.mjs) evaluates the written config;
  (b) every entry that existed is where the written config reads it: no Place of
      ``source_places`` is missed, and the real schema of major 4 (tests/framework_dirs.py)
      puts srcDir, server, public, pages... where the same files now are;
  (c) nothing is lost: the same multiset of file contents (and links), the config aside;
  (d) ``fwk-tui check`` reports neither FWK335 nor FWK337.
"""

from __future__ import annotations

import json
import os
import posixpath
import stat
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from fwk_tui.catalog.models import Variant
from fwk_tui.project.reading import read_layout
from fwk_tui.source import load_document
from fwk_tui.validate.sources import Place, source_folder, source_places
from tests.cli.helpers import run
from tests.framework_dirs import framework_places
from tests.resolve.helpers import c12_load

CONFIG = "fwk.config.ts"
BOOKKEEPING = (CONFIG, "fwk.config.ts.bak", ".fwk-tui-move.json")
"""The config and what a write keeps beside it for --undo: not the project's sources."""

Listing = list[tuple[str, str, object]]


@dataclass(frozen=True)
class Shape:
    name: str
    config: str
    files: dict[str, str]
    """Relative path -> contents (distinct in each shape)."""
    entries: dict[str, str]
    """What the framework reads -> where it is before the move (``pages`` -> ``src/pages``). The keys are the
    framework's names: a ``places`` key of tests/framework_dirs.py, or a name inside the source folder
    (``components``, ``app.vue``), or ``app/<file>`` for an app-level file (read from ``places["app"]``)."""
    links: dict[str, str] = field(default_factory=dict)
    """Relative path -> symlink target."""
    untouched: tuple[str, ...] = ()
    """Folders no move may touch (a layer's own sources)."""


SHAPES = [
    Shape(
        "root",
        "// a layout-B project, sources beside the config\nexport default defineFwkConfig({\n  ssr: true,\n})\n",
        {
            "pages/index.vue": "<template>home page</template>\n",
            "pages/blog/[slug].vue": "<template>blog post</template>\r\n",
            "components/Hello.vue": "<template>hello component</template>\n",
            "layouts/default.vue": "<template><slot /> default layout</template>\n",
            "app.vue": "<template><NuxtPage /> root app</template>\n",
            "server/api/x.ts": "export default defineEventHandler(() => 'x')\n",
            "public/robots.txt": "User-agent: *\nDisallow:\n",
            "package.json": '{"name": "root-shape", "private": true}\n',
        },
        {
            "pages": "pages",
            "components": "components",
            "layouts": "layouts",
            "app.vue": "app.vue",
            "server": "server",
            "public": "public",
        },
        links={"pages/home.vue": "index.vue", "components/pkg.json": "../package.json"},
    ),
    Shape(
        "src-dir",
        "export default defineFwkConfig({\n  srcDir: 'src/',\n  app: { head: { title: 'Src' } },\n})\n",
        {
            "src/pages/index.vue": "<template>src home</template>\n",
            "src/components/Card.vue": "<template>src card</template>\n",
            "src/app.vue": "<template>src app</template>\n",
            "src/public/favicon.txt": "src favicon stand-in\n",
            "src/server/api/x.ts": "export default defineEventHandler(() => 'src x')\n",
            "src/server/middleware/log.ts": "export default defineEventHandler(() => {})\n",
        },
        {
            "pages": "src/pages",
            "components": "src/components",
            "app.vue": "src/app.vue",
            "public": "src/public",
            "server": "src/server",
        },
        links={"src/public/robots.txt": "favicon.txt"},
    ),
    Shape(
        "tilde-paths",
        "export default defineFwkConfig({\n  modules: ['~/modules/x'],\n  css: ['~/assets/a.css'],\n})\n",
        {
            "modules/x/index.ts": "export default function xModule() {}\n",
            "assets/a.css": "body { color: rebeccapurple }\n",
            "pages/index.vue": "<template>tilde home</template>\n",
            "app.vue": "<template>tilde app</template>\n",
            "server/api/x.ts": "export default defineEventHandler(() => 'tilde x')\n",
            "public/robots.txt": "User-agent: tilde\n",
        },
        {
            "modules": "modules",
            "assets": "assets",
            "pages": "pages",
            "app.vue": "app.vue",
            "server": "server",
            "public": "public",
        },
    ),
    Shape(
        "layer",
        "export default defineFwkConfig({\n  extends: ['./base'],\n})\n",
        {
            "base/fwk.config.ts": "export default defineFwkConfig({\n  app: { head: { title: 'Base layer' } },\n})\n",
            "base/components/BaseButton.vue": "<template>base button</template>\n",
            "base/pages/about.vue": "<template>base about</template>\n",
            "pages/index.vue": "<template>layered home</template>\n",
            "components/Own.vue": "<template>own component</template>\n",
            "app.vue": "<template>layered app</template>\n",
            "server/api/x.ts": "export default defineEventHandler(() => 'layered x')\n",
            "public/robots.txt": "User-agent: layered\n",
        },
        {
            "pages": "pages",
            "components": "components",
            "app.vue": "app.vue",
            "server": "server",
            "public": "public",
        },
        untouched=("base",),
    ),
    Shape(
        "partial-app",
        "export default defineFwkConfig({\n  ssr: false,\n})\n",
        {
            "app/router.options.ts": "export default { hashMode: true }\n",
            "pages/index.vue": "<template>partial home</template>\n",
            "components/Nav.vue": "<template>partial nav</template>\n",
            "layouts/default.vue": "<template>partial layout</template>\n",
            "app.vue": "<template>partial app</template>\n",
            "server/api/x.ts": "export default defineEventHandler(() => 'partial x')\n",
            "public/robots.txt": "User-agent: partial\n",
        },
        {
            "app/router.options.ts": "app/router.options.ts",
            "pages": "pages",
            "components": "components",
            "layouts": "layouts",
            "app.vue": "app.vue",
            "server": "server",
            "public": "public",
        },
        links={"layouts/main.vue": "default.vue"},
    ),
]
BY_NAME = {shape.name: shape for shape in SHAPES}
SHAPE_NAMES = [shape.name for shape in SHAPES]


def build(root: Path, shape: Shape) -> Path:
    """The skeleton of ``shape`` in a new folder under ``root``; its config file."""
    folder = root / shape.name
    folder.mkdir()
    for relative, text in shape.files.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode())
    for relative, target in shape.links.items():
        os.symlink(target, folder / relative)
    (folder / CONFIG).write_bytes(shape.config.encode())
    return folder / CONFIG


def listing(root: Path, *, mtimes: bool = False) -> Listing:
    """Every entry under ``root``: its relative path, its kind, and its bytes (files, with their mtime when asked),
    target (links) or nothing (folders)."""
    out: Listing = []
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            st = path.lstat()
            relative = path.relative_to(root).as_posix()
            if stat.S_ISLNK(st.st_mode):
                out.append((relative, "link", os.readlink(path)))
            elif stat.S_ISDIR(st.st_mode):
                out.append((relative, "dir", None))
            else:
                data = path.read_bytes()
                out.append((relative, "file", (data, st.st_mtime_ns) if mtimes else data))
    return sorted(out)


def contents(root: Path) -> Counter[tuple[str, object]]:
    """The multiset of file contents and of what links point at (the bytes they reach, else their target), the
    config and the undo's bookkeeping aside."""
    return Counter(
        (kind, _reached(root / path, value) if kind == "link" else value)
        for path, kind, value in listing(root)
        if kind != "dir" and path not in BOOKKEEPING
    )


def _reached(link: Path, target: object) -> object:
    return link.read_bytes() if link.is_file() else target


def pointed(entries: Listing, at: str) -> Listing:
    """``entries`` (of the folder or file ``at``) with each relative link as the place it names: inside ``at``
    (relative to it, as it moves along), or outside (from the project's folder)."""
    out: Listing = []
    for path, kind, value in entries:
        if kind == "link" and isinstance(value, str) and not value.startswith("/"):
            folder = posixpath.dirname(at if path == "." else posixpath.join(at, path))
            where = posixpath.normpath(posixpath.join(folder, value))
            inside = where == at or where.startswith(at + "/")
            value = f"in {posixpath.relpath(where, at)}" if inside else f"out {where}"
        out.append((path, kind, value))
    return out


def subtree(root: Path, relative: str) -> Listing:
    """The entries of ``root/relative`` (a folder, or one file) relative to it."""
    path = root / relative
    if path.is_symlink():
        return [(".", "link", os.readlink(path))]
    if not path.is_dir():
        return [(".", "file", path.read_bytes())]
    return listing(path)


def migrate(capsys: pytest.CaptureFixture[str], config: Path, *flags: str) -> tuple[int, str, str]:
    return run(capsys, "migrate", str(config), *flags)


def check_codes(capsys: pytest.CaptureFixture[str], config: Path) -> tuple[int, set[str], list[dict[str, Any]]]:
    code, out, err = run(capsys, "check", str(config), "--format", "json")
    assert code in (0, 1), err
    found = json.loads(out)
    return code, {d["code"] for d in found}, found


def places_of(config: Path, variant: Variant) -> list[Place]:
    values = load_document(config).values()
    assert isinstance(values, dict)
    return source_places(values, variant, read_layout(config))


def framework_place(answer: dict[str, Any], entry: str) -> str:
    """Where the real framework reads ``entry`` (a key of :class:`Shape.entries`), from the project folder."""
    places = answer["places"]
    if entry.startswith("app/"):
        return posixpath.normpath(posixpath.join(places["app"], entry.removeprefix("app/")))
    if entry in places:
        return str(places[entry])
    return posixpath.normpath(posixpath.join(places["srcDir"], entry))


def resolve_alias(answer: dict[str, Any], value: str) -> str:
    """``~/assets/a.css`` -> ``app/assets/a.css`` with the framework's aliases (the longest prefix wins)."""
    for prefix in sorted(answer["alias"], key=len, reverse=True):
        if value == prefix or value.startswith(prefix + "/"):
            return posixpath.normpath(answer["alias"][prefix] + value[len(prefix) :])
    return value


# The plan, and the refusals: nothing on disk changes, not even a file's mtime.


@pytest.mark.parametrize("name", SHAPE_NAMES)
def test_the_plan_changes_nothing_on_disk(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str) -> None:
    config = build(tmp_path, BY_NAME[name])
    project = config.parent
    before = listing(project, mtimes=True)
    for flags in (
        ("--dry-run",),
        ("--keep-behaviour", "--dry-run"),
        ("--adopt", "--dry-run"),
        ("--adopt", "--move-folders", "--dry-run"),
        ("--adopt", "--no-move", "--dry-run"),
    ):
        code, out, err = migrate(capsys, config, *flags)
        assert code == 0, (flags, err)
        assert "moving from layout B to layout A" in out and out.rstrip().endswith("dry run: nothing written"), flags
        assert listing(project, mtimes=True) == before, flags
    code, out, err = migrate(capsys, config, "--adopt", "--move-folders", "--dry-run", "--json")
    assert code == 0, err
    plan = json.loads(out)
    assert plan["version_before"] == 3 and plan["already_layout_a"] is False
    assert plan["folders"], "every shape has something to move"
    assert listing(project, mtimes=True) == before


@pytest.mark.parametrize("name", SHAPE_NAMES)
@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (("--adopt",), "add --move-folders to move them there, or --no-move"),
        (("--keep-behaviour", "--move-folders"), "--keep-behaviour keeps the sources where the config reads them"),
    ],
    ids=["adopt-alone", "keep-and-move"],
)
def test_refused_choices_write_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, flags: tuple[str, ...], said: str
) -> None:
    config = build(tmp_path, BY_NAME[name])
    before = listing(config.parent, mtimes=True)
    code, _, err = migrate(capsys, config, *flags)
    assert code == 2 and said in err
    assert listing(config.parent, mtimes=True) == before


# The writes that keep or move: four oracles, then the way back.


@pytest.mark.parametrize("name", SHAPE_NAMES)
def test_keeping_and_moving_leave_every_source_where_the_written_config_reads_it_and_undo_gives_it_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    shape = BY_NAME[name]
    modes = {"keep": ("--keep-behaviour",), "move": ("--adopt", "--move-folders")}
    configs = {}
    for mode in modes:
        (tmp_path / mode).mkdir()
        configs[mode] = build(tmp_path / mode, shape)
    projects = {mode: config.parent for mode, config in configs.items()}
    original = {mode: listing(project) for mode, project in projects.items()}
    contents_before = {mode: contents(project) for mode, project in projects.items()}
    assert original["keep"] == original["move"]

    # Before: the framework of major 3 and source_places under layout B agree on where each entry is.
    framework_before = framework_places(list(projects.values()), 3)
    answer_before = framework_before[projects["keep"]]
    assert "error" not in answer_before, answer_before
    where_before = {entry: framework_place(answer_before, entry) for entry in shape.entries}
    assert where_before == shape.entries
    assert not [p for p in places_of(configs["keep"], "B") if p.missed]

    planned = {}
    for mode, flags in modes.items():
        code, out, err = migrate(capsys, configs[mode], *flags, "--dry-run", "--json")
        assert code == 0, err
        planned[mode] = [(f["source"], f["target"]) for f in json.loads(out)["folders"]]
        code, out, err = migrate(capsys, configs[mode], *flags)
        assert code == 0, (mode, err)
        assert "written (layout A, future.compatibilityVersion: 4)" in out, mode
    assert planned["keep"] == []  # nothing moves when the behaviour is kept

    # (a) the written config evaluates with c12, and says version 4
    loaded = c12_load([{"id": mode, "cwd": str(project)} for mode, project in projects.items()])
    for mode in modes:
        assert "error" not in loaded[mode], (mode, loaded[mode])
        assert loaded[mode]["value"]["future"]["compatibilityVersion"] == 4, mode

    # (b) every entry is where the written config reads it: the real schema of 4 ...
    framework_after = framework_places(list(projects.values()), 4)
    for mode, project in projects.items():
        answer = framework_after[project]
        assert "error" not in answer, (mode, answer)
        assert answer["compatibilityVersion"] == 4, mode
        for entry, was in shape.entries.items():
            now = framework_place(answer, entry)
            assert (project / now).exists(), f"{mode}: the framework reads {entry} from {now}/, where nothing is"
            assert pointed(subtree(project, now), now) == pointed(_subtree_before(original[mode], was), was), (
                f"{mode}: {now} is not what {was} was"
            )
        if mode == "keep":
            assert all(framework_place(answer, e) == was for e, was in shape.entries.items())  # nothing moved
        # ... and source_places (layout A, as written): nothing missed, every entry found where the framework reads it
        places = places_of(configs[mode], "A")
        missed = [p for p in places if p.missed]
        assert not missed, f"{mode}: {missed}"
        for place in places:
            if place.name in shape.entries:
                assert place.found is True, (mode, place)
                assert place.expected == framework_place(answer, place.name), (mode, place, answer["places"])
        # the ~/ and ~~/ paths the config names still name what they named before (the framework's aliases)
        _assert_alias_paths_resolve(project, loaded[mode]["value"], answer)

    # (c) nothing lost, nothing duplicated
    for mode, project in projects.items():
        assert contents(project) == contents_before[mode], mode
        for folder in shape.untouched:
            assert subtree(project, folder) == _subtree_before(original[mode], folder), mode
        # the folders that moved are the ones the plan named
        moved = {(s, t) for s, t in planned[mode]}
        for source, target in moved:
            assert not (project / source).exists() and (project / target).exists(), (mode, source, target)
            after, before = subtree(project, target), _subtree_before(original[mode], source)
            assert pointed(after, target) == pointed(before, source), (mode, source)

    # (d) check: no sources split (FWK335), no serverDir/dir.public pointing at nothing (FWK337), no error
    for mode, config in configs.items():
        code, codes, found = check_codes(capsys, config)
        assert not codes & {"FWK335", "FWK337"}, (mode, found)
        assert code == 0, (mode, [d for d in found if d["severity"] == "error"])

    # --undo: byte for byte the project from before (paths, bytes, link targets; the bookkeeping gone)
    for mode, config in configs.items():
        code, out, err = migrate(capsys, config, "--undo")
        assert code == 0 and "back as it was before the move" in out, (mode, err)
        assert listing(projects[mode]) == original[mode], mode


def _assert_alias_paths_resolve(project: Path, value: dict[str, Any], answer: dict[str, Any]) -> None:
    for module in value.get("modules", []):
        assert (project / resolve_alias(answer, module)).is_dir(), (module, answer["alias"])
    for css in value.get("css", []):
        assert (project / resolve_alias(answer, css)).is_file(), (css, answer["alias"])


def _subtree_before(before: Listing, relative: str) -> Listing:
    """The part of a project's listing under ``relative`` (a folder, or one file), relative to it."""
    for path, kind, value in before:
        if path == relative and kind != "dir":
            return [(".", kind, value)]
    prefix = relative + "/"
    return sorted((path.removeprefix(prefix), kind, value) for path, kind, value in before if path.startswith(prefix))


# --adopt --no-move: written, the sources left; check says what the app reads.


@pytest.mark.parametrize("name", SHAPE_NAMES)
def test_adopting_without_moving_writes_and_check_says_where_the_sources_are_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    shape = BY_NAME[name]
    config = build(tmp_path, shape)
    project = config.parent
    before = listing(project)
    code, out, err = migrate(capsys, config, "--adopt", "--no-move")
    assert code == 0, err
    assert "written (layout A, future.compatibilityVersion: 4)" in out
    # the sources are where they were: only the config is new (and the undo's bookkeeping)
    assert [e for e in listing(project) if e[0] not in BOOKKEEPING] == [e for e in before if e[0] != CONFIG]
    loaded = c12_load([{"id": "0", "cwd": str(project)}])["0"]
    assert "error" not in loaded, loaded
    answer = framework_places([project], 4)[project]
    assert "error" not in answer, answer
    _assert_alias_paths_resolve(project, loaded["value"], answer)
    _, codes, found = check_codes(capsys, config)
    values = load_document(config).values()
    assert isinstance(values, dict)
    folder = source_folder(values, "A", read_layout(config))
    places = places_of(config, "A")
    missed = [p for p in places if p.missed]
    # source_places and the real schema of 4 agree on the source folder and on what the app reads
    assert folder.path == answer["srcDir"], (folder, answer["places"])
    for place in places:
        if place.name in shape.entries:
            assert place.expected == framework_place(answer, place.name), (place, answer["places"])
            assert place.missed is not (project / framework_place(answer, place.name)).exists(), place
    if folder.fallback:
        # no app/ with sources: the framework falls back to the root, and check says so
        assert "FWK336" in codes, found
    if missed:
        assert codes & {"FWK335", "FWK337"}, (missed, found)
    if name == "src-dir":
        # srcDir: 'src/' keeps the sources in src/, and serverDir/dir.public are pinned to the old places:
        # nothing is split, so check has nothing to say about where the sources are
        assert not missed and not codes & {"FWK335", "FWK336", "FWK337"}, found
    else:
        # the other shapes keep their sources at the root, where layout A reads them only by the fallback
        assert codes & {"FWK335", "FWK336"}, found
    code, out, err = migrate(capsys, config, "--undo")
    assert code == 0, err
    assert listing(project) == before


# Shape 3: a ~/ path to a folder that stays at the root is written through ~~/ when the sources move into app/.


def test_a_tilde_path_to_a_root_folder_is_rewritten_to_the_root_alias(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = build(tmp_path, BY_NAME["tilde-paths"])
    project = config.parent
    code, _, err = migrate(capsys, config, "--adopt", "--move-folders")
    assert code == 0, err
    written = config.read_text()
    assert "'~/assets/a.css'" in written  # assets/ moved with the sources: ~/ still names it
    answer = framework_places([project], 4)[project]
    value = c12_load([{"id": "0", "cwd": str(project)}])["0"]["value"]
    assert value["modules"] == ["~~/modules/x"], written
    assert (project / resolve_alias(answer, value["modules"][0])).is_dir()
    assert answer["alias"]["~"] == "app" and resolve_alias(answer, "~/modules/x") == "app/modules/x"  # not there
    assert not (project / "app" / "modules").exists()
    code, _, err = migrate(capsys, config, "--undo")
    assert code == 0 and "'~/modules/x'" in config.read_text(), err
