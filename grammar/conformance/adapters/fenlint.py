"""fenlint, through its command only (so that it tests what users run).

Each vector: `fenlint check --format json --variant V --fen=TEXT` for a FEN, and
`fenlint check --format json --variant V --stdin-filename vector.EXT -` with the text on
standard input for an EPD record (EXT `epd`) or a PGN file (`pgn`), where V is the vector's own
variant column (`auto` for the rows that leave it to the reader: fenlint detects the variant from
the text). Exit status 0 is an acceptance, 1 with an error diagnostic a rejection; anything else
(a panic's 101, a signal) is reported as a crash. An accepted FEN is written back by
`fenlint fmt --to xfen --holdings bracket --checks given --ep always -`.

The command is `$FENLINT`, or `debug/fenlint` in the repository's target directory
(`$CARGO_TARGET_DIR` where it is set, as cargo reads it; `target/` otherwise).
"""

import json
import os
import subprocess

from protocol import accept, reject, serve

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
FENLINT = os.environ.get("FENLINT") or os.path.join(ROOT, os.environ.get("CARGO_TARGET_DIR") or "target", "debug", "fenlint")
SECONDS_PER_VECTOR = 10


def run(arguments, text):
    return subprocess.run(
        [FENLINT, *arguments], input=text.encode("utf-8"), capture_output=True, timeout=SECONDS_PER_VECTOR
    )


def judge(request):
    fmt, text = request["format"], request["text"]
    # A FEN goes in as `--fen` (one position, exactly the text: an empty text is an empty FEN,
    # not an empty file); EPD and PGN texts as a file on standard input.
    source = [f"--fen={text}"] if fmt == "fen" else ["--stdin-filename", f"vector.{fmt}", "-"]
    try:
        checked = run(["check", "--format", "json", "--color", "never", "--variant", request["declared"], *source],
                      "" if fmt == "fen" else text)
    except subprocess.TimeoutExpired:
        return {"verdict": "timeout", "detail": f"`fenlint check` took over {SECONDS_PER_VECTOR} s"}
    if checked.returncode not in (0, 1):
        return {"verdict": "crash", "detail": f"`fenlint check` exited with {checked.returncode}: "
                + checked.stderr.decode("utf-8", "replace").strip()[-300:]}
    diagnostics = [json.loads(line) for line in checked.stdout.decode("utf-8").splitlines() if line]
    errors = [d for d in diagnostics if d["severity"] == "error"]
    if errors:
        return reject(errors[0]["code"])
    if checked.returncode != 0:
        return {"verdict": "crash", "detail": "`fenlint check` exited with 1 without an error"}
    if fmt != "fen":
        return accept()
    formatted = run(["fmt", "--to", "xfen", "--holdings", "bracket", "--checks", "given", "--ep", "always", "-"], text)
    if formatted.returncode != 0:
        return {"verdict": "crash", "detail": f"`fenlint fmt` exited with {formatted.returncode}"}
    return accept(formatted.stdout.decode("utf-8").strip())


if __name__ == "__main__":
    serve(judge)
