#!/usr/bin/env python3
"""Runs the conformance vectors against an implementation (standard library only).

    python3 grammar/conformance/run.py                # python-chess, if installed
    python3 grammar/conformance/run.py --verbose      # and list every disagreement

To run your own implementation, write a `judge(fmt, text, variant)` function like
`python_chess_judge` below: it returns (accepted, canonical), where `accepted` says whether
your implementation takes the input as a valid position (no error) and `canonical` is the
FEN it writes back (or None). Only rows of the formats your judge handles are scored.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def unescape(text):
    """The escapes of the vector files: \\t, \\n, \\r, \\\\ and \\u{...}."""
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        n = text[i + 1]
        if n == "u":
            end = text.index("}", i)
            out.append(chr(int(text[i + 3 : end], 16)))
            i = end + 1
            continue
        out.append({"t": "\t", "n": "\n", "r": "\r", "\\": "\\"}[n])
        i += 2
    return "".join(out)


def read(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f if not line.startswith("#")]
    return rows


def python_chess_judge(fmt, text, variant):
    """python-chess: the board class for the variant, then `is_valid()` (its status check)."""
    import chess
    import chess.variant

    if fmt != "fen":
        return None
    if variant == "auto":
        # python-chess does not detect variants; guess from the text as a user would.
        variant = "crazyhouse" if ("[" in text or "~" in text or text.split(" ")[0].count("/") > 7) else (
            "threecheck" if "+" in text else "standard")
    try:
        if variant == "crazyhouse":
            board = chess.variant.CrazyhouseBoard(text)
        elif variant == "threecheck":
            board = chess.variant.ThreeCheckBoard(text)
        else:
            board = chess.Board(text, chess960=(variant == "chess960"))
    except (ValueError, IndexError) as error:  # IndexError: python-chess raises it for some inputs
        return False, None
    if not board.is_valid():
        return False, None
    return True, board.fen(en_passant="fen")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    judge = python_chess_judge
    scores = {"valid, clean": [0, 0], "valid, with warnings": [0, 0], "invalid": [0, 0],
              "canonical form": [0, 0]}
    misses = []
    for row in read("valid.tsv"):
        text, fmt, variant, _dialect, canonical, warnings, reason = row
        verdict = judge(fmt, unescape(text), variant)
        if verdict is None:
            continue
        accepted, written = verdict
        key = "valid, clean" if warnings == "-" else "valid, with warnings"
        scores[key][1] += 1
        if accepted:
            scores[key][0] += 1
            scores["canonical form"][1] += 1
            if written == unescape(canonical):
                scores["canonical form"][0] += 1
        else:
            misses.append(f"rejects valid {text!r} ({reason})")
    for row in read("invalid.tsv"):
        text, fmt, variant, codes, _spans, reason = row
        verdict = judge(fmt, unescape(text), variant)
        if verdict is None:
            continue
        scores["invalid"][1] += 1
        if not verdict[0]:
            scores["invalid"][0] += 1
        else:
            misses.append(f"accepts invalid {text!r} ({codes}: {reason})")
    agree = scores["valid, clean"][0] + scores["invalid"][0]
    total = scores["valid, clean"][1] + scores["invalid"][1]
    for name, (ok, n) in scores.items():
        print(f"{name:22} {ok:4} / {n:4}")
    print(f"{'verdicts agree':22} {agree:4} / {total:4} ({100.0 * agree / max(total, 1):.1f}%)")
    if args.verbose:
        print("\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
