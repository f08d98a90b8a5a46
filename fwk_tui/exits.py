"""The exit codes of every command, each meaning one thing.

docs/cli.md ("Exit codes") lists them with the words of :data:`MEANING`; a
test compares the two, and another that no command returns a bare number.
"""

from __future__ import annotations

from enum import IntEnum


class Exit(IntEnum):
    OK = 0
    FINDINGS = 1
    BAD_INPUT = 2
    NOT_CHECKED = 3
    NOT_FOUND = 4
    BUSY = 5
    INTERRUPTED = 130
    PIPE_CLOSED = 141


MEANING: dict[Exit, str] = {
    Exit.OK: "done: no error found, the write made, the answer printed",
    Exit.FINDINGS: (
        "findings: `check` found an error; `set`, `unset`, `migrate` or `new` refused a write that would bring one "
        "(nothing written); `set` or `unset` refused to replace or remove code, or a key a spread defines too "
        "(nothing written; `--force` writes it); `env` found a variable that looks like a typo"
    ),
    Exit.BAD_INPUT: (
        "bad input: an unknown flag, a file that cannot be read, parsed or written (the OS refused, a full disk, "
        "a config built by code that `set` or `unset` would edit), a VALUE that does not read; also a failure "
        "fwk-tui did not foresee (`fwk-tui: internal error: ...`)"
    ),
    Exit.NOT_CHECKED: "not checked: `check` found no error, but code builds the config, so what code makes was not checked",
    Exit.NOT_FOUND: (
        "not found: no option, code or value at what was asked (`get`, `unset`, `why`, `explain`, `search`), "
        "with a near spelling when there is one"
    ),
    Exit.BUSY: "busy: another fwk-tui kept writing in the config's folder for more than 5 s; nothing written",
    Exit.INTERRUPTED: "interrupted (Ctrl+C); nothing half-written",
    Exit.PIPE_CLOSED: (
        "the reader of the output went away (`fwk-tui check | head -1`): as a process the closed pipe stopped, "
        "so a gate on the pipeline does not pass; nothing is printed"
    ),
}
