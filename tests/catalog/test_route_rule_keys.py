"""The keys of a route rule that tasks name are the framework's: read in its published route-rule type.

The reference names ``routeRules`` ("route options for matching server routes") and not the keys of a rule;
tasks people ask about most (redirect, proxy, headers, cache, prerender one route) are those keys. Each such task
lists the keys its line uses (``rule_keys``); here they are looked for in the members of the route-rule type the
framework publishes: its server engine's (``nitropack``) and the members the framework's server build adds to it
(``@nuxt/nitro-server``), brand words renamed. Without npm or the network the test skips, saying why.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fwk_tui.catalog import load_catalog
from tests.module_packages import engine_package

ENGINE = ("nitropack@2.13.6", "@nuxt/nitro-server@4.5.2")
_INTERFACE = re.compile(r"\binterface SrvRouteConfig\s*\{")
_MEMBER = re.compile(r"^\s*(?:readonly\s+)?([A-Za-z_$][\w$]*)\??\s*:", re.M)


def route_rule_members() -> set[str]:
    members: set[str] = set()
    for spec in ENGINE:
        folder, why = engine_package(spec)
        if folder is None:
            pytest.skip(f"the framework's route-rule type cannot be read: {why}")
        for file in sorted(Path(folder).rglob("*.d.*ts")):
            text = file.read_text(encoding="utf-8", errors="replace")
            for found in _INTERFACE.finditer(text):
                members |= set(_MEMBER.findall(_body(text, found.end())))
    assert members, "no interface SrvRouteConfig in the framework's declarations"
    return members


def _body(text: str, start: int) -> str:
    """The top level of the braces opened just before ``start`` (nested types' members left out)."""
    depth, out = 1, []
    for char in text[start:]:
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                break
        if depth == 1:
            out.append(char)
    return "".join(out)


def test_every_route_rule_key_a_task_names_is_a_member_of_the_frameworks_type() -> None:
    tasks = [t for t in load_catalog().tasks if t.rule_keys]
    assert len(tasks) >= 6
    members = route_rule_members()
    assert {"redirect", "headers", "proxy", "prerender", "ssr"} <= members  # the reader reads the type
    for task in tasks:
        assert set(task.rule_keys) <= members, (task.task, set(task.rule_keys) - members)
        for key in task.rule_keys:
            assert re.search(rf"\b{key}:", task.how), (task.task, key)  # the line shows the key it names
        assert "routeRules" in task.options
