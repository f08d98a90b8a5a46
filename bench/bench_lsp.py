"""Benchmark: the language server (`fwk-tui lsp`) as an editor meets it, over stdio.

- start: from starting the process to the answer to ``initialize`` (budget 0.5 s),
  the median of a few fresh processes;
- diagnostics after a one-character change of the realistic 450-line config of
  bench_validate.py: from sending ``didChange`` to receiving
  ``publishDiagnostics`` (budget 15 ms, the median of many changes), and the
  server's own share of it (splice, incremental re-parse, check, LSP form),
  measured in this process;
- completion in the same file, as typing asks for it: at the start of a key
  inside ``app: {`` (the options of ``app``), at the top level, at a value
  (``ssr: |``), and in a text that no longer parses (a value being typed, the
  end of the file), from sending the request to its answer (budget 10 ms, the
  median); hover on a key beside it.

    .venv/bin/python bench/bench_lsp.py

Exits non-zero when a budget is missed.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_validate import build_config  # noqa: E402
from startup import ENV  # noqa: E402

START_BUDGET_S = 0.5
CHANGE_BUDGET_MS = 15.0
COMPLETION_BUDGET_MS = 10.0
COMPLETIONS = 60
STARTS = 7
CHANGES = 200
SERVER = [sys.executable, "-m", "fwk_tui", "lsp"]


class Wire:
    """A bare JSON-RPC client on a server's stdin and stdout (nothing of pygls's weight on this side)."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process
        self._next_id = 0

    def send(self, method: str, params: Any, request: bool = False) -> int | None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        sent = None
        if request:
            self._next_id += 1
            message["id"] = sent = self._next_id
        body = json.dumps(message).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.process.stdin.flush()
        return sent

    def receive(self) -> dict[str, Any]:
        stream = self.process.stdout
        assert stream is not None
        length = 0
        while True:
            line = stream.readline()
            if not line:
                raise RuntimeError("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        message: dict[str, Any] = json.loads(stream.read(length))
        return message

    def until(self, match: Any) -> dict[str, Any]:
        while True:
            message = self.receive()
            if match(message):
                return message

    def stop(self) -> None:
        self.send("shutdown", None, request=True)
        self.until(lambda m: "result" in m and m.get("id") == self._next_id)
        self.send("exit", None)
        self.process.wait(timeout=10)


def start() -> tuple[Wire, float]:
    """A server started and initialized; the seconds from starting it to its answer."""
    began = time.perf_counter()
    process = subprocess.Popen(SERVER, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=ENV)
    wire = Wire(process)
    asked = wire.send("initialize", {"processId": None, "rootUri": None, "capabilities": {}}, request=True)
    wire.until(lambda m: m.get("id") == asked)
    took = time.perf_counter() - began
    wire.send("initialized", {})
    return wire, took


def changes_over_the_wire(wire: Wire, uri: str, text: str) -> tuple[float, list[float]]:
    """Milliseconds from didOpen to the first diagnostics, and from each one-character didChange to its diagnostics."""
    began = time.perf_counter()
    item = {"uri": uri, "languageId": "typescript", "version": 1, "text": text}
    wire.send("textDocument/didOpen", {"textDocument": item})
    wire.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    first = (time.perf_counter() - began) * 1000
    line, character = _digit(text)
    times = []
    for version in range(2, CHANGES + 2):
        digit = str(version % 10)
        change = {
            "range": {
                "start": {"line": line, "character": character},
                "end": {"line": line, "character": character + 1},
            },
            "text": digit,
        }
        began = time.perf_counter()
        changed = {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}
        wire.send("textDocument/didChange", changed)
        wire.until(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and m["params"].get("version") == version  # noqa: B023  (matched before the loop goes on)
        )
        times.append((time.perf_counter() - began) * 1000)
    return first, times


def completions_over_the_wire(wire: Wire, uri: str, text: str, version: int) -> dict[str, list[float]]:
    """Milliseconds from each completion (and hover) request to its answer, by where it is asked.

    Then the text is broken as typing breaks it (`` https: `` typed after ``devServer: {``: it no longer
    parses) and completion is asked at that value and at the end of the file (the textual scan).
    """
    lines = text.split("\n")
    app = next(i for i, line in enumerate(lines) if line == "  app: {") + 1
    ssr = next(i for i, line in enumerate(lines) if line.startswith("  ssr: "))
    dev = next(i for i, line in enumerate(lines) if "devServer: {" in line)
    after_dev = lines[dev].index("devServer: {") + len("devServer: {")
    parsed = {
        "a key inside app: {": (app, len(lines[app]) - len(lines[app].lstrip())),
        "a key at the top level": (ssr, 2),
        "a value (ssr: |)": (ssr, len("  ssr: ")),
    }
    times = _ask(wire, uri, "textDocument/completion", parsed)
    times.update(_ask(wire, uri, "textDocument/hover", {"hover on a key": (ssr, 3)}))
    typed = {"start": {"line": dev, "character": after_dev}, "end": {"line": dev, "character": after_dev}}
    change = {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"range": typed, "text": " https: "}]}
    wire.send("textDocument/didChange", change)
    wire.until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == version)
    broken = {
        "a value typed, not parsing": (dev, after_dev + len(" https: ")),
        "the file's end, not parsing": (len(lines) - 2, 0),
    }
    times.update(_ask(wire, uri, "textDocument/completion", broken))
    return times


def _ask(wire: Wire, uri: str, method: str, places: dict[str, tuple[int, int]]) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {name: [] for name in places}
    for _ in range(COMPLETIONS):
        for name, (line, character) in places.items():
            params = {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}
            began = time.perf_counter()
            asked = wire.send(method, params, request=True)
            answer = wire.until(lambda m: m.get("id") == asked)  # noqa: B023
            times[name].append((time.perf_counter() - began) * 1000)
            assert answer.get("result"), (name, answer)
    return times


def changes_in_process(file: Path, text: str) -> list[float]:
    """Milliseconds the server's own work takes for each change (no JSON, no pipes)."""
    from lsprotocol import types
    from pygls.workspace.position_codec import PositionCodec

    from fwk_tui.catalog import load_catalog
    from fwk_tui.lsp.diagnostics import check_open
    from fwk_tui.lsp.documents import OpenDocument

    catalog = load_catalog()
    doc = OpenDocument.opened(file.as_uri(), text, 1, PositionCodec())
    check_open(doc, catalog)
    line, character = _digit(text)
    times = []
    for version in range(2, CHANGES + 2):
        rng = types.Range(types.Position(line, character), types.Position(line, character + 1))
        change = types.TextDocumentContentChangePartial(range=rng, text=str(version % 10))
        began = time.perf_counter()
        doc.change(version, [change])
        check_open(doc, catalog)
        times.append((time.perf_counter() - began) * 1000)
    return times


def _digit(text: str) -> tuple[int, int]:
    """Line and character of the last digit of the first route rule's swr (a value the change keeps valid)."""
    lines = text.split("\n")
    row = next(i for i, line in enumerate(lines) if "swr:" in line)
    return row, len(lines[row].rstrip().rstrip(",").rstrip("}").rstrip()) - 1


def main() -> int:
    starts = []
    for _ in range(STARTS):
        wire, took = start()
        starts.append(took)
        wire.stop()
    start_median = statistics.median(starts)

    text = build_config()
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "fwk.config.ts"
        file.write_text(text, encoding="utf-8")
        wire, _ = start()
        first, wire_times = changes_over_the_wire(wire, file.as_uri(), text)
        completions = completions_over_the_wire(wire, file.as_uri(), text, CHANGES + 2)
        wire.stop()
        own_times = changes_in_process(file, text)
    change_median = statistics.median(wire_times)

    budget = f"budget {START_BUDGET_S * 1000:.0f} ms"
    print(f"server start (to the initialize answer)   {start_median * 1000:7.1f} ms   {budget}")
    print(f"config: {text.count(chr(10))} lines")
    print(f"  didOpen -> first diagnostics           {first:7.2f} ms   (loads the catalogue)")
    print("  one-character change:")
    print(f"    didChange -> publishDiagnostics      {change_median:7.2f} ms   budget {CHANGE_BUDGET_MS:.0f} ms")
    print(f"    the server's own work                {statistics.median(own_times):7.2f} ms")
    print("  completion and hover (request -> answer):")
    completion_median = statistics.median([t for name, ts in completions.items() if "hover" not in name for t in ts])
    for name, ts in completions.items():
        print(f"    {name:<36} {statistics.median(ts):7.2f} ms")
    print(f"    all                                  {completion_median:7.2f} ms   budget {COMPLETION_BUDGET_MS:.0f} ms")
    failed = False
    if start_median > START_BUDGET_S:
        print(f"FAIL: the server started in {start_median:.2f} s, over the {START_BUDGET_S} s budget")
        failed = True
    if change_median > CHANGE_BUDGET_MS:
        print(f"FAIL: diagnostics came {change_median:.2f} ms after a change, over the {CHANGE_BUDGET_MS:.0f} ms")
        failed = True
    if completion_median > COMPLETION_BUDGET_MS:
        print(f"FAIL: completion answered in {completion_median:.2f} ms, over the {COMPLETION_BUDGET_MS:.0f} ms")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
