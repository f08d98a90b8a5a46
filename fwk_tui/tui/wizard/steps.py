"""The wizard's pages: what each asks and which options it sets."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    """One page of the wizard: its id, title, question, the answers it asks and the options they set."""

    id: str
    title: str
    question: str
    answers: tuple[str, ...]
    paths: tuple[str, ...] = ()


STEPS: tuple[Step, ...] = (
    Step("layout", "Layout", "Which folder layout does the project use?", ("variant",), ("future",)),
    Step("source", "Source folder", "Where do the app's sources live?", ("src_dir",), ("srcDir",)),
    Step("rendering", "Rendering", "How are pages rendered?", ("rendering", "spa_loading_template"),
         ("ssr", "spaLoadingTemplate")),
    Step("bundler", "Bundler", "Which client bundler builds the app?", ("bundler",), ("builder",)),
    Step("typescript", "TypeScript", "How strict is TypeScript?", ("strict", "type_check"), ("typescript",)),
    Step("modules", "Modules", "Which modules does the app load?", ("modules",), ("modules",)),
    Step("head", "Head", "The document head of every page.", ("title", "lang", "description"), ("app.head",)),
    Step("runtime", "Runtime config", "Which runtime config keys does the app read?", ("runtime",),
         ("runtimeConfig",)),
    Step("dev-server", "Dev server", "Where does the dev server listen?", ("port", "host"), ("devServer",)),
    Step("compatibility", "Compatibility date", "Which date's behaviour do presets and modules keep?",
         ("compatibility_date",), ("compatibilityDate",)),
    Step("outputs", "Other files", "Which other files should be written? (Space: on/off, Enter: next)",
         ("skeleton", "env_example")),
    Step("review", "Review", "This is what will be written.", ()),
)  # fmt: skip
