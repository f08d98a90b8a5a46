"""The registry of the reference's rules, and what a rule reads and reports.

Each area's module (``app``, ``rendering``, ``bundlers``...) registers its rules
with :func:`rule`, giving each its id, its stable code (``FWK301``) and the
sentence of the reference it enforces; :data:`RULES` is the one list the
checker, :mod:`fwk_tui.validate.codes` and ``explain`` read, in code order.

A rule reads the config through :class:`RuleContext` and returns findings; it
never fires on code it cannot evaluate (``ssr: isProd`` is neither on nor off).
Severity: ``error`` when the reference says a value is not supported or cannot
work; ``warning`` when the value has no effect, is no longer used, or is risky;
``info`` for what is worth knowing but needs no change.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from fwk_tui.catalog.models import Catalog, Variant
from fwk_tui.paths import OptionPath, parse_path
from fwk_tui.source.values import Code
from fwk_tui.validate.fix import Fix, Severity
from fwk_tui.validate.surroundings import Layout, Package
from fwk_tui.validate.text import js_text
from fwk_tui.validate.values import MISSING, lookup


@dataclass(frozen=True)
class Finding:
    """What a rule reports, before it gets a position."""

    severity: Severity
    path: str
    message: str
    fix: Fix | None = None
    related: str | None = None  # a path the message names; placed, the message says its line


@dataclass
class RuleContext:
    """The config and what is known around it, as rules read them."""

    values: dict[str, Any]
    variant: Variant
    catalog: Catalog
    package: Package | None = None
    # True for a path a spread fwk-tui cannot read may set at run time: its value is unknown, like code.
    unknown: Callable[[OptionPath], bool] | None = None
    layout: Layout | None = None
    """The names beside the config and in its folders, when the caller read them (the source folder's rules)."""
    _cache: dict[str, Any] = field(default_factory=dict, repr=False)
    memo: dict[str, Any] = field(default_factory=dict, repr=False)
    """What several rules compute from the same values, once per check (the source folder's places)."""

    def get(self, path: str) -> Any:
        """The value at ``path`` (code included), or MISSING; code when an unreadable spread may replace it."""
        found = self._cache.get(path, self)
        if found is self:
            parsed = parse_path(path)
            found = lookup(self.values, parsed)
            if found is not MISSING and self.unknown is not None and self.unknown(parsed):
                found = UNREAD_SPREAD  # written, but a later spread may replace it
            self._cache[path] = found
        return found

    def has(self, path: str) -> bool:
        return self.get(path) is not MISSING

    def flag(self, path: str, default: bool) -> bool | None:
        """A boolean option's effective value; None when code decides it or it is not a boolean."""
        value = self.get(path)
        if value is MISSING:
            return None if self.unknown is not None and self.unknown(parse_path(path)) else default
        return value if isinstance(value, bool) else None

    @property
    def compatibility_version(self) -> Any:
        return self.get("future.compatibilityVersion")

    @property
    def v4(self) -> bool:
        version = self.compatibility_version
        return version == 4 and not isinstance(version, bool)


# What a rule reads where a spread it cannot read may set the value: code, so no rule judges it.
UNREAD_SPREAD = Code("(a spread fwk-tui cannot read may set it)")

Check = Callable[[RuleContext], Iterator[Finding]]


Subject = Literal["key", "value"]


@dataclass(frozen=True)
class Rule:
    """One rule: an id for tools and tests, its stable code, the check, and the sentence it enforces.

    ``about`` is ``"key"`` for a rule whose findings are about a key being written
    at all (its value does not matter): they point at the key. A finding whose fix
    renames, moves or removes its own path points at the key whatever ``about`` says.
    """

    id: str
    code: str
    check: Check
    reference: str
    about: Subject = "value"


RULES: list[Rule] = []


def rule(rule_id: str, code: str, reference: str, *, about: Subject = "value") -> Callable[[Check], Check]:
    """Register ``check`` as rule ``rule_id`` (code ``code``) enforcing the quoted ``reference``."""

    def register(check: Check) -> Check:
        check.__doc__ = f"{(check.__doc__ or '').strip()}\n\nReference: {reference}"
        bisect.insort(RULES, Rule(rule_id, code, check, reference, about), key=lambda r: r.code)
        return check

    return register


Condition = Callable[[RuleContext], bool]
Words = str | Callable[[RuleContext], str]
Remedy = Fix | Callable[[RuleContext], Fix | None] | None


def finding(
    rule_id: str,
    code: str,
    reference: str,
    *,
    path: str,
    severity: Severity,
    message: Words,
    fix: Remedy = None,
    about: Subject = "value",
) -> Callable[[Condition], Check]:
    """Register the decorated condition as a rule reporting one finding at ``path`` when it holds.

    The shape most rules have (one option, one condition, one message, one fix),
    so that each states only what differs. ``message`` and ``fix`` are functions
    of the context when they name what the config holds; the condition's
    docstring is the rule's, as with :func:`rule`.
    """

    def register(when: Condition) -> Check:
        def check(ctx: RuleContext) -> Iterator[Finding]:
            if when(ctx):
                words = message if isinstance(message, str) else message(ctx)
                yield Finding(severity, path, words, fix if fix is None or isinstance(fix, Fix) else fix(ctx))

        check.__name__ = check.__qualname__ = when.__name__
        check.__doc__ = when.__doc__
        return rule(rule_id, code, reference, about=about)(check)

    return register


def move_fix(path: str, new_path: str, ctx: RuleContext) -> Fix | None:
    """A fix moving ``path`` to ``new_path``, unless something is already there."""
    if ctx.has(new_path):
        return None
    return Fix("move", path, f"Move {path} to {new_path}", new_path=new_path)


def unset_fix(path: str) -> Fix:
    return Fix("unset", path, f"Remove {path}")


def set_fix(path: str, value: Any) -> Fix:
    return Fix("set", path, f"Set {path} to {js_text(value)}", value=value)
