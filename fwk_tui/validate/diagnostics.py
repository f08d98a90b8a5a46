"""What validation reports: a diagnostic, and the fix an editor can apply."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from fwk_tui.source.values import Span
from fwk_tui.validate.codes import code_of
from fwk_tui.validate.fix import SEVERITIES, Fix, Severity

_RANK = {s: i for i, s in enumerate(SEVERITIES)}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A finding about one path of the config.

    ``rule`` names the check that made it (``type``, ``unknown-key``, a rule of
    ``validate/rules/``...). ``about_key`` says it is about the key at ``path`` (unknown,
    misspelt, of the other variant, misplaced, not to be set) rather than its
    value; it is always so when the fix renames, moves or removes that key.
    ``line`` and ``column`` (1-based) point at the key when ``about_key``, else
    at the value, or at the nearest written parent when the path itself is not
    in the file. ``related`` is another path the message names (the earlier
    entry a duplicate repeats); placed, the message gives its line.
    ``other_fixes`` are the fixes offered after :attr:`fix`, which is the one
    F3 and ``check --fix`` apply (a misspelt object beside its correct key: the
    merge first, then the removal of the misspelt copy).
    """

    severity: Severity
    path: str
    message: str
    rule: str
    fix: Fix | None = None
    line: int = 1
    column: int = 1
    span: Span | None = field(default=None, compare=False, repr=False)
    about_key: bool = False
    related: str | None = None
    other_fixes: tuple[Fix, ...] = ()

    def __post_init__(self) -> None:
        if not self.about_key and _takes_key(self.fix, self.path):
            object.__setattr__(self, "about_key", True)

    @property
    def fixes(self) -> tuple[Fix, ...]:
        """Every fix offered, :attr:`fix` first."""
        return () if self.fix is None else (self.fix, *self.other_fixes)

    @property
    def code(self) -> str:
        """The stable code of :attr:`rule` (``FWK201``), for output, ignore comments and ``explain``."""
        return code_of(self.rule)

    def at(self, span: Span | None) -> Diagnostic:
        """This diagnostic placed at ``span`` (1:1 when there is none)."""
        if span is None:
            return replace(self, line=1, column=1, span=None)
        return replace(self, line=span.line, column=span.column, span=span)

    def related_at(self, line: int) -> Diagnostic:
        """This diagnostic whose message gives the line of :attr:`related` after its first mention."""
        if self.related is None or self.related not in self.message:
            return self
        return replace(self, message=self.message.replace(self.related, f"{self.related} (line {line})", 1))


def _takes_key(fix: Fix | None, path: str) -> bool:
    """True when ``fix`` renames, moves, replaces or removes the member at ``path`` (so its key is what is wrong)."""
    return fix is not None and fix.path == path and fix.kind != "set"


def sort_key(d: Diagnostic) -> tuple[int, int, int, str]:
    """Source order, then the most severe first."""
    return (d.line, d.column, _RANK[d.severity], d.path)


def within(path: str, prefix: str) -> bool:
    """True when ``path`` is ``prefix`` or lies inside its value (``app.head.title`` in ``app.head``).

    Both are canonical path texts; ``""`` holds every path.
    """
    if not prefix or path == prefix:
        return True
    return path.startswith(prefix) and path[len(prefix)] in ".["


def outer_paths(path: str) -> Iterator[str]:
    """``path`` and each path it lies inside as :func:`within` cuts them (``a.b[0]``: itself, ``a.b``, ``a``;
    not ``""``, which holds every path): the keys of an index that answers :func:`within` per path, not per pair."""
    yield path
    for i in range(len(path) - 1, 0, -1):
        if path[i] in ".[":
            yield path[:i]


def diagnostics_at(diagnostics: Iterable[Diagnostic], path: str) -> list[Diagnostic]:
    """The diagnostics of ``path`` and of what lies inside its value."""
    return [d for d in diagnostics if within(d.path, path)]


def counts(diagnostics: Iterable[Diagnostic]) -> dict[Severity, int]:
    """How many diagnostics of each severity."""
    out: dict[Severity, int] = {s: 0 for s in SEVERITIES}
    for d in diagnostics:
        out[d.severity] += 1
    return out


def summary(diagnostics: Iterable[Diagnostic]) -> str:
    """``1 error, 2 warnings, 0 infos``."""
    n = counts(diagnostics)
    return ", ".join(f"{n[s]} {s}{'' if n[s] == 1 else 's'}" for s in SEVERITIES)
