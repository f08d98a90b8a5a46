"""The attack table: bad input, races, limits and OS faults against the real command.

Each attack runs ``fwk-tui`` as a separate process, the way a user's shell or a
script does, and says what a user would see: the exit code, whether a traceback
reached them, whether their file is still what it was. ``tests/cli/test_attacks.py``
asserts every row; ``python -m tests.cli.attacks`` prints the table.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

BASE = """export default defineFwkConfig({
  ssr: true,
  devServer: { port: 3000 },
  app: { head: { title: 'Docs' } },
})
"""


@dataclass
class Run:
    code: int
    out: str
    err: str
    seconds: float

    @property
    def traceback(self) -> bool:
        return "Traceback (most recent call last)" in self.out + self.err


@dataclass
class Outcome:
    ok: bool
    said: str


def fwk(*args: str, cwd: Path, timeout: float = 60, stdin: int | None = subprocess.DEVNULL,
        env: dict[str, str] | None = None, memory: int | None = None) -> Run:
    """Run ``fwk-tui ARGS`` in ``cwd``; a run past ``timeout`` seconds counts as exit -9; ``memory`` caps the
    process's address space (bytes): a run that needs more ends in MemoryError."""
    full_env = {**os.environ, "XDG_CACHE_HOME": str(cwd / ".cache"), "XDG_STATE_HOME": str(cwd / ".state"),
                "XDG_CONFIG_HOME": str(cwd / ".config"), "NO_COLOR": "1", **(env or {})}
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "fwk_tui", *args], cwd=cwd, env=full_env, stdin=stdin,
                              capture_output=True, timeout=timeout,
                              preexec_fn=None if memory is None else lambda: _cap_memory(memory))
    except subprocess.TimeoutExpired as exc:
        return Run(-9, _text(exc.stdout), _text(exc.stderr), time.perf_counter() - start)
    return Run(done.returncode, _text(done.stdout), _text(done.stderr), time.perf_counter() - start)


def _cap_memory(size: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (size, size))


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    return data.decode("utf-8", "backslashreplace") if isinstance(data, bytes) else data


def _first_line(run: Run) -> str:
    text = (run.err or run.out).strip().splitlines()
    return f"exit {run.code}: " + (text[0][:110] if text else "(nothing printed)")


def expect_message(run: Run, code: int = 2, *, where: str = "") -> Outcome:
    """A clear message, no traceback, the expected exit code, the file named when ``where`` is given."""
    ok = run.code == code and not run.traceback and (where in run.err + run.out)
    return Outcome(ok, _first_line(run) + (" [traceback]" if run.traceback else ""))


def config(folder: Path, text: str = BASE, name: str = "fwk.config.ts") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8", newline="")
    return path


# --- the attacks -------------------------------------------------------------------------------


def read_only_file(d: Path) -> Outcome:
    path = config(d)
    path.chmod(0o444)
    run = fwk("set", "ssr", "false", cwd=d)
    unchanged = path.read_text() == BASE
    return Outcome(run.code != 0 and unchanged and not run.traceback, _first_line(run))


def backup_twice(d: Path) -> Outcome:
    config(d)
    first = fwk("set", "ssr", "false", "--backup", cwd=d)
    second = fwk("set", "ssr", "true", "--backup", cwd=d)
    bak = (d / "fwk.config.ts.bak").read_text()
    ok = first.code == second.code == 0 and not second.traceback and "ssr: false" in bak
    return Outcome(ok, _first_line(second) + f"; .bak holds {'ssr: false' if 'ssr: false' in bak else 'other'}")


def read_only_folder(d: Path) -> Outcome:
    sub = d / "ro"
    sub.mkdir()
    path = config(sub)
    sub.chmod(0o555)
    try:
        run = fwk("set", "ssr", "false", cwd=sub)
    finally:
        sub.chmod(0o755)
    if os.geteuid() == 0:  # root writes anyway: the attack is only meaningful for a user
        return Outcome(run.code == 0 and not run.traceback, _first_line(run) + " (as root)")
    return Outcome(expect_message(run, where="fwk.config.ts").ok and path.read_text() == BASE, _first_line(run))


def symlink_loop(d: Path) -> Outcome:
    (d / "loop").symlink_to(d / "loop")
    runs = [fwk(cmd, "--file", "loop", *rest, cwd=d) for cmd, *rest in (("get", "ssr"), ("set", "ssr", "1"), ("dump",))]
    runs.append(fwk("check", "loop", cwd=d))
    ok = all(expect_message(r, where="loop").ok for r in runs)
    return Outcome(ok, "; ".join(_first_line(r) for r in runs[:1]))


def not_a_directory(d: Path) -> Outcome:
    config(d)
    run = fwk("get", "ssr", "--file", "fwk.config.ts/x.ts", cwd=d)
    return expect_message(run, where="fwk.config.ts")


def name_too_long(d: Path) -> Outcome:
    run = fwk("get", "ssr", "--file", "x" * 300 + ".ts", cwd=d)
    return expect_message(run)


def deep_package_json(d: Path) -> Outcome:
    config(d)
    (d / "package.json").write_text("[" * 100_000 + "]" * 100_000)
    run = fwk("check", cwd=d)
    return Outcome(run.code in (0, 1) and not run.traceback, _first_line(run))


def unreadable_app_folder(d: Path) -> Outcome:
    config(d)
    (d / "app").mkdir()
    (d / "app" / "pages").mkdir()
    (d / "app").chmod(0)
    try:
        run = fwk("check", cwd=d)
    finally:
        (d / "app").chmod(0o755)
    misreported = "fwk.config.ts: Permission denied" in run.out + run.err
    return Outcome(not run.traceback and not misreported and run.code in (0, 1, 2), _first_line(run))


def deep_config_get(d: Path) -> Outcome:
    depth = 2000
    config(d, "export default defineFwkConfig({ a: " + "{ a: " * depth + "1" + " }" * depth + " })\n")
    runs = [fwk("get", "a", cwd=d), fwk("dump", cwd=d), fwk("check", cwd=d)]
    ok = all(not r.traceback and r.code in (0, 1, 2) and (r.err or r.out) for r in runs)
    return Outcome(ok, _first_line(runs[0]))


def long_path_set(d: Path) -> Outcome:
    path = config(d)
    run = fwk("set", ".".join(["a"] * 5000), "1", cwd=d)
    return Outcome(not run.traceback and run.code in (0, 1, 2) and (run.code == 0 or path.read_text() == BASE),
                   _first_line(run))


def corrupt_cache(d: Path) -> Outcome:
    config(d)
    fwk("check", cwd=d)
    for f in (d / ".cache").rglob("*"):
        if f.is_file():
            f.write_bytes(b"\x80garbage" * 10)
    run = fwk("check", cwd=d)
    return Outcome(run.code == 0 and not run.traceback, _first_line(run))


def planted_cache(d: Path) -> Outcome:
    import pickle

    config(d)
    fwk("check", cwd=d)
    marker = d / "PWNED"

    class Boom:
        def __reduce__(self) -> tuple[Callable[..., object], tuple[str]]:
            return (os.system, (f"touch {marker}",))

    planted = pickle.dumps(Boom())
    for f in (d / ".cache").rglob("*"):
        if f.is_file():
            f.write_bytes(planted)
    run = fwk("check", cwd=d)
    return Outcome(not marker.exists() and run.code == 0, _first_line(run) + ("; the planted code ran" if marker.exists() else "; nothing ran"))


def editor_without_terminal(d: Path) -> Outcome:
    config(d)
    run = fwk("fwk.config.ts", cwd=d, timeout=20)
    return expect_message(run)


def editor_deep_config(d: Path) -> Outcome:
    depth = 2000
    config(d, "export default defineFwkConfig({ a: " + "{ a: " * depth + "1" + " }" * depth + " })\n")
    run = _in_terminal(d, "fwk.config.ts", quit_when=b"fwk.config.ts")
    return Outcome(not run.traceback and run.code in (0, 2), _first_line(run))


def editor_symlink_loop(d: Path) -> Outcome:
    (d / "loop").symlink_to(d / "loop")
    run = _in_terminal(d, "loop")
    return Outcome(not run.traceback and run.code == 2, _first_line(run))


def settings_unknown_keys(d: Path) -> Outcome:
    config(d)
    folder = d / ".config" / "fwk-tui"
    folder.mkdir(parents=True)
    (folder / "settings.toml").write_text("".join(f"unknown{i} = {i}\n" for i in range(4000)))
    run = _in_terminal(d, "fwk.config.ts", quit_when=b"fwk.config.ts")
    return Outcome(not run.traceback and run.code == 0 and run.seconds < 10, f"exit {run.code}, editor shown and quit in {run.seconds:.1f} s")


def _in_terminal(d: Path, *args: str, quit_when: bytes | None = None) -> Run:
    """The editor in a pseudo-terminal: what it printed and its exit code (killed after 20 s).

    With ``quit_when``, Ctrl+Q is typed once those bytes have been shown.
    """
    import pty
    import select

    env = {**os.environ, "XDG_CACHE_HOME": str(d / ".cache"), "XDG_STATE_HOME": str(d / ".state"),
           "XDG_CONFIG_HOME": str(d / ".config"), "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "32"}
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.chdir(d)
        os.execve(sys.executable, [sys.executable, "-m", "fwk_tui", *args], env)
    chunks: list[bytes] = []
    deadline = start + 20
    code = -9
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b""
            if not data:
                break
            chunks.append(data)
            if quit_when is not None and quit_when in b"".join(chunks):
                os.write(fd, b"\x11")
                quit_when = None
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
            break
    else:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    if code == -9:
        try:
            _, status = os.waitpid(pid, 0)
            code = os.waitstatus_to_exitcode(status)
        except ChildProcessError:
            pass
    os.close(fd)
    return Run(code, "", b"".join(chunks).decode("utf-8", "replace"), time.perf_counter() - start)


def backup_symlink(d: Path) -> Outcome:
    config(d)
    outside = d / "home"
    outside.mkdir()
    (outside / ".bashrc").write_text("alias ls='ls --color'\n")
    (d / "fwk.config.ts.bak").symlink_to(outside / ".bashrc")
    run = fwk("set", "ssr", "false", "--backup", cwd=d)
    kept = (outside / ".bashrc").read_text() == "alias ls='ls --color'\n"
    return Outcome(run.code == 0 and kept, _first_line(run) + ("; the link's target kept" if kept else "; the link's target overwritten"))


def browse_without_terminal(d: Path) -> Outcome:
    run = fwk("browse", cwd=d, timeout=20)
    return Outcome(expect_message(run).ok and not run.out, _first_line(run))


def dotenv_line_break(d: Path) -> Outcome:
    config(d, BASE.replace("ssr: true", "runtimeConfig: { public: { apiBase: '' } }"))
    (d / ".env").write_text('FWK_PUBLIC_API_BASE="x\n  .env:9: FWK_SECRET=y"\n')
    run = fwk("env", "--dotenv", ".env", cwd=d)
    faked = any(line.startswith("  .env:9") for line in run.out.splitlines())
    return Outcome(run.code == 0 and not faked, _first_line(run) + ("; a faked line" if faked else "; shown as \\n"))


def save_answers_unwritable(d: Path) -> Outcome:
    run = fwk("new", "--yes", "--save-answers", "/proc/nope/preset.toml", str(d / "proj"), cwd=d)
    wrote = (d / "proj" / "fwk.config.ts").exists()
    said_config = "fwk.config.ts" in run.out + run.err
    ok = not run.traceback and run.code != 0 and (not wrote or said_config)
    return Outcome(ok, _first_line(run) + f"; config {'written' if wrote else 'not written'}")


def lone_cr(d: Path) -> Outcome:
    config(d, BASE.replace("\n", "\r"))
    run = fwk("get", "devServer.port", cwd=d)
    return Outcome(run.code == 0 and run.out.strip() == "3000", _first_line(run) if run.code else "exit 0: " + run.out.strip())


def surrogate_outputs(d: Path) -> Outcome:
    config(d, BASE.replace("'Docs'", "'\\uD800x'"))
    runs = [fwk("get", "app.head.title", "--json", cwd=d), fwk("dump", cwd=d), fwk("dump", "--json", cwd=d),
            fwk("check", "--format", "json", cwd=d)]
    ok = all(r.code in (0, 1) and not r.traceback for r in runs)
    try:
        ok = ok and json.loads(runs[0].out) == "\ud800x"
        json.loads(runs[2].out)
        json.loads(runs[3].out)
    except ValueError:
        ok = False
    return Outcome(ok, "; ".join(f"exit {r.code}" for r in runs))


def c1_json(d: Path) -> Outcome:
    odd = "a\x7fb\x85c\x9fd\u202ee"
    config(d, BASE.replace("'Docs'", json.dumps(odd)))
    runs = [fwk("get", "app.head.title", "--json", cwd=d), fwk("dump", "--json", cwd=d)]
    try:
        ok = json.loads(runs[0].out) == odd and json.loads(runs[1].out)["app"]["head"]["title"] == odd
    except (ValueError, KeyError, TypeError):
        ok = False
    return Outcome(ok, "JSON round-trips" if ok else "invalid JSON: " + runs[0].out[:60])


def proto_set(d: Path) -> Outcome:
    path = config(d)
    run = fwk("set", "__proto__", "{ ssr: false }", cwd=d)
    text = path.read_text()
    bare = "\n  __proto__:" in text or " __proto__:" in text
    return Outcome(not run.traceback and not bare, _first_line(run) + ("; written bare" if bare else ""))


def code_point_out_of_range(d: Path) -> Outcome:
    path = config(d)
    run = fwk("set", "app.head.title", "'\\u{110000}'", cwd=d)
    return Outcome(run.code == 2 and path.read_text() == BASE and not run.traceback, _first_line(run))


def negative_zero(d: Path) -> Outcome:
    path = config(d)
    run = fwk("set", "devServer.port", "-0", "--force", cwd=d)
    return Outcome(run.code in (0, 1) and ("port: -0" in path.read_text() or run.code == 1),
                   _first_line(run) + ("; wrote -0" if "port: -0" in path.read_text() else ""))


def bidi_identifier(d: Path) -> Outcome:
    config(d, BASE.replace("ssr: true", "sssr\u202e: 1"))
    run = fwk("check", cwd=d)
    return Outcome(run.code != 0 and not run.traceback and "fwk.config.ts:2:" in run.out + run.err, _first_line(run))


def one_line_2mb(d: Path) -> Outcome:
    """The same 1 MB of routes (just under the node cap) on one line and spread over lines: one line may cost at
    most 3x."""
    items = [f"'/r{i}': {{ swr: {i} }}" for i in range(40_000)]
    (d / "one").mkdir()
    (d / "many").mkdir()
    config(d / "one", "export default defineFwkConfig({ routeRules: { " + ", ".join(items) + " } })\n")
    config(d / "many", "export default defineFwkConfig({ routeRules: {\n" + ",\n".join(items) + " } })\n")
    said = []
    ok = True
    for command in ("check", "dump"):
        one, many = (fwk(command, cwd=d / name, timeout=120) for name in ("one", "many"))
        ratio = one.seconds / max(many.seconds, 0.01)
        ok = ok and one.code in (0, 1) and not one.traceback and ratio <= 3
        said.append(f"{command} {one.seconds:.1f} s vs {many.seconds:.1f} s spread (x{ratio:.1f})")
    return Outcome(ok, ", ".join(said))


def fix_many_repeats(d: Path) -> Outcome:
    """`check --fix` of 1,500 repeated modules took 30 s, 2,000 repeated `ssr: true` 41 s (a check and a read of
    the whole list per fix); the language server's fix-all stopped answering for as long. Each must end in 10 s
    with one module and one `ssr` left."""
    (d / "modules").mkdir()
    (d / "keys").mkdir()
    config(d / "modules", "export default defineFwkConfig({ modules: [" + ",".join(["'m'"] * 3000) + "] })\n")
    config(d / "keys", "export default defineFwkConfig({\n" + "  ssr: true,\n" * 3000 + "})\n")
    said, ok = [], True
    for name in ("modules", "keys"):
        run = fwk("check", "--fix", cwd=d / name, timeout=60)
        text = (d / name / "fwk.config.ts").read_text()
        ok = ok and run.code in (0, 1) and run.seconds < 10 and text.count("'m'") + text.count("ssr") == 1
        said.append(f"{name}: exit {run.code} in {run.seconds:.1f} s")
    return Outcome(ok, ", ".join(said))


def many_misspelt_variables(d: Path) -> Outcome:
    """8,000 `.env` variables, each a letter off one of 8,000 keys: resolve took 35 s (every one compared with every
    key for a did-you-mean; 36,000 took minutes and 1.4 GB)."""
    keys = ",\n".join(f"      k{n}abcdefgh: ''" for n in range(8000))
    config(d, "export default defineFwkConfig({\n  runtimeConfig: {\n    public: {\n" + keys + "\n    },\n  },\n})\n")
    (d / ".env").write_text("".join(f"FWK_PUBLIC_K{n}ABCDEFGX=v\n" for n in range(8000)))
    runs = [fwk(*c, cwd=d, timeout=60) for c in (["resolve"], ["env", "--dotenv", ".env"])]
    ok = all(r.code in (0, 1) and r.seconds < 15 and r.out.count("did you mean") == 100 for r in runs)
    return Outcome(ok, ", ".join(f"exit {r.code} in {r.seconds:.1f} s" for r in runs))


def public_from_private(d: Path) -> Outcome:
    """`FWK_PUBLIC_LEAK=${FWK_API_SECRET}`: resolve and why printed the secret as the public value, env masked it."""
    config(d, "export default defineFwkConfig({\n  runtimeConfig: { apiSecret: '', public: { leak: '' } },\n})\n")
    (d / ".env").write_text("FWK_API_SECRET=envS3cret\nFWK_PUBLIC_LEAK=x-${FWK_API_SECRET}\n"
                            "FWK_APP_BASE_URL=/${FWK_API_SECRET}/\n")
    runs = [fwk(*c, cwd=d) for c in (["resolve"], ["resolve", "--json"], ["why", "runtimeConfig.public.leak"],
                                      ["why", "runtimeConfig.public.leak", "--json"], ["env"], ["dump"],
                                      ["why", "app.baseURL"])]
    ok = all(r.code in (0, 1) and "envS3cret" not in r.out + r.err for r in runs)
    ok = ok and all("holds the value of FWK_API_SECRET" in r.out for r in runs[:1] + runs[2:3])
    return Outcome(ok, ", ".join(f"exit {r.code}" for r in runs) + ("" if ok else " [the secret printed]"))


def stdout_closed(d: Path) -> Outcome:
    """`fwk-tui check >&-`: an internal error (`'NoneType' object has no attribute 'write'`) in every command."""
    config(d)
    said, ok = [], True
    for command in (["check"], ["dump"], ["set", "ssr", "false"], ["schema"]):
        run = subprocess.run([sys.executable, "-m", "fwk_tui", *command], cwd=d, capture_output=False,
                             stdout=None, stderr=subprocess.PIPE, timeout=60, stdin=subprocess.DEVNULL,
                             pass_fds=(), close_fds=True, preexec_fn=lambda: os.close(1))
        err = _text(run.stderr)
        ok = ok and run.returncode == 2 and "standard output is closed" in err and "internal error" not in err
        said.append(f"{command[0]}: exit {run.returncode}")
    ok = ok and "ssr: true" in (d / "fwk.config.ts").read_text()  # nothing was done
    return Outcome(ok, ", ".join(said))


def dotenv_link_loop(d: Path) -> Outcome:
    """`--dotenv` naming a link loop: `resolve` and `why` had an internal error (`env` said it in words)."""
    config(d)
    (d / "loop1").symlink_to("loop2")
    (d / "loop2").symlink_to("loop1")
    runs = [fwk(*c, "--dotenv", "loop1", cwd=d) for c in (["resolve"], ["why", "ssr"], ["env"])]
    ok = all(r.code == 2 and "loop1: too many levels of symbolic links" in r.err for r in runs)
    return Outcome(ok, "; ".join(_first_line(r) for r in runs))


def special_numbers(d: Path) -> Outcome:
    """1e999 (Infinity) as a port, an integer of 5,000 digits in runtimeConfig: an internal error in every command."""
    config(d, "export default defineFwkConfig({\n  devServer: { port: 1e999 },\n"
              f"  runtimeConfig: {{ public: {{ n: {'1' * 5000}, h: 0x{'f' * 5000} }} }},\n}})\n")
    runs = [fwk(*c, cwd=d) for c in (["check"], ["check", "--format", "json"], ["dump"], ["dump", "--json"],
                                      ["get", "runtimeConfig.public.n"], ["resolve"], ["resolve", "--json"],
                                      ["why", "devServer.port"], ["set", "devServer.port", "3000", "--dry-run"])]
    ok = all(r.code in (0, 1) and "internal error" not in r.err and not r.traceback for r in runs)
    ok = ok and "not Infinity" in runs[0].out
    return Outcome(ok, ", ".join(f"exit {r.code}" for r in runs))


def dense_configs(d: Path) -> Outcome:
    """Configs of tokens as dense as they come: a 3 MB list of numbers took 1 GB to check, 10 MB 3 GB; under the
    node cap `resolve --json` took 1.6 GB and `migrate` 1.5 GB (a finding and an origin for each of 690,000 items).
    In 1 GB of address space each command reads the one just under the node cap and refuses the one over it."""
    from fwk_tui.source.parse import MAX_NODES

    for name, count in (("under", MAX_NODES // 2 - 5_000), ("over", MAX_NODES // 2 + 5_000)):
        (d / name).mkdir()
        items = "[" + ",".join(str(i % 10) for i in range(count)) + "]"  # an item and a comma: two nodes
        # Layout B (`dir.pages`): `migrate` moves it. Each item is a finding (`meta` holds objects).
        config(d / name, "export default defineFwkConfig({\n  dir: { pages: 'views' },\n"
                         f"  app: {{ head: {{ meta: {items} }} }},\n}})\n")
    said, ok = [], True
    for command in (["check"], ["resolve", "--json"], ["migrate", "--dry-run"], ["get", "app.head.meta[5]"]):
        under_run, over_run = (fwk(*command, cwd=d / name, timeout=180, memory=1 << 30) for name in ("under", "over"))
        ok = ok and under_run.code in (0, 1) and not under_run.traceback and "MemoryError" not in under_run.err
        ok = ok and over_run.code == 2 and "too many values and tokens" in over_run.err and not over_run.traceback
        said.append(f"{command[0]}: exit {under_run.code} / {over_run.code}")
    return Outcome(ok, "; ".join(said) + " (under / over the node cap, in 1 GB)")


def dotenv_unclosed(d: Path) -> Outcome:
    config(d)
    (d / ".env").write_text('FWK_X="unclosed\n' + "FWK_Y=1\n" * 10_000)
    run = fwk("env", "--dotenv", ".env", cwd=d, timeout=60)
    return Outcome(run.code in (0, 1, 2) and not run.traceback and run.seconds < 10, f"exit {run.code} in {run.seconds:.1f} s")


def dotenv_dev_zero(d: Path) -> Outcome:
    config(d)
    run = fwk("env", "--dotenv", "/dev/zero", cwd=d, timeout=30)
    return expect_message(run, where="/dev/zero")


def dotenv_fifo(d: Path) -> Outcome:
    config(d)
    os.mkfifo(d / "pipe")
    run = fwk("env", "--dotenv", "pipe", cwd=d, timeout=30)
    return expect_message(run, where="pipe")


def answers_fifo(d: Path) -> Outcome:
    os.mkfifo(d / "pipe")
    run = fwk("new", "--yes", "--answers", "pipe", str(d / "proj"), cwd=d, timeout=30)
    return expect_message(run, where="pipe")


def preset_many_modules(d: Path) -> Outcome:
    (d / "preset.toml").write_text("modules = [" + ", ".join(f'"@scope/m{i}"' for i in range(2000)) + "]\n")
    run = fwk("new", "--yes", "--answers", "preset.toml", "--dry-run", str(d / "proj"), cwd=d, timeout=60)
    return Outcome(not run.traceback and run.seconds < 10, f"exit {run.code} in {run.seconds:.1f} s")


def race(d: Path, rounds: int = 20) -> Outcome:
    """Two ``set`` on different keys of one file at once, ``rounds`` times: every update lands."""
    path = config(d)
    lost = 0
    for i in range(rounds):
        env = {**os.environ, "XDG_CACHE_HOME": str(d / ".cache"), "XDG_STATE_HOME": str(d / ".state")}
        a = subprocess.Popen([sys.executable, "-m", "fwk_tui", "set", "devServer.port", str(4000 + i)], cwd=d, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        b = subprocess.Popen([sys.executable, "-m", "fwk_tui", "set", "app.head.title", f"'t{i}'"], cwd=d, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        codes = a.wait(), b.wait()
        text = path.read_text()
        if codes == (0, 0) and not (f"port: {4000 + i}" in text and f"title: 't{i}'" in text):
            lost += 1
    return Outcome(lost == 0, f"{rounds} rounds, {lost} updates lost")


# --- migrate --move-folders: links, a file where app/ goes, a folder that cannot move ------------------------


def _layout_b(d: Path) -> Path:
    """A layout-B project in ``d/proj`` (pages, components, app.vue beside the config)."""
    root = d / "proj"
    for name in ("pages", "components"):
        (root / name).mkdir(parents=True)
        (root / name / "index.vue").write_text("<template />\n")
    (root / "app.vue").write_text("<template />\n")
    config(root)
    return root


def move_relative_links(d: Path) -> Outcome:
    """Links in and as moved folders point where they did after the move, and as they were after --undo."""
    root = _layout_b(d)
    (d / "shared").mkdir()
    (d / "shared" / "s.vue").write_text("shared\n")
    (d / "extpages").mkdir()
    (d / "extpages" / "default.vue").write_text("layout\n")
    links = {"pages/x.vue": "../../shared/s.vue", "layouts": "../extpages", "pages/home.vue": "index.vue",
             "pages/loop": "loop", "pages/up": ".."}
    for link, target in links.items():
        (root / link).symlink_to(target)
    moved = fwk("migrate", "proj/fwk.config.ts", "--adopt", "--move-folders", cwd=d)
    reads = [(root / "app/pages/x.vue").is_file() and (root / "app/pages/x.vue").read_text() == "shared\n",
             (root / "app/layouts/default.vue").is_file(),
             os.path.realpath(root / "app/pages/up") == os.path.realpath(root)]
    undone = fwk("migrate", "proj/fwk.config.ts", "--undo", cwd=d)
    back = {link: os.readlink(root / link) for link in links if (root / link).is_symlink()}
    ok = moved.code == 0 and all(reads) and undone.code == 0 and back == links
    return Outcome(ok and not (moved.traceback or undone.traceback),
                   f"{_first_line(moved)}; links reached: {sum(reads)}/3; after --undo as before: {back == links}")


def move_into_a_file_named_app(d: Path) -> Outcome:
    root = _layout_b(d)
    (root / "app").write_text("not a folder\n")
    run = fwk("migrate", "proj/fwk.config.ts", "--adopt", "--move-folders", cwd=d)
    untouched = (root / "fwk.config.ts").read_text() == BASE and (root / "pages").is_dir()
    said = "app: a file, not a folder" in run.err and len(run.err.strip().splitlines()) == 1
    return Outcome(expect_message(run).ok and said and untouched and not (root / "fwk.config.ts.bak").exists(),
                   _first_line(run))


def move_an_unmovable_folder(d: Path) -> Outcome:
    """pages cannot be renamed (chattr +i as root, a read-only folder otherwise): refused naming it, nothing
    moved (the folder's own mtime unchanged: not even moved and moved back)."""
    root = _layout_b(d)
    as_root = os.geteuid() == 0
    if as_root:
        chattr = subprocess.run(["chattr", "+i", str(root / "pages")], check=False, capture_output=True)
        if chattr.returncode != 0:
            return Outcome(True, "chattr +i unavailable here (as root): not attempted")
    else:
        (root / "pages").chmod(0o555)
    mtime = root.stat().st_mtime_ns
    try:
        run = fwk("migrate", "proj/fwk.config.ts", "--adopt", "--move-folders", cwd=d)
    finally:
        if as_root:
            subprocess.run(["chattr", "-i", str(root / "pages")], check=False, capture_output=True)
        (root / "pages").chmod(0o755)
    untouched = (root / "fwk.config.ts").read_text() == BASE and root.stat().st_mtime_ns == mtime
    said = run.err.strip().splitlines()
    return Outcome(expect_message(run, where="pages").ok and len(said) == 1 and "pages:" in said[0] and untouched,
                   _first_line(run))

# --- .env in resolve and why ----------------------------------------------------------------------

SECRET_CONFIG = "export default defineFwkConfig({ runtimeConfig: { apiSecret: '', public: { apiBase: '' } } })\n"


def why_secret(d: Path) -> Outcome:
    """A private key's value from .env and from the process environment: why hides it as resolve does."""
    config(d, SECRET_CONFIG)
    (d / ".env").write_text("FWK_API_SECRET=from-dotenv-s3cret\n")
    leaked = []
    for env in ({}, {"FWK_API_SECRET": "from-process-s3cret"}):
        for args in (("why", "runtimeConfig.apiSecret"), ("why", "runtimeConfig.apiSecret", "--json"),
                     ("resolve",), ("resolve", "--json")):
            run = fwk(*args, cwd=d, env=env)
            if run.code != 0 or "s3cret" in run.out + run.err or "****" not in run.out:
                leaked.append(" ".join(args) + (" (environment)" if env else " (.env)"))
    return Outcome(not leaked, "shown as ****" if not leaked else "in clear or failed: " + ", ".join(leaked))


def _both_refuse(d: Path, dotenv: str, timeout: float = 30) -> Outcome:
    """resolve and why with ``--dotenv DOTENV``: exit 2, one line naming the file, quickly."""
    runs = [fwk(*args, "--dotenv", dotenv, cwd=d, timeout=timeout)
            for args in (("resolve",), ("why", "ssr"))]
    ok = all(expect_message(r, where=dotenv).ok and len((r.err or r.out).strip().splitlines()) == 1 for r in runs)
    return Outcome(ok, "; ".join(f"{_first_line(r)} ({r.seconds:.1f} s)" for r in runs))


def dotenv_fifo_resolve(d: Path) -> Outcome:
    config(d)
    os.mkfifo(d / "pipe")
    return _both_refuse(d, "pipe")


def dotenv_beside_not_a_file(d: Path) -> Outcome:
    """The .env beside the config a FIFO, a link to /dev/zero, a folder: refused as a named one is, never skipped."""
    said = []
    for make in (lambda p: os.mkfifo(p), lambda p: p.symlink_to("/dev/zero"), lambda p: p.mkdir()):
        folder = d / f"p{len(said)}"
        folder.mkdir()
        config(folder)
        make(folder / ".env")
        runs = [fwk(*args, cwd=folder, timeout=30) for args in (("resolve",), ("why", "ssr"))]
        ok = all(expect_message(r, where=".env").ok for r in runs)
        said.append((ok, _first_line(runs[0])[:70]))
    return Outcome(all(ok for ok, _ in said), "; ".join(text for _, text in said))


def dotenv_dev_zero_resolve(d: Path) -> Outcome:
    config(d)
    return _both_refuse(d, "/dev/zero")


def dotenv_7mb_resolve(d: Path) -> Outcome:
    config(d)
    (d / "big.env").write_text("".join(f"FWK_PUBLIC_X{i}=value number {i}\n" for i in range(230_000)))
    return _both_refuse(d, "big.env", timeout=60)


def _dotenv_runs(d: Path, text: str, *why: str, timeout: float = 60) -> list[Run]:
    config(d, SECRET_CONFIG)
    (d / ".env").write_text(text)
    return [fwk("resolve", cwd=d, timeout=timeout), fwk("why", *(why or ("ssr",)), cwd=d, timeout=timeout)]


def dotenv_bomb(d: Path) -> Outcome:
    """30 levels of B=${A}${A}: a note naming the variable and its line, no MemoryError, quickly."""
    names = ["A", *[f"L{i}" for i in range(1, 31)]]
    text = "A=0123456789abcdef\n" + "".join(f"{names[i]}=${{{names[i - 1]}}}${{{names[i - 1]}}}\n" for i in range(1, 31))
    runs = _dotenv_runs(d, text)
    ok = all(r.code == 0 and not r.traceback and "internal error" not in r.err and r.seconds < 20
             and "(.env:" in r.out and "1 MB" in r.out for r in runs)
    note = next((line.strip() for line in runs[0].out.splitlines() if "note:" in line), _first_line(runs[0]))
    return Outcome(ok, f"{len(text)} bytes: {note[:100]} ({max(r.seconds for r in runs):.1f} s)")


def dotenv_chain(d: Path) -> Outcome:
    """C0=${C1}, C1=${C2}, ... 1,000 deep: the value at the end reaches the key, no RecursionError."""
    text = "FWK_PUBLIC_API_BASE=${C0}\n" + "".join(f"C{i}=${{C{i + 1}}}\n" for i in range(1000)) + "C1000=/end\n"
    runs = _dotenv_runs(d, text, "runtimeConfig.public.apiBase")
    ok = all(r.code == 0 and not r.traceback and "internal error" not in r.err for r in runs)
    ok = ok and "'/end'" in runs[1].out
    return Outcome(ok, f"{len(text)} bytes: " + "; ".join(_first_line(r) for r in runs))


def dotenv_repeated(d: Path) -> Outcome:
    """${A} 250,000 times (1 MB): read in linear time, not minutes."""
    text = "A=x\nB=" + "${A}" * 249_990 + "\n"
    runs = _dotenv_runs(d, text, timeout=90)
    ok = all(r.code == 0 and not r.traceback and r.seconds < 15 for r in runs)
    return Outcome(ok, f"{len(text) / 1e6:.1f} MB: " + ", ".join(f"exit {r.code} in {r.seconds:.1f} s" for r in runs))


ATTACKS: dict[str, Callable[[Path], Outcome]] = {
    "set on a read-only file": read_only_file,
    "set --backup twice": backup_twice,
    "set in a read-only folder": read_only_folder,
    "a symlink loop as the config": symlink_loop,
    "a path through a file (ENOTDIR)": not_a_directory,
    "a file name too long": name_too_long,
    "a 100k-deep package.json": deep_package_json,
    "an unreadable app/ folder": unreadable_app_folder,
    "get/dump/check on a 2,000-deep config": deep_config_get,
    "set with a 5,000-segment path": long_path_set,
    "a corrupt catalogue cache": corrupt_cache,
    "a planted pickle in the cache": planted_cache,
    "the editor without a terminal": editor_without_terminal,
    "the editor on a 2,000-deep config": editor_deep_config,
    "the editor on a symlink loop": editor_symlink_loop,
    "new --save-answers to an unwritable path": save_answers_unwritable,
    "set --backup with FILE.bak a symlink out of the folder": backup_symlink,
    "browse without a terminal": browse_without_terminal,
    "a line break in a .env value": dotenv_line_break,
    "a lone-CR file": lone_cr,
    "lone surrogates in get/dump/check --json": surrogate_outputs,
    "U+007F-U+009F in --json output": c1_json,
    "set __proto__": proto_set,
    "set '\\u{110000}'": code_point_out_of_range,
    "set -0": negative_zero,
    "a bidi control in a key": bidi_identifier,
    "a 1 MB one-line config": one_line_2mb,
    "check --fix of 3,000 repeated modules and keys": fix_many_repeats,
    "dense configs just under and over the node cap (a list of numbers) in 1 GB of memory": dense_configs,
    "1e999 and a 5,000-digit integer in every command": special_numbers,
    "the standard output closed (>&-)": stdout_closed,
    "a public variable made from a private one": public_from_private,
    "8,000 misspelt variables against 8,000 keys": many_misspelt_variables,
    "a link loop as --dotenv of resolve, why and env": dotenv_link_loop,
    ".env with an unclosed quote, 10k lines": dotenv_unclosed,
    "--dotenv /dev/zero": dotenv_dev_zero,
    "a FIFO as --dotenv": dotenv_fifo,
    "a FIFO as --answers": answers_fifo,
    "settings with 4,000 unknown keys": settings_unknown_keys,
    "a preset with 2,000 modules": preset_many_modules,
    "two set at once, 20 rounds": race,
    "migrate --move-folders with relative links in and as moved folders, then --undo": move_relative_links,
    "migrate --move-folders with a file named app beside the config": move_into_a_file_named_app,
    "migrate --move-folders with pages/ that cannot be renamed (chattr +i, or read-only)": move_an_unmovable_folder,

    # .env in resolve and why
    "why on a private key set by .env and the environment": why_secret,
    "a FIFO as --dotenv of resolve and why": dotenv_fifo_resolve,
    "a FIFO, /dev/zero or a folder as the .env beside the config": dotenv_beside_not_a_file,
    "--dotenv /dev/zero for resolve and why": dotenv_dev_zero_resolve,
    "a 7 MB .env for resolve and why": dotenv_7mb_resolve,
    "a half-KB .env doubling 30 times": dotenv_bomb,
    "a .env chain of 1,000 references": dotenv_chain,
    "${A} 250,000 times in a 1 MB .env": dotenv_repeated,
}

# Reading files: layers, package.json files, journal entries (rows in tests/cli/attacks_reading.py).
from tests.cli.attacks_reading import READING_ATTACKS  # below the helpers the rows import

ATTACKS.update(READING_ATTACKS)


def attempt(name: str) -> Outcome:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        try:
            return ATTACKS[name](folder)
        finally:
            for path in folder.rglob("*"):  # let the folder go even where an attack took rights away
                if path.is_dir() and not path.is_symlink():
                    path.chmod(path.stat().st_mode | stat.S_IRWXU)


def main() -> int:
    failed = 0
    print("| attack | outcome | holds |\n|---|---|---|")
    for name in ATTACKS:
        outcome = attempt(name)
        failed += not outcome.ok
        said = outcome.said.replace("|", "\\|")
        print(f"| {name} | {said} | {'yes' if outcome.ok else 'NO'} |", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())


# --- migrate --move-folders and --undo: signals, the record, names (one block) ----------------------------------

_B_CONFIG = "export default defineFwkConfig({\n  ssr: true,\n})\n"


def _b_with_links(d: Path, links: int = 0) -> None:
    (d / "shared").mkdir()
    (d / "shared" / "s.vue").write_text("<template />\n")
    for name in ("pages", "layouts"):
        (d / name).mkdir()
        (d / name / "index.vue").write_text("<template />\n")
        for n in range(links):
            os.symlink("../shared/s.vue", d / name / f"l{n}.vue")
    (d / "app.vue").write_text("<template />\n")
    config(d, _B_CONFIG)


def _moved_with_record(d: Path) -> Run:
    _b_with_links(d)
    return fwk("migrate", "--adopt", "--move-folders", cwd=d)


def migrate_record_nested(d: Path) -> Outcome:
    first = _moved_with_record(d)
    (d / ".fwk-tui-move.json").write_text("[" * 100_000 + "]" * 100_000 + "\n")
    run = fwk("migrate", "--undo", cwd=d)
    one_line = len(run.err.strip().splitlines()) == 1
    ok = first.code == 0 and expect_message(run, where=".fwk-tui-move.json").ok and one_line
    return Outcome(ok and "internal error" not in run.err, _first_line(run))


def migrate_record_through_link(d: Path) -> Outcome:
    project, outside = d / "p", d / "outside"
    project.mkdir()
    outside.mkdir()
    first = _moved_with_record(project)
    os.symlink(outside, project / "shared" / "evil")
    record = json.loads((project / ".fwk-tui-move.json").read_text())
    record["moves"][0]["source"] = "shared/evil/" + record["moves"][0]["name"]
    (project / ".fwk-tui-move.json").write_text(json.dumps(record))
    run = fwk("migrate", "--undo", cwd=project)
    ok = first.code == 0 and expect_message(run, where="shared/evil/").ok and not any(outside.iterdir())
    return Outcome(ok, _first_line(run))


def migrate_sigint_mid_move(d: Path) -> Outcome:
    _b_with_links(d, links=2000)
    env = {**os.environ, "XDG_STATE_HOME": str(d / ".state"), "XDG_CACHE_HOME": str(d / ".cache")}
    proc = subprocess.Popen([sys.executable, "-m", "fwk_tui", "migrate", "--adopt", "--move-folders"], cwd=d, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not (d / "app").exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.001)
    proc.send_signal(2)
    err = _text(proc.communicate(timeout=120)[1])
    links = [os.readlink(p) for p in d.rglob("l*.vue") if p.is_symlink()]
    whole = (d / "pages").exists() and set(links) == {"../shared/s.vue"} and not (d / "app").exists()
    moved = (d / ".fwk-tui-move.json").is_file() and set(links) == {"../../shared/s.vue"}
    undo = fwk("migrate", "--undo", cwd=d) if moved else None
    back = (d / "pages").exists() and (d / "fwk.config.ts").read_text() == _B_CONFIG
    ok = (whole or moved) and len(links) == 4000 and back and "finishing the move" in err and "Traceback" not in err
    said = f"exit {proc.returncode}: {err.strip()[:80]}; {'moved whole' if moved else 'not moved'}"
    return Outcome(ok and (undo is None or undo.code == 0), said)


def migrate_line_break_name(d: Path) -> Outcome:
    _b_with_links(d)
    fake = "fwk.config.ts: written (layout A) FAKE"
    (d / "shared" / f"x\n{fake}").write_text("f\n")
    os.symlink(f"../shared/x\n{fake}", d / "pages" / "f.vue")
    run = fwk("migrate", "--adopt", "--move-folders", "--dry-run", cwd=d)
    faked = any(line.startswith(fake) for line in (run.out + run.err).splitlines())
    return Outcome(run.code == 0 and not faked and not run.traceback, _first_line(run))


ATTACKS.update({
    "migrate --undo on a move record nested 100,000 deep": migrate_record_nested,
    "migrate --undo with a recorded source under a link out of the project": migrate_record_through_link,
    "SIGINT once migrate --move-folders has begun moving 4,000 links": migrate_sigint_mid_move,
    "a line break in a linked file's name, migrate --dry-run": migrate_line_break_name,
})


def migrate_folder_moved_back_by_hand_then_again(d: Path) -> Outcome:
    config(d, "export default defineFwkConfig({ ssr: true })\n")
    for name, text in (("pages/index.vue", "p\n"), ("components/A.vue", "c\n"), ("app.vue", "a\n")):
        (d / name).parent.mkdir(parents=True, exist_ok=True)
        (d / name).write_text(text)
    first = fwk("migrate", "--adopt", "--move-folders", cwd=d)
    os.rename(d / "app" / "pages", d / "pages")  # by hand, then the move once more
    again = fwk("migrate", "--adopt", "--move-folders", cwd=d)
    run = fwk("migrate", "--undo", cwd=d)
    back = (d / "pages" / "index.vue").is_file() and not (d / "app").exists()
    ok = first.code == 0 and again.code == 0 and run.code == 0 and back and not run.traceback
    return Outcome(ok, _first_line(run))


def check_line_break_in_a_layer_name(d: Path) -> Outcome:
    fake = "0 errors, 0 warnings, 0 infos"
    layer = d / f"x\n{fake}\nz"
    layer.mkdir()
    config(layer, "export default defineFwkConfig({ bogus: 1 })\n")
    config(d, "export default defineFwkConfig({ extends: ['./x\\n" + fake + "\\nz'] })\n")
    run = fwk("check", cwd=d)
    faked = [line for line in run.out.splitlines() if line.startswith(fake)]
    return Outcome(run.code == 0 and not faked and "FWK101" in run.out and not run.traceback, _first_line(run))


ATTACKS.update({
    "a folder moved back by hand, migrate --move-folders again, then --undo": migrate_folder_moved_back_by_hand_then_again,
    "a line break in a layer's folder name, check's text report": check_line_break_in_a_layer_name,
})


def new_dotenv_linked_out_of_the_project(d: Path) -> Outcome:
    victim = d / "elsewhere.txt"
    victim.write_text("ORIGINAL\n")
    project = d / "p"
    project.mkdir()
    os.symlink(victim, project / ".env")
    run = fwk("new", "--yes", "--runtime-key", "apiSecret=s3cret", str(project), cwd=d)
    ok = victim.read_text() == "ORIGINAL\n" and "outside the project" in run.err and "s3cret" not in run.out + run.err
    return Outcome(ok and not run.traceback, _first_line(run))


ATTACKS.update({"new with .env a link to a file outside the project": new_dotenv_linked_out_of_the_project})


def _new_through_a_link_out(d: Path, name: str, target_is_dir: bool, *flags: str) -> Outcome:
    outside = d / "outside"
    outside.mkdir()
    victim = outside / ("skel" if target_is_dir else "victim.txt")
    if target_is_dir:
        victim.mkdir()
    else:
        victim.write_text("KEEP\n")
    project = d / "p"
    project.mkdir()
    os.symlink(victim, project / name)
    run = fwk("new", "--yes", *flags, str(project), cwd=d)
    untouched = (not any(victim.iterdir())) if target_is_dir else victim.read_text() == "KEEP\n"
    ok = run.code == 2 and untouched and "outside the project" in run.err and not (project / "fwk.config.ts").exists()
    return Outcome(ok and not run.traceback, _first_line(run))


ATTACKS.update({
    "new --env-example with .env.example a link out of the project":
        lambda d: _new_through_a_link_out(d, ".env.example", False, "--runtime-key", "apiSecret=x", "--env-example"),
    "new --save-answers NAME with NAME a link out of the project":
        lambda d: _new_through_a_link_out(d, "preset.toml", False, "--save-answers", "preset.toml"),
    "new --skeleton with app a link to a folder out of the project":
        lambda d: _new_through_a_link_out(d, "app", True, "--skeleton"),
})
