"""How severe a finding is, and the fix an editor can apply: what diagnostics and rules share.

Kept below :mod:`fwk_tui.validate.diagnostics` (which gives each diagnostic its
code from the rules' registry), so that the rules can name a fix without
importing the diagnostics that read their codes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")

FixKind = Literal["set", "unset", "rename", "move", "replace", "remove-duplicate", "merge"]
Prefer = Literal["existing", "moved"]


@dataclass(frozen=True, slots=True)
class Fix:
    """One edit that resolves a diagnostic.

    ``set`` writes ``value`` at ``path``; ``unset`` removes ``path``; ``rename``
    gives the member at ``path`` the key ``new_key``; ``move`` takes the value at
    ``path`` to ``new_path`` (another parent, e.g. ``head`` to ``app.head``);
    ``replace`` removes ``path`` and writes ``value`` at ``new_path`` (``mode: 'spa'``
    to ``ssr: false``);
    ``remove-duplicate`` removes copy ``occurrence`` (from 0) of a key written
    more than once in one object (``path`` as written);
    ``merge`` moves the members of the object at ``path`` into the object at
    ``new_path`` (objects in both merged key by key) and removes ``path``:
    ``conflicts`` are the keys (dotted, from both objects) written in both with
    different values, and ``prefer`` says which value they keep (``existing``:
    ``new_path``'s, ``moved``: ``path``'s); with conflicts and no ``prefer``
    the fix waits for a person's choice (:attr:`needs_choice`).
    ``title`` is what a menu shows ("Rename unhead to headmgr"). ``keeps_behaviour``
    is False for a fix of a rule whose fixes are otherwise safe when this one
    changes what the app does (a repeated module whose options differ):
    ``check --fix`` leaves it to a person.
    """

    kind: FixKind
    path: str
    title: str
    value: Any = None
    new_key: str | None = None
    new_path: str | None = None
    occurrence: int | None = None
    keeps_behaviour: bool = True
    conflicts: tuple[str, ...] = ()
    prefer: Prefer | None = None

    @property
    def needs_choice(self) -> bool:
        """True for a merge that cannot be applied until someone says which value each conflicting key keeps."""
        return self.kind == "merge" and bool(self.conflicts) and self.prefer is None
