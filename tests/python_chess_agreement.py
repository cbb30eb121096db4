#!/usr/bin/env python3
"""fenlint and python-chess agree on the positions of the composed real-world files.

    python3 tests/python_chess_agreement.py [FENLINT]     # FENLINT: target/debug/fenlint

For every position in `tests/realworld/` (a `.fen` line, an `.epd` record, a PGN `[FEN]` tag),
python-chess's verdict is the best of its readers: the standard board, Chess960, and the
variant boards (Crazyhouse, Three-Check, and a PGN game's `[Variant]`). An EPD record is read
with `Board.from_epd`, else as a FEN from its first six fields (books of six-field FENs, perft
suites), else from its first four fields. The two must agree:

- a position python-chess calls invalid (or cannot read) gets an error from fenlint: nothing
  that python-chess rejects passes fenlint silently;
- a position python-chess reads as valid gets no error from fenlint, except where fenlint is
  deliberately stricter (`STRICTER` below, each with its reason).

Exit status 0 when they agree, 1 otherwise (each disagreement printed), 2 when python-chess is
not installed.
"""

import json
import os
import re
import subprocess
import sys

try:
    import chess
    import chess.variant
except ImportError:
    print("python-chess is not installed: pip install chess", file=sys.stderr)
    sys.exit(2)

HERE = os.path.dirname(os.path.abspath(__file__))
FOLDER = os.path.join(HERE, "realworld")
KINDS = (".fen", ".epd", ".pgn")

# Codes that fenlint reports as errors on positions python-chess accepts, on purpose.
STRICTER = {
    # A ninth `/` group (a bare `/` after rank 1) is crazyhouse holdings only when something
    # says crazyhouse; python-chess's crazyhouse board reads it so whatever the file says, and
    # fenlint reads it as the standard-chess mistake it most often is.
    "fen::placement::too_many_ranks",
}

# A perft script's lines that hold no position (its positions are its `epd` lines).
PERFT_DIRECTIVE = re.compile(r"^(id(\s|$)|perft\s+\d+\s+\d+$)")
TAG = re.compile(rb'^\s*\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
# A value with quotes that no backslash escapes runs to the last quote of its line, as
# python-chess reads it (fenlint's `pgn::tag::unescaped_quote`).
UNESCAPED_TAG = re.compile(rb'^\s*\[\s*(\w+)\s+"(.*)"\s*\]\s*$')


def positions(path):
    """(line number, text, variant name or None, kind) of each position in the file."""
    with open(path, "rb") as handle:
        data = handle.read()
    # fenlint reads a lone CR as a line ending too.
    lines = re.split(rb"\r\n|\n|\r", data)
    kind = os.path.splitext(path)[1].lower()
    if kind in (".fen", ".epd"):
        for number, line in enumerate(lines, start=1):
            text = line.decode("latin-1").strip()
            if not text or text.startswith(("#", "%")) or PERFT_DIRECTIVE.match(text):
                continue
            words = text.split()
            if words[0] == "epd" and len(words) > 1 and "/" in words[1]:
                # A perft script's position line, as the perft runners read it.
                text = text[len("epd"):].lstrip()
            yield number, text, None, kind
        return
    variant, fens = None, []
    for number, line in enumerate(lines, start=1):
        match = TAG.match(line) or UNESCAPED_TAG.match(line)
        if match:
            name, value = match.group(1).decode(), match.group(2).decode("latin-1")
            if name == "Variant":
                variant = value
            elif name == "FEN":
                fens.append((number, value.replace('\\"', '"').replace("\\\\", "\\")))
        elif line.strip() and not line.lstrip().startswith(b"%"):
            # The movetext ends the game's tag section.
            for number_, fen in fens:
                yield number_, fen, variant, kind
            variant, fens = None, []
    for number_, fen in fens:
        yield number_, fen, variant, kind


def readers(variant):
    """The board classes python-chess would read a position with."""
    if variant:
        found = None
        try:
            found = chess.variant.find_variant(variant)
        except ValueError:
            return []
        if variant.lower() in ("chess960", "fischerandom", "fischer random", "chess 960"):
            return [(chess.Board, True)]
        return [(found, found.uci_variant == "chess960" if hasattr(found, "uci_variant") else False)]
    return [
        (chess.Board, False),
        (chess.Board, True),
        (chess.variant.CrazyhouseBoard, False),
        (chess.variant.CrazyhouseBoard, True),
        (chess.variant.ThreeCheckBoard, False),
        (chess.variant.ThreeCheckBoard, True),
    ]


def candidate_fens(text, kind):
    """The FENs python-chess is given for one position's text."""
    if kind != ".epd":
        return [("fen", text)]
    fields = text.split()
    found = [("epd", text)]
    if len(fields) >= 6:
        found.append(("fen", " ".join(fields[:6])))
    if len(fields) >= 4:
        found.append(("fen", " ".join(fields[:4]) + " 0 1"))
    return found


def python_chess_verdict(text, variant, kind):
    """'valid', 'invalid', or None when the variant is one python-chess does not know."""
    classes = readers(variant)
    if not classes:
        return None
    for board_class, chess960 in classes:
        for how, fen in candidate_fens(text, kind):
            try:
                if how == "epd":
                    board, _ = board_class.from_epd(fen, chess960=chess960)
                else:
                    board = board_class(fen, chess960=chess960)
            except (ValueError, IndexError, KeyError):
                continue
            if board.is_valid():
                return "valid"
    return "invalid"


def fenlint_errors(fenlint, path):
    """Line number → the error codes fenlint reports there."""
    run = subprocess.run(
        [fenlint, "check", "--format", "json", path],
        capture_output=True,
        check=False,
    )
    if run.returncode not in (0, 1):
        raise SystemExit(f"fenlint failed on {path}: {run.stderr.decode(errors='replace')}")
    errors = {}
    for line in run.stdout.decode().splitlines():
        finding = json.loads(line)
        if finding["severity"] == "error":
            errors.setdefault(finding["line"], []).append(finding["code"])
    return errors


def main():
    fenlint = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "target", "debug", "fenlint")
    disagreements, compared = [], 0
    for name in sorted(os.listdir(FOLDER)):
        if not name.lower().endswith(KINDS):
            continue
        path = os.path.join(FOLDER, name)
        errors = fenlint_errors(fenlint, path)
        for number, text, variant, kind in positions(path):
            verdict = python_chess_verdict(text, variant, kind)
            if verdict is None:
                continue
            compared += 1
            codes = errors.get(number, [])
            if verdict == "invalid" and not codes:
                disagreements.append(f"{name}:{number}: python-chess rejects, fenlint passes: {text}")
            elif verdict == "valid" and [c for c in codes if c not in STRICTER]:
                disagreements.append(f"{name}:{number}: python-chess accepts, fenlint errors {codes}: {text}")
    for line in disagreements:
        print(line)
    print(f"{compared} positions compared, {len(disagreements)} disagreements")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
