"""Where the wizard starts: a project folder, its config if it has one, and the answers that gives."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from fwk_tui.catalog.models import Catalog
from fwk_tui.source import ConfigDocument
from fwk_tui.wizard.answers import Answers
from fwk_tui.wizard.plan import Plan, make_plan


@dataclass(frozen=True)
class Target:
    """Where the wizard writes: a project folder as it finds it, its config (if any) and the answers it gives."""

    folder: Path
    config: Path
    before: ConfigDocument | None
    start: Answers
    """What the config says now (the baseline: only answers that differ from it are written)."""
    initial: Answers
    """What the wizard offers first: ``start``, and today's ``compatibilityDate`` when none is set."""

    def plan(self, answers: Answers, catalog: Catalog) -> Plan:
        return make_plan(
            self.folder,
            answers,
            catalog,
            before=self.before,
            start=self.start,
            config=self.config,
        )


def open_target(folder: Path, catalog: Catalog, variant: str | None = None) -> Target:
    """The project in ``folder`` (which may not exist yet); ``DocumentError`` when its config cannot be read.

    ``variant`` forces the layout; otherwise an existing config's is detected
    (its values, then its folders), and a new project starts in layout A.
    """
    from fwk_tui.project import Project
    from fwk_tui.source import DocumentError, find_config_file, load_document
    from fwk_tui.wizard.answers import from_values, today

    found = find_config_file(folder) if folder.is_dir() else None
    if found is None:
        config = folder / "fwk.config.ts"
        start = Answers(compatibility_date="")
        detected = Project.at(config).variant(catalog, {}).variant if folder.is_dir() else "A"
        initial = Answers().with_(variant=variant or detected)
        return Target(folder, config, None, start, initial)
    before = load_document(found)
    if before.read_only:
        raise DocumentError(f"{found}: the wizard cannot change this config: {before.read_only}")
    values = before.values()
    start = from_values(values, Project.at(found).variant(catalog, values).variant)
    initial = start.with_(compatibility_date=start.compatibility_date or today())
    return Target(
        folder,
        found,
        before,
        start,
        initial.with_(variant=variant) if variant else initial,
    )
