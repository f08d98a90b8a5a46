"""The reference's rules about values, one module per area, each rule registered with its id and code.

Every rule quotes the sentence of the reference (shared/spec/config-reference.md)
it enforces. :data:`RULES` (from :mod:`.registry`) holds them all in code order
once this package is imported: importing it imports every area.
"""

from fwk_tui.validate.rules import (
    app,
    bundlers,
    entries,
    experimental,
    layers,
    rendering,
    runtime_config,
    sources,
    tooling,
)  # fmt: skip
from fwk_tui.validate.rules.entries import EMPTY_ENTRY_RULES
from fwk_tui.validate.rules.registry import RULES, UNREAD_SPREAD, Finding, Rule, RuleContext
from fwk_tui.validate.rules.runtime_config import looks_secret, secret_evidence

AREAS = (app, rendering, experimental, bundlers, tooling, runtime_config, layers, entries, sources)

# Rules that judge a value by what it is (an empty entry, a port that cannot be one): where one speaks,
# the type check's words on the same value go unsaid.
VALUE_RULES = EMPTY_ENTRY_RULES | frozenset({"listening-port"})

__all__ = [
    "AREAS",
    "EMPTY_ENTRY_RULES",
    "RULES",
    "UNREAD_SPREAD",
    "VALUE_RULES",
    "Finding",
    "Rule",
    "RuleContext",
    "looks_secret",
    "secret_evidence",
]
