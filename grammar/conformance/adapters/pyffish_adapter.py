"""Fairy-Stockfish's Python binding (PyPI `pyffish`).

FEN: `pyffish.validate_fen(fen, variant, chess960)` with the variant `chess`, `crazyhouse` or
`3check` and `chess960=True` for Chess960 vectors; a result of 1 is a valid FEN, anything else
(a negative code) a rejection. Written back with
`pyffish.get_fen(variant, fen, [], chess960, False, True)` (no moves, not SFEN, promoted pieces
shown). No EPD-operation or PGN reader.

Each vector is read in a child forked from the process that imported pyffish, so that every
vector meets the library in the same state. In one process its answers depend on what it read
before: `validate_fen` on `… w none - 0 1` returns 1 or -5 depending on the vectors before it
(and on where the adapter's file is), and a batch of all the vectors has died of a segmentation
fault at a vector that reads fine alone. A child killed by a signal is reported as a crash of
its vector.
"""

import json
import os

import pyffish

from protocol import accept, reject, serve, skip

VARIANTS = {"standard": "chess", "chess960": "chess", "crazyhouse": "crazyhouse", "threecheck": "3check"}


def read(request):
    variant = VARIANTS[request["variant"]]
    chess960 = request["variant"] == "chess960"
    text = request["text"]
    code = pyffish.validate_fen(text, variant, chess960)
    if code != 1:
        return reject(f"validate_fen returned {code}")
    return accept(pyffish.get_fen(variant, text, [], chess960, False, True))


def judge(request):
    if request["format"] != "fen":
        return skip("no EPD-operation or PGN reader")
    out, into = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(out)
        try:
            answer = read(request)
        except Exception as error:  # noqa: BLE001 (any exception of the binding is its answer)
            answer = {"verdict": "crash", "detail": f"{type(error).__name__}: {error}"}
        os.write(into, json.dumps(answer).encode("utf-8"))
        os._exit(0)
    os.close(into)
    data = b""
    while chunk := os.read(out, 1 << 16):
        data += chunk
    os.close(out)
    _, status = os.waitpid(child, 0)
    if os.WIFSIGNALED(status):
        return {"verdict": "crash", "detail": f"killed by signal {os.WTERMSIG(status)}"}
    return json.loads(data)


if __name__ == "__main__":
    serve(judge)
