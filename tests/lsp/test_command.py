"""The `fwk-tui lsp` command: `--tcp PORT` (a socket of 127.0.0.1, a client's choice of encoding), a person at it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from fwk_tui.cli import main as cli_main
from tests.lsp.conftest import SERVER_COMMAND

TEXT = "export default defineFwkConfig({\n  /* 🎉 */ ssr: 'yes',\n})\n"
VARIANT_B = "export default defineFwkConfig({\n  experimental: { compileTemplate: true },\n})\n"  # FWK104 in A


class Socket:
    """JSON-RPC messages over a TCP connection, as an editor's client sends and reads them."""

    def __init__(self, connection: socket.socket) -> None:
        self.connection = connection
        self.buffer = b""
        self.next_id = 0

    def send(self, method: str, params: Any, request: bool = False) -> int:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.next_id += 1
            message["id"] = self.next_id
        body = json.dumps(message).encode("utf-8")
        self.connection.sendall(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        return self.next_id

    def receive(self) -> dict[str, Any]:
        while b"\r\n\r\n" not in self.buffer:
            self._read()
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        length = next(int(line.split(b":")[1]) for line in lines if line.lower().startswith(b"content-length"))
        while len(self.buffer) < length:
            self._read()
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        message: dict[str, Any] = json.loads(body)
        return message

    def until(self, method: str | None = None, answer_to: int | None = None) -> dict[str, Any]:
        while True:
            message = self.receive()
            if (method is not None and message.get("method") == method) or (
                answer_to is not None and message.get("id") == answer_to and "method" not in message
            ):
                return message

    def _read(self) -> None:
        chunk = self.connection.recv(65536)
        if not chunk:
            raise AssertionError("the server closed the connection")
        self.buffer += chunk


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _connect(port: int, server: subprocess.Popen[bytes]) -> socket.socket:
    deadline = time.monotonic() + 20
    while True:
        try:
            return socket.create_connection(("127.0.0.1", port), timeout=20)
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def test_a_client_on_tcp_gets_positions_in_the_encoding_it_chose(tmp_path: Path) -> None:
    port = _free_port()
    server = subprocess.Popen([*SERVER_COMMAND, "--tcp", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        with _connect(port, server) as connection:
            rpc = Socket(connection)
            asked = rpc.send(
                "initialize",
                {
                    "processId": None,
                    "rootUri": None,
                    "capabilities": {"general": {"positionEncodings": ["utf-8"]}},
                    "initializationOptions": {"variant": "B"},
                },
                request=True,
            )
            answer = rpc.until(answer_to=asked)
            assert answer["result"]["capabilities"]["positionEncoding"] == "utf-8"
            rpc.send("initialized", {})
            uri = (tmp_path / "fwk.config.ts").as_uri()
            item = {"uri": uri, "languageId": "typescript", "version": 1, "text": TEXT}
            rpc.send("textDocument/didOpen", {"textDocument": item})
            published = rpc.until("textDocument/publishDiagnostics")["params"]
            (diagnostic,) = published["diagnostics"]
            assert diagnostic["code"] == "FWK201"
            line = TEXT.split("\n")[1]
            start = len(line[: line.index("'yes'")].encode("utf-8"))
            assert start == 18  # the emoji is four bytes (one character, two UTF-16 units)
            assert diagnostic["range"]["start"] == {"line": 1, "character": start}
            assert diagnostic["range"]["end"] == {"line": 1, "character": start + 5}
            # The variant the client chose, as --variant B: an option of B is no news there.
            other = (tmp_path / "b" / "fwk.config.ts").as_uri()
            item = {"uri": other, "languageId": "typescript", "version": 1, "text": VARIANT_B}
            rpc.send("textDocument/didOpen", {"textDocument": item})
            answer = rpc.until("textDocument/publishDiagnostics")["params"]
            assert answer == {"uri": other, "version": 1, "diagnostics": []}
            done = rpc.send("shutdown", None, request=True)
            rpc.until(answer_to=done)
            rpc.send("exit", None)
            assert connection.recv(1) == b""  # the client's exit ends its connection
        # The server listens on (an editor that reconnects finds it) until Ctrl+C.
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=20) == 130
        assert server.stdout is not None and server.stdout.read() == b""  # nothing but the socket carries messages
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


def test_a_port_out_of_range_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["lsp", "--tcp", "70000"]) == 2
    assert capsys.readouterr().err == "fwk-tui lsp: --tcp 70000: a port is a number from 1 to 65535\n"


def test_a_port_in_use_is_one_line_and_exit_2() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([*SERVER_COMMAND, "--tcp", str(port)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == f"fwk-tui lsp: cannot listen on 127.0.0.1:{port}: address already in use\n"
    assert done.stdout == ""


def test_typed_at_a_terminal_it_says_what_it_waits_for_and_ctrl_c_stops_it() -> None:
    terminal, side = os.openpty()
    server = subprocess.Popen(SERVER_COMMAND, stdin=side, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(side)
    try:
        assert server.stderr is not None
        hint = server.stderr.readline().decode()
        assert hint.startswith("fwk-tui lsp: the language server speaks LSP on stdin and stdout")
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=20) == 130
    finally:
        os.close(terminal)
        if server.poll() is None:
            server.kill()
            server.wait()
