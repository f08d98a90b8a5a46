"""Where a value of the effective configuration comes from."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Literal

OriginKind = Literal["file", "layer", "env-section", "env-var", "default", "module-default"]


@dataclass(frozen=True, slots=True)
class Origin:
    """One source of a value: the config file, a layer, an environment section, a variable or a default.

    ``file`` is shown relative to the config's folder; ``line`` and ``column``
    are 1-based and point at the value as written (for a variable, at its line
    in the ``.env`` file; ``column`` is then 1). ``detail`` says more: the
    layer's source as written, the section (``$production``), the variable's name.
    """

    kind: OriginKind
    file: str | None = None
    line: int | None = None
    column: int | None = None
    detail: str = ""
    holds_private: bool = False
    """A public variable whose value holds a private one's: shown masked like the private one."""

    def where(self) -> str:
        """``file:line:col`` (or as much of it as is known), else ``""``."""
        if self.file is None:
            return ""
        if self.line is None:
            return self.file
        return f"{self.file}:{self.line}:{self.column or 1}"

    def describe(self) -> str:
        """One line for a person: ``layer ../base (../base/fwk.config.ts:7:3)``."""
        where = self.where()
        if self.kind == "default":
            return "the catalogue's default" + (f" ({self.detail})" if self.detail else "")
        if self.kind == "module-default":
            return f"the default of module {self.detail}"
        if self.kind == "env-var":
            return f"{self.detail}" + (f" in {where}" if where else " in the environment")
        if self.kind == "env-section":
            return f"{self.detail} section" + (f" ({where})" if where else "")
        if self.kind == "layer":
            return f"layer {self.detail}" + (f" ({where})" if where else "")
        return where or "the config file"

    def label(self) -> str:
        """What kind of source this is, without where: ``layer ../base``, ``$production section``."""
        if self.kind == "default":
            return "the catalogue's default"
        if self.kind == "module-default":
            return f"module {self.detail}"
        if self.kind == "env-var":
            return self.detail
        if self.kind == "env-section":
            return f"{self.detail} section"
        if self.kind == "layer":
            return f"layer {self.detail}"
        return "the config file"

    def as_json(self) -> dict[str, object]:
        """The JSON shape of docs/cli.md."""
        shape = asdict(self)
        del shape["holds_private"]  # the JSON shape of docs/cli.md; the masked value says it
        return shape
