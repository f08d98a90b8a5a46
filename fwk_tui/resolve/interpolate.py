"""``${NAME}`` and ``$NAME`` in run-time variables, filled in as the loader's dotenv step does, within bounds.

The loader goes through the variables in order, and fills each value from the
others as they are by then (an earlier one already filled in, so filled once
more). A reference to a variable that is being filled, however indirectly,
makes the whole value empty; ``\\$`` keeps a dollar. Each reference replaces
the first occurrence of its text, with JavaScript's ``String.replace``: in the
text put in, ``$$``, ``$&``, ``$``` and ``$'`` mean what they mean there.

The same answer here, with bounds the loader does not have:

- a variable on no cycle of references gives the same text wherever it is met,
  so it is filled once and remembered: a chain of references, or a value that
  doubles at each level, costs its output, not one walk per path;
- no recursion: a chain of any length is a loop over an explicit stack;
- a value filled in is at most :data:`EXPANDED_LIMIT` characters, and one read
  does at most :data:`WORK_LIMIT` units of work (characters made or searched,
  64 a reference): a variable beyond either keeps its text as written, and
  the caller says so.
"""

from __future__ import annotations

import gc
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from fwk_tui.userfiles import MAX_TEXT_BYTES

EXPANDED_LIMIT = MAX_TEXT_BYTES
"""The longest value interpolation makes (characters): 1 MB, as for the ``.env`` file itself."""
WORK_LIMIT = 64 * MAX_TEXT_BYTES
"""The work one read of the variables may do; a 1 MB ``.env`` of references takes about half of it."""
_STEP = 64  # the work of one reference, in characters: looking it up costs about as much as copying 64

TOO_LONG = "too-long"
TOO_MUCH_WORK = "too-much-work"

# The loader's pattern: the character before the dollar (not a line break, as in JavaScript), the braces, the name.
_REFERENCE = re.compile(r"([^\n\r\u2028\u2029]?)\$\{?([\w:]+)?\}?", re.ASCII)
_SPECIAL = re.compile(r"\$[$&`']")
_NO_CYCLE = 1 << 62


class _OutOfWork(Exception):
    pass


@dataclass(slots=True)
class _Frame:
    """One value being filled: the text as written, and what is made of it so far."""

    name: str
    text: str
    depth: int  # where the variable is on the path of references; -1 for the one filled at the top
    pos: int = 0  # where the next reference is looked for
    ref: re.Match[str] | None = None  # the reference at hand
    pieces: list[str] = field(default_factory=list)
    size: int = 0  # the length of the pieces
    gap: int = 0  # text[gap:] is still as written
    dollar: bool = False  # a "$" in the pieces: an earlier occurrence of a reference's text may be there
    low: int = _NO_CYCLE  # the smallest depth a reference in this value, or below it, met on the path
    hit: bool = False  # a reference to a variable on the path: the value is empty
    over: bool = False  # longer than EXPANDED_LIMIT


def fill_variables(values: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """The values with their references filled in, and for each left as written why (TOO_LONG, TOO_MUCH_WORK)."""
    with without_collection():
        return _Filler(values).run()


@contextmanager
def without_collection() -> Iterator[None]:
    """No garbage collection inside: reading a large ``.env`` keeps many objects alive and makes no cycles, so
    collecting would only cost time (four times the work of a long chain of references)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class _Filler:
    def __init__(self, values: dict[str, str]) -> None:
        self.values = dict(values)
        self.memo: dict[str, str | None] = {}  # a variable on no cycle: its text filled in (None: too long)
        self.parents: defaultdict[str, set[str]] = defaultdict(set)  # who read a variable, to forget on a change
        self.work = 0

    def run(self) -> tuple[dict[str, str], dict[str, str]]:
        left: dict[str, str] = {}
        for name in list(self.values):
            text = self.values[name]
            if "$" not in text:
                continue
            try:
                # Read by another before, on no cycle: it is remembered, and the same read from the top.
                filled = self.memo[name] if name in self.memo else self._evaluate(name, on_path=False)
            except _OutOfWork:
                left[name] = TOO_MUCH_WORK
                continue
            if filled is None:
                left[name] = TOO_LONG
            elif filled != text:
                self._change(name, filled)
        return self.values, left

    def _charge(self, amount: int) -> None:
        self.work += amount
        if self.work > WORK_LIMIT:
            raise _OutOfWork

    def _change(self, name: str, text: str) -> None:
        """``name`` is filled in: what was remembered of the variables that read it may be wrong now."""
        self.values[name] = text
        if name in self.memo:
            before = self.memo.pop(name)
            try:
                again = text if "$" not in text else self._evaluate(name, on_path=True)
                if "$" not in text:
                    self.memo[name] = text
                if again == before and name in self.memo:
                    return  # read again, it gives what its readers had
            except _OutOfWork:
                pass
        readers = list(self.parents.pop(name, ()))
        while readers:
            reader = readers.pop()
            self.memo.pop(reader, None)
            readers.extend(self.parents.pop(reader, ()))

    def _frame(self, name: str, depth: int) -> _Frame:
        text = self.values[name]
        self._charge(_STEP + (len(text) if "$" in text else 0))
        return _Frame(name, text, depth)

    def _evaluate(self, name: str, *, on_path: bool) -> str | None:
        """``name``'s value filled in ("" on a cycle, None when too long), with ``name`` on the path or not."""
        path: dict[str, int] = {name: 0} if on_path else {}
        stack = [self._frame(name, 0 if on_path else -1)]
        while True:
            frame = stack[-1]
            ref = frame.ref = _REFERENCE.search(frame.text, frame.pos)
            if ref is not None:
                frame.pos = ref.end()
            else:
                stack.pop()
                value = self._finish(frame)
                if frame.depth >= 0:
                    del path[frame.name]
                    if frame.low > frame.depth:  # met nothing on the path: the same text wherever it is read
                        self.memo[frame.name] = value
                if not stack:
                    return value
                parent = stack[-1]
                parent.low = min(parent.low, frame.low)
                self._put(parent, value)
                continue
            self.work += _STEP
            if self.work > WORK_LIMIT:
                raise _OutOfWork
            if ref.group(1) == "\\":
                self._put(frame, ref.group(0).replace("\\$", "$", 1))
                continue
            key = ref.group(2)
            if key is None or key not in self.values:
                continue  # a variable that is not set: the text stays
            self.parents[key].add(frame.name)
            if key in path:
                frame.hit = True
                frame.low = min(frame.low, path[key])
            elif key in self.memo:
                self._put(frame, self.memo[key])
            elif "$" not in self.values[key]:  # nothing to fill in: its text, wherever it is read
                self._charge(_STEP)
                self.memo[key] = self.values[key]
                self._put(frame, self.values[key])
            else:
                path[key] = len(path)
                stack.append(self._frame(key, path[key]))

    def _finish(self, frame: _Frame) -> str | None:
        if frame.hit:
            return ""
        if frame.over:
            return None
        if not frame.pieces:
            return frame.text
        frame.pieces.append(frame.text[frame.gap :])
        self._charge(frame.size + len(frame.text) - frame.gap)
        return "".join(frame.pieces)

    def _put(self, frame: _Frame, value: str | None) -> None:
        """The reference at hand replaced by ``value``, at the first occurrence of its text, as JavaScript does."""
        ref = frame.ref
        assert ref is not None
        if value is None or frame.hit or frame.over:
            frame.over = frame.over or value is None
            return  # the value is "" or too long whatever comes next
        start = ref.start() if ref.group(1) == "\\" else ref.end(1)  # an escape replaces its backslash too
        part = frame.text[start : ref.end()]
        if frame.dollar and self._put_in_pieces(frame, part, value):
            return
        at = frame.text.find(part, frame.gap, start + len(part))  # the text written: at ``start`` or before it
        before = frame.text[frame.gap : at]
        if "$" in value and _SPECIAL.search(value):
            filled = self._special(value, part, lambda: "".join(frame.pieces) + before, frame.text[at + len(part) :])
            if filled is None:
                frame.over = True
                return
            value = filled
        frame.pieces += (before, value)
        frame.size += len(before) + len(value)
        frame.gap = at + len(part)
        frame.dollar = frame.dollar or "$" in before or "$" in value
        self.work += len(before) + len(value)
        if self.work > WORK_LIMIT:
            raise _OutOfWork
        if frame.size + len(frame.text) - frame.gap > EXPANDED_LIMIT:
            frame.over = True

    def _put_in_pieces(self, frame: _Frame, part: str, value: str) -> bool:
        """When what is made so far holds ``part`` (a text put in earlier, or one left unfilled), replace it there."""
        made = "".join(frame.pieces)
        self._charge(len(made))
        window = made + frame.text[frame.gap : frame.gap + len(part) - 1]
        at = window.find(part)
        if at < 0:
            frame.pieces = [made]
            return False
        if "$" in value and _SPECIAL.search(value):
            rest = window[at + len(part) :] + frame.text[frame.gap + len(part) - 1 :]
            filled = self._special(value, part, lambda: made[:at], rest)
            if filled is None:
                frame.over = True
                return True
            value = filled
        taken = max(0, at + len(part) - len(made))  # a part that began in the pieces may end in the text
        made = made[:at] + value + made[at + len(part) :]
        frame.pieces = [made]
        frame.size = len(made)
        frame.gap += taken
        frame.dollar = "$" in made
        self._charge(len(made))
        if frame.size + len(frame.text) - frame.gap > EXPANDED_LIMIT:
            frame.over = True
        return True

    def _special(self, value: str, part: str, before: Callable[[], str], after: str) -> str | None:
        """``value`` with ``$$``, ``$&``, ``$``` and ``$'`` read as ``String.replace`` reads them; None when too long."""
        head = before()
        size = len(value)
        for found in _SPECIAL.finditer(value):
            size += {"$$": 1, "$&": len(part), "$`": len(head), "$'": len(after)}[found.group(0)] - 2
        if size > EXPANDED_LIMIT:
            return None
        self._charge(size + len(head))
        table = {"$$": "$", "$&": part, "$`": head, "$'": after}
        return _SPECIAL.sub(lambda found: table[found.group(0)], value)
