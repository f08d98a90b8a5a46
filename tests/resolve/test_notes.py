"""The lines under a field of the editor (and in hover) for the effective configuration (no Textual)."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.catalog import load_catalog
from fwk_tui.resolve.effective import DotenvFile, effective_config
from fwk_tui.source import load_document
from fwk_tui.resolve.notes import field_notes
from tests.resolve.helpers import PROJECTS

MISSING = object()


def _notes(project: str, path: str, value: object, env: str | None = None, dotenv: str = "") -> list[tuple[str, str]]:
    file = PROJECTS / project / "fwk.config.ts"
    files = [DotenvFile(".env", dotenv)] if dotenv else []
    effective = effective_config(file, load_document(file), load_catalog(), env=env, dotenv=files, environ={})
    return [(n.kind, n.text) for n in field_notes(effective, path, value, MISSING)]


def test_a_list_a_layer_adds_items_to_names_the_layers_once_each() -> None:
    notes = _notes("merge", "css", [])
    assert notes == [("layer", "the app gets ['~/theme.css'] (items from layer ./theme (theme/fwk.config.ts))")]


def test_an_object_merged_with_layers_names_them() -> None:
    [(kind, text)] = _notes("merge", "runtimeConfig", {"apiSecret": "", "public": {"apiBase": "/api"}})
    assert kind == "layer" and text.endswith("(merged with layer ./base (base/fwk.config.ts))")


def test_a_value_the_file_gives_says_nothing() -> None:
    assert _notes("merge", "app.baseURL", "/app/") == []


def test_a_field_the_file_does_not_set_says_so_with_the_layers_value() -> None:
    assert _notes("merge", "devServer.port", MISSING) == [
        ("layer", "not set here: the app gets 4000 from layer ./deeper (base/deeper/fwk.config.ts:3:22)")
    ]


def test_a_variable_names_its_file_and_a_private_keys_value_is_masked() -> None:
    notes = _notes("merge", "runtimeConfig.apiSecret", "", dotenv="FWK_API_SECRET=s3cret\n")
    assert notes == [("runtime", "FWK_API_SECRET in .env overrides at run time: ****")]
    public = _notes("merge", "runtimeConfig.public.apiBase", "/api", dotenv="FWK_PUBLIC_API_BASE=https://x.dev\n")
    assert public == [("runtime", "FWK_PUBLIC_API_BASE in .env overrides at run time: 'https://x.dev'")]


def test_a_private_value_a_layer_gives_is_masked_in_the_notes(tmp_path: Path) -> None:
    """The editor and hover said `the app gets { layerSecret: 'LAYER-TUI-SECRET', … }` where `resolve` and `why`
    print `****`: one rule for every surface."""
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "fwk.config.ts").write_text(
        "export default defineFwkConfig({ runtimeConfig: { layerSecret: 'LAYER-S3CRET', public: { x: 'seen' } } })\n"
    )
    file = tmp_path / "fwk.config.ts"
    file.write_text("export default defineFwkConfig({\n  extends: ['./base'],\n  runtimeConfig: { public: {} },\n})\n")
    effective = effective_config(file, load_document(file), load_catalog(), environ={})
    texts = [n.text for path in ("runtimeConfig", "runtimeConfig.layerSecret") for n in field_notes(
        effective, path, MISSING if path.endswith("Secret") else {"public": {}}, MISSING
    )]
    assert texts and all("S3CRET" not in t for t in texts)
    assert any("layerSecret: '****'" in t for t in texts)
    assert "not set here: the app gets **** from layer ./base (base/fwk.config.ts:1:64)" in texts
