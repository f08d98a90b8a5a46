"""How the language server meets its clients: on stdin and stdout, or on TCP with a session per connection.

Both read the client's bytes through :class:`fwk_tui.lsp.framing.FrameReader`
(a bad header costs one message, never the stream) into pygls's message loop.
On TCP every connection gets a server of its own (its documents, its variant,
its answers): a second local process that connects sees nothing of the first
client's session, and the first client keeps all its answers. A client's
``exit`` ends its connection; the listener goes on until Ctrl+C, so an editor
that reconnects finds the server still there.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import threading
from collections.abc import Callable
from typing import Any, BinaryIO, Protocol

from lsprotocol import types
from lsprotocol.types import ResponseError
from pygls.exceptions import JsonRpcException, JsonRpcInvalidRequest, JsonRpcMethodNotFound
from pygls.io_ import StdoutWriter, run_async
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from fwk_tui.lsp.documents import is_config_name, name_of
from fwk_tui.lsp.failures import one_line
from fwk_tui.lsp.framing import CHUNK, FrameReader
from fwk_tui.lsp.too_deep import asker_of

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
log = logging.getLogger(__name__)


class Session(Protocol):
    """What a transport needs of a server: its protocol, a place to say what it dropped, an end."""

    protocol: LanguageServerProtocol

    def note(self, message: str) -> None: ...

    def report_server_error(self, error: Exception, source: Any) -> None: ...

    def end(self) -> None: ...


class _Refused:
    """A JSON-RPC message whose params do not read as its method's: answered with the error, by its id."""

    jsonrpc = "2.0"

    def __init__(self, data: dict[str, Any], error: JsonRpcException) -> None:
        self.id = data.get("id")
        self.method = data.get("method")
        self.error = error


class _Unknown:
    """A notification of a method the server does not have."""

    def __init__(self, method: str) -> None:
        self.method = method


class FwkProtocol(LanguageServerProtocol):
    """pygls's protocol, with what a hostile client sends answered as JSON-RPC says, and no traceback in an answer."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        if "jsonrpc" not in data:
            return super().structure_message(data)  # an object inside a message (JSON is read inside out)
        ident = data.get("id")
        if ident is not None and (isinstance(ident, bool) or not isinstance(ident, (int, str))):
            # JSON-RPC: an id is a number or a string; answered with id null (pygls hashed a list and failed).
            return _Refused({"method": data.get("method")}, JsonRpcInvalidRequest("Invalid Request: a bad id"))
        method = data.get("method")
        if ("method" in data and not isinstance(method, str)) or not ({"method", "result", "error"} & data.keys()):
            # Neither a request, a notification nor an answer: Invalid Request, by its id (null when it has none).
            return _Refused({"id": ident}, JsonRpcInvalidRequest("Invalid Request: no method"))
        if isinstance(method, str) and not self._knows(method):
            if ident is None:
                return _Unknown(method)  # a notification nobody handles: dropped, as the protocol says
            return _Refused(data, JsonRpcMethodNotFound(f"Method not found: {method}"))
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            return _Refused(data, error)

    def _knows(self, method: str) -> bool:
        return method in types.METHOD_TO_TYPES or method in self.fm.features

    def handle_message(self, message: Any) -> None:
        if isinstance(message, _Unknown):
            if not message.method.startswith("$/"):
                _note(self, f"a notification from the client was dropped: no such method ({message.method})")
            return
        if isinstance(message, _Refused) and isinstance(message.error, JsonRpcInvalidRequest):
            _note(self, f"a message from the client was refused: {message.error.message}")
            self._send_response(message.id, error=message.error.to_response_error())
            return
        if isinstance(message, _Refused):
            line = f"{message.error.message} ({message.method or 'a message'})".strip()
            _note(self, f"a message from the client was refused: {line}")
            if message.id is not None and message.method is not None:
                self._send_response(message.id, error=message.error.to_response_error())
            return
        if not hasattr(message, "jsonrpc"):  # JSON, but not an object with "jsonrpc"
            _note(self, "a message from the client was refused: it is not a JSON-RPC message")
            self._send_response(None, error=ResponseError(INVALID_REQUEST, "Invalid Request"))  # type: ignore[arg-type]
            return
        method, asked = getattr(message, "method", None), getattr(message, "id", None)
        if self._shutdown and method is not None and asked is not None:  # a request (not a notification)
            # The protocol: a request after shutdown is answered with InvalidRequest (pygls drops it unanswered).
            error = ResponseError(INVALID_REQUEST, "Invalid Request: the server is shutting down")
            self._send_response(asked, error=error)
            return
        super().handle_message(message)

    # The server keeps the text of a config itself (:mod:`fwk_tui.lsp.documents`): pygls's copy of it would cost
    # a pass over the whole text on the message loop for every edit. Other documents are pygls's as before.

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams) -> Any:
        if not is_config_name(name_of(params.text_document.uri)):
            self.workspace.put_text_document(params.text_document)
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_OPEN)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams) -> Any:
        uri = params.text_document.uri
        if not is_config_name(name_of(uri)):
            if uri not in self.workspace.text_documents:
                _note(self, f"a change to a document that is not open was dropped ({uri})")
                return
            for change in params.content_changes:
                self.workspace.update_text_document(params.text_document, change)
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CHANGE)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams) -> Any:
        if params.text_document.uri in self.workspace.text_documents:
            self.workspace.remove_text_document(params.text_document.uri)
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CLOSE)) is not None:
            yield handler, (params,), None

    def _send_response(self, msg_id: Any, result: Any = None, error: ResponseError | None = None) -> None:
        if error is not None:
            # pygls puts the traceback of a failed handler in ``data``: the client gets the one line.
            error = ResponseError(code=error.code, message=one_line(error.message))
            if msg_id is None:  # JSON-RPC's answer to what has no id names it null (pygls leaves it out)
                self._send_data({"jsonrpc": "2.0", "id": None, "error": {"code": error.code, "message": error.message}})
                return
        super()._send_response(msg_id, result, error)


def _note(protocol: LanguageServerProtocol, message: str) -> None:
    server: Any = protocol._server
    note = getattr(server, "note", None)
    if callable(note):
        note(message)
    else:
        log.warning("%s", message)


def serve_stdio(server: Session, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> int:
    """Serve one client on stdin and stdout until it exits or closes them; the exit code its ``exit`` sets."""
    server.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
    source = stdin or sys.stdin.buffer

    async def main() -> None:
        chunks = _Chunks(source, asyncio.get_running_loop())
        await _run(server, FrameReader(chunks.read, server.note))

    code = 0
    try:
        asyncio.run(main())
    except BrokenPipeError:
        log.warning("the client closed its end of the pipe")
    except SystemExit as exit_:  # the client's exit: 0 after a shutdown, else 1
        code = exit_.code if isinstance(exit_.code, int) else 0
    finally:
        server.end()
    return code


def serve_tcp(new_session: Callable[[], Session], host: str, port: int) -> None:
    """Listen on ``host``:``port``, a new session for each connection, until interrupted (OSError: cannot listen)."""

    async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        session = new_session()
        session.protocol.set_writer(writer)  # type: ignore[arg-type]

        async def read() -> bytes:
            try:
                return await reader.read(CHUNK)
            except OSError:
                return b""

        try:
            await _run(session, FrameReader(read, session.note))
        except SystemExit:
            pass  # this client's exit: its connection ends, the others go on
        except Exception as error:  # noqa: BLE001  one connection's failure is not the listener's
            log.warning("a connection ended on an error: %s", one_line(repr(error)))
        finally:
            session.end()
            writer.close()

    async def listen() -> None:
        asyncio.get_running_loop().set_exception_handler(_quiet_when_cancelled)
        listener = await asyncio.start_server(connection, host, port)
        async with listener:
            await listener.serve_forever()

    asyncio.run(listen())


def _quiet_when_cancelled(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """Ctrl+C ends the connections' tasks: that is no error to log (asyncio logged each one open, a line each)."""
    if isinstance(context.get("exception"), asyncio.CancelledError):
        return
    loop.default_exception_handler(context)


async def _run(server: Session, reader: FrameReader) -> None:
    def failed(error: Exception, source: Any) -> None:
        if isinstance(error, RecursionError):
            _refuse(server, reader.last_body, "it is nested too deeply to read")
        elif (  # a number past what the decoder reads (a body that is not JSON is pygls's parse error, as before)
            isinstance(error, ValueError)
            and not isinstance(error, json.JSONDecodeError)
            and not _readable(reader.last_body)
        ):
            _refuse(server, reader.last_body, "it holds a number too long to read")
        else:
            server.report_server_error(error, source)

    await run_async(threading.Event(), reader, server.protocol, log, failed)


def _readable(body: bytes) -> bool:
    """Whether the decoder reads ``body`` (a failure after it is the server's, not the client's)."""
    try:
        json.loads(body)
    except (ValueError, RecursionError):
        return False
    return True


def _refuse(server: Session, body: bytes, why: str) -> None:
    """A body the decoder cannot read (nested too deeply, a number of thousands of digits): its request gets an
    error, a body with no id a parse error."""
    asker = asker_of(body)
    try:
        if asker.has_id and asker.has_method:
            error = ResponseError(INVALID_REQUEST, f"Invalid Request: {why}")
            server.protocol._send_response(asker.id, error=error)  # type: ignore[arg-type]
        elif not asker.has_method:  # JSON-RPC's answer to a body it cannot read: a parse error, id null
            server.protocol._send_response(None, error=ResponseError(PARSE_ERROR, f"Parse error: {why}"))  # type: ignore[arg-type]
        server.note(f"a message from the client was refused: {why}")
    except Exception as error:  # noqa: BLE001  the transport may be gone
        log.warning("a refusal could not be sent to the client: %s", one_line(repr(error)))


class _Chunks:
    """Chunks of a blocking stream, read in a daemon thread one at a time as asked (an exit never waits for it)."""

    def __init__(self, source: BinaryIO, loop: asyncio.AbstractEventLoop) -> None:
        self._read1: Callable[[int], bytes] = getattr(source, "read1", source.read)
        self._loop = loop
        self._wanted = threading.Semaphore(0)
        self._future: asyncio.Future[bytes] | None = None
        threading.Thread(target=self._run, name="fwk-tui stdin", daemon=True).start()

    def read(self) -> asyncio.Future[bytes]:
        self._future = self._loop.create_future()
        self._wanted.release()
        return self._future

    def _run(self) -> None:
        chunk = b"x"
        while chunk:
            self._wanted.acquire()
            try:
                chunk = self._read1(CHUNK)
            except (OSError, ValueError):
                chunk = b""
            try:
                self._loop.call_soon_threadsafe(self._settle, chunk)
            except RuntimeError:  # the loop has closed: the server is leaving
                return

    def _settle(self, chunk: bytes) -> None:
        if self._future is not None and not self._future.done():
            self._future.set_result(chunk)
