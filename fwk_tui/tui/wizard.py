"""The new-project wizard in the terminal: one step per question, a review, then the write.

The answers live in :class:`~fwk_tui.wizard.Answers`. Steps that set options
use the editor's typed fields (:class:`~fwk_tui.tui.fields.OptionField`) on a
scratch document: their edits go through an :class:`EditSession` as in the
editor, and the answers are read back from it. After every change the plan
(the config the answers make, checked against the catalogue) is made again,
and each field shows the diagnostics at its option. Next refuses a step with
errors; Esc cancels and writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group
from rich.syntax import Syntax
from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    ContentSwitcher,
    Footer,
    Input,
    RadioSet,
    Static,
    TextArea,
)

from fwk_tui.catalog.models import Catalog, Default, Option
from fwk_tui.catalog.types import parse_type
from fwk_tui.session import EditError, EditSession
from fwk_tui.source import ConfigDocument
from fwk_tui.source.textutil import plain
from fwk_tui.source.values import Code
from fwk_tui.tui.fields import MISSING, OptionField
from fwk_tui.tui.fields.present import SEVERITY_MARKS, SEVERITY_STYLES
from fwk_tui.tui.long_lived import KeepsStartedObjects
from fwk_tui.tui.screens.save_preview import diff_text
from fwk_tui.tui.widgets.safe_input import SafeInput
from fwk_tui.tui.widgets.toggles import GlyphCheckbox, GlyphRadioButton
from fwk_tui.validate import Diagnostic, diagnostics_at, within
from fwk_tui.wizard.answers import (
    BUNDLERS,
    DEFAULT_SRC_DIR,
    RENDERINGS,
    VARIANTS,
    Answers,
    problems,
    runtime_keys,
)
from fwk_tui.wizard.dotenv import is_secret
from fwk_tui.wizard.plan import Plan, Project, env_lines, layout_tree, skeleton


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
    Step("outputs", "Other files", "Which other files should be written?", ("skeleton", "env_example")),
    Step("review", "Review", "This is what will be written.", ()),
)  # fmt: skip


_STRING = parse_type("string")


_RUNTIME = parse_type("record<string | number | boolean | record<string | number | boolean>>")


def _extra_option(path: str, doc: str, type_: Any = _STRING) -> Option:
    """A field the catalogue has no row for (``app.head`` takes any key; runtime keys): no default."""
    none = Default("none")
    return Option(
        path=path,
        group=path.split(".")[0],
        types={"A": type_, "B": type_},
        variants=("A", "B"),
        defaults={"A": none, "B": none},
        doc=doc,
        segments=tuple(path.split(".")),
    )


HEAD_FIELDS: dict[str, tuple[str, str]] = {
    # answer -> (scratch path, what it becomes in the file)
    "title": ("app.head.title", "the <title> of every page: app.head.title"),
    "lang": (
        "app.head.htmlAttrs.lang",
        "the language of the pages, such as en or pt-BR: app.head.htmlAttrs.lang",
    ),
    "description": (
        "app.head.description",
        'written as <meta name="description"> in app.head.meta',
    ),
}

FIELD_ANSWERS: dict[str, str] = {
    "srcDir": "src_dir",
    "spaLoadingTemplate": "spa_loading_template",
    "typescript.strict": "strict",
    "typescript.typeCheck": "type_check",
    "modules": "modules",
    "runtimeConfig": "runtime",
    "devServer.port": "port",
    "devServer.host": "host",
    "compatibilityDate": "compatibility_date",
    **{path: answer for answer, (path, _doc) in HEAD_FIELDS.items()},
}
"""Scratch path of each field → the answer it gives."""


def scratch_document(answers: Answers, before: ConfigDocument | None) -> ConfigDocument:
    """A document holding each field's value as the answers give it (the fields edit this)."""
    doc = ConfigDocument.new()
    values: dict[str, Any] = {
        "srcDir": scratch_src_dir(answers),
        "spaLoadingTemplate": answers.spa_loading_template if answers.spa_loading_template is not None else MISSING,
        "typescript.strict": MISSING if answers.strict else False,
        "typescript.typeCheck": MISSING if answers.type_check in (None, "off") else answers.type_check_value,
        "modules": list(answers.modules) or MISSING,
        "runtimeConfig": {  # public shown from the start: where keys sent to the browser go
            **{k.key: k.value for k in answers.runtime if not k.public},
            "public": {k.key: k.value for k in answers.runtime if k.public},
        },
        "devServer.port": MISSING if answers.port == 3000 else answers.port,
        "devServer.host": answers.host or MISSING,
        "compatibilityDate": answers.compatibility_date or MISSING,
        **{path: getattr(answers, name) or MISSING for name, (path, _doc) in HEAD_FIELDS.items()},
    }
    for path, value in values.items():
        if value is not MISSING:
            doc = doc.set(path, value)
    if answers.type_check is None and before is not None and before.has("typescript.typeCheck"):
        code = before.get("typescript.typeCheck")
        if isinstance(code, Code):
            doc = doc.set_code("typescript.typeCheck", code.text)
    return doc


def scratch_src_dir(answers: Answers) -> Any:
    """The source folder as its field shows it: not set when it is the layout's default."""
    return MISSING if answers.src_dir == DEFAULT_SRC_DIR[answers.variant] else answers.src_dir


def read_field(answers: Answers, path: str, value: Any) -> Answers:
    """``answers`` with the answer of the field at ``path`` read from its ``value`` (``MISSING``: unset)."""
    name = FIELD_ANSWERS[path]
    missing = value is MISSING
    if name == "src_dir":
        return answers.with_(src_dir=value if isinstance(value, str) else DEFAULT_SRC_DIR[answers.variant])
    if name == "spa_loading_template":
        return answers.with_(spa_loading_template=None if missing or isinstance(value, Code) else value)
    if name == "strict":
        return answers.with_(strict=value if isinstance(value, bool) else True)
    if name == "type_check":
        if isinstance(value, Code):
            return answers.with_(type_check=None)
        return answers.with_(type_check={True: "dev", "build": "build"}.get(value, "off"))
    if name == "modules":
        from fwk_tui.wizard.answers import module_names

        return answers.with_(modules=tuple(module_names(value)))
    if name == "runtime":
        return answers.with_(runtime=tuple(runtime_keys(value)))
    if name == "port":
        ok = isinstance(value, int) and not isinstance(value, bool)
        return answers.with_(port=value if ok else 3000 if missing else answers.port)
    # host, compatibility date, head texts
    return answers.with_(**{name: value if isinstance(value, str) else ""})


class Choices(RadioSet):
    """A radio set whose cursor starts on the chosen answer (Textual's starts on the first button)."""

    def on_mount(self) -> None:
        self.call_after_refresh(self._to_pressed)  # after RadioSet's own mount has put it on the first

    def _to_pressed(self) -> None:
        if self.pressed_index >= 0:
            self._selected = self.pressed_index


class WizardScreen(Screen[list[str] | None]):
    """The wizard; dismissed with the lines saying what was written, or ``None`` when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", key_display="Esc"),
        Binding("ctrl+b", "back", "Back", key_display="^B"),
        Binding("ctrl+n", "next", "Next", key_display="^N"),
        Binding("ctrl+s", "write", "Write", key_display="^S"),
        Binding("a", "add_runtime_key", "Add key"),
        Binding("pagedown", "page(1)", "Scroll down", show=False),
        Binding("pageup", "page(-1)", "Scroll up", show=False),
    ]

    DEFAULT_CSS = """
    WizardScreen { layout: vertical; }
    #wizard-body { height: 1fr; }
    #wizard-steps { width: 29; padding: 1 1; border-right: vkey $panel; }
    #wizard-main { padding: 0 1 0 2; }
    #wizard-title { text-style: bold; color: $accent; height: 1; margin: 1 0 0 0; }
    #wizard-question { height: auto; margin: 0 0 1 0; }
    #wizard-pages { height: 1fr; }
    #wizard-pages > VerticalScroll { height: 1fr; }
    .wizard-note { color: $text-muted; height: auto; margin: 0 0 1 0; }
    .wizard-trees { height: auto; }
    .wizard-tree { width: 1fr; height: auto; border: round $panel; padding: 0 1; margin: 0 1 0 0; }
    .wizard-tree.-chosen { border: round $accent; }
    #wizard-problems { height: auto; max-height: 6; color: $error; }
    #wizard-buttons { height: 3; align-horizontal: right; }
    #wizard-buttons > Button { margin: 0 0 0 2; min-width: 10; }
    RadioSet { margin: 0 0 1 0; }
    #preset { margin: 1 0 0 0; }
    #step-modules > .module-pick, #step-modules > .module-pick:focus { border: none; padding: 0 1; height: 1; }
    #modules-end { height: 1; }
    /* Notifications sit at the top right: never over the problems line or the buttons. */
    WizardScreen > ToastRack { dock: top; align: right top; margin: 0; }
    """

    def __init__(
        self,
        project: Project,
        catalog: Catalog,
        answers: Answers,
        *,
        preset: str | None = None,
    ) -> None:
        super().__init__()
        self.project = project
        self.catalog = catalog
        self.answers = answers
        self._first = answers
        self._preset = preset or ""
        self.index = 0
        self.scratch = EditSession(scratch_document(answers, project.before), catalog, variant=answers.variant)
        self.plan: Plan = project.plan(answers, catalog)
        self._problems: dict[str, str] = problems(answers)
        self._visited = {0}

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with Horizontal(id="wizard-body"):
            yield Static(id="wizard-steps")
            with Vertical(id="wizard-main"):
                yield Static(id="wizard-title")
                yield Static(id="wizard-question")
                with ContentSwitcher(id="wizard-pages", initial=f"step-{STEPS[0].id}"):
                    for step in STEPS:
                        with VerticalScroll(id=f"step-{step.id}"):
                            yield from getattr(self, f"_compose_{step.id.replace('-', '_')}")()
                yield Static(id="wizard-problems")
                with Horizontal(id="wizard-buttons"):
                    yield Button("Back", id="back")
                    yield Button("Next", id="next", variant="primary")
        yield Footer()

    def _field(self, path: str, option: Option | None = None) -> OptionField:
        option = option or self.catalog.get(path)
        return OptionField(
            path,
            option,
            self.scratch.get(path, MISSING) if self.scratch.has(path) else MISSING,
            self.answers.variant,
            [],
            id=f"field-{path.replace('.', '-')}",
        )

    def _radios(self, id: str, choices: dict[str, str], chosen: str | None) -> RadioSet:
        buttons = [GlyphRadioButton(Text(label), value=key == chosen, name=key) for key, label in choices.items()]
        return Choices(*buttons, id=id)

    def _note(self, text: str = "", id: str | None = None) -> Static:
        return Static(Text(text), classes="wizard-note", id=id)

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

    def _compose_modules(self) -> ComposeResult:
        from fwk_tui.surroundings import read_project
        from fwk_tui.wizard.modules import known_modules

        project, _note = read_project(self.project.config)
        known = known_modules(self.catalog, project, self.project.start.modules, self._first.modules)
        if known:
            yield self._note("Modules known here (Space: on/off):")
            for index, module in enumerate(known):
                label = Text(module.name)
                label.append(f"  from {module.where}", style="dim")
                box = GlyphCheckbox(label, module.name in self.answers.modules, id=f"module-{index}",
                                    classes="module-pick", name=module.name)  # fmt: skip
                yield box
            yield Static(id="modules-end")
        else:
            yield self._note(
                "The catalogue names no module packages and package.json lists none: type their names below."
            )
        yield self._note(
            "Any module, by package name or local path (a: add), loaded in this order. "
            "Options the file gives a module are kept."
        )
        yield self._field("modules")

    def _compose_head(self) -> ComposeResult:
        for path, doc in HEAD_FIELDS.values():
            yield self._field(path, _extra_option(path, doc))
            yield self._note(doc)

    def _compose_runtime(self) -> ComposeResult:
        yield self._note(
            "Top-level keys are private (read on the server only); keys under public are also sent to the "
            "browser. Each one is overridden at run time by an FWK_ environment variable."
        )
        option = _extra_option(
            "runtimeConfig",
            "runtime config keys: top level private, under public exposed",
            _RUNTIME,
        )
        yield self._field("runtimeConfig", option)
        yield self._note(id="runtime-env")

    def _compose_dev_server(self) -> ComposeResult:
        yield self._field("devServer.port")
        yield self._field("devServer.host")

    def _compose_compatibility(self) -> ComposeResult:
        yield self._note("Today's date is offered: the behaviour of today's presets and modules is kept.")
        yield self._field("compatibilityDate")

    def _compose_outputs(self) -> ComposeResult:
        yield GlyphCheckbox(
            "Create the folders of the chosen layout",
            self.answers.skeleton,
            id="skeleton",
        )
        yield self._note(id="skeleton-note")
        yield GlyphCheckbox(
            "Write .env.example listing the FWK_ variables",
            self.answers.env_example,
            id="env_example",
        )
        yield self._note(id="env-note")
        yield Static(
            Text("Save these answers as a preset (a TOML file; leave empty to skip):"),
            id="preset-label",
        )
        yield SafeInput(self._preset, placeholder="e.g. fwk-preset.toml", id="preset")
        yield self._note(id="preset-note")

    def _compose_review(self) -> ComposeResult:
        yield Static(id="review", markup=False)

    def on_mount(self) -> None:
        self._show()

    def on_resize(self, event: events.Resize) -> None:
        # Below 90 columns the step list would squeeze the questions; the title still says "Step n of 12".
        self.query_one("#wizard-steps").display = event.size.width >= 90

    # ------------------------------------------------------------------ changes

    def _changed(self, answers: Answers) -> None:
        if answers == self.answers:
            return
        variant_changed = answers.variant != self.answers.variant
        self.answers = answers
        self._problems = problems(answers)
        self.plan = self.project.plan(answers, self.catalog)
        if variant_changed:
            self.scratch.set_variant(answers.variant)
            wanted = scratch_src_dir(answers)
            if wanted is MISSING and self.scratch.has("srcDir"):
                self.scratch.unset("srcDir")
            elif wanted is not MISSING and self.scratch.get("srcDir") != wanted:
                self.scratch.set("srcDir", wanted)
        self._show()

    @on(OptionField.EditRequested)
    def _edit(self, event: OptionField.EditRequested) -> None:
        event.stop()
        try:
            self.scratch.apply(event.edit, merge=event.merge)
        except EditError as exc:
            self.notify(
                plain(str(exc)),
                title=f"Could not {event.edit.label.lower()}",
                severity="error",
                markup=False,
            )
            return
        answers = self.answers
        for path in FIELD_ANSWERS:
            if within(event.edit.path, path) or within(path, event.edit.path):
                answers = read_field(
                    answers,
                    path,
                    self.scratch.get(path, MISSING) if self.scratch.has(path) else MISSING,
                )
        if answers == self.answers:
            self._show()  # the answers are the same (`public: {}` removed), the field's value is not
        else:
            self._changed(answers)

    @on(OptionField.Sealed)
    def _sealed(self, event: OptionField.Sealed) -> None:
        event.stop()
        self.scratch.seal()

    @on(OptionField.Focused)
    def _focused(self, event: OptionField.Focused) -> None:
        event.stop()

    @on(RadioSet.Changed)
    def _radio(self, event: RadioSet.Changed) -> None:
        event.stop()
        key = event.pressed.name or ""
        which = event.radio_set.id
        if which == "variant":
            self._changed(self.answers.with_(variant=key))
        elif which == "rendering":
            self._changed(self.answers.with_(rendering=key))
        elif which == "bundler":
            self._changed(self.answers.with_(bundler=self._first.bundler if key == "keep" else key))

    @on(Checkbox.Changed, ".module-pick")
    def _module_picked(self, event: Checkbox.Changed) -> None:
        event.stop()
        name = event.checkbox.name or ""
        modules = [m for m in self.answers.modules if m != name] + ([name] if event.value else [])
        if modules:
            self.scratch.set("modules", modules)
        elif self.scratch.has("modules"):
            self.scratch.unset("modules")
        self.scratch.seal()
        self._changed(self.answers.with_(modules=tuple(modules)))

    @on(Checkbox.Changed, "#skeleton, #env_example")
    def _checkbox(self, event: Checkbox.Changed) -> None:
        event.stop()
        self._changed(self.answers.with_(**{event.checkbox.id or "": event.value}))

    @on(Input.Changed, "#preset")
    def _preset_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._preset = event.value.strip()
        self._show_preset_note()

    def _show_preset_note(self) -> None:
        from fwk_tui.wizard.plan import shown_path
        from fwk_tui.wizard.preset import preset_target

        if self._preset:
            where = f"Will be saved as {shown_path(preset_target(self.project.folder, self._preset))}"
        else:
            where = f"A bare name is saved in the project folder, {shown_path(self.project.folder)}/"
        self.query_one("#preset-note", Static).update(Text(where))

    # ------------------------------------------------------------------ drawing

    @property
    def step(self) -> Step:
        return STEPS[self.index]

    def step_errors(self, step: Step) -> list[str]:
        """What keeps ``step`` from being done: the answers' problems, then the catalogue's errors."""
        found = [self._problems[name] for name in step.answers if name in self._problems]
        if step.id == "runtime":
            block = self.scratch.get("runtimeConfig", {}) if self.scratch.has("runtimeConfig") else {}
            nested = (
                [k for k, v in block.items() if k != "public" and isinstance(v, dict)]
                if isinstance(block, dict)
                else []
            )
            found += [
                f"runtimeConfig.{k}: only public holds keys here; nested objects are edited in the editor"
                for k in nested
            ]
        if self.is_mounted:  # a text that does not read as a value yet (its field says why)
            from fwk_tui.tui.fields.input_editor import InputEditor

            for editor in self.query_one(f"#step-{step.id}").query(InputEditor):
                if editor.problem is not None:
                    found.append(f"{editor.path}: {editor.problem}")
        for d in self.plan.errors:
            if any(within(d.path, p) for p in step.paths) or (step.id == "review"):
                found.append(f"{d.path}: {d.message}")
        return found

    def _show(self) -> None:
        step = self.step
        self.query_one("#wizard-title", Static).update(Text(f"Step {self.index + 1} of {len(STEPS)} · {step.title}"))
        self.query_one("#wizard-question", Static).update(Text(step.question))
        self.query_one("#wizard-steps", Static).update(self._step_list())
        self.query_one("#next", Button).label = "Write" if step.id == "review" else "Next"
        errors = self.step_errors(step)
        shown = Text("\n".join(f"✖ {plain(e)}" for e in errors)) if errors else Text()
        self.query_one("#wizard-problems", Static).update(shown)
        self.query_one("#back", Button).disabled = self.index == 0
        self._show_fields()
        self._show_notes()
        if step.id == "review":
            self.query_one("#review", Static).update(self._review())
        self.refresh_bindings()

    def _step_list(self) -> Text:
        text = Text()
        for i, step in enumerate(STEPS):
            if i == self.index:
                mark, style = "▶", "bold"
            elif self.step_errors(step):
                mark, style = "✖", "red"
            elif i in self._visited:
                mark, style = "✓", "green"
            else:
                mark, style = " ", "dim"
            text.append(f"{mark} {i + 1:>2}. {step.title}\n", style=style)
        return text

    def _show_fields(self) -> None:
        diagnostics = self.plan.diagnostics
        for field in self.query(OptionField):
            path = field.path
            value = self.scratch.get(path, MISSING) if self.scratch.has(path) else MISSING
            found: list[Diagnostic] = diagnostics_at(diagnostics, path) if path in FIELD_ANSWERS else []
            if path.startswith("app.head."):
                found = []
            if value != field.value or found != field.diagnostics or field.variant != self.answers.variant:
                field.refresh_state(value, self.answers.variant, found)
        self.query_one("#field-spaLoadingTemplate").display = self.answers.rendering == "spa"

    def _show_notes(self) -> None:
        a = self.answers
        for variant in ("A", "B"):
            self.query_one(f"#tree-{variant}").set_class(a.variant == variant, "-chosen")
        source = self.query_one("#source-tree", Static)
        source.border_title = f"layout {a.variant}"
        source.update(Text(layout_tree(a.variant, a.src_dir or ".")))
        rendering = {
            "server": "HTML is rendered on the server at each request. ssr stays true, its default: "
            "nothing is written.",
            "static": "Every page is rendered once, at build time, by the generate command (fwk generate); "
            "ssr stays true. Deploy the generated files to any static host.",
            "spa": "Pages are rendered in the browser: ssr: false. The loading template below shows until "
            "the app has started.",
        }[a.rendering]
        self.query_one("#rendering-note", Static).update(Text(rendering))
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
        env = env_lines(a)
        lines = [f"{name}  ← {comment}" for name, comment in env] or ["(no keys yet)"]
        if any(is_secret(k) for k in a.runtime):
            lines.append("Private values are written to .env, not into the config (it gets '').")
        self.query_one("#runtime-env", Static).update(Text("Environment variables:\n" + "\n".join(lines)))
        from fwk_tui.wizard.plan import shown_path

        folders = skeleton(a.variant, a.src_dir)
        shown = ", ".join(shown_path(self.project.folder / f) + "/" for f in folders)
        self.query_one("#skeleton-note", Static).update(Text(shown))
        names = ", ".join(name for name, _ in env) or "FWK_APP_BASE_URL, FWK_APP_CDN_URL (commented)"
        self.query_one("#env-note", Static).update(Text(f"Lists {names}."))
        self._show_preset_note()
        for box in self.query(".module-pick").results(Checkbox):
            if box.value != (box.name in a.modules):
                with box.prevent(Checkbox.Changed):
                    box.value = box.name in a.modules

    def _review(self) -> Group:
        from fwk_tui.wizard.plan import shown_path

        plan = self.plan
        config = shown_path(plan.config)
        parts: list[Any] = [Text("\n".join(plan.summary()), style="bold")]
        if plan.before is None:
            parts.append(Text(f"\n{config}:", style="bold"))
            parts.append(Syntax(plan.after.text, "typescript", theme="ansi_dark", line_numbers=True))
        elif plan.changes_config:
            parts.append(Text(f"\nChanges to {config}:", style="bold"))
            parts.append(diff_text(plan.config_diff()))
        else:
            parts.append(Text(f"\n{config} already says all this: it is left as it is."))
        if plan.env_path is not None and plan.env_text is not None:
            parts.append(Text(f"\n{shown_path(plan.env_path)}:", style="bold"))
            parts.append(Text(plan.env_text.rstrip("\n")))
        notes = [d for d in plan.diagnostics if d.severity != "info"]
        for d in notes:
            parts.append(
                Text(
                    f"{SEVERITY_MARKS[d.severity]} {plain(d.path)}: {plain(d.message)}",
                    style=SEVERITY_STYLES[d.severity],
                )
            )
        if self.answers.dev_dependencies:
            parts.append(Text(f"\nThen install: npm install -D {' '.join(self.answers.dev_dependencies)}"))
        return Group(*parts)

    # ------------------------------------------------------------------ navigation

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "add_runtime_key":
            # From anywhere in the step (the kind choice of a value too), but a letter typed in a text is text.
            return self.step.id == "runtime" and not isinstance(self.focused, (Input, TextArea))
        if action == "back":
            return self.index > 0
        if action == "write":
            return self.step.id == "review"
        return True

    @on(Button.Pressed, "#back")
    def _back_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_back()

    @on(Button.Pressed, "#next")
    def _next_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_next()

    def action_add_runtime_key(self) -> None:
        """Ask for a new runtime config key: private, or under public when public is open."""
        from fwk_tui.tui.fields.record import RecordEditor

        editor = self.query_one("#field-runtimeConfig").query(RecordEditor).first()
        # With `public` open (its kind choice focused), the key goes under public.
        inner = [r for r in editor.query(RecordEditor) if r is not editor and r.can_add]
        if editor.open_key is not None and inner and editor.has_focus_within:
            editor = inner[0]
        editor.close(refocus=False)
        editor.action_add()

    def action_page(self, direction: int) -> None:
        """Scroll the step's page by a screenful (the review's config, a long list)."""
        page = self.query_one(f"#step-{self.step.id}", VerticalScroll)
        if direction > 0:
            page.scroll_page_down()
        else:
            page.scroll_page_up()

    def action_back(self) -> None:
        if self.index > 0:
            self.go(self.index - 1)

    def action_next(self) -> None:
        errors = self.step_errors(self.step)
        if errors:
            self._show()  # the problems line lists them all
            self.notify(
                plain(errors[0]),
                title="Fix this step first",
                severity="error",
                markup=False,
            )
            return
        if self.step.id == "review":
            self.action_write()
        else:
            self.go(self.index + 1)

    def go(self, index: int) -> None:
        """Show step ``index`` and focus its first input."""
        self.app.clear_notifications()  # a "Fix this step first" belongs to the step left
        self.index = index
        self._visited.add(index)
        self.query_one(ContentSwitcher).current = f"step-{self.step.id}"
        self._show()
        page = self.query_one(f"#step-{self.step.id}")
        target = next((w for w in page.query("*") if w.focusable), None)
        (target or self.query_one("#next", Button)).focus()

    def action_write(self) -> None:
        if self.step.id != "review":
            return
        if self.plan.errors or any(self._problems.values()):
            self.notify(
                "The answers have errors: nothing written.",
                severity="error",
                markup=False,
            )
            return
        from fwk_tui.source import DocumentError
        from fwk_tui.wizard.preset import PresetError, save_preset

        from fwk_tui.wizard.plan import shown_path
        from fwk_tui.wizard.preset import preset_target
        from fwk_tui.wizard.report import report

        saved: list[str] = []
        target = preset_target(self.project.folder, self._preset) if self._preset else None
        try:
            if target is not None:
                # The preset first: when it cannot be written, nothing else is, as the notice says.
                save_preset(target, self.answers)
                saved.append(f"saved the answers to {shown_path(target)}")
            done = self.plan.write() + saved
        except PresetError as exc:
            self.notify(plain(f"{exc}; nothing was written"), title="Nothing written", severity="error", markup=False)
            return
        except (OSError, DocumentError, ValueError) as exc:
            # The message says what of the project was written before the failure.
            title = f"Write failed (the answers were saved to {saved[0].split(' to ', 1)[1]})" if saved else "Write failed"
            self.notify(plain(str(exc)), title=title, severity="error", markup=False)
            return
        self.dismiss(report(done, self.plan, self.app_folder_arg))

    @property
    def app_folder_arg(self) -> str:
        return getattr(self.app, "folder_arg", None) or str(self.project.folder)

    def action_cancel(self) -> None:
        if self.answers == self._first:
            self.dismiss(None)
            return
        from fwk_tui.tui.screens.choice import Answer, ChoiceScreen

        def answered(choice: str | None) -> None:
            if choice == "discard":
                self.dismiss(None)

        self.app.push_screen(
            ChoiceScreen(
                "Cancel the wizard?",
                "Nothing has been written. Leave the wizard and drop the answers?",
                [
                    Answer("discard", "Leave, write nothing", "y", "error"),
                    Answer("stay", "Stay", "n"),
                ],
                cancel_value="stay",
            ),
            answered,
        )


class WizardApp(KeepsStartedObjects, App[None]):
    """``fwk-tui new``: the wizard alone; :attr:`outcome` holds what was written (``None``: cancelled)."""

    TITLE = "fwk-tui new"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        project: Project,
        catalog: Catalog,
        answers: Answers,
        *,
        folder_arg: str = ".",
        preset: str | None = None,
    ) -> None:
        super().__init__()
        self.project = project
        self.catalog = catalog
        self.answers = answers
        self.folder_arg = folder_arg
        self.preset = preset
        self.outcome: list[str] | None = None

    def on_mount(self) -> None:
        screen = WizardScreen(self.project, self.catalog, self.answers, preset=self.preset)
        self.push_screen(screen, self._done)

    def _done(self, outcome: list[str] | None) -> None:
        self.outcome = outcome
        self.exit()

    def notify(self, message: str, **kwargs: Any) -> None:  # type: ignore[override]
        kwargs["markup"] = False
        super().notify(message, **kwargs)
