"""The ``fwk-tui`` program: the command line, given the terminal apps and the language server to run.

The one module above ``fwk_tui.cli``, ``fwk_tui.tui`` and ``fwk_tui.lsp``: the commands decide what
to open and hand it to :class:`TextualLaunchers`, which runs the Textual apps and the language server
(each imported only when it is run, so that ``fwk-tui check`` and the other scripted commands start
without Textual or pygls).
"""

from __future__ import annotations

import signal


def _interrupted_while_loading(_signal: int, _frame: object) -> None:
    raise SystemExit(130)  # Ctrl+C while the program loads: ended as a run is, without a traceback


signal.signal(signal.SIGINT, _interrupted_while_loading)

# After the handler: Ctrl+C may come while these load.
import gc  # noqa: E402
from collections.abc import Iterator, Sequence  # noqa: E402
from contextlib import contextmanager  # noqa: E402


@contextmanager
def _long_lived_imports() -> Iterator[None]:
    """Load modules with Python's cyclic collector off, then keep what they made out of its view.

    Modules make objects that live to the end (~200k for the editor's): the collector, run about
    a hundred times over them as they load, frees nothing (10-20 ms of a start). ``gc.freeze``
    moves them where it does not look, as the editor's first frame does for the rest
    (``fwk_tui.tui.long_lived``).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


with _long_lived_imports():
    from fwk_tui import cli
    from fwk_tui.catalog import Catalog, Variant
    from fwk_tui.cli.launch import BrowserEnd, EditorStart, ServerStart, WizardStart
signal.signal(signal.SIGINT, signal.default_int_handler)  # loaded: Ctrl+C is KeyboardInterrupt, as commands take it


class TextualLaunchers:
    """Runs the editor, the catalogue browser and the wizard in the terminal, and the language server."""

    def editor(self, start: EditorStart) -> int:
        with _long_lived_imports():
            from fwk_tui.tui.editor import EditorApp

        app = EditorApp(
            start.session,
            settings=start.settings,
            journal=start.journal,
            label=start.label,
            offer_wizard=start.offer_wizard,
            start_path=start.start_path,
        )
        app.run()
        # Textual shows an exception inside the app and returns; the exit code must still say it failed.
        return app.return_code or 0

    def browser(self, variant: Variant, start: str | None, catalog: Catalog | None = None) -> BrowserEnd:
        with _long_lived_imports():
            from fwk_tui.tui.browse import BrowseApp

        app = BrowseApp(variant=variant, catalog=catalog, start=start)
        app.run()
        return BrowserEnd(app.return_code or 0, app.edit_path, app.variant)

    def wizard(self, start: WizardStart) -> list[str] | None:
        with _long_lived_imports():
            from fwk_tui.tui.wizard import WizardApp

        app = WizardApp(start.target, start.catalog, start.answers, folder_arg=start.folder_arg, preset=start.preset)
        app.run()
        return app.outcome

    def language_server(self, start: ServerStart) -> int:
        with _long_lived_imports():
            from fwk_tui.lsp.server import serve

        return serve(start.tcp_port)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``fwk-tui`` with ``argv`` (default: the process's arguments); its exit code."""
    return cli.main(argv, launchers=TextualLaunchers())
