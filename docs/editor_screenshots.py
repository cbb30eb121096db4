#!/usr/bin/env python3
"""Takes the Neovim picture of the site's editors page: docs/src/images/neovim.png.

    python3 docs/neovim_screenshot.py [FENLINT_DIR]

Runs Neovim (`nvim`) in a detached tmux session of 110 × 30 cells with the plugin of
`editors/neovim` on `examples/positions.fen`, the `fenlint` of FENLINT_DIR (default
target/debug) on the PATH; waits for the diagnostics, opens the hover of a Three-Check position,
captures the terminal's cells with their colours (`tmux capture-pane -e`), writes them as an HTML
page, and has headless Chromium take its picture. Needs nvim, tmux, chromium.
"""

import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COLUMNS, ROWS = 110, 30
# The 16 terminal colours, as a common dark theme draws them.
PALETTE = [
    "#1d1f21", "#cc6666", "#b5bd68", "#f0c674", "#81a2be", "#b294bb", "#8abeb7", "#c5c8c6",
    "#666666", "#d54e53", "#b9ca4a", "#e7c547", "#7aa6da", "#c397d8", "#70c0b1", "#eaeaea",
]
FOREGROUND, BACKGROUND = "#c5c8c6", "#1d1f21"

INIT = """
vim.opt.runtimepath:prepend('{plugin}')
vim.cmd('filetype on')
vim.opt.number = true
vim.opt.signcolumn = 'yes'
vim.opt.shortmess:append('I')
vim.cmd('highlight SignColumn ctermbg=NONE')
vim.cmd('highlight LineNr ctermfg=242')
vim.cmd('highlight NormalFloat ctermbg=236 ctermfg=252')
vim.cmd('highlight FloatBorder ctermbg=236 ctermfg=244')
vim.lsp.handlers['textDocument/hover'] = vim.lsp.with(vim.lsp.handlers.hover, {{ border = 'rounded' }})
require('fenlint').setup()
"""


def colour_256(n):
    if n < 16:
        return PALETTE[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[n // 36], steps[n // 6 % 6], steps[n % 6])
    grey = 8 + (n - 232) * 10
    return "#%02x%02x%02x" % (grey, grey, grey)


def to_html(screen):
    """The cells of `screen` (text with SGR escapes) as HTML spans."""
    out = []
    style = {"fg": None, "bg": None, "bold": False, "underline": False, "reverse": False}
    for part in re.split(r"(\x1b\[[0-9;]*m)", screen):
        if not part.startswith("\x1b["):
            if part:
                fg = style["fg"] or FOREGROUND
                bg = style["bg"] or BACKGROUND
                if style["reverse"]:
                    fg, bg = bg, fg
                css = f"color:{fg};background:{bg}"
                if style["bold"]:
                    css += ";font-weight:bold"
                if style["underline"]:
                    css += ";text-decoration:underline"
                out.append(f'<span style="{css}">{html.escape(part)}</span>')
            continue
        codes = [int(c) if c else 0 for c in part[2:-1].split(";")]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                style = {"fg": None, "bg": None, "bold": False, "underline": False, "reverse": False}
            elif c == 1:
                style["bold"] = True
            elif c == 22:
                style["bold"] = False
            elif c == 4:
                style["underline"] = True
            elif c == 24:
                style["underline"] = False
            elif c == 7:
                style["reverse"] = True
            elif c == 27:
                style["reverse"] = False
            elif 30 <= c <= 37:
                style["fg"] = PALETTE[c - 30]
            elif 90 <= c <= 97:
                style["fg"] = PALETTE[c - 90 + 8]
            elif 40 <= c <= 47:
                style["bg"] = PALETTE[c - 40]
            elif 100 <= c <= 107:
                style["bg"] = PALETTE[c - 100 + 8]
            elif c == 39:
                style["fg"] = None
            elif c == 49:
                style["bg"] = None
            elif c in (38, 48) and i + 2 < len(codes) and codes[i + 1] == 5:
                style["fg" if c == 38 else "bg"] = colour_256(codes[i + 2])
                i += 2
            elif c in (38, 48) and i + 4 < len(codes) and codes[i + 1] == 2:
                style["fg" if c == 38 else "bg"] = "#%02x%02x%02x" % tuple(codes[i + 2 : i + 5])
                i += 4
            i += 1
    return "".join(out)


def main():
    fenlint_dir = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target/debug"))
    out = os.path.join(ROOT, "docs/src/images/neovim.png")
    session = f"fenlint-shot-{os.getpid()}"
    with tempfile.TemporaryDirectory() as work:
        init = os.path.join(work, "init.lua")
        with open(init, "w") as f:
            f.write(INIT.format(plugin=os.path.join(ROOT, "editors/neovim")))
        shutil.copy(os.path.join(ROOT, "examples/positions.fen"), work)
        env = dict(os.environ, PATH=fenlint_dir + os.pathsep + os.environ["PATH"], TERM="xterm-256color")
        subprocess.run(
            ["tmux", "new-session", "-d", "-s", session, "-x", str(COLUMNS), "-y", str(ROWS),
             f"nvim --clean -u {init} {os.path.join(work, 'positions.fen')}"],
            check=True, env=env, cwd=work,
        )
        try:
            time.sleep(4)  # the server starts and publishes its diagnostics
            subprocess.run(["tmux", "send-keys", "-t", session, "10G"], check=True)
            subprocess.run(["tmux", "send-keys", "-t", session, ":lua vim.lsp.buf.hover()", "Enter"], check=True)
            time.sleep(2)
            screen = subprocess.run(
                ["tmux", "capture-pane", "-t", session, "-e", "-p"], check=True, capture_output=True, text=True
            ).stdout
        finally:
            subprocess.run(["tmux", "kill-session", "-t", session])
        page = os.path.join(work, "screen.html")
        with open(page, "w", encoding="utf-8") as f:
            f.write(
                "<!doctype html><meta charset=utf-8><body style='margin:0;background:%s'>"
                "<pre style='margin:0;padding:8px;font:15px/18px \"DejaVu Sans Mono\",monospace'>%s</pre>"
                % (BACKGROUND, to_html(screen))
            )
        os.makedirs(os.path.dirname(out), exist_ok=True)
        subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={os.path.join(work, 'profile')}", "--hide-scrollbars",
             f"--window-size={COLUMNS * 9 + 16},{ROWS * 18 + 16}", f"--screenshot={out}", "file://" + page],
            check=True, capture_output=True,
        )
    print(out)


if __name__ == "__main__":
    main()
