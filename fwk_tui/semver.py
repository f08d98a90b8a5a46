"""npm's version ranges, as package.json and a module's ``compatibility`` write them (``^3.13.0``,
``>=3.0.0 <5.0.0``, ``^3.0.0 || ^4.0.0-0``, ``3.x``, ``1.2.3 - 2.3.4``, ``~4.1``): whether a version satisfies a
range, and the lowest version a range lets in.

The rules are npm's (its ``semver`` package: the test suite compares with it): a range is ``||`` of sets, a set is
comparators all satisfied; ``^`` allows changes that do not modify the left-most non-zero part, ``~`` patch
changes (minor ones when only the major is given), ``x``/``*``/a missing part any; a version with a prerelease
tag satisfies a set only when a comparator of the set names the same major.minor.patch with a prerelease.
Anything unreadable is None, never an error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_NUM = r"(?:0|[1-9]\d*)"
_PART = r"(?:0|[1-9]\d*|[xX*])"
_PRE = r"(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?"
_BUILD = r"(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?"
_VERSION = re.compile(rf"^v?({_NUM})\.({_NUM})\.({_NUM}){_PRE}{_BUILD}$")
_PARTIAL = re.compile(rf"^v?({_PART})(?:\.({_PART})(?:\.({_PART}){_PRE}{_BUILD})?)?$")
_COMPARATOR = re.compile(r"^(<=|>=|<|>|=|\^|~>|~)?\s*(.+)$")
_MAX_RANGE = 1_000
"""A range longer than this is not read (package.json writes a few dozen characters)."""


@dataclass(frozen=True)
class Version:
    major: int
    minor: int
    patch: int
    pre: tuple[tuple[int, int | str], ...] = ()
    """The prerelease's identifiers (``rc.1``: ``((1, 'rc'), (0, 1))``; numbers sort before words); none: a release."""

    def key(self) -> tuple[int, int, int, int, tuple[tuple[int, int | str], ...]]:
        # A release sorts after its prereleases.
        return (self.major, self.minor, self.patch, 0 if self.pre else 1, self.pre)

    @property
    def release(self) -> tuple[int, int, int]:
        return (self.major, self.minor, self.patch)

    def __str__(self) -> str:
        text = f"{self.major}.{self.minor}.{self.patch}"
        return text + ("-" + ".".join(str(p[1]) for p in self.pre) if self.pre else "")


def parse_version(text: str) -> Version | None:
    """``4.2.1`` (``v4.2.1``, ``4.2.1-rc.1``, build metadata ignored), or None."""
    match = _VERSION.match(text.strip())
    if match is None:
        return None
    return Version(int(match[1]), int(match[2]), int(match[3]), _pre(match[4]))


def _pre(text: str | None) -> tuple[tuple[int, int | str], ...]:
    if not text:
        return ()
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in text.split("."))


_Comparator = tuple[str, Version]


def _cmp(a: Version, b: Version) -> int:
    ka, kb = a.key(), b.key()
    return (ka > kb) - (ka < kb)


def _holds(op: str, version: Version, bound: Version) -> bool:
    c = _cmp(version, bound)
    return {"<": c < 0, "<=": c <= 0, ">": c > 0, ">=": c >= 0, "=": c == 0}[op]


def _partial(text: str) -> tuple[list[int | None], tuple[tuple[int, int | str], ...]] | None:
    match = _PARTIAL.match(text)
    if match is None:
        return None
    parts: list[int | None] = [None if p is None or p in "xX*" else int(p) for p in match.groups()[:3]]
    for i in range(1, 3):  # 1.x.3 is 1.x
        if parts[i - 1] is None:
            parts[i] = None
    return parts, _pre(match[4])


def _expand(op: str, text: str) -> list[_Comparator] | None:
    """The plain comparators one written comparator stands for; None when it does not read."""
    read = _partial(text)
    if read is None:
        return None
    (major, minor, patch), pre = read
    if major is None:
        return [] if op in ("", "=", ">=", "<=", "^", "~", "~>") else [("<", Version(0, 0, 0, ((0, 0),)))]
    if minor is None or patch is None:
        pre = ()  # an x-range has no prerelease: 1.2.x-rc is 1.2.x
    lo = Version(major, minor or 0, patch or 0, pre)
    if op in ("~", "~>"):
        hi = Version(major + 1, 0, 0) if minor is None else Version(major, minor + 1, 0)
        return [(">=", lo), ("<", _zero_pre(hi))]
    if op == "^":
        if major != 0 or minor is None:
            hi = Version(major + 1, 0, 0)
        elif minor != 0 or patch is None:
            hi = Version(0, minor + 1, 0)
        else:
            hi = Version(0, 0, patch + 1)
        return [(">=", lo), ("<", _zero_pre(hi))]
    if minor is None or patch is None:  # an x-range
        hi = Version(major + 1, 0, 0) if minor is None else Version(major, minor + 1, 0)
        if op in ("", "="):
            return [(">=", lo), ("<", _zero_pre(hi))]
        if op == ">":
            return [(">=", hi)]
        if op == "<=":
            return [("<", _zero_pre(hi))]
        if op == ">=":
            return [(">=", lo)]
        return [("<", _zero_pre(lo))]  # <1.2: below 1.2.0-0
    return [(op or "=", lo)]


def _zero_pre(version: Version) -> Version:
    """``version`` as its lowest prerelease (``2.0.0-0``): ``<2.0.0`` from ``^1`` shuts out 2.0.0's prereleases."""
    return Version(version.major, version.minor, version.patch, ((0, 0),))


_NOTHING = Version(0, 0, 0, ((0, 0),))


def parse_range(text: str) -> list[list[_Comparator]] | None:
    """The sets of comparators of a range (``||`` between sets), or None when it does not read."""
    if len(text) > _MAX_RANGE:
        return None
    sets: list[list[_Comparator]] = []
    for alternative in text.split("||"):
        words = alternative.strip()
        hyphen = re.fullmatch(r"(\S+)\s+-\s+(\S+)", words)
        if hyphen:
            low, high = _expand(">=", hyphen[1]), _partial(hyphen[2])
            if low is None or high is None:
                return None
            (major, minor, patch), pre = high
            if major is None:
                upper: list[_Comparator] = []
            elif minor is None:
                upper = [("<", _zero_pre(Version(major + 1, 0, 0)))]
            elif patch is None:
                upper = [("<", _zero_pre(Version(major, minor + 1, 0)))]
            else:
                upper = [("<=", Version(major, minor, patch, pre))]
            sets.append(low + upper)
            continue
        # "> 1.2" is one comparator: glue an operator to its version first.
        tokens = re.sub(r"(<=|>=|<|>|=|\^|~>|~)\s+", r"\1", words).split()
        found: list[_Comparator] = []
        for token in tokens or ["*"]:
            match = _COMPARATOR.match(token)
            if match is None:
                return None
            expanded = _expand(match[1] or "", match[2])
            if expanded is None:
                return None
            found.extend(expanded)
        sets.append([("<", _NOTHING)] if ("<", _NOTHING) in found else found)
    if len(sets) > 1:  # as npm: sets that begin by shutting out everything go, and a set of any is all there is
        kept = [c for c in sets if not (c and c[0] == ("<", _NOTHING))] or sets[:1]
        sets = next(([c] for c in kept if not c), kept)
    return sets


def satisfies(version: Version, range_text: str) -> bool | None:
    """Whether ``version`` is in the range; None when the range does not read."""
    sets = parse_range(range_text)
    if sets is None:
        return None
    for comparators in sets:
        if not all(_holds(op, version, bound) for op, bound in comparators):
            continue
        if version.pre and not any(bound.pre and bound.release == version.release for _, bound in comparators):
            continue  # a prerelease is let in only by a comparator of its own release
        return True
    return False


def lowest(range_text: str) -> Version | None:
    """The lowest version the range lets in (``^4.1.0``: 4.1.0), as npm's ``minVersion``; None when none or when
    it does not read."""
    sets = parse_range(range_text)
    if sets is None:
        return None
    for first in (Version(0, 0, 0), Version(0, 0, 0, ((0, 0),))):
        if satisfies(first, range_text):
            return first
    best: Version | None = None
    for comparators in sets:
        low: Version | None = None
        for op, bound in comparators:
            if op in (">=", "="):
                candidate = bound
            elif op == ">":
                candidate = (
                    Version(bound.major, bound.minor, bound.patch, (*bound.pre, (0, 0)))
                    if bound.pre
                    else Version(bound.major, bound.minor, bound.patch + 1)
                )
            else:
                continue
            if low is None or _cmp(candidate, low) > 0:
                low = candidate
        if low is not None and (best is None or _cmp(low, best) < 0):
            best = low
    return best if best is not None and satisfies(best, range_text) else None
