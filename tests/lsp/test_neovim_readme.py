"""README's setup for Neovim 0.7 to 0.10, run as written in a headless ``nvim``: its keys reach ``fwk-tui lsp``.

The Lua block under "Older Neovim (0.7 to 0.10)" is the ``init.lua`` (``nvim -u``); a driver then presses the
keys it maps in a ``fwk.config.ts`` with a wrong port, a misspelt key and a key a layer also sets: ``K`` shows the
option's hover in a float, ``<leader>ca`` lists the server's quick fixes (``vim.ui.select``, as Neovim lists them)
and applies one, ``gd`` goes to the layer. Skipped where ``nvim`` is not on PATH (Debian's package is 0.7.2).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"

CONFIG = """export default defineFwkConfig({
  extends: ['./base'],
  devServer: { port: 'x' },
  ssrr: true,
  app: { baseURL: '/app/' },
})
"""

LAYER = """export default defineFwkConfig({
  app: { baseURL: '/base/' },
})
"""

# Runs after the file is open (``+luafile``); writes what it saw as JSON to $FWK_NVIM_OUT and quits.
# Only APIs that Neovim 0.7.2 has, and that 0.10 and 0.11 still have.
DRIVER = r"""
local out = { steps = {} }
local function clients()
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = 0 }) end
  return vim.tbl_values(vim.lsp.buf_get_clients(0))
end
local function cursor_on(pattern)
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  vim.fn.search(pattern, "W")
end
local function press(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), "mx", false)
end
local function float_text()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= "" then
      return table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false), "\n")
    end
  end
end

local ok, err = pcall(function()
  out.version = tostring(vim.version().major) .. "." .. vim.version().minor .. "." .. vim.version().patch
  out.attached = vim.wait(8000, function() return #clients() > 0 end, 10)
  out.diagnostics = vim.wait(8000, function() return #vim.diagnostic.get(0) >= 2 end, 10)
  out.maps = {}
  for _, m in ipairs(vim.api.nvim_buf_get_keymap(0, "n")) do out.maps[m.lhs] = m.desc or m.rhs or "" end
  out.leader = vim.g.mapleader or "\\"

  cursor_on("port:")
  press("K")
  vim.wait(8000, function() return float_text() ~= nil end, 10)
  out.hover = float_text()
  press("<Esc>")

  vim.ui.select = function(items, opts, on_choice)
    out.actions = {}
    local chosen
    for i, item in ipairs(items) do
      local title = opts.format_item and opts.format_item(item) or tostring(item)
      table.insert(out.actions, title)
      if title:find("ssr", 1, true) and title:find("Rename", 1, true) then chosen = i end
    end
    if chosen then on_choice(items[chosen], chosen) else on_choice(nil, nil) end
  end
  cursor_on("ssrr")
  press(out.leader .. "ca")
  vim.wait(8000, function() return vim.fn.getline(4):find("ssr:", 1, true) ~= nil end, 10)
  out.line_after_fix = vim.fn.getline(4)

  cursor_on("baseURL")
  press("gd")
  vim.wait(8000, function() return vim.api.nvim_buf_get_name(0):find("base/fwk.config.ts", 1, true) ~= nil end, 10)
  out.after_gd = { file = vim.api.nvim_buf_get_name(0), cursor = vim.api.nvim_win_get_cursor(0) }
end)
out.error = not ok and tostring(err) or nil
out.messages = vim.fn.execute("messages")
local f = assert(io.open(vim.env.FWK_NVIM_OUT, "w"))
f:write(vim.fn.json_encode(out))
f:close()
vim.cmd("qa!")
"""


def readme_snippet() -> str:
    """The Lua block right after README's "Older Neovim (0.7 to 0.10)" line."""
    text = README.read_text(encoding="utf-8")
    start = text.index("Older Neovim (0.7 to 0.10)")
    found = re.search(r"```lua\n(.*?)```", text[start:], re.DOTALL)
    assert found is not None, "README has no Lua block after 'Older Neovim (0.7 to 0.10)'"
    return found.group(1)


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    nvim = shutil.which("nvim")
    if nvim is None:
        pytest.skip("nvim is not on PATH (e.g. apt-get install neovim): README's Neovim setup is not run")
    server = shutil.which("fwk-tui", path=str(Path(sys.executable).parent)) or shutil.which("fwk-tui")
    assert server is not None, "fwk-tui is not installed beside this Python"
    tmp = tmp_path_factory.mktemp("nvim")
    project = tmp / "project"
    (project / "base").mkdir(parents=True)
    (project / "fwk.config.ts").write_text(CONFIG, encoding="utf-8")
    (project / "base" / "fwk.config.ts").write_text(LAYER, encoding="utf-8")
    (tmp / "init.lua").write_text(readme_snippet(), encoding="utf-8")
    (tmp / "driver.lua").write_text(DRIVER, encoding="utf-8")
    out = tmp / "out.json"
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(Path(server).parent), os.environ.get("PATH", "")]),
        "FWK_NVIM_OUT": str(out),
        # Neovim's logs, state and data go to the temp folder, not the user's.
        **{f"XDG_{d}_HOME": str(tmp / d.lower()) for d in ("CONFIG", "DATA", "STATE", "CACHE")},
    }
    done = subprocess.run(
        [nvim, "--headless", "-i", "NONE", "-n", "-u", str(tmp / "init.lua"), "fwk.config.ts", f"+luafile {tmp / 'driver.lua'}"],
        check=False, cwd=project, env=env, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert out.exists(), f"nvim wrote nothing (exit {done.returncode}): {done.stdout}{done.stderr}"
    seen: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    assert seen.get("error") is None, f"nvim {seen.get('version')}: {seen['error']}\n{seen.get('messages')}"
    return seen


def test_the_client_attaches_and_gets_the_diagnostics(session: dict[str, Any]) -> None:
    assert session["attached"], session["messages"]
    assert session["diagnostics"], session["messages"]


def test_the_snippet_maps_its_keys_in_the_config_buffer(session: dict[str, Any]) -> None:
    maps = session["maps"]
    for lhs in ("K", "gd", session["leader"] + "ca", "gO", "[d", "]d"):
        assert lhs in maps, (session["version"], sorted(maps))


def test_k_shows_the_server_hover(session: dict[str, Any]) -> None:
    assert session.get("hover"), (session["version"], session["messages"])
    assert "devServer.port" in session["hover"]
    assert "integer(0..65535)" in session["hover"]


def test_the_code_action_key_lists_the_quick_fixes_and_applies_one(session: dict[str, Any]) -> None:
    assert session.get("actions"), (session["version"], session["messages"])
    assert "Rename ssrr to ssr" in session["actions"]
    assert session["line_after_fix"].strip() == "ssr: true,"


def test_gd_goes_to_the_layer_that_also_sets_the_key(session: dict[str, Any]) -> None:
    after = session["after_gd"]
    assert after["file"].endswith("base/fwk.config.ts"), after
    assert after["cursor"] == [2, 9]  # on baseURL, line 2 (1-based), column 9 (0-based)
