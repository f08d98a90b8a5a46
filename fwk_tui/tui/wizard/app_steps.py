"""The steps that describe the app: modules, head, runtime config, dev server, compatibility date."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.widgets import Checkbox, Static

from fwk_tui.tui.wizard.page import WizardPage
from fwk_tui.tui.wizard.private_values import PrivateValuesField
from fwk_tui.tui.wizard.scratch import HEAD_FIELDS, RUNTIME_TYPE, extra_option
from fwk_tui.tui.wizard.toggles import GlyphCheckbox
from fwk_tui.wizard.dotenv import is_secret
from fwk_tui.wizard.extra_files import env_lines


class AppSteps(WizardPage):
    """Modules, head, runtime config, dev server and compatibility date."""

    def _compose_modules(self) -> ComposeResult:
        from fwk_tui.project import Project
        from fwk_tui.wizard.modules import known_modules

        package = Project.at(self.target.config).package
        known = known_modules(self.catalog, package, self.target.start.modules, self._first.modules)
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
            yield self._field(path, extra_option(path, doc))
            yield self._note(doc)

    def _compose_runtime(self) -> ComposeResult:
        yield self._note(
            "Top-level keys are private (read on the server only); keys under public are also sent to the "
            "browser. Each one is overridden at run time by an FWK_ environment variable. A private value is "
            "hidden as it is typed (****): Ctrl+R shows it, and hides it again."
        )
        option = extra_option(
            "runtimeConfig",
            "runtime config keys: top level private, under public exposed",
            RUNTIME_TYPE,
        )
        yield self._field("runtimeConfig", option, PrivateValuesField)
        yield self._note(id="runtime-env")

    def _compose_dev_server(self) -> ComposeResult:
        yield self._field("devServer.port")
        yield self._field("devServer.host")

    def _compose_compatibility(self) -> ComposeResult:
        yield self._note("Today's date is offered: the behaviour of today's presets and modules is kept.")
        yield self._field("compatibilityDate")

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

    def action_private_values(self, shown: bool) -> None:
        """Show the private runtime values in clear, or hide them again (Ctrl+R)."""
        self.query_one("#field-runtimeConfig", PrivateValuesField).show_private(shown)
        self.refresh_bindings()

    def private_values_shown(self) -> bool:
        return self.query_one("#field-runtimeConfig", PrivateValuesField).shown

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

    def _runtime_errors(self) -> list[str]:
        """Nested objects beside ``public``: the wizard's runtime step holds only keys."""
        block = self.scratch.get("runtimeConfig", {}) if self.scratch.has("runtimeConfig") else {}
        if not isinstance(block, dict):
            return []
        nested = [k for k, v in block.items() if k != "public" and isinstance(v, dict)]
        return [
            f"runtimeConfig.{k}: only public holds keys here; nested objects are edited in the editor" for k in nested
        ]

    def _show_app_notes(self) -> None:
        a = self.answers
        env = env_lines(a)
        lines = [f"{name}  ← {comment}" for name, comment in env] or ["(no keys yet)"]
        if any(is_secret(k) for k in a.runtime):
            lines.append("Private values are written to .env, not into the config (it gets '').")
        self.query_one("#runtime-env", Static).update(Text("Environment variables:\n" + "\n".join(lines)))
        for box in self.query(".module-pick").results(Checkbox):
            if box.value != (box.name in a.modules):
                with box.prevent(Checkbox.Changed):
                    box.value = box.name in a.modules
