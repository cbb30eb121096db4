#!/usr/bin/env python3
"""Takes the pictures of the site's editors page: docs/src/images/neovim.png and emacs.png.

    python3 docs/editor_screenshots.py [--fenlint DIR] [neovim] [emacs]

Runs the editor in a detached tmux session on `examples/positions.fen`, with the `fenlint` of
DIR (default target/debug) on the PATH; waits for the diagnostics, captures the terminal's cells
with their colours (`tmux capture-pane -e`), writes them as an HTML page, and has headless
Chromium take its picture. With no editor named, both.

- neovim: `nvim` with the plugin of `editors/neovim`, 110 × 30 cells, the hover of a
  Three-Check position open.
- emacs: `emacs -nw` (28 or later, with eglot: Debian's `emacs-nox` and `elpa-eglot`) set up
  with the Emacs snippet of `docs/src/editors.md` itself, so that the picture shows that the
  documented set-up works; 120 × 32 cells, Flymake's list of the file's diagnostics open.

Needs tmux and chromium, and the editors taken.
"""

import argparse
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
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


EDITORS_PAGE = os.path.join(ROOT, "docs/src/editors.md")


def documented_emacs_setup():
    """The `elisp` block of the editors page's Emacs section, as a user would copy it."""
    with open(EDITORS_PAGE, encoding="utf-8") as f:
        page = f.read()
    section = page.split("\n## Emacs\n", 1)[1].split("\n## ", 1)[0]
    match = re.search(r"```elisp\n(.*?)```", section, re.S)
    if not match:
        raise SystemExit(f"{EDITORS_PAGE}: no elisp block in the Emacs section")
    return match[1]


# What the picture needs beyond the documented set-up: no menu bar or start screen, and, once
# the server has published, the cursor on a broken position and Flymake's list of diagnostics.
EMACS_SHOW = """
(setq inhibit-startup-screen t)
(menu-bar-mode -1)
(run-at-time 5 nil (lambda ()
  (with-current-buffer "positions.fen"
    (goto-char (point-min))
    (forward-line 15)
    (flymake-show-buffer-diagnostics))))
"""


def neovim(work):
    """The command line and the keys of the Neovim picture."""
    init = os.path.join(work, "init.lua")
    with open(init, "w") as f:
        f.write(INIT.format(plugin=os.path.join(ROOT, "editors/neovim")))
    keys = [["10G"], [":lua vim.lsp.buf.hover()", "Enter"]]
    return f"nvim --clean -u {init} {os.path.join(work, 'positions.fen')}", keys, (110, 30)


def emacs(work):
    """The command line and the keys of the Emacs picture."""
    init = os.path.join(work, "init.el")
    with open(init, "w") as f:
        f.write(documented_emacs_setup() + EMACS_SHOW)
    # `-q`, not `-Q`: the site start-up files stay, which put Debian's elpa-eglot on the load path.
    return f"emacs -nw -q -l {init} {os.path.join(work, 'positions.fen')}", [], (120, 32)


EDITORS = {"neovim": neovim, "emacs": emacs}


def take(name, fenlint_dir):
    out = os.path.join(ROOT, f"docs/src/images/{name}.png")
    session = f"fenlint-shot-{name}-{os.getpid()}"
    with tempfile.TemporaryDirectory() as temporary:
        # A folder named as the sample's own: Emacs shows the folder's name as the project's.
        work = os.path.join(temporary, "examples")
        os.mkdir(work)
        shutil.copy(os.path.join(ROOT, "examples/positions.fen"), work)
        command, keys, (columns, rows) = EDITORS[name](work)
        env = dict(os.environ, PATH=fenlint_dir + os.pathsep + os.environ["PATH"], TERM="xterm-256color")
        subprocess.run(
            ["tmux", "new-session", "-d", "-s", session, "-x", str(columns), "-y", str(rows), command],
            check=True, env=env, cwd=work,
        )
        try:
            time.sleep(4)  # the server starts and publishes its diagnostics
            for key in keys:
                subprocess.run(["tmux", "send-keys", "-t", session, *key], check=True)
            time.sleep(4)
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
             f"--window-size={columns * 9 + 16},{rows * 18 + 16}", f"--screenshot={out}", "file://" + page],
            check=True, capture_output=True,
        )
    print(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fenlint", default=os.path.join(ROOT, "target/debug"),
                        help="the folder of the `fenlint` to run (default target/debug)")
    parser.add_argument("editors", nargs="*", help="neovim, emacs (default: both)")
    args = parser.parse_args()
    unknown = [name for name in args.editors if name not in EDITORS]
    if unknown:
        parser.error(f"unknown editor {', '.join(unknown)}; known: {', '.join(EDITORS)}")
    for name in args.editors or list(EDITORS):
        take(name, os.path.abspath(args.fenlint))


if __name__ == "__main__":
    main()
