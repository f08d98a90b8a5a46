"""``.env`` interpolation: the loader's answer (c12 as the oracle, quirks and cycles included), in bounded time and memory."""

from __future__ import annotations

import random
import time
from pathlib import Path

from fwk_tui.resolve.interpolate import EXPANDED_LIMIT, TOO_LONG, TOO_MUCH_WORK, fill_variables
from fwk_tui.resolve.variables import DotenvFile, read_environment, variable_notes
from tests.resolve.helpers import c12_load

NAMES = ["A", "B", "C", "AB", "D"]
# References of every shape the loader reads, escapes, unset names, text that only looks like a reference, and
# the `$$`, `$&`, `` $` ``, `$'` that JavaScript's String.replace reads in the text it puts in.
TOKENS = ["x", " ", "-", "${%s}", "$%s", "\\${%s}", "\\$%s", "$$", "$&", "$`", "$'", "${%s", "%s}", "$", "${NOPE}",
          "${}", "$%s:x", "{", "}"]  # fmt: skip


def _value(rng: random.Random) -> str:
    out = ""
    for _ in range(rng.randint(0, 6)):
        token = rng.choice(TOKENS)
        out += token % rng.choice(NAMES) if "%s" in token else token
    return out


def _ours(text: str, environ: dict[str, str] | None = None) -> dict[str, str]:
    return {n: v.value for n, v in read_environment(environ or {}, [DotenvFile(".env", text)]).items()}


def test_generated_files_are_filled_in_as_the_real_loader_fills_them(tmp_path: Path) -> None:
    rng = random.Random(31)
    texts: dict[str, str] = {}
    for i in range(300):
        names = rng.sample(NAMES, rng.randint(1, len(NAMES)))
        texts[str(i)] = "".join(f'{n}="{_value(rng)}"\n' for n in names)
        (tmp_path / f"{i}.env").write_text(texts[str(i)])
    environ = {"D": "from ${A} the process"}
    jobs = [{"id": i, "cwd": str(tmp_path), "dotenv": [f"{i}.env"], "environ": environ} for i in texts]
    theirs = c12_load(jobs)  # type: ignore[arg-type]
    wrong = [(text, _ours(text, environ), theirs[i]["value"]) for i, text in texts.items()
             if _ours(text, environ) != theirs[i]["value"]]  # fmt: skip
    assert not wrong, wrong[:3]


def test_cycles_are_as_the_loader_makes_them(tmp_path: Path) -> None:
    texts = {
        "two": "A=${B}\nB=${A}\n",
        "self": "S=x${S}y\n",
        "through": "L1=${L2}a\nL2=${L1}b\nM=pre ${L1} post\n",
        "three": "P=1${Q}\nQ=2${R}\nR=3${P}\nT=${R}${Q}\n",
    }
    for name, text in texts.items():
        (tmp_path / f"{name}.env").write_text(text)
    theirs = c12_load([{"id": n, "cwd": str(tmp_path), "dotenv": [f"{n}.env"], "environ": {}} for n in texts])
    for name, text in texts.items():
        assert _ours(text) == theirs[name]["value"], name


def test_a_chain_of_100_000_references_is_a_loop_not_a_recursion() -> None:
    values = {f"C{i}": f"${{C{i + 1}}}" for i in range(100_000)} | {"C100000": "end"}
    filled, left = fill_variables(values)
    assert not left and filled["C0"] == "end" and filled["C99999"] == "end"
    backwards = {"C0": "start", **{f"C{i}": f"${{C{i - 1}}}+" for i in range(1, 2000)}}
    filled, _ = fill_variables(backwards)
    assert filled["C1999"] == "start" + "+" * 1999


def test_a_value_that_doubles_30_times_stops_at_the_limit_with_a_note_naming_it() -> None:
    refs = ["${A}", *[f"${{L{i}}}" for i in range(1, 30)]]
    text = "A=0123456789abcdef\n" + "".join(f"L{i}={refs[i - 1] * 2}\n" for i in range(1, 31))
    read = read_environment({}, [DotenvFile("conf/.env", text)])
    assert len(read["L16"].value) == 16 * 2**16 and not read["L16"].note  # 1 MB exactly: filled in
    assert read["L17"].value == "${L16}${L16}"  # over: as written
    assert read["L17"].note == (
        "L17 (conf/.env:18) is left as written: filled in, it would be over 1 MB, the most fwk-tui fills in."
    )
    assert all(read[f"L{i}"].note for i in range(17, 31))
    notes = variable_notes(read)
    assert len(notes) == 6 and notes[-1] == "9 more variables are left as written for the same reasons."


def test_a_value_over_the_limit_is_left_as_written_and_its_readers_too() -> None:
    filled, left = fill_variables({"A": "x" * (EXPANDED_LIMIT // 2 + 1), "B": "${A}${A}", "C": "[${B}]", "D": "${A}"})
    assert left == {"B": TOO_LONG, "C": TOO_LONG}
    assert filled["B"] == "${A}${A}" and filled["D"] == filled["A"]


def test_a_repeated_reference_costs_its_length() -> None:
    for size in (100_000, 200_000):
        values = {"A": "x", "B": "${A}" * size}
        start = time.perf_counter()
        filled, _ = fill_variables(values)
        assert filled["B"] == "x" * size
        if size == 100_000:
            small = time.perf_counter() - start
    large = time.perf_counter() - start
    assert large < max(6 * small, 2.0), (small, large)  # linear: about twice (quadratic: 37 s at 800 KB)


def test_too_much_work_leaves_the_rest_as_written_without_hanging() -> None:
    names = [f"K{i}" for i in range(12)]  # each refers to all the others: the loader walks 12! paths
    values = {n: "".join(f"${{{m}}}" for m in names if m != n) for n in names} | {"PLAIN": "$HOME ok"}
    start = time.perf_counter()
    filled, left = fill_variables(values)
    assert time.perf_counter() - start < 20
    assert left and set(left.values()) == {TOO_MUCH_WORK} and all(filled[n] == values[n] for n in left)
    assert filled["PLAIN"] == "$HOME ok"
