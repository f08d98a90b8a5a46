"""A real LSP client (pytest-lsp) talking to ``python -m fwk_tui lsp`` over stdio, and helpers to drive it."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

SERVER_COMMAND = [sys.executable, "-m", "fwk_tui", "lsp"]

PUBLISHED: dict[int, list[types.PublishDiagnosticsParams]] = {}
"""Every publishDiagnostics each client received, in order (by the client's id)."""


def _published(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    PUBLISHED.setdefault(id(client), []).append(params)


REGISTERED: dict[int, list[types.Registration]] = {}
"""What the server registered with each client (``client/registerCapability``), by the client's id."""


def _register(client: LanguageClient, params: types.RegistrationParams) -> None:
    REGISTERED.setdefault(id(client), []).extend(params.registrations)


def recording_client() -> LanguageClient:
    """pytest-lsp's test client, which also keeps every publishDiagnostics (with its version) and registration."""
    client = LanguageClient(converter_factory=default_converter)
    features = {
        **DEFAULT_CLIENT_FEATURES,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: _published,
        types.CLIENT_REGISTER_CAPABILITY: _register,
    }
    register_lsp_features(client, features)
    return client


INITIALIZED: dict[int, types.InitializeResult] = {}
"""What the server answered each client's initialize with (by the client's id)."""

SERVER = ClientServerConfig(server_command=SERVER_COMMAND, client_factory=recording_client)


@pytest_lsp.fixture(config=SERVER, scope="module")
async def client(lsp_client: LanguageClient) -> AsyncIterator[None]:
    """One server for the module's tests (each test opens documents of its own)."""
    INITIALIZED[id(lsp_client)] = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities())
    )
    yield
    await lsp_client.shutdown_session()


class Editor:
    """What an editor does with a document: open it, type into it, wait for the server's diagnostics."""

    def __init__(self, client: LanguageClient, file: Path, text: str) -> None:
        self.client = client
        self.uri = file.as_uri()
        self.text = text
        self.version = 1

    async def open(self) -> list[types.Diagnostic]:
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(self.uri, "typescript", self.version, self.text))
        )
        return await self.diagnostics()

    async def replace(self, old: str, new: str) -> list[types.Diagnostic]:
        """Replace the one occurrence of ``old`` with ``new``, sent as an incremental change."""
        assert self.text.count(old) == 1, old
        start = self.text.index(old)
        rng = types.Range(position(self.text, start), position(self.text, start + len(old)))
        self.text = self.text[:start] + new + self.text[start + len(old) :]
        return await self.change([types.TextDocumentContentChangePartial(range=rng, text=new)])

    async def change(self, changes: list[types.TextDocumentContentChangeEvent]) -> list[types.Diagnostic]:
        self.version += 1
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(types.VersionedTextDocumentIdentifier(self.version, self.uri), changes)
        )
        return await self.diagnostics()

    async def diagnostics(self) -> list[types.Diagnostic]:
        """The diagnostics the server publishes for the document's current version."""
        found = await published(self.client, lambda p: p.uri == self.uri and p.version == self.version)
        return list(found.diagnostics)

    async def actions(self, at: str, only: list[str] | None = None) -> list[types.CodeAction]:
        """The code actions with the cursor at the start of ``at`` (its one occurrence)."""
        where = position(self.text, self.text.index(at))
        result = await self.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(self.uri),
                range=types.Range(where, where),
                context=types.CodeActionContext(diagnostics=[], only=only),
            )
        )
        return [a for a in result or [] if isinstance(a, types.CodeAction)]

    def close(self) -> None:
        self.client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(self.uri)))


def position(text: str, index: int) -> types.Position:
    """The LSP position (UTF-16 code units) of character ``index`` of ``text``."""
    before = text[:index]
    line = before.count("\n")
    column = before[before.rfind("\n") + 1 :]
    return types.Position(line, len(column.encode("utf-16-le")) // 2)


def offset(text: str, where: types.Position) -> int:
    """The character index of an LSP position (UTF-16 code units) in ``text``."""
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[: where.line])
    units = lines[where.line].encode("utf-16-le")[: 2 * where.character]
    return start + len(units.decode("utf-16-le"))


def applied(text: str, edit: types.WorkspaceEdit, uri: str) -> str:
    """``text`` with the edits ``edit`` makes to ``uri``, as a client applies them (from the last)."""
    assert edit.changes is not None and set(edit.changes) == {uri}
    for change in sorted(edit.changes[uri], key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(text, change.range.start)] + change.new_text + text[offset(text, change.range.end) :]
    return text


def published_count(client: LanguageClient) -> int:
    """How many publishDiagnostics ``client`` has received."""
    return len(PUBLISHED.get(id(client), []))


async def published(
    client: LanguageClient,
    match: Callable[[types.PublishDiagnosticsParams], bool],
    timeout: float = 20.0,
    since: int = 0,
) -> types.PublishDiagnosticsParams:
    """The first publishDiagnostics ``client`` received (after the first ``since``) that ``match`` accepts."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        found = next((p for p in PUBLISHED.get(id(client), [])[since:] if match(p)), None)
        if found is not None:
            return found
        if loop.time() > deadline:
            raise AssertionError("the server published no such diagnostics")
        await asyncio.sleep(0.005)
