"""Fairy-Stockfish's Python binding (PyPI `pyffish`).

FEN: `pyffish.validate_fen(fen, variant, chess960)` with the variant `chess`, `crazyhouse` or
`3check` and `chess960=True` for Chess960 vectors; a result of 1 is a valid FEN, anything else
(a negative code) a rejection. Written back with
`pyffish.get_fen(variant, fen, [], chess960, False, True)` (no moves, not SFEN, promoted pieces
shown). No EPD-operation or PGN reader.
"""

import pyffish

from protocol import accept, reject, serve, skip

VARIANTS = {"standard": "chess", "chess960": "chess", "crazyhouse": "crazyhouse", "threecheck": "3check"}


def judge(request):
    if request["format"] != "fen":
        return skip("no EPD-operation or PGN reader")
    variant = VARIANTS[request["variant"]]
    chess960 = request["variant"] == "chess960"
    text = request["text"]
    code = pyffish.validate_fen(text, variant, chess960)
    if code != 1:
        return reject(f"validate_fen returned {code}")
    return accept(pyffish.get_fen(variant, text, [], chess960, False, True))


if __name__ == "__main__":
    serve(judge)
