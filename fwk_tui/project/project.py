"""One project: a config file with what lies beside it, read once and asked by every command and view.

``check``, ``set``, ``get``, ``resolve``, ``why``, ``env``, the language server, the editor's session, the
wizard and the move from layout B each used to read the folder, package.json and ``.env`` their own way, and
so told one project two things (a variant from the values alone, layers merged without the folder, ``.env``
read by some). Now each builds one :class:`Project` (once per command; once per document version in the
server and the editor, whose project is read again when the folder changes) and asks it:

- the variant and why (``variant``), from the values and the folder, as ``check`` detects it;
- the source folder (``source_folder``), with the framework's fallback when the folder is known;
- the checks of a text (``check``), with package.json and the folder;
- the effective configuration (``effective``): the layers, the section of ``env``, the ``.env`` files
  (those named, else ``.env`` beside the config) and the process's variables;
- the findings only the merged config has (``merged_findings``), in the variant the file was checked in.

What cannot be read beside the config is a note (``notes``), never an error: the answers go on without it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from fwk_tui.catalog.models import Catalog, Variant
from fwk_tui.modules.built_defaults import leaf_values
from fwk_tui.modules.compatibility import FrameworkVersion, framework_version, incompatible
from fwk_tui.modules.declarations import MISSING_DEFAULT, default_value
from fwk_tui.modules.installed import InstalledModule, NotInstalled, modules_of
from fwk_tui.project.layer_modules import layer_modules
from fwk_tui.project.reading import read_layout_noted, read_package
from fwk_tui.resolve.check import MergedCheck, check_merged
from fwk_tui.resolve.defaults import ModuleDefault
from fwk_tui.resolve.effective import Effective, dotenv_files, effective_config
from fwk_tui.resolve.loader import LAYER_KEYS
from fwk_tui.resolve.variables import DotenvFile
from fwk_tui.source import ConfigDocument
from fwk_tui.userfiles import UnreadableFile
from fwk_tui.validate.check import CheckResult, check_document
from fwk_tui.validate.sources import SourceFolder, source_folder
from fwk_tui.validate.surroundings import Layout, ModuleOptions, Package
from fwk_tui.validate.variant import VariantChoice, detect_variant, forced


@dataclass(frozen=True)
class Project:
    """A config file (``None``: not saved yet) and what lies beside it, as read when the project was built."""

    file: Path | None
    package: Package | None = None
    """The dependency lists of package.json beside the config, when it could be read."""
    layout: Layout | None = None
    """The names in the config's folder and one level down, when it could be listed."""
    notes: tuple[str, ...] = ()
    """What could not be read beside the config, one line each (the answers go on without it)."""
    env: str | None = None
    """The environment whose sections apply (``--env``); None: none."""
    dotenv_paths: tuple[Path, ...] = ()
    """The ``.env`` files named; none: ``.env`` beside the config, when there is one."""
    environ: Mapping[str, str] | None = None
    """The process's variables (None: this process's own; ``{}``: none, as ``check`` reads a project)."""
    with_modules: bool = True
    """Whether the installed modules' packages are read (the editor reads them after its first paint)."""
    _effective: dict[tuple[int, bool], tuple[ConfigDocument, Effective]] = field(
        default_factory=dict, compare=False, repr=False
    )
    _modules: dict[object, tuple[list[InstalledModule], list[NotInstalled]]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @classmethod
    def at(
        cls,
        file: Path | None,
        *,
        env: str | None = None,
        dotenv: Sequence[Path] = (),
        environ: Mapping[str, str] | None = None,
    ) -> Project:
        """The project of the config at ``file``: package.json and the folder beside it read now."""
        if file is None:
            return cls(None, env=env, dotenv_paths=tuple(dotenv), environ=environ)
        package, package_note = read_package(file)
        layout, layout_note = read_layout_noted(file)
        notes = tuple(note for note in (package_note, layout_note) if note)
        return cls(file, package, layout, notes, env, tuple(dotenv), environ)

    def read_again(self) -> Project:
        """The same project with the folder and package.json read again (after folders moved); the modules read
        are kept while package.json lists the same packages (each read costs a look into every package: the
        editor reads its project again at every edit)."""
        again = self.fresh()
        if again.package == self.package:
            again._modules.update(self._modules)
        return again

    def fresh(self) -> Project:
        """The same project read anew, its modules too (F5 in the editor, after folders moved)."""
        again = Project.at(self.file, env=self.env, dotenv=self.dotenv_paths, environ=self.environ)
        return again if self.with_modules else again.modules_read(False)

    def modules_read(self, read: bool = True) -> Project:
        """The same project with its installed modules read (``read``), or left unread until asked."""
        return self if read == self.with_modules else replace(self, with_modules=read, _effective={}, _modules={})

    def in_env(self, env: str | None) -> Project:
        """The same project read in environment ``env`` (what lies beside the config is not read again)."""
        return self if env == self.env else replace(self, env=env, _effective={}, _modules={})

    @property
    def folder(self) -> Path | None:
        """The config's folder, where everything the project names is relative to."""
        return None if self.file is None else self.file.resolve().parent

    # -------------------------------------------------------------- the file alone

    def variant(self, catalog: Catalog, values: dict[str, Any], chosen: Variant | None = None) -> VariantChoice:
        """The variant of a config writing ``values`` here, and why (``chosen``: the one asked for)."""
        return forced(chosen) if chosen is not None else detect_variant(catalog, values, self.layout)

    def source_folder(self, values: dict[str, Any], variant: Variant) -> SourceFolder | None:
        """The folder the app reads its sources from (None when the folder beside the config is unknown)."""
        return source_folder(values, variant, self.layout) if self.layout is not None else None

    def check(self, doc: ConfigDocument, catalog: Catalog, variant: Variant | None = None, **how: Any) -> CheckResult:
        """``fwk-tui check`` of ``doc`` here: with package.json, the folder and the options of the modules it
        installs (``how``: see ``check_document``)."""
        modules = self.module_options(how.get("values") or doc.values())
        return check_document(doc, catalog, variant, package=self.package, layout=self.layout, modules=modules, **how)

    def modules(self, values: dict[str, Any]) -> tuple[list[InstalledModule], list[NotInstalled]]:
        """The modules a config writing ``values`` here installs (listed in ``modules``, or a dependency of
        package.json that is one), and those listed that cannot be read, with why."""
        folder = self.folder
        if folder is None or not self.with_modules:
            return [], []
        dependencies = sorted(self.package.dependencies | self.package.dev_dependencies) if self.package else []
        in_layers = layer_modules(values, folder)  # each layer file read once per version of it
        layers = {key: values.get(key) for key in LAYER_KEYS}
        key = (repr(values.get("modules"))[:10_000], repr(layers)[:10_000], tuple(dependencies), tuple(in_layers))
        kept = self._modules.get(key)
        if kept is None:
            kept = self._modules[key] = modules_of(values, folder, dependencies, in_layers)
        return kept

    def module_defaults(self, values: dict[str, Any]) -> list[ModuleDefault]:
        """The defaults of the installed modules, under their keys: those their own ``defaults`` object gives (a
        plain value there), then ``@default`` of their declarations where it says a plain value and the module's
        object says nothing."""
        found: list[ModuleDefault] = []
        for module in self.modules(values)[0]:
            key = module.config_key
            if not key:
                continue
            built = list(leaf_values(module.defaults))
            found += [ModuleDefault((key, *path), value, module.label, built=True) for path, value in built]
            given = {path[: i + 1] for path, _ in built for i in range(len(path))}
            for option in module.declarations.options:
                value = default_value(option.default)
                if value is not MISSING_DEFAULT and option.path not in given:
                    found.append(ModuleDefault((key, *option.path), value, module.label))  # type: ignore[arg-type]
        return found

    def module_options(self, values: dict[str, Any]) -> list[ModuleOptions]:
        """What the checks need of the installed modules: each one's options under its key, whether its
        compatibility range lets in the project's framework version, and where ``modules`` lists it."""
        installed, _ = self.modules(values)
        if not installed:
            return []
        framework = self.framework_version()
        listed = values.get("modules")
        places: dict[str, str] = {}
        for i, entry in enumerate(listed if isinstance(listed, list) else ()):
            name = entry[0] if isinstance(entry, list) and entry else entry
            if isinstance(name, str):
                places.setdefault(name, f"modules[{i}]")
        return [
            ModuleOptions(
                m.config_key,
                m.label,
                m.declarations.type,
                incompatible(m, framework),
                places.get(m.name, "modules" if isinstance(listed, list) else ""),
            )
            for m in installed
        ]

    def framework_version(self) -> FrameworkVersion | None:
        """The framework's version for this project: the one installed in node_modules, else the lowest the range
        package.json writes lets in; None when neither says."""
        folder = self.folder
        if folder is None or not self.with_modules:
            return None
        return framework_version(folder, self.package.framework if self.package else None)

    # -------------------------------------------------------------- with what lies beside it

    def dotenv(self) -> list[DotenvFile]:
        """The ``.env`` files read (those named, else ``.env`` beside the config); raises UnreadableFile."""
        folder = self.folder
        if folder is None:
            return []
        return dotenv_files(list(self.dotenv_paths), folder)

    def dotenv_or_none(self) -> list[DotenvFile]:
        """:meth:`dotenv`, with none when one cannot be read (``fwk-tui env`` says why; views go on without)."""
        try:
            return self.dotenv()
        except UnreadableFile:
            return []

    def effective(
        self,
        doc: ConfigDocument,
        catalog: Catalog,
        *,
        with_defaults: bool = False,
        dotenv: Sequence[DotenvFile] | None = None,
    ) -> Effective:
        """What the app runs with when ``doc`` is the config here (kept for ``doc``: asked again, read once).

        ``dotenv``: the ``.env`` files read already (default: :meth:`dotenv_or_none`). Raises OSError when the
        layers cannot be read at all.
        """
        assert self.file is not None, "a config not saved yet has no surroundings to merge"
        key = (id(doc), with_defaults)
        kept = self._effective.get(key)
        if kept is not None and kept[0] is doc:
            return kept[1]
        effective = effective_config(
            self.file,
            doc,
            catalog,
            env=self.env,
            dotenv=self.dotenv_or_none() if dotenv is None else dotenv,
            environ=self.environ,
            with_defaults=with_defaults,
            layout=self.layout,
            module_defaults=self.module_defaults(doc.values()) if with_defaults else (),
        )
        self._effective.clear()  # one document at a time: an older one is not asked again
        self._effective[key] = (doc, effective)
        return effective

    def merged_findings(self, doc: ConfigDocument, catalog: Catalog, checked: CheckResult) -> MergedCheck | None:
        """The findings only the merged config has (layers, the section of ``env``), in ``checked``'s variant.

        None when no layer is read and no environment is asked: the file alone is the whole config. Variables
        are not applied: the checks judge what the files write (``fwk-tui env`` judges the variables).
        """
        if self.file is None:
            return None
        modules = self.module_options(doc.values())
        return check_merged(self.file, doc, catalog, checked, self.env, self.package, self.layout, modules)
