#!/usr/bin/env python3
"""The built documentation site, checked in headless Chromium.

    python3 docs/test_site.py BOOK_DIR [SCREENSHOT]

BOOK_DIR is the output of `mdbook build` (CI: target/book). The site is served over HTTP from a
local server; the home page, a rule page, the grammar page and the conformance page must load
without console errors, with every image of a non-zero natural size, and the conformance grid
must have a row for every vector of `grammar/conformance/` with a coloured cell for every
implementation. Every page's internal links (and images) must resolve to a file of the site,
and their fragments to an element of the page. A screenshot of
the rule page is written to SCREENSHOT (default target/docs-screenshot.png).

Needs Debian's `chromium` and `chromium-driver` and `selenium` from pip; any of them missing is
a failure, not a skip. Prints one line per check and ends with "N passed, N failed".
"""

import functools
import html.parser
import http.server
import os
import posixpath
import shutil
import sys
import tempfile
import threading
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = {
    "home page": "index.html",
    "rule page": "rules/fen.castling.no_rook.html",
    "grammar page": "grammar/index.html",
    "conformance page": "conformance.html",
}
# The conformance grid as the browser lays it out: its implementations (header cells), its
# vector rows, the cells of a row that are not one per implementation, and the result cells
# whose colour is none of the legend's (the page's own table stripes, say).
GRID = """
const [legend, grid] = document.querySelectorAll('table.fen-grid');
if (!legend || !grid) return null;
const colour = (td) => getComputedStyle(td).backgroundColor;
const legendColours = new Set(Array.from(legend.querySelectorAll('td')).map(colour));
const columns = grid.querySelectorAll('thead th').length - 1;
const rows = Array.from(grid.querySelectorAll('tbody tr')).filter(r => r.querySelector('td.v'));
return {
  columns: columns,
  rows: rows.length,
  legend: legendColours.size,
  misshapen: rows.filter(r => r.querySelectorAll('td:not(.v)').length !== columns).length,
  uncoloured: rows.flatMap(r => Array.from(r.querySelectorAll('td:not(.v)')))
    .filter(td => !legendColours.has(colour(td))).length,
};
"""
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,1600",
]


class Links(html.parser.HTMLParser):
    """The links, image sources and element ids of one HTML page."""

    def __init__(self):
        super().__init__()
        self.targets = []
        self.ids = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("name"):
            self.ids.add(attrs["name"])
        for name in ("href", "src"):
            value = attrs.get(name)
            if value is not None and tag in ("a", "img", "link", "script"):
                self.targets.append((tag, value))


def vector_count():
    """The conformance vectors: the lines of `valid.tsv` and `invalid.tsv` that are not comments."""
    count = 0
    for name in ("valid.tsv", "invalid.tsv"):
        with open(os.path.join(ROOT, "grammar", "conformance", name), encoding="utf-8") as f:
            count += sum(1 for line in f if not line.startswith("#"))
    return count


def parse(path):
    parser = Links()
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    return parser


def internal_links(book):
    """Every internal link of every page that does not resolve: (page, link, why)."""
    pages = {}
    for folder, _, files in os.walk(book):
        for name in files:
            if name.endswith(".html"):
                path = os.path.join(folder, name)
                pages[os.path.relpath(path, book).replace(os.sep, "/")] = parse(path)
    broken = []
    checked = 0
    for page, links in sorted(pages.items()):
        for tag, target in links.targets:
            url = urllib.parse.urlsplit(target)
            if url.scheme or url.netloc or target.startswith("//"):
                continue  # an external link: not the site's to check
            checked += 1
            path = urllib.parse.unquote(url.path)
            if path == "":
                resolved = page
            else:
                resolved = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
                if path.endswith("/") or os.path.isdir(os.path.join(book, resolved)):
                    resolved = posixpath.join(resolved, "index.html")
            if resolved.startswith("../") or not os.path.isfile(os.path.join(book, resolved)):
                broken.append((page, target, "no such file"))
                continue
            if url.fragment and resolved in pages:
                fragment = urllib.parse.unquote(url.fragment)
                if fragment not in pages[resolved].ids:
                    broken.append((page, target, "no such fragment"))
    return pages, checked, broken


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(book):
    handler = functools.partial(QuietHandler, directory=book)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser(profile):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in CHROMIUM_FLAGS + [f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=driver), options=options)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    book = sys.argv[1]
    screenshot = sys.argv[2] if len(sys.argv) > 2 else "target/docs-screenshot.png"
    passed, failed = 0, 0

    def result(ok, what):
        nonlocal passed, failed
        print(("ok    " if ok else "FAIL  ") + what)
        if ok:
            passed += 1
        else:
            failed += 1

    pages, checked, broken = internal_links(book)
    for page, target, why in broken:
        print(f"      {page}: {target}: {why}")
    result(not broken, f"internal links: {checked} in {len(pages)} pages, {len(broken)} broken")

    server = serve(book)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    with tempfile.TemporaryDirectory() as profile:
        driver = browser(profile)
        try:
            for name, path in PAGES.items():
                driver.get(base + path)
                driver.execute_script("return document.readyState")
                title = driver.title
                images = driver.execute_script(
                    "return Array.from(document.images).map("
                    "i => [i.getAttribute('src'), i.complete, i.naturalWidth, i.naturalHeight])"
                )
                empty = [src for src, complete, w, h in images if not (complete and w > 0 and h > 0)]
                errors = [
                    entry["message"]
                    for entry in driver.get_log("browser")
                    if entry["level"] in ("SEVERE", "ERROR")
                ]
                for message in errors:
                    print(f"      console: {message}")
                for src in empty:
                    print(f"      image without a size: {src}")
                result(
                    bool(title) and not errors and not empty,
                    f"{name} ({path}): title {title!r}, {len(images)} images, "
                    f"{len(errors)} console errors",
                )
                if name == "conformance page":
                    shape = driver.execute_script(GRID)
                    result(
                        bool(shape) and shape["columns"] > 0 and shape["rows"] == vector_count()
                        and shape["legend"] == 8
                        and shape["misshapen"] == 0 and shape["uncoloured"] == 0,
                        f"conformance grid of {vector_count()} vectors: {shape}",
                    )
                if name == "rule page":
                    os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
                    driver.set_window_size(1280, 1600)
                    result(driver.save_screenshot(screenshot), f"screenshot of the rule page: {screenshot}")
        finally:
            driver.quit()
            server.shutdown()
    print(f"docs: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
