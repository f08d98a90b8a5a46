"""A hostile or broken client against the real server process: raw bytes on its stdin, or a second TCP connection.

Each test is an attack that once took the server down, made it deaf, leaked one
client's answers to another or sent a traceback; the server must answer the
good messages that follow, in one-line logs.
"""

from __future__ import annotations

import asyncio
import json
import queue
import re
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from fwk_tui.lsp.diagnostics import MOST_SHOWN
from fwk_tui.source import MAX_BYTES
from tests.lsp.conftest import SERVER_COMMAND
from tests.lsp.test_command import _connect, _free_port

TEXT = "export default defineFwkConfig({\n  ssr: 'yes',\n})\n"  # FWK201: ssr takes a boolean
WAIT_S = 15.0
Message = dict[str, Any]


def frame(message: Message) -> bytes:
    body = json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


class Wire:
    """A client on a byte stream: what it sends is raw bytes, what it gets is read in a thread into a queue."""

    def __init__(self, send: Callable[[bytes], None], receive: Callable[[], bytes]) -> None:
        self._send = send
        self._receive = receive
        self.got: queue.Queue[Message | None] = queue.Queue()
        self.seen: list[Message] = []
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def raw(self, data: bytes) -> None:
        self._send(data)

    def notify(self, method: str, params: Any) -> None:
        self.raw(frame({"jsonrpc": "2.0", "method": method, "params": params}))

    def request(self, method: str, params: Any) -> int:
        self.next_id += 1
        self.raw(frame({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}))
        return self.next_id

    def until(self, match: Callable[[Message], bool], timeout: float = WAIT_S) -> Message:
        """The first message from now on that ``match`` accepts (AssertionError when none comes in time)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                message = self.got.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"nothing such came in {timeout} s") from None
            if message is None:
                raise AssertionError("the server closed its end")
            self.seen.append(message)
            if match(message):
                return message

    def answer(self, asked: int, timeout: float = WAIT_S) -> Message:
        return self.until(lambda m: m.get("id") == asked and "method" not in m, timeout)

    def initialize(self, **capabilities: Any) -> Message:
        asked = self.request("initialize", {"processId": None, "rootUri": None, "capabilities": capabilities})
        answer = self.answer(asked)
        self.notify("initialized", {})
        return answer

    def open(self, uri: str, text: str, version: int = 1) -> None:
        item = {"uri": uri, "languageId": "typescript", "version": version, "text": text}
        self.notify("textDocument/didOpen", {"textDocument": item})

    def diagnostics(self, uri: str, version: int, timeout: float = WAIT_S) -> list[Message]:
        published = self.until(
            lambda m: (
                m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == uri
                and m["params"].get("version") == version
            ),
            timeout,
        )
        return list(published["params"]["diagnostics"])

    def hover(self, uri: str, line: int, character: int) -> int:
        return self.request(
            "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}
        )

    def logs(self) -> list[str]:
        return [
            m["params"]["message"] for m in self.seen if m.get("method") in ("window/logMessage", "window/showMessage")
        ]

    def _read(self) -> None:
        buffer = b""
        try:
            while True:
                while b"\r\n\r\n" not in buffer:
                    chunk = self._receive()
                    if not chunk:
                        raise EOFError
                    buffer += chunk
                head, _, buffer = buffer.partition(b"\r\n\r\n")
                length = next(int(h.split(b":")[1]) for h in head.split(b"\r\n") if h.lower().startswith(b"content-"))
                while len(buffer) < length:
                    chunk = self._receive()
                    if not chunk:
                        raise EOFError
                    buffer += chunk
                self.got.put(json.loads(buffer[:length]))
                buffer = buffer[length:]
        except (EOFError, OSError, ValueError):
            self.got.put(None)


@pytest.fixture
def stdio() -> Iterator[tuple[Wire, subprocess.Popen[bytes]]]:
    """The server on a pipe, a client that writes raw bytes to it."""
    server = subprocess.Popen(SERVER_COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    stdin, stdout = server.stdin, server.stdout
    assert stdin is not None and stdout is not None

    def send(data: bytes) -> None:
        stdin.write(data)
        stdin.flush()

    wire = Wire(send, lambda: stdout.read1(65536))
    try:
        yield wire, server
    finally:
        server.kill()
        server.wait()


def no_traceback(lines: list[str]) -> None:
    for line in lines:
        assert "Traceback" not in line and 'File "' not in line and "\n" not in line.strip(), line


# 1. A second process on the TCP port.


def test_a_second_tcp_connection_is_a_session_of_its_own(tmp_path: Path) -> None:
    port = _free_port()
    server = subprocess.Popen([*SERVER_COMMAND, "--tcp", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        with _connect(port, server) as first_socket:
            first = Wire(first_socket.sendall, lambda: first_socket.recv(65536))
            first.initialize()
            uri = (tmp_path / "fwk.config.ts").as_uri()
            first.open(uri, TEXT)
            assert [d["code"] for d in first.diagnostics(uri, 1)] == ["FWK201"]
            # A second local process connects (and sends nothing): the first client keeps its answers.
            with _connect(port, server) as other_socket:
                other = Wire(other_socket.sendall, lambda: other_socket.recv(65536))
                time.sleep(0.5)
                change = {
                    "range": {"start": {"line": 1, "character": 7}, "end": {"line": 1, "character": 12}},
                    "text": "1",
                }
                changed = {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [change]}
                first.notify("textDocument/didChange", changed)
                assert [d["code"] for d in first.diagnostics(uri, 2)] == ["FWK201"]
                assert first.answer(first.hover(uri, 1, 3))["result"] is not None
                with pytest.raises(AssertionError):
                    other.until(lambda m: True, timeout=1.0)  # nothing of the first client's session
                # The second one is served on its own: it does not see the first one's document.
                other.initialize()
                assert other.answer(other.hover(uri, 1, 3))["result"] is None
                assert not any(m.get("method") == "textDocument/publishDiagnostics" for m in other.seen)
                assert first.answer(first.hover(uri, 1, 3))["result"] is not None
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=20)


def test_the_tcp_server_listens_on_the_loopback_address_only() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the outward address
            outward = probe.getsockname()[0]
        except OSError:
            pytest.skip("no network interface besides the loopback")
    if outward.startswith("127."):
        pytest.skip("no network interface besides the loopback")
    port = _free_port()
    server = subprocess.Popen([*SERVER_COMMAND, "--tcp", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        _connect(port, server).close()
        with pytest.raises(OSError):
            socket.create_connection((outward, port), timeout=5).close()
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=20)


def test_many_open_documents_keep_the_trees_of_the_recent_ones_only(
    stdio: tuple[Wire, subprocess.Popen[bytes]], tmp_path: Path
) -> None:
    """Attack round 4: 700 open configs of 20 KB (830 items each) took 1.2 GB, 1.7 MB each; a document checked long
    ago now keeps its text, and is parsed again when asked about."""
    wire, server = stdio
    wire.initialize()
    meta = ",".join("{name:'n%d',content:'c'}" % i for i in range(830))
    text = "export default defineFwkConfig({\n  app: { head: { meta: [" + meta + "] } },\n})\n"
    uris = [(tmp_path / f"d{i}" / "fwk.config.ts").as_uri() for i in range(200)]

    def resident() -> int:
        status = Path(f"/proc/{server.pid}/status").read_text()
        return int(next(line for line in status.splitlines() if line.startswith("VmRSS")).split()[1]) * 1024

    for uri in uris[:10]:
        wire.open(uri, text)
    wire.diagnostics(uris[9], 1, timeout=60)
    before = resident()
    for uri in uris[10:]:
        wire.open(uri, text)
    wire.diagnostics(uris[-1], 1, timeout=120)
    grown = resident() - before
    assert grown < 100_000_000, f"190 more open documents took {grown / 1e6:.0f} MB"  # 1.7 MB each before
    hover = wire.answer(wire.hover(uris[0], 1, 3), timeout=30)["result"]  # checked first: parsed again now
    assert hover is not None and "app" in json.dumps(hover)


def test_ctrl_c_with_connections_open_ends_the_server_without_a_word() -> None:
    """Attack round 3: Ctrl+C with clients connected printed asyncio's `Exception in callback ... (CancelledError)`
    once for each open connection."""
    port = _free_port()
    server = subprocess.Popen([*SERVER_COMMAND, "--tcp", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    clients = [_connect(port, server) for _ in range(3)]
    try:
        for client in clients:
            client.sendall(b'Content-Length: 100\r\n\r\n{"jsonrpc"')  # one inside a message, as a slow client
        time.sleep(0.5)
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=20)
    finally:
        for client in clients:
            client.close()
    assert (server.returncode, err.decode()) == (130, "")


# 2. A bad header; 3. a length too big to take.

GOOD_HOVER = {"textDocument": {"uri": "file:///nowhere/fwk.config.ts"}, "position": {"line": 0, "character": 0}}
BODY = json.dumps({"jsonrpc": "2.0", "id": 99, "method": "textDocument/hover", "params": GOOD_HOVER}).encode()


@pytest.mark.parametrize(
    "bad",
    [
        b"Content-Length: -5\r\n\r\n" + BODY,
        b"Content-Length: twelve\r\n\r\n" + BODY,
        b"Content-Length: 10\r\n\r\n" + BODY,  # too short: the rest of the body runs into the next header
        b"Content-Length: 12\r\n\r\n{not json!!}",
        b"Content-Type: application/json\r\n\r\n" + BODY,
        b"garbage\r\n\r\n",
        b"[1, 2]" + b"Content-Length: 4\r\n\r\n" + b"[42]",
    ],
    ids=["negative", "not a number", "too short", "not json", "no length", "not a header", "not a message"],
)
def test_a_bad_header_or_body_costs_that_message_only(stdio: tuple[Wire, subprocess.Popen[bytes]], bad: bytes) -> None:
    wire, _ = stdio
    wire.initialize()
    wire.raw(bad)
    asked = wire.hover("file:///nowhere/fwk.config.ts", 0, 0)
    assert wire.answer(asked) == {"jsonrpc": "2.0", "id": asked, "result": None}
    assert wire.answer(wire.hover("file:///nowhere/fwk.config.ts", 0, 0))["result"] is None  # and the next one
    said = [line for line in wire.logs() if "client" in line]
    assert said and all(line.startswith("a message from the client was") for line in said), wire.logs()
    no_traceback(wire.logs())


@pytest.mark.parametrize(
    "length", [10**12, 2**63, 2**64 + 1, 10**400], ids=["a terabyte", "2**63", "2**64+1", "400 digits"]
)
def test_an_impossible_length_is_refused_and_the_server_goes_on(
    stdio: tuple[Wire, subprocess.Popen[bytes]], length: int
) -> None:
    wire, server = stdio
    wire.initialize()
    wire.raw(b"Content-Length: %d\r\n\r\n" % length + BODY)
    asked = wire.hover("file:///nowhere/fwk.config.ts", 0, 0)
    assert wire.answer(asked)["result"] is None
    assert server.poll() is None
    (said,) = [line for line in wire.logs() if "dropped" in line]
    assert "over the 4 MB a message may be" in said
    no_traceback(wire.logs())


def test_a_message_over_the_cap_is_skipped_and_one_a_full_document_needs_is_taken(
    stdio: tuple[Wire, subprocess.Popen[bytes]], tmp_path: Path
) -> None:
    wire, _ = stdio
    wire.initialize()
    padding = " " * (5 * 1024 * 1024)  # an honest message of 5 MB: over the cap
    wire.raw(frame({"jsonrpc": "2.0", "id": 50, "method": "textDocument/hover", "params": GOOD_HOVER, "x": padding}))
    asked = wire.hover("file:///nowhere/fwk.config.ts", 0, 0)
    assert wire.answer(asked)["result"] is None
    assert not any(m.get("id") == 50 for m in wire.seen)
    # A document of the 2 MB fwk-tui opens, with its JSON escapes (a quote is two bytes), is taken.
    quotes = '"' * 48  # few nodes (under the node cap), each quote two bytes in JSON
    entries = [f"    k{i}: '{quotes}',\n" for i in range(MAX_BYTES // 60)]
    text = "export default {\n" + "".join(entries)[: MAX_BYTES - 200].rpartition("\n")[0] + "\n}\n"
    assert len(json.dumps(text)) > MAX_BYTES
    uri = (tmp_path / "fwk.config.ts").as_uri()
    wire.open(uri, text)
    (note,) = wire.diagnostics(uri, 1, timeout=60)
    assert "checks its syntax only" in note["message"]


# 4. No traceback reaches the client.


def test_a_layer_the_os_cannot_stat_leaves_the_files_own_diagnostics_and_one_line(
    stdio: tuple[Wire, subprocess.Popen[bytes]], tmp_path: Path
) -> None:
    wire, _ = stdio
    wire.initialize()
    uri = (tmp_path / "fwk.config.ts").as_uri()
    text = "export default defineFwkConfig({\n  extends: ['" + "a" * 300 + "'],\n  ssr: 'yes',\n})\n"
    wire.open(uri, text)
    diagnostics = wire.diagnostics(uri, 1)
    assert "FWK201" in [d.get("code") for d in diagnostics]
    for line, character in ((1, 4), (2, 3)):
        assert "result" in wire.answer(wire.hover(uri, line, character))
    symbols = wire.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert "result" in wire.answer(symbols)
    # The system's refusal is the layer's own warning, in one line (the reading path says it, not the log).
    (layer,) = [d for d in diagnostics if d.get("code") == "FWK403"]
    assert "file name too long" in layer["message"]
    no_traceback([layer["message"], *wire.logs()])


def test_an_error_answer_is_one_line_without_a_traceback(stdio: tuple[Wire, subprocess.Popen[bytes]]) -> None:
    wire, _ = stdio
    wire.initialize()
    unknown = wire.answer(wire.request("workspace/executeCommand", {"command": "no.such.command", "arguments": []}))
    broken = wire.answer(wire.request("textDocument/hover", {"textDocument": {"uri": 42}}))  # params of no hover
    for answer in (unknown, broken):
        assert set(answer["error"]) == {"code", "message"}, answer  # no "data" with a traceback
        no_traceback([answer["error"]["message"]])
    assert broken["error"]["code"] == -32602  # Invalid params, to the request's own id
    no_traceback(wire.logs())


# 5. A big document does not hold the server up.


def big_config(megabytes: float) -> str:
    # Written as people write, with a sentence each: under the node cap (about one node per four bytes here).
    entry = "    k{}: {{ a: 'x{}', b: [1, 2, {}], c: true, d: '" + "lorem ipsum dolor sit amet, " * 4 + "' }},\n"
    count = int(megabytes * 1_048_576 / len(entry.format(10**5, 10**5, 10**5)))
    items = "".join(entry.format(i, i, i) for i in range(count))
    return "export default defineFwkConfig({\n  ssr: true,\n  runtimeConfig: { public: {\n" + items + "  } },\n})\n"


def test_a_change_to_a_2_mb_config_does_not_hold_up_hover_or_shutdown(
    stdio: tuple[Wire, subprocess.Popen[bytes]], tmp_path: Path
) -> None:
    wire, server = stdio
    wire.initialize()
    uri = (tmp_path / "fwk.config.ts").as_uri()
    text = big_config(1.9)
    wire.open(uri, text)
    wire.diagnostics(uri, 1, timeout=60)
    began = time.monotonic()
    change = {"range": {"start": {"line": 1, "character": 7}, "end": {"line": 1, "character": 11}}, "text": "false"}
    wire.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [change]})
    assert wire.answer(wire.hover(uri, 1, 3), timeout=10)["result"] is None  # its syntax only: no answers
    (note,) = wire.diagnostics(uri, 2, timeout=10)
    assert "checks its syntax only" in note["message"]
    assert wire.answer(wire.request("shutdown", None), timeout=10)["result"] is None
    assert time.monotonic() - began < 10
    wire.notify("exit", None)
    assert server.wait(timeout=10) == 0


def test_a_burst_of_changes_is_checked_once_as_its_last_version(
    stdio: tuple[Wire, subprocess.Popen[bytes]], tmp_path: Path
) -> None:
    wire, _ = stdio
    wire.initialize()
    uri = (tmp_path / "fwk.config.ts").as_uri()
    wire.open(uri, big_config(0.3))
    wire.diagnostics(uri, 1, timeout=60)
    for version in range(2, 22):
        ssr = "1111" if version % 2 else "2222"
        change = {"range": {"start": {"line": 1, "character": 7}, "end": {"line": 1, "character": 11}}, "text": ssr}
        wire.notify(
            "textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}
        )
    wire.diagnostics(uri, 21, timeout=30)
    published = [m for m in wire.seen if m.get("method") == "textDocument/publishDiagnostics"]
    assert [m["params"]["version"] for m in published] == [1, 21]


def _one_character_edit(uri: str, version: int, line: int, character: int, text: str, length: int = 0) -> Message:
    end = {"line": line, "character": character + length}
    change = {"range": {"start": {"line": line, "character": character}, "end": end}, "text": text}
    return {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}


def test_shutdown_does_not_wait_behind_edits_queued_to_a_2_mb_config(
    stdio: tuple[Wire, subprocess.Popen[bytes]], tmp_path: Path
) -> None:
    wire, server = stdio
    wire.initialize()
    uri = (tmp_path / "fwk.config.ts").as_uri()
    wire.open(uri, big_config(1.8))
    wire.diagnostics(uri, 1, timeout=60)
    for version in range(2, 42):  # 40 edits of one character, then shutdown: all queued at once
        wire.notify("textDocument/didChange", _one_character_edit(uri, version, 3, 4, "x"))
    began = time.monotonic()
    assert wire.answer(wire.request("shutdown", None), timeout=30)["result"] is None
    took = time.monotonic() - began
    assert took < 3.0, f"shutdown waited {took:.2f} s behind 40 edits"  # each edit once cost its parse (~0.5 s)
    wire.notify("exit", None)
    assert server.wait(timeout=10) == 0


def test_hover_after_a_burst_of_edits_reads_the_latest_text(
    stdio: tuple[Wire, subprocess.Popen[bytes]], tmp_path: Path
) -> None:
    wire, _ = stdio
    wire.initialize()
    uri = (tmp_path / "fwk.config.ts").as_uri()
    wire.open(uri, big_config(0.3).replace("  ssr: true,", "  sxx: true,"))
    wire.diagnostics(uri, 1, timeout=60)
    # "sxx" becomes "ssr" one character at a time, and the hover is sent right after the last edit.
    edits = [(3, "", 1), (3, "s", 0), (4, "", 1), (4, "r", 0)]
    for version, (character, text, length) in enumerate(edits, start=2):
        wire.notify("textDocument/didChange", _one_character_edit(uri, version, 1, character, text, length))
    hover = wire.answer(wire.hover(uri, 1, 3))["result"]
    assert hover is not None and "ssr" in json.dumps(hover)
    wire.diagnostics(uri, 5, timeout=30)
    published = [m["params"]["version"] for m in wire.seen if m.get("method") == "textDocument/publishDiagnostics"]
    assert published[-1] == 5 and sorted(published) == published


# 6. A body nested past what the decoder takes; a length written with leading zeros.

HOVER_HEAD = b'{"jsonrpc":"2.0","id":300,"method":"textDocument/hover","params":'


@pytest.mark.parametrize(
    ("body", "expected_id"),
    [
        (HOVER_HEAD + b"[" * 1000 + b"]" * 1000 + b"}", 300),
        (b'{"params":' + b"[" * 1000 + b"]" * 1000 + b',"method":"textDocument/hover","id":"late"}', "late"),
        (HOVER_HEAD + b"[" * 4_000_000, 300),  # not scanned through: the id comes first
        (b"[" * 1000 + b"]" * 1000, None),
        (b'{"jsonrpc":"2.0","x":' + b'{"a":' * 1000 + b"1" + b"}" * 1000 + b"}", None),
    ],
    ids=["params", "id after params", "4 MB of brackets", "no object", "no id nor method"],
)
def test_a_body_nested_too_deeply_is_answered_and_the_server_goes_on(
    stdio: tuple[Wire, subprocess.Popen[bytes]], body: bytes, expected_id: Any
) -> None:
    wire, server = stdio
    wire.initialize()
    wire.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    began = time.monotonic()
    refused = wire.until(lambda m: "error" in m and "method" not in m)
    assert time.monotonic() - began < 5.0
    assert refused["id"] == expected_id
    assert refused["error"]["code"] == (-32600 if expected_id is not None else -32700)
    no_traceback([refused["error"]["message"]])
    assert wire.answer(wire.hover("file:///nowhere/fwk.config.ts", 0, 0))["result"] is None
    assert server.poll() is None
    no_traceback(wire.logs())


def test_a_length_with_leading_zeros_is_read_by_its_value(stdio: tuple[Wire, subprocess.Popen[bytes]]) -> None:
    wire, _ = stdio
    wire.initialize()
    wire.raw(b"Content-Length: %s\r\n\r\n" % str(len(BODY)).zfill(41).encode() + BODY)
    assert wire.answer(99)["result"] is None  # the hover of BODY, taken
    wire.raw(b"Content-Length: %s\r\n\r\n" % (b"0" * 38 + b"2") + b"{}")  # 2 by value: read, and refused as no request
    assert wire.until(lambda m: "error" in m)["error"]["code"] == -32600
    assert not any("MB" in line for line in wire.logs()), wire.logs()
    no_traceback(wire.logs())


# The second attack round.


def test_a_request_holding_a_number_of_thousands_of_digits_is_answered(
    stdio: tuple[Wire, subprocess.Popen[bytes]],
) -> None:
    """Attack R8: a number past the 4,300 digits Python reads left its request unanswered, the log naming internals."""
    wire, server = stdio
    wire.initialize()
    body = b'{"jsonrpc":"2.0","id":11,"method":"textDocument/hover","params":' + b"9" * 5000 + b"}"
    wire.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    answer = wire.answer(11)
    assert answer["error"]["code"] == -32600 and "number too long" in answer["error"]["message"]
    assert wire.answer(wire.hover("file:///nowhere/fwk.config.ts", 0, 0))["result"] is None  # it goes on
    assert not any("sys.set_int_max_str_digits" in line for line in wire.logs()), wire.logs()
    assert server.poll() is None


def test_a_document_whose_path_holds_a_nul_is_checked_as_a_buffer(stdio: tuple[Wire, subprocess.Popen[bytes]]) -> None:
    """Attack R9: `file:///tmp/%00/fwk.config.ts` made the check and hover fail as 'a bug in fwk-tui'."""
    wire, _ = stdio
    wire.initialize()
    uri = "file:///tmp/%00/fwk.config.ts"
    wire.open(uri, "export default defineFwkConfig({ ssr: 1 })\n")
    (found,) = wire.diagnostics(uri, 1)
    assert found["code"] == "FWK201"
    assert wire.answer(wire.hover(uri, 0, 34))["result"] is not None
    assert not any("a bug in fwk-tui" in line for line in wire.logs()), wire.logs()


def test_a_config_on_one_line_with_twenty_thousand_keys_is_checked_and_answered(
    stdio: tuple[Wire, subprocess.Popen[bytes]],
) -> None:
    """Attack R2: 20,000 keys on one line (189 KB): each diagnostic's column counted the line from its start, and the
    server answered nothing for minutes (4,000 keys: 10 s); now a few seconds at most on a loaded machine."""
    wire, _ = stdio
    wire.initialize()
    uri = "file:///nowhere/wide/fwk.config.ts"
    keys = ", ".join(f"a{n}: 1" for n in range(20_000))
    text = f"export default defineFwkConfig({{ ssr: true, {keys}, é: 1, devServer: {{ port: 'x' }} }})\n"
    wire.open(uri, text)
    found = wire.diagnostics(uri, 1, timeout=60)
    assert len(found) == MOST_SHOWN + 1  # the most severe first: the error at the end of the line is among them
    (error,) = [d for d in found if d["severity"] == 1]
    start = len(text[: text.index("'x'")].encode("utf-16-le")) // 2  # é: one UTF-16 unit
    assert error["range"]["start"] == {"line": 0, "character": start}
    more = found[-1]
    assert more["severity"] == 3 and re.match(r"19,0\d\d more findings in this file are not shown", more["message"])
    assert wire.answer(wire.hover(uri, 0, 34))["result"] is not None


def test_the_jobs_of_a_client_that_has_gone_are_dropped() -> None:
    """Attack R3: a hundred TCP clients opening documents and leaving: their checks went on for minutes after, each
    holding its document's findings; now the jobs waiting are dropped when the connection ends."""
    from fwk_tui.lsp.checking import Worker

    ran: list[int] = []
    started = threading.Event()
    release = threading.Event()

    def slow() -> None:
        started.set()
        release.wait(10)
        ran.append(0)

    async def client() -> list[asyncio.Future[None]]:
        worker = Worker()
        first = worker.submit(slow)
        rest = [worker.submit(lambda n=n: ran.append(n)) for n in range(1, 4)]
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 10)
        worker.stop()  # the connection ended while the first job ran
        release.set()
        await first
        return rest

    rest = asyncio.run(client())
    assert ran == [0] and all(job.cancelled() for job in rest)


def test_a_request_after_shutdown_is_answered_invalid_request(stdio: tuple[Wire, subprocess.Popen[bytes]]) -> None:
    """Attack round 2, 7: a request after `shutdown` got no answer at all (a client waiting for it waited forever)."""
    wire, server = stdio
    wire.initialize()
    assert wire.answer(wire.request("shutdown", None))["result"] is None
    answer = wire.answer(wire.hover("file:///nowhere/fwk.config.ts", 0, 0))
    assert answer["error"]["code"] == -32600 and "shutting down" in answer["error"]["message"]
    wire.notify("exit", None)
    assert server.wait(timeout=WAIT_S) == 0


def test_an_unknown_method_and_a_bad_id_get_the_protocols_errors_and_the_server_goes_on(
    stdio: tuple[Wire, subprocess.Popen[bytes]],
) -> None:
    """A request of no such method got -32603 "Internal Error"; an id that is a list got -32603 with Python's
    `TypeError: unhashable type: 'list'`, sent to the client's log too. JSON-RPC says -32601 and -32600 (id null);
    a notification of no such method is dropped."""
    wire, _ = stdio
    wire.initialize()
    asked = wire.request("foo/bar", {})
    assert wire.answer(asked)["error"]["code"] == -32601
    wire.notify("custom/notify", {})
    wire.raw(frame({"jsonrpc": "2.0", "id": [1], "method": "shutdown"}))
    refused = wire.until(lambda m: "error" in m and m.get("id") is None)
    assert refused["error"]["code"] == -32600
    asked = wire.request("shutdown", None)
    assert wire.answer(asked)["result"] is None
    assert not any("TypeError" in line or "Internal Error" in line for line in wire.logs())


def test_messages_with_no_method_or_a_bad_one_are_invalid_requests_and_inner_objects_are_not(
    stdio: tuple[Wire, subprocess.Popen[bytes]],
) -> None:
    """`{"jsonrpc": "2.0", "id": 905}` got no answer (a client waits for ever), `"method": 5` got -32603, a change
    to a document never opened sent Python's `KeyError` to the log. An object inside a message with an `id` of its
    own (initializationOptions here) is no message: it is read as before."""
    wire, _ = stdio
    asked = wire.request("initialize", {"processId": None, "rootUri": None, "capabilities": {},
                                        "initializationOptions": {"id": [1, 2], "variant": "A"}})  # fmt: skip
    assert "result" in wire.answer(asked)
    wire.notify("initialized", {})
    wire.raw(frame({"jsonrpc": "2.0", "id": 905}))
    assert wire.answer(905)["error"]["code"] == -32600
    wire.raw(frame({"jsonrpc": "2.0", "id": 906, "method": 5}))
    assert wire.answer(906)["error"]["code"] == -32600
    change = {"textDocument": {"uri": "file:///nowhere/a.ts", "version": 2}, "contentChanges": [{"text": "x"}]}
    wire.notify("textDocument/didChange", change)
    asked = wire.request("shutdown", None)
    assert wire.answer(asked)["result"] is None
    assert any("not open was dropped" in line for line in wire.logs())
    assert not any("KeyError" in line or "Internal Error" in line for line in wire.logs())


def test_code_actions_over_a_whole_file_of_thousands_of_problems_answer_and_let_hover_answer(
    stdio: tuple[Wire, subprocess.Popen[bytes]], tmp_path: Path
) -> None:
    """A code action request over the whole of a file of 2,000 repeated modules took 12 s (4,000: over a minute),
    every fix made on the whole text, and a hover sent after it waited as long: the first 50 quick fixes, and
    the fix-all makes the rest."""
    from fwk_tui.lsp.actions import MAX_QUICK_FIXES

    wire, _ = stdio
    wire.initialize()
    uri = (tmp_path / "fwk.config.ts").as_uri()
    wire.open(uri, "export default defineFwkConfig({ modules: [" + ", ".join(["'m'"] * 4000) + "] })\n")
    wire.diagnostics(uri, 1, timeout=60)
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}}
    asked = wire.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": whole,
                                                     "context": {"diagnostics": []}})  # fmt: skip
    hovered = wire.hover(uri, 0, 36)
    actions = wire.answer(asked)["result"]
    assert 0 < len([a for a in actions if a.get("kind") == "quickfix"]) <= MAX_QUICK_FIXES
    assert "result" in wire.answer(hovered)
