"""A number `set` writes reads as JavaScript prints it: `1000`, not Python's `1000.0`; `1e-7`, not `1e-07`."""

from __future__ import annotations

import json
import random
import shutil
import struct
import subprocess

import pytest

from fwk_tui.source import ConfigDocument


def _numbers() -> list[float]:
    rng = random.Random(13)
    picked = [1e3, 5.0, 1e-7, 1.5e300, 0.1, 1e21, 1e20, 1e-6, 1.23e-7, 123.456, 5e-324, 1.7976931348623157e308,
              2.0**53, 2.0**53 + 2, 0.5, 100.25, 1e16, 12345678.9]
    picked += [rng.uniform(-1e6, 1e6) for _ in range(200)]
    picked += [rng.choice((-1, 1)) * 10.0 ** rng.uniform(-30, 30) for _ in range(200)]
    # Any bit pattern of a finite double.
    for _ in range(200):
        value = struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0]
        if value == value and abs(value) != float("inf"):
            picked.append(value)
    return picked


def test_numbers_are_written_as_javascript_prints_them() -> None:
    if shutil.which("node") is None:
        pytest.fail("node is not installed: this check needs node >= 20 (see README)")
    numbers = _numbers()
    written = []
    for value in numbers:
        doc = ConfigDocument.parse("export default defineFwkConfig({ a: 1 })\n").set("a", value)
        written.append(doc.text.split("a: ", 1)[1].split(" })", 1)[0])
    script = "const xs = JSON.parse(require('fs').readFileSync(0, 'utf8')); console.log(JSON.stringify(xs.map(String)))"
    done = subprocess.run(["node", "-e", script], input=json.dumps(numbers), capture_output=True, text=True, check=True)
    assert written == json.loads(done.stdout)


def test_negative_zero_stays_negative() -> None:
    doc = ConfigDocument.parse("export default defineFwkConfig({ a: 1 })\n").set("a", -0.0)
    assert "a: -0 " in doc.text


def test_a_whole_number_past_2_53_reads_as_the_double_javascript_holds() -> None:
    doc = ConfigDocument.parse("export default defineFwkConfig({ a: 9007199254740993, b: 0x20000000000001, c: 9007199254740992 })\n")
    assert doc.get("a") == 9007199254740992 and doc.get("b") == 9007199254740992
    assert doc.get("c") == 9007199254740992
    assert ConfigDocument.parse("export default defineFwkConfig({ a: 1" + "0" * 400 + " })\n").get("a") == float("inf")
