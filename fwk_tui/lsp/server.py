"""``fwk-tui lsp``: the language server (pygls), over stdio or, for debugging, TCP.

It keeps the open ``fwk.config.*`` documents (other documents are left alone),
checks each on open and after every change as ``fwk-tui check`` does, publishes
the diagnostics, offers the fixes as code actions, and answers hover,
completion, document symbols and go to definition from the catalogue and the
layers (:mod:`fwk_tui.lsp.answers`).
"""

from __future__ import annotations

import copy
import json
import logging
import os
import signal
import sys
from collections.abc import Callable
from typing import Any, TypeVar

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from fwk_tui import __version__
from fwk_tui.catalog import Catalog, Variant, load_catalog
from fwk_tui.exits import Exit
from fwk_tui.lsp.actions import KINDS, code_actions
from fwk_tui.lsp.answers import COMPLETION_TRIGGERS, Answers
from fwk_tui.lsp.checking import Checks
from fwk_tui.lsp.diagnostics import FULL_CHECK_MAX_BYTES, Checked, check_open
from fwk_tui.lsp.documents import OpenDocument, is_config_name, name_of
from fwk_tui.lsp.failures import boundary, log_in_lines, raised_at, said
from fwk_tui.lsp.projects import Projects
from fwk_tui.lsp.transport import FwkProtocol, serve_stdio, serve_tcp
from fwk_tui.oserrors import os_error_words

NAME = "fwk-tui"
TCP_HOST = "127.0.0.1"
WATCHED = ("**/package.json", "**/fwk.config.*")
"""What the checks read from disk besides the open document: package.json, and the layers' configs."""

PARSE_ERROR = types.ResponseError(code=-32700, message="Parse error")
log = logging.getLogger(__name__)
T = TypeVar("T")


class FwkLanguageServer(LanguageServer):
    """The server and what it knows of the open configs (one client's: on TCP each connection has its own)."""

    def __init__(self) -> None:
        super().__init__(
            NAME, __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental, protocol_cls=FwkProtocol
        )
        self.documents: dict[str, OpenDocument] = {}
        self.checks = Checks(self.documents, self._check, self._publish)
        self.variant: Variant | None = None
        """The variant the client chose (``initializationOptions.variant``); None: detected per file."""
        self._noted: set[str] = set()
        self.projects = Projects()
        self.answers = Answers(lambda: self.catalog, lambda: self.workspace.position_codec, self.projects.of)

    @property
    def catalog(self) -> Catalog:
        """The option catalogue, loaded when first needed (not before the client's first document)."""
        return load_catalog()

    def open(self, uri: str, text: str, version: int) -> OpenDocument | None:
        """Keep the document at ``uri`` when it is a config (else None) and check it."""
        if not is_config_name(name_of(uri)):
            return None
        doc = OpenDocument.opened(uri, text, version, self.workspace.position_codec)
        self.documents[uri] = doc
        self.checks.forget(uri)
        self.checks.due(doc, at_once=True)
        return doc

    def change(self, params: types.DidChangeTextDocumentParams) -> None:
        """Apply an edit of the client to its document, and check it again soon (:mod:`fwk_tui.lsp.checking`).

        Only the bytes are spliced here, on the message loop: the parse waits for the check or an answer.
        """
        uri = params.text_document.uri
        doc = self.documents.get(uri)
        if doc is None:
            return
        try:
            doc.change(params.text_document.version, params.content_changes)
        except Exception as error:  # noqa: BLE001  a bug: better no answers than answers about a wrong text
            self.failed(f"{uri}: the edit could not be applied (a bug in fwk-tui); close and reopen the file", error)
            self.close(uri)
            return
        self.checks.due(doc)

    def saved(self, uri: str | None = None) -> None:
        """A file was written: check the open configs again (they read layers and package.json from disk).

        ``uri`` is the file written when it is one of them: its own check stands.
        """
        self.projects.forget()  # package.json, the folder, the layers may have changed: read again when asked
        self.answers.forget()
        for doc in list(self.documents.values()):
            if doc.uri != uri:
                self.checks.forget(doc.uri)
                self.checks.due(doc, at_once=True)

    def watch(self) -> None:
        """Ask the client to say when a package.json or a config changes on disk, when it can be asked."""
        workspace = self.client_capabilities.workspace
        watching = workspace.did_change_watched_files if workspace is not None else None
        if watching is None or not watching.dynamic_registration:
            return
        options = types.DidChangeWatchedFilesRegistrationOptions(
            watchers=[types.FileSystemWatcher(glob_pattern=pattern) for pattern in WATCHED]
        )
        registration = types.Registration(
            id="fwk-tui-watched-files", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES, register_options=options
        )
        self.client_register_capability(types.RegistrationParams(registrations=[registration]))

    def close(self, uri: str) -> None:
        """Forget the document and clear its diagnostics."""
        if self.documents.pop(uri, None) is not None:
            self.checks.forget(uri)
            self.answers.forget(uri)
            self.projects.forget(uri)
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    def _check(self, doc: OpenDocument) -> Checked:
        """The check of ``doc`` (a snapshot; run in the checks' thread, so it logs nothing itself: see notes)."""
        try:
            return check_open(doc, self.catalog, self.projects.of(doc), self.variant)
        except Exception as error:  # noqa: BLE001  a bug in a check: said in the log, the server goes on
            return Checked(doc.version, None, [], [f"{doc.uri}: the check failed (a bug in fwk-tui): {said(error)}"])

    def _publish(self, doc: OpenDocument, checked: Checked) -> None:
        """Send the client the diagnostics of ``doc`` (and, once each, the notes of its check)."""
        for note in checked.notes:
            if note not in self._noted:
                self._noted.add(note)
                self.log(note, types.MessageType.Warning)
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=doc.uri, version=doc.version, diagnostics=checked.diagnostics)
        )

    async def actions(self, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        """The code actions at ``params.range`` (None for a document the server does not keep)."""
        doc = self.documents.get(params.text_document.uri)
        if doc is None:
            return None
        checked = await self.checks.current(doc)
        doc = self.documents.get(params.text_document.uri)
        if checked.result is None or doc is None or checked.version != doc.version:
            return []
        variant = checked.result.variant.variant
        found = checked.result.diagnostics
        catalog = self.catalog
        return await self.answer(
            doc, [], lambda d: code_actions(d, found, checked.again(catalog), catalog, variant, params)
        )

    async def answer(self, doc: OpenDocument | None, nothing: T, ask: Callable[[OpenDocument], T]) -> T:
        """``ask(doc)`` in the checks' thread, or ``nothing``: for a document the server does not keep, one
        checked for its syntax only (over 1 MB), or when a bug stops the answer (said in one log line, as a
        failed check is: the editor gets no error box for a hover)."""
        if doc is None or len(doc.data) > FULL_CHECK_MAX_BYTES:
            return nothing
        snapshot = copy.copy(doc)  # the loop may change ``doc`` while the thread reads this one
        try:
            return await self.checks.run(lambda: ask(snapshot))
        except Exception as error:  # noqa: BLE001
            self.failed(f"{doc.uri}: no answer (a bug in fwk-tui)", error)
            return nothing

    def takes_snippets(self) -> bool:
        """Whether the client said it takes snippets in completions (else every item is plain text)."""
        document = self.client_capabilities.text_document
        completion = document.completion if document is not None else None
        item = completion.completion_item if completion is not None else None
        return bool(item is not None and item.snippet_support)

    def variant_of(self, doc: OpenDocument | None) -> Variant | None:
        """The variant ``doc`` is checked in (the client's choice, else the one its last check detected)."""
        if self.variant is not None or doc is None:
            return self.variant
        latest = self.checks.latest(doc.uri)
        result = latest.result if latest is not None else None
        return result.variant.variant if result is not None else None

    def log(self, message: str, kind: types.MessageType = types.MessageType.Error) -> None:
        """A line in the client's log of the server (and in the server's own log, for TCP debugging)."""
        log.warning("%s", message)
        self.window_log_message(types.LogMessageParams(type=kind, message=message))

    def failed(self, what: str, error: BaseException) -> None:
        """Say in one line that ``what`` failed on ``error`` (stderr also gets where, never a traceback)."""
        self.window_log_message(types.LogMessageParams(type=types.MessageType.Error, message=f"{what}: {said(error)}"))
        log.warning("%s: %s (at %s)", what, said(error), raised_at(error))

    def note(self, message: str) -> None:
        """What the transport dropped or refused of the client's messages, in one line."""
        self.log(message, types.MessageType.Warning)

    def report_server_error(self, error: Exception, source: Any) -> None:
        """An error pygls met outside a feature: a body that is not JSON is answered as JSON-RPC says, all in one line."""
        try:
            if isinstance(error, (json.JSONDecodeError, UnicodeDecodeError)):
                self.protocol._send_response(None, error=PARSE_ERROR)  # type: ignore[arg-type]
                self.note(f"a message from the client was dropped: its body is not JSON ({said(error)})")
            else:
                self.failed("a message from the client could not be handled", error)
        except Exception:  # noqa: BLE001  the report must not fail in turn: the transport may be gone
            log.warning("an error could not be reported to the client: %s", said(error))

    def end(self) -> None:
        """The client has gone: no more checks."""
        self.checks.stop()


def build_server() -> FwkLanguageServer:
    """A server with its features registered."""
    server = FwkLanguageServer()

    @server.feature(types.INITIALIZE)
    @boundary(None)
    def initialize(ls: FwkLanguageServer, params: types.InitializeParams) -> None:
        options = params.initialization_options
        chosen = options.get("variant") if isinstance(options, dict) else None
        ls.variant = chosen if chosen in ("A", "B") else None

    @server.feature(types.INITIALIZED)
    @boundary(None)
    def initialized(ls: FwkLanguageServer, params: types.InitializedParams) -> None:
        ls.watch()

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    @boundary(None)
    def watched_files_changed(ls: FwkLanguageServer, params: types.DidChangeWatchedFilesParams) -> None:
        ls.saved()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @boundary(None)
    def did_open(ls: FwkLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        ls.open(item.uri, item.text, item.version)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @boundary(None)
    def did_change(ls: FwkLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.change(params)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    @boundary(None)
    def did_save(ls: FwkLanguageServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.saved(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    @boundary(None)
    def did_close(ls: FwkLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.close(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(code_action_kinds=KINDS))
    @boundary(None)
    async def code_action(ls: FwkLanguageServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        return await ls.actions(params)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @boundary(None)
    async def hover(ls: FwkLanguageServer, params: types.HoverParams) -> types.Hover | None:
        doc = ls.documents.get(params.text_document.uri)
        variant = ls.variant_of(doc)
        return await ls.answer(doc, None, lambda d: ls.answers.hover(d, params.position, variant))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=COMPLETION_TRIGGERS))
    @boundary(None)
    async def completion(ls: FwkLanguageServer, params: types.CompletionParams) -> types.CompletionList | None:
        doc = ls.documents.get(params.text_document.uri)
        snippets = ls.takes_snippets()
        variant = ls.variant_of(doc)
        return await ls.answer(doc, None, lambda d: ls.answers.complete(d, params.position, variant, snippets=snippets))

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @boundary([])
    async def document_symbols(ls: FwkLanguageServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        doc = ls.documents.get(params.text_document.uri)
        variant = ls.variant_of(doc)
        return await ls.answer(doc, [], lambda d: ls.answers.symbols(d, variant))

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    @boundary([])
    async def go_to_definition(ls: FwkLanguageServer, params: types.DefinitionParams) -> list[types.Location]:
        doc = ls.documents.get(params.text_document.uri)
        variant = ls.variant_of(doc)
        return await ls.answer(doc, [], lambda d: ls.answers.definition(d, params.position, variant))

    return server


def serve(tcp_port: int | None = None) -> int:
    """Run the server on stdin and stdout, or on ``tcp_port`` of 127.0.0.1, until the client stops it; the exit code.

    On TCP each connection is a session of its own, and the server listens until Ctrl+C
    (:mod:`fwk_tui.lsp.transport`).
    """
    log_in_lines()
    if tcp_port is None:
        # The stdin reader is a thread that Ctrl+C does not wake: leave at once (nothing is written to disk).
        signal.signal(signal.SIGINT, lambda _signal, _frame: os._exit(Exit.INTERRUPTED))
        return serve_stdio(build_server())
    try:
        serve_tcp(build_server, TCP_HOST, tcp_port)
    except OSError as exc:
        # asyncio's message repeats the address: the errno's own words say it shorter.
        words = os.strerror(exc.errno).lower() if exc.errno else os_error_words(exc)
        sys.stderr.write(f"fwk-tui lsp: cannot listen on {TCP_HOST}:{tcp_port}: {words}\n")
        return Exit.BAD_INPUT
    except KeyboardInterrupt:
        return Exit.INTERRUPTED
    return Exit.OK
