"""Property tests: round trips, set/get, set/unset and valid output over random configs.

Configs are written by an emitter independent of the engine's renderer, in a
random style: indent, quotes, trailing commas, comments, blank lines, CRLF, BOM,
wrappers, number and string spellings.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fwk_tui.paths import OptionPath
from fwk_tui.source import Code, ConfigDocument
from fwk_tui.source.parse import parse_bytes

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")

identifiers = st.from_regex(r"[a-zA-Z_$][a-zA-Z0-9_$]{0,7}", fullmatch=True)
odd_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=8)
keys = st.one_of(identifiers, odd_text).filter(lambda k: k not in ("hooks", "__proto__"))
codes = st.sampled_from(
    [
        Code("process.env.PORT"),
        Code("resolve('./x')"),
        Code("() => 1"),
        Code("foo"),
        Code("a ? b : c"),
        Code("`x${y}`"),
        Code("/ab+c/gi", "regex"),
    ]
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False, allow_infinity=False),
    odd_text,
)


def json_like(leaves: st.SearchStrategy[Any] = scalars) -> st.SearchStrategy[Any]:
    """Nested dicts and lists of ``leaves``, a few levels deep."""
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(keys, inner, max_size=4),
        ),
        max_leaves=12,
    )


config_values = st.dictionaries(keys, json_like(st.one_of(scalars, codes)), min_size=1, max_size=6)


@dataclass
class Written:
    """A generated config: its source text and the values it stands for."""

    text: str
    values: dict[str, Any]


class _Emitter:
    """Writes values as JavaScript in a style drawn at random."""

    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw
        self.indent = draw(st.sampled_from(["  ", "    ", "\t"]))
        self.quote = draw(st.sampled_from(["'", '"']))
        self.trailing = draw(st.booleans())
        self.nl = draw(st.sampled_from(["\n", "\r\n"]))
        self.brace_space = draw(st.booleans())
        self.comments = draw(st.booleans())

    def value(self, value: Any, level: int) -> str:
        if isinstance(value, Code):
            return value.text
        if value is None:
            return "null"
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, int):
            return self.integer(value)
        if isinstance(value, float):
            return self.floating(value)
        if isinstance(value, str):
            return self.string(value)
        if isinstance(value, list):
            return self.container("[", "]", [(None, v) for v in value], level)
        return self.container("{", "}", list(value.items()), level)

    def integer(self, value: int) -> str:
        spelling = self.draw(st.sampled_from(["plain", "hex", "underscore", "octal", "binary"]))
        sign, n = ("-", -value) if value < 0 else ("", value)
        if spelling == "hex":
            return f"{sign}0x{n:x}"
        if spelling == "octal":
            return f"{sign}0o{n:o}"
        if spelling == "binary":
            return f"{sign}0b{n:b}"
        if spelling == "underscore" and n >= 1000:
            return sign + f"{n:,}".replace(",", "_")
        return str(value)

    def floating(self, value: float) -> str:
        text = repr(value)
        if self.draw(st.booleans()) and text.startswith("0."):
            return text[1:]  # leading-dot spelling: .5
        return text

    def string(self, value: str, template: bool = True) -> str:
        if template and self.draw(st.booleans()) and "\r" not in value:
            return self.template(value)
        quote = self.quote
        out = []
        for ch in value:
            code = ord(ch)
            if ch == "\\":
                out.append("\\\\")
            elif ch == quote:
                out.append("\\" + quote)
            elif ch == "\n":
                out.append(self.draw(st.sampled_from(["\\n", "\\x0a", "\\u000a", "\\u{a}"])))
            elif code < 0x20 or code in (0x2028, 0x2029) or 0x7F <= code <= 0x9F:
                out.append(f"\\u{code:04x}")
            elif code > 0xFFFF and self.draw(st.booleans()):
                out.append(f"\\u{{{code:x}}}")
            elif code > 0x7F and self.draw(st.booleans()):
                out.append(self._utf16_escape(ch))
            else:
                out.append(ch)
        if self.draw(st.booleans()) and len(out) > 1:
            out.insert(1, "\\" + self.nl)  # a line continuation reads as nothing
        return quote + "".join(out) + quote

    @staticmethod
    def _utf16_escape(ch: str) -> str:
        units = ch.encode("utf-16-be")
        return "".join(f"\\u{units[i]:02x}{units[i + 1]:02x}" for i in range(0, len(units), 2))

    def template(self, value: str) -> str:
        out = []
        for ch in value:
            code = ord(ch)
            if ch in "\\`$":
                out.append("\\" + ch)
            elif ch == "\n":
                out.append("\n")  # a raw line break inside a template is a value
            elif code < 0x20 or 0x7F <= code <= 0x9F or code in (0x2028, 0x2029):
                out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
            else:
                out.append(ch)
        return "`" + "".join(out) + "`"

    def key(self, key: str) -> str:
        if _IDENT.fullmatch(key) and not self.draw(st.integers(0, 4)) == 0:
            return key
        if not _IDENT.fullmatch(key) and self.draw(st.integers(0, 3)) == 0:
            return f"[{self.string(key)}]"
        return self.string(key, template=False)

    def container(
        self, open_: str, close: str, items: list[tuple[str | None, Any]], level: int, multi: bool = False
    ) -> str:
        if not items:
            if open_ == "[":
                return "[]"
            return self.empty_object(level)
        scalar = all(not isinstance(v, (list, dict)) for _k, v in items)
        parts = [self._item(k, v, level + 1) for k, v in items]
        if scalar and not multi and self.draw(st.booleans()):
            pad = " " if self.brace_space and open_ == "{" else ""
            tail = "," if self.draw(st.booleans()) and open_ == "[" else ""
            return f"{open_}{pad}{', '.join(parts)}{tail}{pad}{close}"
        inner = self.indent * (level + 1)
        if open_ == "{" and self.draw(st.integers(0, 5)) == 0:
            # A spread is kept but has no key: edits must leave it in place.
            parts.insert(self.draw(st.integers(0, len(parts))), "...spread")
        lines = []
        i = 0
        while i < len(parts):
            group = 2 if i + 1 < len(parts) and self.draw(st.integers(0, 5)) == 0 else 1
            last = i + group == len(parts)
            if self.comments and self.draw(st.integers(0, 5)) == 0:
                lines.append("")
            if self.comments and self.draw(st.integers(0, 4)) == 0:
                lines.append(f"{inner}// note {i}")
            comma = "," if not last or self.trailing else ""
            tail = f" // {i} here" if self.comments and self.draw(st.integers(0, 4)) == 0 else ""
            lines.append(f"{inner}{', '.join(parts[i : i + group])}{comma}{tail}")
            i += group
        if self.comments and self.draw(st.integers(0, 6)) == 0:
            lines.append(f"{inner}/* end */")
        body = self.nl.join(lines)
        return f"{open_}{self.nl}{body}{self.nl}{self.indent * level}{close}"

    def empty_object(self, level: int) -> str:
        """``{}`` in one of the layouts people leave an empty object in."""
        outer = self.indent * level
        return self.draw(
            st.sampled_from(
                [
                    "{}",
                    "{ }",
                    f"{{{self.nl}{outer}}}",
                    f"{{{self.nl}{self.nl}{outer}}}",
                    "{ /* later */ }",
                    f"{{{self.nl}{outer}{self.indent}// later{self.nl}{outer}}}",
                ]
            )
        )

    def _item(self, key: str | None, value: Any, level: int) -> str:
        rendered = self.value(value, level)
        if key is None:
            return rendered
        if not isinstance(value, (list, dict)) and self.draw(st.integers(0, 8)) == 0:
            # A long value on the line after its key.
            return f"{self.key(key)}:{self.nl}{self.indent * (level + 1)}{rendered}"
        return f"{self.key(key)}: {rendered}"


@st.composite
def written_configs(draw: st.DrawFn) -> Written:
    """A config file in a random style with the values it holds."""
    values = {} if draw(st.integers(0, 9)) == 0 else draw(config_values)
    emit = _Emitter(draw)
    semi = ";" if draw(st.booleans()) else ""
    nl = emit.nl
    obj = emit.container("{", "}", list(values.items()), 0, multi=True)
    wrapper = draw(st.sampled_from(["define", "default", "module", "const", "satisfies"]))
    if wrapper == "define":
        body = f"export default defineFwkConfig({obj}){semi}"
    elif wrapper == "default":
        body = f"export default {obj}{semi}"
    elif wrapper == "module":
        body = f"module.exports = {obj}{semi}"
    elif wrapper == "const":
        body = f"const config = {obj}{semi}{nl}{nl}export default config{semi}"
    else:
        body = f"export default {obj} satisfies FwkConfig{semi}"
    header = ""
    if draw(st.booleans()):
        header = f"import {{ x }} from {emit.string('./x', template=False)}{semi}{nl}// header comment{nl}{nl}"
    bom = "\ufeff" if draw(st.booleans()) else ""
    final = nl if draw(st.booleans()) else ""
    return Written(f"{bom}{header}{body}{final}", values)


def _paths(value: Any, prefix: OptionPath = ()) -> list[tuple[OptionPath, Any]]:
    out: list[tuple[OptionPath, Any]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            out.append(((*prefix, k), v))
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.append(((*prefix, i), v))
            out.extend(_paths(v, (*prefix, i)))
    return out


def _objects(values: dict[str, Any]) -> list[tuple[OptionPath, dict[str, Any]]]:
    return [((), values)] + [(p, v) for p, v in _paths(values) if isinstance(v, dict)]


def _assign(tree: Any, path: OptionPath, value: Any) -> Any:
    result = copy.deepcopy(tree)
    target = result
    for seg in path[:-1]:
        target = target[seg]
    if isinstance(target, list) and path[-1] == len(target):
        target.append(value)
    else:
        target[path[-1]] = value
    return result


def _parses_cleanly(doc: ConfigDocument) -> None:
    fresh = parse_bytes(doc.text.encode())
    assert not fresh.root_node.has_error, doc.text
    # The incremental re-parse must agree with a parse from scratch.
    assert str(fresh.root_node) == str(doc.tree.root_node)


@SETTINGS
@given(written_configs())
def test_parse_then_write_is_byte_identical(written: Written) -> None:
    doc = ConfigDocument.parse(written.text)
    assert doc.text == written.text
    assert doc.data == written.text.encode()


@SETTINGS
@given(written_configs())
def test_values_read_back_what_was_written(written: Written) -> None:
    assert ConfigDocument.parse(written.text).values() == written.values


@SETTINGS
@given(written_configs(), st.data())
def test_set_then_get_returns_the_value(written: Written, data: st.DataObject) -> None:
    doc = ConfigDocument.parse(written.text)
    choices = [p for p, _ in _paths(written.values)] + [
        (*p, k) for p, obj in _objects(written.values) for k in ["fresh", "new key", "ünï"] if k not in obj
    ]
    path = data.draw(st.sampled_from(choices))
    value = data.draw(json_like())
    edited = doc.set(path, value)
    assert edited.get(path) == value
    assert edited.values() == _assign(written.values, path, value)
    _parses_cleanly(edited)


@SETTINGS
@given(written_configs(), st.data())
def test_set_creates_missing_objects_on_the_way(written: Written, data: st.DataObject) -> None:
    doc = ConfigDocument.parse(written.text)
    base, obj = data.draw(st.sampled_from(_objects(written.values)))
    first = data.draw(keys.filter(lambda k: k not in obj))
    rest = tuple(data.draw(st.lists(keys, min_size=1, max_size=3)))
    value = data.draw(scalars)
    path = (*base, first, *rest)
    edited = doc.set(path, value)
    assert edited.get(path) == value
    _parses_cleanly(edited)
    # Unsetting it removes the objects the set created: the file comes back.
    assert edited.unset(path, keep=doc.empty_objects()).text == written.text


@SETTINGS
@given(written_configs(), st.data())
def test_set_missing_key_then_unset_restores_the_bytes(written: Written, data: st.DataObject) -> None:
    doc = ConfigDocument.parse(written.text)
    base, obj = data.draw(st.sampled_from(_objects(written.values)))
    key = data.draw(keys.filter(lambda k: k not in obj))
    value = data.draw(json_like(st.one_of(scalars, codes)))
    edited = doc.set((*base, key), value)
    _parses_cleanly(edited)
    # Objects empty in the file (the config object included) are kept, in their own layout.
    assert edited.unset((*base, key), keep=doc.empty_objects()).text == written.text


@SETTINGS
@given(written_configs(), st.data())
def test_unset_removes_only_that_value(written: Written, data: st.DataObject) -> None:
    doc = ConfigDocument.parse(written.text)
    paths = [p for p, _ in _paths(written.values)]
    assume(paths)
    path = data.draw(st.sampled_from(paths))
    expected = copy.deepcopy(written.values)
    target = expected
    for seg in path[:-1]:
        target = target[seg]
    del target[path[-1]]
    removed = doc.remove(path)  # remove leaves the container, even empty
    assert removed.values() == expected
    _parses_cleanly(removed)

    edited = doc.unset(path)
    assert not edited.has(path) or isinstance(path[-1], int)
    # unset also removes each object member it leaves empty, upward; one that
    # stays holds a comment or a spread.
    for depth in range(len(path) - 1, 0, -1):
        above = path[:depth]
        holder = expected
        for seg in above[:-1]:
            holder = holder[seg]
        if not isinstance(above[-1], str) or holder[above[-1]] != {}:
            break
        if edited.has(above):
            span = edited.span(above)
            assert re.search(rb"/[/*]|\.\.\.", edited.data[span.start : span.end]), edited.text
            break
        del holder[above[-1]]
    assert edited.values() == expected
    _parses_cleanly(edited)


@SETTINGS
@given(written_configs(), st.data())
def test_array_insert_and_move_keep_the_other_items(written: Written, data: st.DataObject) -> None:
    arrays = [(p, v) for p, v in _paths(written.values) if isinstance(v, list)]
    assume(arrays)
    path, items = data.draw(st.sampled_from(arrays))
    doc = ConfigDocument.parse(written.text)
    index = data.draw(st.integers(0, len(items)))
    value = data.draw(json_like())
    inserted = doc.insert(path, index, value)
    assert inserted.get(path) == items[:index] + [value] + items[index:]
    _parses_cleanly(inserted)
    if items:
        source = data.draw(st.integers(0, len(items) - 1))
        target = data.draw(st.integers(0, len(items) - 1))
        moved = doc.move((*path, source), target)
        expected = list(items)
        expected.insert(target, expected.pop(source))
        assert moved.get(path) == expected
        _parses_cleanly(moved)


@SETTINGS
@given(written_configs(), st.data())
def test_rename_keeps_the_value_under_the_new_key(written: Written, data: st.DataObject) -> None:
    candidates = [(p, v) for p, v in _paths(written.values) if isinstance(p[-1], str)]
    assume(candidates)
    path, value = data.draw(st.sampled_from(candidates))
    parent = written.values
    for seg in path[:-1]:
        parent = parent[seg]
    new_key = data.draw(keys.filter(lambda k: k not in parent))
    renamed = ConfigDocument.parse(written.text).rename(path, new_key)
    assert renamed.get((*path[:-1], new_key)) == value
    assert not renamed.has(path)
    _parses_cleanly(renamed)


@settings(max_examples=200, deadline=None)
@given(json_like())
def test_json_input_reads_as_the_same_value(value: Any) -> None:
    from fwk_tui.source import read_expression

    text = json.dumps(value, ensure_ascii=False)
    assert read_expression(text) == json.loads(text)
