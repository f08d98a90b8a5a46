"""Attack rows about reading files: layers, package.json files and journal entries that are no regular files,
too big, refused by the system, or listed many times. Registered at the end of ``ATTACKS`` (tests/cli/attacks.py).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from tests.cli.attacks import BASE, Outcome, Run, _first_line, _in_terminal, config, fwk

LAYERED = """export default defineFwkConfig({
  extends: ['my-layer'],
  ssr: 'yes',
})
"""


def _layer_package(d: Path) -> Path:
    """A config extending the package ``my-layer`` (with a layer file of its own); its package.json's path."""
    config(d, LAYERED)
    root = d / "node_modules" / "my-layer"
    root.mkdir(parents=True)
    (root / "fwk.config.ts").write_text("export default defineFwkConfig({ app: { baseURL: '/x/' } })\n")
    return root / "package.json"


def _said(runs: list[Run], where: str, codes: tuple[int, ...] = (1,)) -> Outcome:
    """Each run exits with a code of ``codes`` (the config's own error makes check exit 1), names ``where``,
    without a traceback; check still gives the config's own finding."""
    ok = all(r.code in codes and not r.traceback and where in r.out + r.err for r in runs)
    own = "FWK201" in runs[0].out
    return Outcome(ok and own, "; ".join(_first_line(r)[:60] for r in runs) + ("" if own else "; own finding lost"))


def _commands(d: Path) -> list[Run]:
    return [
        fwk("check", cwd=d, timeout=30),
        fwk("resolve", cwd=d, timeout=30),
        fwk("why", "ssr", cwd=d, timeout=30),
    ]


def layer_package_json_fifo(d: Path) -> Outcome:
    os.mkfifo(_layer_package(d))
    runs = _commands(d)
    ok = all(r.code != -9 and not r.traceback and "package.json: not a regular file" in r.out + r.err for r in runs)
    check = runs[0]
    return Outcome(ok and check.code == 1 and "FWK201" in check.out and runs[2].code == 0,
                   "; ".join(_first_line(r)[:60] for r in runs))


def layer_package_json_dev_zero(d: Path) -> Outcome:
    _layer_package(d).symlink_to("/dev/zero")
    run = fwk("check", cwd=d, timeout=30)
    return _said([run], "package.json")


def layer_package_json_huge(d: Path) -> Outcome:
    with open(_layer_package(d), "wb") as handle:  # sparse: 1 GB that costs no disk
        handle.truncate(1024**3)
    run = fwk("check", cwd=d, timeout=30)
    capped = "too big" in run.out and run.seconds < 15
    outcome = _said([run], "package.json")
    return Outcome(outcome.ok and capped, outcome.said + f" in {run.seconds:.1f} s")


def layer_name_too_long(d: Path) -> Outcome:
    config(d, LAYERED.replace("my-layer", "y" * 300))
    runs = [*_commands(d), fwk("migrate", "--adopt", "--dry-run", cwd=d, timeout=30)]
    check = runs[0]
    placed = "fwk.config.ts:2:13: warning FWK403" in check.out and "file name too long" in check.out
    ok = check.code == 1 and placed and "FWK201" in check.out
    ok = ok and all(r.code in (0, 1) and not r.traceback for r in runs)
    ok = ok and all("file name too long" in r.out for r in runs[1:3])  # resolve and why say it too
    return Outcome(ok, "; ".join(_first_line(r)[:50] for r in runs))


def layer_listed_twenty_times(d: Path) -> Outcome:
    """A 700 KB layer listed 20 times is read once: check takes about what it takes for one listing."""
    layer = d / "base"
    layer.mkdir()
    keys = ",\n".join(f"    k{i}: {{ a: {i}, b: 'value {i}', c: [1, 2, 3] }}" for i in range(14_000))
    (layer / "fwk.config.ts").write_text("export default defineFwkConfig({\n  appConfig: {\n" + keys + "\n  },\n})\n")
    config(d, "export default defineFwkConfig({\n  extends: [" + ", ".join(["'./base'"] * 20) + "],\n})\n")
    run = fwk("check", cwd=d, timeout=120)
    return Outcome(run.code in (0, 1) and not run.traceback and run.seconds < 40,
                   _first_line(run)[:60] + f" in {run.seconds:.1f} s ({(layer / 'fwk.config.ts').stat().st_size // 1024} KB layer)")


def layer_listed_thrice_at_each_level(d: Path) -> Outcome:
    """20 layers of 80 bytes, each naming the next three times: merged up to the cap, not 3^20 times."""
    config(d, "export default defineFwkConfig({\n  extends: ['./l0'],\n  ssr: 'yes',\n})\n")
    for i in range(20):
        (d / f"l{i}").mkdir()
        listed = ", ".join([f"'../l{i + 1}'"] * 3)
        (d / f"l{i}" / "fwk.config.ts").write_text(f"export default {{ extends: [{listed}], modules: ['m{i}'] }}\n")
    (d / "l20").mkdir()
    (d / "l20" / "fwk.config.ts").write_text("export default { ssr: false }\n")
    runs = [fwk("check", cwd=d, timeout=30), fwk("why", "ssr", cwd=d, timeout=30)]
    ok = all(r.code in (0, 1) and not r.traceback and r.seconds < 10 for r in runs)
    capped = "more than 200 layers listed" in runs[0].out
    return Outcome(ok and capped, "; ".join(f"{_first_line(r)[:40]} in {r.seconds:.1f} s" for r in runs)
                   + ("" if capped else "; the cap not named"))


def journal_entry_dev_zero(d: Path) -> Outcome:
    from fwk_tui.journal import Journal

    file = config(d, BASE)
    entry = Journal(d / ".state" / "fwk-tui" / "journal").entry_file(file)
    entry.parent.mkdir(parents=True)
    entry.symlink_to("/dev/zero")
    run = _in_terminal(d, "fwk.config.ts", quit_when=b"fwk.config.ts")
    return Outcome(not run.traceback and run.code == 0 and run.seconds < 15,
                   f"exit {run.code}, editor shown and quit in {run.seconds:.1f} s")


def journal_entry_fifo(d: Path) -> Outcome:
    from fwk_tui.journal import Journal

    file = config(d, BASE)
    entry = Journal(d / ".state" / "fwk-tui" / "journal").entry_file(file)
    entry.parent.mkdir(parents=True)
    os.mkfifo(entry)
    run = _in_terminal(d, "fwk.config.ts", quit_when=b"fwk.config.ts")
    return Outcome(not run.traceback and run.code == 0 and run.seconds < 15,
                   f"exit {run.code}, editor shown and quit in {run.seconds:.1f} s")


def editor_layer_package_json_fifo(d: Path) -> Outcome:
    """The layers are read after the first paint: Ctrl+Q is typed once their group is shown."""
    os.mkfifo(_layer_package(d))
    run = _in_terminal(d, "fwk.config.ts", quit_when=b"Layers")
    return Outcome(not run.traceback and run.code == 0 and run.seconds < 15,
                   f"exit {run.code}, editor shown and quit with Ctrl+Q in {run.seconds:.1f} s")


READING_ATTACKS: dict[str, Callable[[Path], Outcome]] = {
    "a layer package.json that is a FIFO: check, resolve, why": layer_package_json_fifo,
    "a layer package.json linked to /dev/zero": layer_package_json_dev_zero,
    "a 1 GB layer package.json": layer_package_json_huge,
    "a layer name over 255 characters: check, resolve, why, migrate": layer_name_too_long,
    "a 700 KB layer listed 20 times": layer_listed_twenty_times,
    "20 layers, each listing the next three times": layer_listed_thrice_at_each_level,
    "a journal entry linked to /dev/zero": journal_entry_dev_zero,
    "a FIFO as the journal entry": journal_entry_fifo,
    "the editor on a layer whose package.json is a FIFO": editor_layer_package_json_fifo,
}
