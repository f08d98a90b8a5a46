"""What the commands ask of the other front ends, which they do not import (the entry, ``fwk_tui.main``, runs them).

``edit``, ``browse`` and ``new`` prepare everything a command line can fail on (the file, the
answers, the terminal) and hand the rest to a :class:`Launchers` that :func:`fwk_tui.cli.main`
receives; ``lsp`` hands it the language server's transport. The command line never imports the
Textual views or the language server, nor they it.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from fwk_tui.catalog import Catalog, Variant
    from fwk_tui.journal import Journal
    from fwk_tui.session import EditSession
    from fwk_tui.settings import Settings
    from fwk_tui.wizard import Answers, Target


@dataclass(frozen=True)
class EditorStart:
    """The editor on an opened session."""

    session: EditSession
    settings: Settings
    journal: Journal
    label: str
    offer_wizard: bool
    start_path: str | None = None
    """The option whose field has the focus at start (from the browser)."""


@dataclass(frozen=True)
class WizardStart:
    """The new-project wizard on a project and its first answers."""

    target: Target
    catalog: Catalog
    answers: Answers
    folder_arg: str
    preset: str | None


@dataclass(frozen=True)
class BrowserEnd:
    """How the browser was left: its exit code, the option to edit (None: quit), the variant it showed."""

    return_code: int
    edit_path: str | None
    variant: Variant


@dataclass(frozen=True)
class ServerStart:
    """The language server on stdin and stdout, or on a TCP port of 127.0.0.1 (``tcp_port``)."""

    tcp_port: int | None = None


class Launchers(Protocol):
    """Runs the terminal apps until they are left, and the language server until its client stops it."""

    def editor(self, start: EditorStart) -> int:
        """Run the editor; its exit code."""
        ...

    def browser(self, variant: Variant, start: str | None, catalog: Catalog | None = None) -> BrowserEnd:
        """Run the catalogue browser in ``variant``, at option ``start`` (None: the first), over ``catalog`` (the
        project's, its modules' options with it; None: the catalogue's own)."""
        ...

    def wizard(self, start: WizardStart) -> list[str] | None:
        """Run the wizard; the lines saying what was written, or None when it was cancelled."""
        ...

    def language_server(self, start: ServerStart) -> int:
        """Run the language server until the client stops it; its exit code."""
        ...


def launchers(ns: argparse.Namespace) -> Launchers:
    """The launchers :func:`fwk_tui.cli.main` was given (it keeps them on the parsed arguments)."""
    given: Launchers | None = getattr(ns, "launchers", None)
    if given is None:
        raise RuntimeError("the terminal apps are run by fwk_tui.main.main, not fwk_tui.cli.main")
    return given
