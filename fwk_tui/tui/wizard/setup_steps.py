"""The steps that set up the project: layout, source folder, rendering, bundler, TypeScript."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import RadioSet, Static

from fwk_tui.tui.wizard.page import Choices, WizardPage
from fwk_tui.wizard.answers import BUNDLERS, DEFAULT_SRC_DIR, RENDERINGS, VARIANTS
from fwk_tui.wizard.extra_files import layout_tree

RENDERING_NOTES = {
    "server": "HTML is rendered on the server at each request. ssr stays true, its default: nothing is written.",
    "static": "Every page is rendered once, at build time, by the generate command (fwk generate); "
    "ssr stays true. Deploy the generated files to any static host.",
    "spa": "Pages are rendered in the browser: ssr: false. The loading template below shows until "
    "the app has started.",
}
SPA_NOT_CHOSEN = (
    "Pages are rendered in the browser: ssr: false. Chosen, it asks for the loading template shown "
    "until the app has started."
)
NOT_CHOSEN = "Not chosen yet: Space or Enter chooses it."


class SetupSteps(WizardPage):
    """Layout, source folder, rendering, bundler and TypeScript."""

    def _compose_layout(self) -> ComposeResult:
        yield self._radios("variant", VARIANTS, self.answers.variant)
        with Horizontal(classes="wizard-trees"):
            for variant in ("A", "B"):
                tree = Static(
                    Text(layout_tree(variant, DEFAULT_SRC_DIR[variant])),
                    classes="wizard-tree",
                )
                tree.border_title = f"layout {variant}"
                tree.id = f"tree-{variant}"
                yield tree

    def _compose_source(self) -> ComposeResult:
        yield self._note("A folder relative to the project's root; '.' is the root itself.")
        yield self._field("srcDir")
        yield Static(classes="wizard-tree", id="source-tree")

    def _compose_rendering(self) -> ComposeResult:
        yield self._radios("rendering", RENDERINGS, self.answers.rendering)
        yield self._note(id="rendering-note")
        yield self._field("spaLoadingTemplate")

    def _compose_bundler(self) -> ComposeResult:
        choices = dict(BUNDLERS)
        if self.answers.bundler not in BUNDLERS:
            shown = "code" if self.answers.bundler is None else repr(self.answers.bundler)
            choices["keep"] = f"keep the builder the file gives ({shown})"
        yield self._radios(
            "bundler",
            choices,
            self.answers.bundler if self.answers.bundler in BUNDLERS else "keep",
        )
        yield self._note(id="bundler-note")

    def _compose_typescript(self) -> ComposeResult:
        yield self._field("typescript.strict")
        yield self._field("typescript.typeCheck")
        yield self._note(id="typescript-note")

    @on(Choices.Moved, "#rendering")
    def _rendering_moved(self, event: Choices.Moved) -> None:
        event.stop()
        self._show_rendering_note()

    def _show_rendering_note(self) -> None:
        """The note of the rendering under the cursor (while the choices have the focus), else of the chosen one."""
        chosen = self.answers.rendering
        pointed = self.query_one("#rendering", Choices).pointed or chosen
        if pointed == chosen or pointed not in RENDERING_NOTES:
            note = RENDERING_NOTES[chosen]
        else:
            note = f"{SPA_NOT_CHOSEN if pointed == 'spa' else RENDERING_NOTES[pointed]}\n{NOT_CHOSEN}"
        self.query_one("#rendering-note", Static).update(Text(note))

    @on(RadioSet.Changed)
    def _radio(self, event: RadioSet.Changed) -> None:
        event.stop()
        self.choose(event.radio_set.id or "", event.pressed.name or "")

    def choose(self, which: str, key: str) -> None:
        """Take the choice ``key`` of the radio set ``which`` as the answer."""
        if which == "variant":
            self._changed(self.answers.with_(variant=key))
        elif which == "rendering":
            self._changed(self.answers.with_(rendering=key))
        elif which == "bundler":
            self._changed(self.answers.with_(bundler=self._first.bundler if key == "keep" else key))

    def _show_setup_notes(self) -> None:
        a = self.answers
        for variant in ("A", "B"):
            self.query_one(f"#tree-{variant}").set_class(a.variant == variant, "-chosen")
        source = self.query_one("#source-tree", Static)
        source.border_title = f"layout {a.variant}"
        source.update(Text(layout_tree(a.variant, a.src_dir or ".")))
        self._show_rendering_note()
        if a.bundler in ("wbuild", "rbuild"):
            bundler = (
                f"builder: '{a.bundler}' is written. Install its package:\n  npm install -D @fwk/{a.bundler}-builder"
            )
        elif a.bundler == "vbuild":
            bundler = "builder is not written: vbuild is the default."
        else:
            bundler = "The file's own builder is kept as written."
        self.query_one("#bundler-note", Static).update(Text(bundler))
        needs = [p for p in a.dev_dependencies if p in ("typescript", "view-tsc")]
        ts = f"Type checking needs these dev dependencies:\n  npm install -D {' '.join(needs)}" if needs else ""
        self.query_one("#typescript-note", Static).update(Text(ts))
