"""One project, one answer: every surface reads a project the same way.

A matrix of projects (layout B told by its folders, a diamond of layers, an
environment section, ``.env`` files with a misspelt and an object-valued
variable, private and public values) goes through ``check``, ``resolve``,
``why``, ``env`` and ``get``, the editor's session and the language server's
check; they must agree on the variant, on the diagnostics and their places,
on the values, on what each variable does, and on what is masked.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from fwk_tui.catalog import load_catalog
from fwk_tui.cli import main
from fwk_tui.lsp.diagnostics import check_open
from fwk_tui.lsp.documents import OpenDocument
from fwk_tui.lsp.knowledge import Knowledge
from fwk_tui.project import Project
from fwk_tui.session import EditSession
from fwk_tui.source import load_document
from fwk_tui.wizard.target import open_target

SECRET = "hunter2-private"
PUBLIC = "public-base-9"


@dataclass(frozen=True)
class Sample:
    name: str
    files: dict[str, str]
    paths: tuple[str, ...]
    """Option paths whose value and chain every surface is asked about."""
    env: str | None = None


def _config(body: str) -> str:
    return f"export default defineFwkConfig({{ {body} }})\n"


PROJECTS = [
    Sample(
        "layout B by its folders",
        {
            "fwk.config.ts": _config(f"ssr: true, runtimeConfig: {{ token: '{SECRET}', public: {{ base: '{PUBLIC}' }} }}"),
            "pages/index.vue": "<template><p/></template>\n",
            "components/Card.vue": "<template><p/></template>\n",
        },
        ("srcDir", "ssr", "runtimeConfig.public.base", "runtimeConfig.token"),
    ),
    Sample(
        "a diamond of layers",
        {
            "fwk.config.ts": _config("extends: ['./a', './b'], ssr: true, css: ['~/top.css']"),
            "a/fwk.config.ts": _config("extends: ['../shared'], app: { baseURL: '/a' }"),
            "b/fwk.config.ts": _config("extends: ['../shared']"),
            "shared/fwk.config.ts": _config(
                f"css: ['~/s.css', '~/s.css'], devServer: {{ prot: 1 }}, runtimeConfig: {{ token: '{SECRET}', "
                "public: { layerKey: 'x', feature: { on: false, depth: 1 } } }"
            ),
            ".env": 'FWK_PUBLIC_LAYER_KEY=from-env\nFWK_PUBLIC_FEATURE={"on": true}\nFWK_PUBLIC_LAYER_KY=typo\n',
        },
        (
            "css", "app.baseURL", "runtimeConfig.public.layerKey", "runtimeConfig.public.feature.on",
            "runtimeConfig.public.feature", "runtimeConfig.token",
        ),
    ),
    Sample(
        "an environment section",
        {
            "fwk.config.ts": _config(
                "ssr: true, $production: { ssr: false, runtimeConfig: { public: { prodKey: 'p' } } }, "
                f"runtimeConfig: {{ public: {{ base: '{PUBLIC}' }}, token: '' }}"
            ),
            ".env": f"FWK_PUBLIC_PROD_KEY=2\nFWK_TOKEN={SECRET}\n",
        },
        ("ssr", "runtimeConfig.public.prodKey", "runtimeConfig.token", "runtimeConfig.public.base"),
        env="production",
    ),
]


def _write(root: Path, project: Sample) -> Path:
    for name, text in project.files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root / "fwk.config.ts"


Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Run:
    for name in [n for n in __import__("os").environ if n.startswith("FWK_")]:
        monkeypatch.delenv(name)

    def run(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return run


def _env_args(project: Sample) -> list[str]:
    return ["--env", project.env] if project.env else []


@pytest.mark.parametrize("project", PROJECTS, ids=[p.name for p in PROJECTS])
def test_every_surface_gives_one_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli: Run, project: Sample
) -> None:
    file = _write(tmp_path, project)
    monkeypatch.chdir(tmp_path)
    catalog = load_catalog()

    # The variant: check, resolve, the editor's session and the language server.
    _, out, _ = cli("check")
    checked_variant = out.split("checked as variant ", 1)[1][0]
    _, out, _ = cli("resolve", "--json", *_env_args(project))
    resolved = json.loads(out)
    session = EditSession.open(file, catalog)
    opened = OpenDocument.opened(file.as_uri(), file.read_text(), 1, PositionCodec(types.PositionEncodingKind.Utf16))
    served = check_open(opened, catalog, Project.at(file))
    assert served.result is not None
    _, out, _ = cli("explain", "srcDir", "--json")
    explained = json.loads(out)["variant"]
    known = Knowledge.of(catalog, load_document(file), Project.at(file)).variant  # hover, completion
    wizard = open_target(tmp_path, catalog).start.variant  # `fwk-tui new` in the folder
    variants = [checked_variant, resolved["variant"], session.variant, served.result.variant.variant]
    assert set(variants + [explained, known, wizard]) == {checked_variant}, project.name

    # The diagnostics of the file itself, at the same places: check, the session, the language server.
    _, out, _ = cli("check", "--format", "json")
    found = json.loads(out)
    own = sorted((d["line"], d["column"], d["code"]) for d in found if not d.get("effective"))
    assert sorted((d.line, d.column, d.code) for d in session.diagnostics) == own
    lsp_places = {(d.range.start.line + 1, d.range.start.character + 1, d.code) for d in served.diagnostics}
    assert set(own) <= lsp_places, (own, lsp_places)
    assert sorted(str(d.code) for d in served.diagnostics) == sorted(d["code"] for d in found), project.name
    # A finding about one written place of a layer is reported once.
    places = [(d["origin"]["file"], d["origin"]["line"], d["origin"]["column"], d["code"]) for d in found if d.get("effective")]
    assert len(places) == len(set(places)), places

    # Values and chains: resolve, why and get agree; a private value is masked everywhere, a public one never.
    shown = json.dumps(resolved)
    assert SECRET not in shown
    for path in project.paths:
        code, out, _ = cli("why", path, "--json", *_env_args(project))
        answer = json.loads(out)
        assert SECRET not in out, (path, out)
        winners = [step for step in answer["chain"] if step["wins"]]
        assert len(winners) <= 1, (path, answer)
        if path.startswith("runtimeConfig") and path.endswith(("base", "layerKey", "prodKey")):
            assert "****" not in out, (path, out)  # public: shown
        if winners:
            assert code == 0
            assert winners[0]["value"] == answer["value"], (path, answer)
        expected = _at(resolved, path)  # resolve lists what is set (--with-defaults: the defaults too)
        if expected is not None:
            assert answer["value"] == expected, (path, answer, expected)
    code, out, _ = cli("env", "--json", *_env_args(project))
    assert SECRET not in out
    env = json.loads(out)
    for entries in [f["entries"] for f in env["dotenv"]]:
        applied = {v["name"]: v["path"] for v in resolved["variables"]}
        for entry in entries:
            if entry["status"] == "overrides":
                assert applied.get(entry["name"]) == entry["path"], (entry, applied)
            if entry["status"] == "unmatched":
                assert entry["name"] in {u["name"] for u in resolved["unmatched"]}, entry
                assert entry["name"] not in applied


def _at(resolved: dict[str, object], path: str) -> object:
    """The value the app gets at ``path`` as resolve gives it: at run time for runtimeConfig and app."""
    node: object = resolved["runtime"] if path.startswith(("runtimeConfig", "app")) else resolved["values"]
    for key in path.split("."):
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node
