"""The scratch document the wizard's fields edit, and how the answers are read back from it."""

from __future__ import annotations

from typing import Any

from fwk_tui.catalog.models import Default, Option
from fwk_tui.catalog.types import parse_type
from fwk_tui.source import ConfigDocument
from fwk_tui.source.values import Code
from fwk_tui.tui.fields import MISSING
from fwk_tui.wizard.answers import DEFAULT_SRC_DIR, Answers, module_names, runtime_keys

_STRING = parse_type("string")


RUNTIME_TYPE = parse_type("record<string | number | boolean | record<string | number | boolean>>")


def extra_option(path: str, doc: str, type_: Any = _STRING) -> Option:
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
        return answers.with_(modules=tuple(module_names(value)))
    if name == "runtime":
        return answers.with_(runtime=tuple(runtime_keys(value)))
    if name == "port":
        ok = isinstance(value, int) and not isinstance(value, bool)
        return answers.with_(port=value if ok else 3000 if missing else answers.port)
    # host, compatibility date, head texts
    return answers.with_(**{name: value if isinstance(value, str) else ""})
