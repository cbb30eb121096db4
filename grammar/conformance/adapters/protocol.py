"""The line protocol every adapter speaks (standard library only).

One JSON request a line on standard input, `{"id", "format", "variant", "declared", "text"}`;
one JSON answer a line on standard output, `{"id", "verdict", "fen", "detail"}`, flushed at once,
so that the driver knows which vector was being read when the process dies. `verdict` is
`accept`, `reject` or `skip` (no reader for this format or variant); an adapter that watches a
separate engine process may also answer `crash` or `timeout` itself.

Libraries that print to standard output themselves (Fairy-Stockfish does) would break the
protocol: `serve` keeps the real standard output for the answers and points file descriptor 1
at standard error.
"""

import json
import os
import sys


def serve(judge):
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    for line in sys.stdin:
        request = json.loads(line)
        answer = {"id": request["id"], "fen": None, "detail": ""}
        answer.update(judge(request))
        answers.write(json.dumps(answer) + "\n")
        answers.flush()


def accept(fen=None):
    return {"verdict": "accept", "fen": fen}


def reject(detail):
    return {"verdict": "reject", "detail": str(detail)}


def skip(detail):
    return {"verdict": "skip", "detail": detail}
