"""Benchmark: the language server with a big config, over stdio, as an editor meets it.

- a 1.9 MB config (over the 1 MB the server checks in full): from a one-character
  ``didChange`` to the answer of a hover sent right after it, to the change's
  diagnostics (the syntax check) and to the answer of ``shutdown`` (budget 2 s
  each; a full check of it takes about a minute);
- a 1 MB config (checked in full, in the server's worker thread): ``shutdown``
  sent right after a change, while its check runs (budget 0.5 s: the event loop
  is not held up by the check; a check takes seconds), against ``shutdown`` of
  an idle server (the ratio, for the record: the thread shares the interpreter);
- a burst of 20 changes to a 300 KB config, sent as fast as a client can: how
  many times it is checked (once: only the last version, after the pause), and
  the time from the last change to its diagnostics;
- a 1.8 MB config open and idle: 1, 10 and 40 one-character changes sent at
  once, then ``shutdown``: the seconds from the last change to its answer
  (budget 1 s: a change splices the bytes on the message loop, the parse waits
  for the check thread, once for the whole burst).

    .venv/bin/python bench/bench_lsp_limits.py [--queued]   (--queued: the last case only)

Exits non-zero when a budget is missed.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_lsp import Wire, start

BIG_BUDGET_S = 2.0
SHUTDOWN_BUDGET_S = 0.5
QUEUED_BUDGET_S = 1.0
QUEUED = (1, 10, 40)
BURST = 20
RUNS = 3


def big_config(megabytes: float) -> str:
    """A config of about ``megabytes``: many entries of runtimeConfig.public, ``ssr: true`` on its second line."""
    # Written as people write, with a sentence each: under the node cap (about one node per four bytes here).
    entry = "    k{}: {{ a: 'x{}', b: [1, 2, {}], c: true, d: '" + "lorem ipsum dolor sit amet, " * 4 + "' }},\n"
    count = int(megabytes * 1_048_576 / len(entry.format(10**5, 10**5, 10**5)))
    items = "".join(entry.format(i, i, i) for i in range(count))
    return "export default defineFwkConfig({\n  ssr: true,\n  runtimeConfig: { public: {\n" + items + "  } },\n})\n"


def _open(wire: Wire, uri: str, text: str) -> float:
    Path(uri.removeprefix("file://")).parent.mkdir(parents=True, exist_ok=True)  # a folder to detect the layout in
    began = time.perf_counter()
    item = {"uri": uri, "languageId": "typescript", "version": 1, "text": text}
    wire.send("textDocument/didOpen", {"textDocument": item})
    wire.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    return time.perf_counter() - began


def _change(wire: Wire, uri: str, version: int) -> None:
    text = "1111" if version % 2 else "2222"
    change = {"range": {"start": {"line": 1, "character": 7}, "end": {"line": 1, "character": 11}}, "text": text}
    wire.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})


def _published(version: int) -> Any:
    return lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == version


def _shutdown(wire: Wire) -> float:
    """Seconds from sending shutdown to its answer; then exit."""
    began = time.perf_counter()
    asked = wire.send("shutdown", None, request=True)
    wire.until(lambda m: m.get("id") == asked and "method" not in m)
    took = time.perf_counter() - began
    wire.send("exit", None)
    wire.process.wait(timeout=30)
    return took


def big_file(folder: Path) -> dict[str, float]:
    """The 1.9 MB case: seconds from a change to the hover's answer, the change's diagnostics, shutdown's answer."""
    uri = (folder / "big" / "fwk.config.ts").as_uri()
    wire, _ = start()
    opened = _open(wire, uri, big_config(1.9))
    began = time.perf_counter()
    _change(wire, uri, 2)
    asked = wire.send(
        "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 3}}, True
    )
    wire.until(lambda m: m.get("id") == asked and "method" not in m)
    hover = time.perf_counter() - began
    wire.until(_published(2))
    diagnostics = time.perf_counter() - began
    _change(wire, uri, 3)
    shutdown = _shutdown(wire)  # sent right after the second change
    return {"open": opened, "hover": hover, "diagnostics": diagnostics, "shutdown": shutdown}


def shutdown_during_a_check(folder: Path) -> tuple[float, float]:
    """The 1 MB case: seconds to shutdown's answer sent right after a change (its check running), and when idle."""
    uri = (folder / "mb" / "fwk.config.ts").as_uri()
    text = big_config(1.0)
    busy, idle = [], []
    for _ in range(RUNS):
        wire, _ = start()
        _open(wire, uri, text)
        _change(wire, uri, 2)
        time.sleep(0.3)  # the pause is over: the check runs
        busy.append(_shutdown(wire))
        wire, _ = start()
        _open(wire, uri, text)
        idle.append(_shutdown(wire))
    return statistics.median(busy), statistics.median(idle)


def burst(folder: Path) -> tuple[int, float]:
    """The 300 KB case: how many checks a burst of changes makes, and seconds from its last change to diagnostics."""
    uri = (folder / "burst" / "fwk.config.ts").as_uri()
    wire, _ = start()
    _open(wire, uri, big_config(0.3))
    checks = 0
    for version in range(2, BURST + 2):
        _change(wire, uri, version)
    began = time.perf_counter()
    while True:
        message = wire.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        checks += 1
        if message["params"].get("version") == BURST + 1:
            break
    took = time.perf_counter() - began
    _shutdown(wire)
    return checks, took


def shutdown_behind_changes(folder: Path) -> dict[int, float]:
    """The 1.8 MB case: for N queued one-character changes, seconds from the last one sent to shutdown's answer."""
    uri = (folder / "queued" / "fwk.config.ts").as_uri()
    text = big_config(1.8)
    took: dict[int, float] = {}
    for count in QUEUED:
        wire, _ = start()
        _open(wire, uri, text)
        for version in range(2, count + 2):
            change = {"range": {"start": {"line": 3, "character": 4}, "end": {"line": 3, "character": 4}}, "text": "x"}
            params = {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}
            wire.send("textDocument/didChange", params)
        took[count] = _shutdown(wire)
    return took


def queued_only() -> int:
    with tempfile.TemporaryDirectory() as name:
        queued = shutdown_behind_changes(Path(name))
    print("1.8 MB config, idle, N one-character changes then shutdown:")
    for count, seconds in queued.items():
        print(f"  {count:2d} changes -> shutdown answered       {seconds:7.2f} s   budget {QUEUED_BUDGET_S:.0f} s")
    return 1 if max(queued.values()) > QUEUED_BUDGET_S else 0


def main() -> int:
    if "--queued" in sys.argv[1:]:
        return queued_only()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        big = big_file(folder)
        busy, idle = shutdown_during_a_check(folder)
        checks, last = burst(folder)
        queued = shutdown_behind_changes(folder)
    print("1.9 MB config (syntax check only, over 1 MB):")
    print(f"  didOpen -> diagnostics                 {big['open']:7.2f} s")
    for name in ("hover", "diagnostics", "shutdown"):
        print(f"  didChange -> {name:<26}{big[name]:7.2f} s   budget {BIG_BUDGET_S:.0f} s")
    print("1 MB config (full check in the worker thread):")
    print(f"  shutdown while a check runs            {busy * 1000:7.1f} ms   budget {SHUTDOWN_BUDGET_S * 1000:.0f} ms")
    print(f"  shutdown when idle                     {idle * 1000:7.1f} ms")
    ratio = busy / idle if idle else float("inf")
    print(f"  ratio                                  {ratio:7.1f}")
    print(f"300 KB config, a burst of {BURST} changes:")
    print(f"  checks published                       {checks:7d}     (1: the last version only)")
    print(f"  last change -> its diagnostics         {last:7.2f} s")
    print("1.8 MB config, idle, N one-character changes then shutdown:")
    for count, seconds in queued.items():
        print(f"  {count:2d} changes -> shutdown answered       {seconds:7.2f} s   budget {QUEUED_BUDGET_S:.0f} s")
    failed = False
    for count, seconds in queued.items():
        if seconds > QUEUED_BUDGET_S:
            print(f"FAIL: shutdown behind {count} changes took {seconds:.2f} s")
            failed = True
    for name in ("hover", "diagnostics", "shutdown"):
        if big[name] > BIG_BUDGET_S:
            print(f"FAIL: {name} after a change to the 1.9 MB config took {big[name]:.2f} s, over {BIG_BUDGET_S} s")
            failed = True
    if busy > SHUTDOWN_BUDGET_S:
        print(f"FAIL: shutdown during a check took {busy:.2f} s, {ratio:.0f}x an idle one")
        failed = True
    if checks != 1:
        print(f"FAIL: the burst was checked {checks} times")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
