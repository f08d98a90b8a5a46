"""What the checks read from disk (package.json, layers) is watched: a change there checks the open configs again."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp.conftest import REGISTERED, SERVER, Editor, published, published_count

pytestmark = pytest.mark.asyncio(loop_scope="module")

WATCHING = types.ClientCapabilities(
    workspace=types.WorkspaceClientCapabilities(
        did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True)
    )
)


@pytest_lsp.fixture(config=SERVER, scope="module")
async def client(lsp_client: LanguageClient) -> AsyncIterator[None]:
    """A client that lets the server register what it watches."""
    await lsp_client.initialize_session(types.InitializeParams(capabilities=WATCHING))
    yield
    await lsp_client.shutdown_session()


async def registrations(client: LanguageClient) -> list[types.Registration]:
    for _ in range(2000):
        if REGISTERED.get(id(client)):
            return REGISTERED[id(client)]
        await asyncio.sleep(0.005)
    raise AssertionError("the server registered nothing")


async def test_a_changed_package_json_checks_the_open_configs_again(client: LanguageClient, tmp_path: Path) -> None:
    (registration,) = await registrations(client)
    assert registration.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
    options = registration.register_options
    assert isinstance(options, dict)  # as the client receives it, in JSON
    assert {w["globPattern"] for w in options["watchers"]} == {"**/package.json", "**/fwk.config.*"}

    package = tmp_path / "package.json"
    package.write_text('{"devDependencies": {"@fwk/wbuild-builder": "^1"}}', encoding="utf-8")
    text = "export default defineFwkConfig({\n  builder: 'wbuild',\n})\n"
    file = tmp_path / "fwk.config.ts"
    file.write_text(text, encoding="utf-8")
    editor = Editor(client, file, text)
    assert await editor.open() == []
    package.write_text('{"devDependencies": {}}', encoding="utf-8")
    before = published_count(client)
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams([types.FileEvent(package.as_uri(), types.FileChangeType.Changed)])
    )
    again = await published(client, lambda p: p.uri == editor.uri, since=before)
    assert [d.code for d in again.diagnostics] == ["FWK313"]
