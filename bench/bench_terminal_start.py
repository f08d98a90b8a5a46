"""Editor start in a real terminal: process start to the first full screen, against the bare Textual peer.

    .venv/bin/python bench/bench_terminal_start.py [--runs N]

Each run opens a tmux session of 100x32 running the program and reads the
pane every few milliseconds from the moment the session is asked for. The
screen is "full" once it has stopped changing for a while; the figure is the
time of its last change, so the waiting after it is not counted. The peer is
bench/startup.py's bare app (a 600-node Tree and a Footer) started as a
script; the editor is the installed ``fwk-tui`` on bench_validate's config of
about 450 lines. Runs alternate so the machine's load hits both alike.
Budget: the editor's median <= 1.3x the peer's. Exits 1 when missed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_validate import build_config  # noqa: E402
from startup import BARE, ENV  # noqa: E402

BUDGET = 1.3
SETTLED = 0.6  # seconds without a change that make a screen full
TIMEOUT = 30.0


# A server of our own, kept alive between runs by an idle session: a server
# that ends with its last session would race the next run's start.
SOCKET = f"fwk-bench-{os.getpid()}"
TMUX = ["tmux", "-L", SOCKET]


def _pane(session: str) -> str:
    out = subprocess.run([*TMUX, "capture-pane", "-p", "-t", session], capture_output=True, text=True, check=False)
    return out.stdout if out.returncode == 0 else ""


def first_full_screen(command: list[str], env: dict[str, str], cwd: Path) -> tuple[float, str]:
    """Seconds from asking tmux for the session to the screen's last change, and that screen."""
    session = f"run-{time.monotonic_ns()}"
    shell = " ".join(_quote(part) for part in command)
    start = time.perf_counter()
    subprocess.run(
        [*TMUX, "new-session", "-d", "-s", session, "-x", "100", "-y", "32", "-c", str(cwd), shell],
        check=True,
        env=env,
    )
    try:
        last, changed = "", start
        while True:
            screen = _pane(session)
            now = time.perf_counter()
            if screen != last:
                last, changed = screen, now
            elif last.strip() and now - changed >= SETTLED:
                return changed - start, last
            if now - start > TIMEOUT:
                raise SystemExit(f"no steady screen after {TIMEOUT:.0f} s:\n{last}")
            time.sleep(0.004)
    finally:
        subprocess.run([*TMUX, "kill-session", "-t", session], check=False, capture_output=True)


def _quote(part: str) -> str:
    return "'" + part.replace("'", "'\\''") + "'"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        print("tmux is not installed: ./dev test installs it", file=sys.stderr)
        return 2
    folder = Path(tempfile.mkdtemp(prefix="fwk-bench-term-"))
    try:
        config = folder / "fwk.config.ts"
        config.write_text(build_config(), encoding="utf-8")
        bare_script = folder / "bare.py"
        bare_script.write_text(BARE + "\nmake_app().run()\n", encoding="utf-8")
        env = dict(ENV, XDG_CONFIG_HOME=str(folder / "config"), XDG_STATE_HOME=str(folder / "state"), TERM="xterm-256color")
        fwk_tui = Path(sys.executable).with_name("fwk-tui")
        editor = [str(fwk_tui), str(config)]
        bare = [sys.executable, str(bare_script)]
        subprocess.run([*TMUX, "new-session", "-d", "-s", "keep", "sleep 3600"], check=True, env=env)
        first_full_screen(editor, env, folder)  # warm the catalogue cache and the OS file cache
        first_full_screen(bare, env, folder)
        bare_t: list[float] = []
        ed_t: list[float] = []
        for _ in range(args.runs):
            seconds, screen = first_full_screen(bare, env, folder)
            if "group0.option" not in screen:
                raise SystemExit(f"the bare app did not show its tree:\n{screen}")
            bare_t.append(seconds)
            seconds, screen = first_full_screen(editor, env, folder)
            if "fwk.config.ts" not in screen:
                raise SystemExit(f"the editor did not show the config:\n{screen}")
            ed_t.append(seconds)
        b, e = statistics.median(bare_t), statistics.median(ed_t)
        ratio = e / b
        ok = ratio <= BUDGET
        print(f"config: {config.read_text().count(chr(10))} lines, tmux 100x32, {args.runs} runs each")
        print(
            f"process start to full screen   bare tree+footer {b * 1000:7.1f} ms (min {min(bare_t) * 1000:.0f}, "
            f"max {max(bare_t) * 1000:.0f})   editor {e * 1000:7.1f} ms (min {min(ed_t) * 1000:.0f}, "
            f"max {max(ed_t) * 1000:.0f})   ratio {ratio:.2f}  (budget <= {BUDGET:.2f})  {'ok' if ok else 'MISSED'}"
        )
        return 0 if ok else 1
    finally:
        subprocess.run([*TMUX, "kill-server"], check=False, capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
