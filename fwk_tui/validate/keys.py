"""Walk the config's keys against the catalogue; type-check every catalogued value.

What a key can be, and what is said about it:

- a catalogued option of this variant: its value is type-checked;
- a literal spelling (``unhead``): warning, fix renames it to the canonical key;
- an option of the other variant: warning naming that variant. Exception:
  variant A names ``experimental``, ``features`` and ``future`` without
  children, and the catalogue holds B's children as B-only options; under
  variant A such a child is an info ("documented for variant B"), checked
  against B's type with warnings at most, because A does not say it is wrong;
- a key inside a free-form value (``runtimeConfig.*``, ``routeRules.*``,
  ``alias.*``, ``hooks.*``, any ``object``/``any`` option): part of the value,
  never "unknown";
- a key under ``vbuild`` or ``srv``: those groups are handed to the bundler and
  the server engine, which take many options the reference does not list, so
  an unknown key there is reported only when it is a near spelling of a
  catalogued one (its catalogued keys are still checked);
- a key of the older major version (``buildModules``, ``router.base``, an item's
  ``ssr`` in ``plugins``: older_keys.py names what replaced it): a warning;
- an unknown top-level key: a warning when it is a brand spelling (``vite``:
  brands.py names its neutral key), a near spelling of a known key, or a scalar
  or a list (a module's options are an object); else an info (module options
  such as ``i18n`` are kept untouched);
- a near spelling of ``public`` under ``runtimeConfig``: a warning (its values
  would be server-only);
- an unknown key inside a known group: a warning, with "did you mean" when a
  known key of the group is a near spelling, or the same key is catalogued in
  a related group (below).

Which other place a key was meant for: key_places.py.

``$development``, ``$production``, ``$test`` and ``$env.<name>`` blocks hold
options for one environment: their contents are checked like the top level.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fwk_tui.catalog.framework import framework_field, framework_keys, framework_type
from fwk_tui.catalog.models import Option, Variant
from fwk_tui.catalog.types import TypeExpr
from fwk_tui.paths import OptionPath, format_path
from fwk_tui.source.values import UNDEFINED, Code
from fwk_tui.validate.brands import BRAND_KEYS
from fwk_tui.validate.diagnostics import Diagnostic, Fix, Severity
from fwk_tui.validate.framework_shape import RULE as SHAPE_RULE
from fwk_tui.validate.framework_shape import fits, framework_issues, judged
from fwk_tui.validate.index import CatalogIndex, is_free_form
from fwk_tui.validate.key_places import Places
from fwk_tui.validate.merge_fix import merge_fix
from fwk_tui.validate.older_keys import OLDER_ITEM_KEYS, OLDER_KEYS, Successor, older_fix
from fwk_tui.validate.text import closest, js_text, nearest, quote_list
from fwk_tui.validate.tolerated import tolerated
from fwk_tui.validate.typecheck import NO_FIX, Issue, compile_type

# Groups passed through to another tool: unknown keys below them are not ours to judge.
PASS_THROUGH: dict[OptionPath, str] = {
    ("vbuild",): "passed directly to the bundler",
    ("srv",): "options of the server engine",
    ("cssproc", "plugins"): "a map of CSS plugins by name",
}
# Variant A names these groups without children (the reference, "Variant A").
NAMED_ONLY_IN_A = ("experimental", "features", "future")
# future.compatibilityVersion: 4 chooses variant A (variant.py), though only B lists it.
CHOOSES_A: OptionPath = ("future", "compatibilityVersion")
ENV_BLOCKS = ("$development", "$production", "$test")
# runtimeConfig's blocks that reach the browser (the reference, runtimeConfig).
RUNTIME_BLOCKS = ("public", "app")

# What these rules report is a key itself (its name, its place, its variant), so they point at the key.
KEY_RULES = frozenset({"unknown-key", "unknown-group", "alias", "other-variant", "framework-key"})

_NORMAL, _PASS, _FREE = 0, 1, 2
_MAX_LISTED = 8


class KeyChecker:
    """One walk over a config's values; collects diagnostics in :attr:`out`."""

    def __init__(self, index: CatalogIndex, variant: Variant, values: dict[str, Any]) -> None:
        self.index = index
        self.variant = variant
        self.places = Places(index, variant)
        self.values = values
        self.out: list[Diagnostic] = []

    def run(self) -> list[Diagnostic]:
        """Check every key of the config."""
        self._object(self.values, (), (), _NORMAL)
        return self.out

    # -- walking -------------------------------------------------------------------

    def _object(self, obj: dict[str, Any], actual: OptionPath, canon: OptionPath, mode: int) -> None:
        for key, value in obj.items():
            here = (*actual, key)
            if not canon and not actual and self._env_block(key, value, here):
                continue
            target = (*canon, key)
            canonical_key = self.index.alias_keys.get((canon, key))
            if canonical_key is not None and target not in self.index.options and not self.index.is_group(target):
                self._alias(here, key, canonical_key)
                target = (*canon, canonical_key)
            self._visit(value, here, target, mode)

    def _env_block(self, key: str, value: Any, here: OptionPath) -> bool:
        """Check a ``$production``-style block like the top level; True when ``key`` is one."""
        if key not in ENV_BLOCKS and key != "$env":
            return False
        if not isinstance(value, dict):
            return False
        if key == "$env":
            for name, block in value.items():
                if isinstance(block, dict):
                    self._object(block, (*here, name), (), _NORMAL)
            return True
        self._object(value, here, (), _NORMAL)
        return True

    def _visit(self, value: Any, actual: OptionPath, canon: OptionPath, mode: int) -> None:
        option = self.index.options.get(canon)
        if option is not None and (option.in_variant(self.variant) or not self.index.is_group(canon)):
            self._option(option, value, actual, canon)
            return
        if self.index.is_group(canon):
            self._group(value, actual, canon, mode)
            return
        self._unknown(value, actual, canon, mode)

    def _option(self, option: Option, value: Any, actual: OptionPath, canon: OptionPath) -> None:
        cap: Severity | None = None
        if not option.in_variant(self.variant):
            cap = "warning"
            if not (canon == CHOOSES_A and value == 4):  # the headline says this key chose variant A
                self._other_variant(option, actual, canon)
        if canon == ("runtimeConfig",) and isinstance(value, dict):
            self._runtime_blocks(value, actual)
        if isinstance(value, list):
            value = self._older_items(canon, value, actual)
        type_ = option.type_for(self.variant if option.in_variant(self.variant) else option.variants[0])
        framework = framework_type(canon, self.variant)
        if not self._tolerated(canon, type_, value, actual, cap, framework):
            self._type(type_, value, actual, cap, framework)
        if is_free_form(type_) and isinstance(value, dict) and self.index.is_group(canon):
            # `experimental` in variant A is a plain object, yet B's children are catalogued.
            self._object(value, actual, canon, _FREE)

    def _other_variant(self, option: Option, actual: OptionPath, canon: OptionPath) -> None:
        other = "/".join(option.variants)
        if self.variant == "A" and canon[0] in NAMED_ONLY_IN_A and len(canon) > 1:
            message = f"documented for variant {other}; variant A lists no children of {canon[0]}"
            self._say("info", actual, message, "other-variant")
            return
        message = f"{option.path} is an option of variant {other} only (this file is checked as variant {self.variant})"
        self._say("warning", actual, message, "other-variant")

    def _runtime_blocks(self, config: dict[str, Any], actual: OptionPath) -> None:
        """A near spelling of ``public`` or ``app`` under runtimeConfig, whose values would silently be server-only."""
        for key, value in config.items():
            if not isinstance(value, dict) or key in RUNTIME_BLOCKS:
                continue
            # `app` is one edit from `api` and `ap`: only its own letters in another order or case count.
            near = closest(key, ("public",)) or ("app" if sorted(key.lower()) == sorted("app") else None)
            if near is None:
                continue
            here = (*actual, key)
            message = f"{key} is not a block the browser reads; did you mean {near}? Its values are now server-only"
            fix = None
            if near in config:
                message += f" ({near} is written too: merge the two)"
                fix = self._merge(here, near)
            else:
                fix = Fix("rename", format_path(here), f"Rename {key} to {near}", new_key=near)
            self._say("warning", here, message, "unknown-key", fix)

    def _tolerated(
        self,
        canon: OptionPath,
        type_: TypeExpr,
        value: Any,
        actual: OptionPath,
        cap: Severity | None,
        framework: TypeExpr | None,
    ) -> bool:
        """Report a value holding a tolerated shape (see tolerated.py); True when it holds one.

        The framework's own type judges: a shape it takes is an info; one it refuses is not tolerated."""
        issues = tolerated(canon, type_, value, actual)
        if issues is None:
            return False
        if framework is not None:
            if not fits(framework, value):
                return False
            issues = [replace(i, severity="info") if i.rule == SHAPE_RULE else i for i in issues]
        self._report(issues, cap)
        return True

    def _group(self, value: Any, actual: OptionPath, canon: OptionPath, mode: int) -> None:
        if isinstance(value, dict):
            self._object(value, actual, canon, _PASS if canon in PASS_THROUGH else mode)
            return
        if value is UNDEFINED:
            return
        known = self.index.children[canon]
        listed = ", ".join(format_path((*canon, k)) for k in known[:3])
        wanted = f"an object of options ({listed}{', …' if len(known) > 3 else ''})"
        if isinstance(value, Code) and value.kind == "expr":
            self._say("info", actual, f"not checked (code); expected {wanted}", "code-value")
        else:
            self._say("error", actual, f"expected {wanted}, got {js_text(value)}", "type")

    def _unknown(self, value: Any, actual: OptionPath, canon: OptionPath, mode: int) -> None:
        parent, key = canon[:-1], str(canon[-1])
        older = OLDER_KEYS.get(format_path(canon))
        if older is not None:
            self._older(format_path(canon), value, actual, older, actual[: len(actual) - len(canon)])
            return
        if not parent and key in BRAND_KEYS:
            self._brand(key, actual)
            return
        if mode == _PASS:
            return  # handed unread to another tool (the bundler, the server engine): its keys are not ours to guess
        if parent and self._framework_key(parent, key, value, actual):
            return
        # The framework's own keys there are spellings a misspelt key may have meant, too.
        documented = self.index.children.get(parent, ())
        siblings = (*documented, *(k for k in framework_keys(parent, self.variant) if k not in documented))
        # The distance allowed is small enough that real bundler keys next to
        # catalogued ones (include/exclude) are not taken for misspellings.
        near = closest(key, siblings) or self.places.the_one_that_fits(nearest(key, siblings), parent, value)
        if near is not None:
            more: tuple[Fix, ...] = ()
            meant = (*actual[:-1], near)
            if _has(self.values, meant):
                # Renaming would give the object the key twice: the misspelt copy does nothing. Two objects
                # merge (its values kept); else it goes.
                fix = Fix(
                    "unset", format_path(actual), f"Remove {key} ({near} is already set)", new_path=format_path(meant)
                )
                merge = self._merge(actual, near)
                if merge is not None:
                    fix, more = merge, (fix,)
                message = f"unknown option {key}; did you mean {near}? ({near} is already set)"
            else:
                fix = Fix("rename", format_path(actual), f"Rename {key} to {near}", new_key=near)
                message = f"unknown option {key}; did you mean {near}?"
            self._say("warning", actual, message, "unknown-key", fix, more=more)
            return
        if mode != _NORMAL:
            return  # handed to another tool, or variant A lists no children here
        elsewhere = self.places.same_key_elsewhere(key, value, parent)
        if elsewhere is not None:
            self._moved(actual, actual[: len(actual) - len(canon)], elsewhere)
            return
        if not parent and (isinstance(value, dict) or (isinstance(value, Code) and value.kind == "expr")):
            self._say(
                "info",
                actual,
                f"{key} is not in the reference: kept untouched (the options of a module?)",
                "unknown-group",
            )
            return
        if not parent and value is False:
            # The framework's module loader reads a module's key set to false as "this module is off".
            message = f"{key} is not in the reference: false turns off the module whose options it names"
            self._say("info", actual, message, "unknown-group")
            return
        if not parent:
            self._say(
                "warning",
                actual,
                f"{key} is not a top-level option of the reference, and {js_text(value)} is not a module's "
                "options (those are an object)",
                "unknown-key",
            )
            return
        where = format_path(parent)
        listed = quote_list(documented[:_MAX_LISTED]) + (", …" if len(documented) > _MAX_LISTED else "")
        self._say(
            "warning",
            actual,
            f"unknown option {key}: the reference lists no such key under {where} (it lists {listed})",
            "unknown-key",
        )

    def _framework_key(self, parent: OptionPath, key: str, value: Any, actual: OptionPath) -> bool:
        """A key the reference does not list but the framework's own type has there: an info, its value
        checked against that type (the framework refuses what does not fit it). True when it is one."""
        field = framework_field(parent, key, self.variant)
        if field is None:
            return False
        where = format_path(parent)
        self._say(
            "info",
            actual,
            f"{key} is not in the reference's list for {where}; the framework's own type has it",
            "framework-key",
        )
        self._report(framework_issues(field, value, actual), None)
        return True

    def _moved(self, actual: OptionPath, prefix: OptionPath, target: OptionPath) -> None:
        fix = None
        where_to = (*prefix, *target)
        if not _has(self.values, where_to):
            to = format_path(where_to)
            fix = Fix("move", format_path(actual), f"Move {format_path(actual)} to {to}", new_path=to)
        where = "a top-level option" if len(actual) == 1 else f"an option of {format_path(actual[:-1])}"
        shown = format_path(where_to)
        self._say("warning", actual, f"{actual[-1]} is not {where}; did you mean {shown}?", "unknown-key", fix)

    def _older_items(self, canon: OptionPath, items: list[Any], actual: OptionPath) -> list[Any]:
        """Report the older keys of a list's items (``plugins: [{src, ssr: false}]``); the items without them."""
        older = {key: s for (where, key), s in OLDER_ITEM_KEYS.items() if where == format_path(canon)}
        if not older:
            return items
        kept: list[Any] = []
        for i, item in enumerate(items):
            if isinstance(item, dict) and older.keys() & item.keys():
                for key in [k for k in item if k in older]:
                    self._older(key, item[key], (*actual, i, key), older[key], (*actual, i))
                item = {k: v for k, v in item.items() if k not in older}
            kept.append(item)
        return kept

    def _older(self, name: str, value: Any, actual: OptionPath, successor: Successor, base: OptionPath) -> None:
        """Warn at older key ``name``; a successor's path is taken from ``base`` (see history.Move)."""
        move = successor.move(value) if successor.move is not None else None
        advice = move.advice if move is not None and move.advice is not None else successor.advice
        message = f"{name} is a key of the framework's older major version, which this one no longer reads: {advice}"
        fix = older_fix(name, value, actual, move, base, self._written)
        self._say("warning", actual, message, "older-major-key", fix, True)

    def _brand(self, key: str, actual: OptionPath) -> None:
        brand = BRAND_KEYS[key]
        message = f"{key} is not read; did you mean {brand.key} (the neutral name of {brand.what}, see naming.md)?"
        fix = None
        if _has(self.values, (*actual[:-1], brand.key)):
            message += f" {brand.key} is written too: merge the two"
            fix = self._merge(actual, brand.key)
        else:
            fix = Fix("rename", format_path(actual), f"Rename {key} to {brand.key}", new_key=brand.key)
        self._say("warning", actual, message, "unknown-key", fix)

    def _alias(self, actual: OptionPath, key: str, canonical: str) -> None:
        message = f"{key} is the literal spelling of {canonical}; the canonical key is {canonical}"
        fix = None
        if _has(self.values, (*actual[:-1], canonical)):
            message += f"; both are written: merge {key} into {canonical}"
            fix = self._merge(actual, canonical)
        else:
            fix = Fix("rename", format_path(actual), f"Rename {key} to {canonical}", new_key=canonical)
        self._say("warning", actual, message, "alias", fix)

    def _written(self, path: OptionPath) -> bool:
        return _has(self.values, path)

    def _merge(self, actual: OptionPath, near: str) -> Fix | None:
        """The fix merging the object at ``actual`` into its sibling ``near`` when both are objects, else None."""
        into = (*actual[:-1], near)
        moved, existing = _get(self.values, actual), _get(self.values, into)
        if isinstance(moved, dict) and isinstance(existing, dict):
            return merge_fix(actual, into, moved, existing)
        return None

    # -- reporting -----------------------------------------------------------------

    def _type(
        self, type_: TypeExpr, value: Any, actual: OptionPath, cap: Severity | None, framework: TypeExpr | None = None
    ) -> None:
        issues: list[Issue] = []
        compile_type(type_)(value, actual, issues)
        self._report(judged(issues, type_, framework, value, actual), cap)

    def _report(self, issues: list[Issue], cap: Severity | None) -> None:
        for issue in issues:
            severity: Severity = issue.severity
            if cap == "warning" and severity == "error":
                severity = "warning"
            self._say(severity, issue.path, issue.message, issue.rule, _issue_fix(issue), issue.about_key)

    def _say(
        self,
        severity: Severity,
        path: OptionPath,
        message: str,
        rule: str,
        fix: Fix | None = None,
        on_key: bool = False,
        *,
        more: tuple[Fix, ...] = (),
    ) -> None:
        about_key = on_key or rule in KEY_RULES
        d = Diagnostic(severity, format_path(path), message, rule, fix, about_key=about_key, other_fixes=more)
        self.out.append(d)


def _issue_fix(issue: Issue) -> Fix | None:
    path = format_path(issue.path)
    if issue.new_key is not None:
        return Fix("rename", path, f"Rename {issue.path[-1]} to {issue.new_key}", new_key=issue.new_key)
    if issue.fix_value is not NO_FIX:
        return Fix("set", path, issue.fix_title or f"Set {path} to {js_text(issue.fix_value)}", value=issue.fix_value)
    return None


_MISSING = object()


def _has(values: dict[str, Any], path: OptionPath) -> bool:
    """True when ``values`` set ``path``."""
    return _get(values, path) is not _MISSING


def _get(values: dict[str, Any], path: OptionPath) -> Any:
    """The value ``values`` set at ``path``; ``_MISSING`` when none."""
    node: Any = values
    for seg in path:
        if isinstance(node, list) and isinstance(seg, int) and seg < len(node):  # noqa: SIM114 (a list: an int)
            node = node[seg]
        elif isinstance(node, dict) and seg in node:
            node = node[seg]
        else:
            return _MISSING
    return node
