"""The "real client" for source tests: node evaluates the files we write.

tests/node/load-config.mjs runs a config file the way a JS toolchain would
(imports stubbed, wrapper calls as identity) and prints its default export as
JSON; these helpers batch many files into one node call and turn the answer
into values comparable with what the tests set.
"""

from __future__ import annotations

import math
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.node_jobs import run_node_script

NODE_DIR = Path(__file__).resolve().parents[1] / "node"


@dataclass(frozen=True)
class Evaluated:
    """Node's answer for one file: a canonical value, or the error it raised."""

    value: Any = None
    error: str | None = None


class RealClient:
    """Evaluates config files in node, many per call."""

    def evaluate(self, files: Mapping[str, Path | tuple[Path, Path]]) -> dict[str, Evaluated]:
        """Evaluate each file, keyed by id; a ``(file, as_path)`` pair evaluates
        the file as if it lived at ``as_path`` (its __dirname, import.meta.url)."""
        payload = []
        for key, spec in files.items():
            file, as_path = spec if isinstance(spec, tuple) else (spec, spec)
            payload.append({"id": key, "file": str(file), "as": str(as_path)})
        raw = run_node_script("load-config.mjs", payload, needs="the source tests' real client", args=["--batch"])
        return {
            key: Evaluated(error=answer["error"]) if "error" in answer else Evaluated(value=canon_js(answer["value"]))
            for key, answer in raw.items()
        }

    @staticmethod
    def canon_js(value: Any) -> Any:
        return canon_js(value)

    @staticmethod
    def canon_py(value: Any) -> Any:
        return canon_py(value)


# Canonical forms, so that `==` means "the same JS value": bools are tagged
# (in Python True == 1), ints and floats compare by number as JS has one number
# type, and the markers of load-config.mjs become tuples.
UNDEFINED_JS = ("undefined",)
FUNCTION_JS = ("function",)


def canon_js(value: Any) -> Any:
    """Canonical form of a JSON value printed by load-config.mjs."""
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, dict):
        if value == {"__undefined": True}:
            return UNDEFINED_JS
        if value == {"__fn": True}:
            return FUNCTION_JS
        if len(value) == 1:
            ((key, inner),) = value.items()
            if key in ("__regex", "__stub", "__number", "__bigint", "__circular", "__symbol"):
                return (key.strip("_"), inner)
        return {key: canon_js(item) for key, item in value.items()}
    if isinstance(value, list):
        return [canon_js(item) for item in value]
    return value


def canon_py(value: Any) -> Any:
    """Canonical form of a Python value set through the engine."""
    from fwk_tui.source import UNDEFINED, Code

    if value is UNDEFINED:
        return UNDEFINED_JS
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, float) and not math.isfinite(value):
        return ("number", "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity"))
    if isinstance(value, Code):
        raise TypeError(f"no canonical form for opaque code {value!r}: compare node values instead")
    if isinstance(value, dict):
        return {key: canon_py(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [canon_py(item) for item in value]
    return value


@pytest.fixture(scope="session")
def real_client() -> RealClient:
    """Node with tests/node's packages; a missing install fails, never skips."""
    if shutil.which("node") is None:
        pytest.fail("node is not installed: the real-client checks need node >= 20 (see README)")
    if not (NODE_DIR / "node_modules" / "typescript").is_dir():
        pytest.fail("tests/node/node_modules is missing: run the tests with ./dev test (it runs npm ci in tests/node)")
    return RealClient()
