"""Stockfish (Debian's `stockfish`) over UCI.

Stockfish has no FEN validation: `position fen TEXT` sets up whatever it can read, so it never
rejects. The adapter sends `setoption name UCI_Chess960 value true|false` (true for Chess960
vectors), `position fen TEXT`, `d` (the position as read: its `Fen:` line is the FEN written
back), then `go perft 1` (move generation on the position), to a fresh engine for each vector, and
watches it: when it dies the answer is `crash`, when it does not answer within
`SECONDS_PER_VECTOR` the answer is `timeout`. The `crash` detail says which command the engine
died on. Standard and Chess960 FEN only; a vector
with a line break inside cannot be sent as one UCI command and is skipped.
"""

import os
import selectors
import shutil
import subprocess
import sys
import time

from protocol import accept, serve, skip

SECONDS_PER_VECTOR = 5.0


def engine_path():
    return os.environ.get("STOCKFISH") or shutil.which("stockfish") or "/usr/games/stockfish"


class Engine:
    def __init__(self):
        # Without address-space randomisation (where `setarch -R` is there), so that what an
        # invalid position makes of memory is the same from run to run.
        setarch = ["setarch", os.uname().machine, "-R"] if shutil.which("setarch") else []
        self.process = subprocess.Popen(
            [*setarch, engine_path()], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.buffer = b""
        self.chess960 = False
        self.send("uci")
        self.read_until("uciok")

    def send(self, line):
        self.process.stdin.write(line.encode("utf-8") + b"\n")
        self.process.stdin.flush()

    def read_until(self, prefix, deadline=None):
        """The lines up to the first that starts with `prefix`; None when the engine dies;
        raises TimeoutError past the deadline."""
        lines = []
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        try:
            while True:
                while b"\n" in self.buffer:
                    line, self.buffer = self.buffer.split(b"\n", 1)
                    text = line.decode("utf-8", "replace").rstrip("\r")
                    lines.append(text)
                    if text.startswith(prefix):
                        return lines
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    raise TimeoutError
                if not selector.select(left):
                    continue
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    return None
                self.buffer += chunk
        finally:
            selector.close()

    def status(self):
        code = self.process.wait()
        return f"killed by signal {-code}" if code < 0 else f"exited with status {code}"

    def stop(self):
        self.process.kill()
        self.process.wait()


def main():
    state = {"engine": Engine()}

    def restart():
        state["engine"].stop()
        state["engine"] = Engine()

    def judge(request):
        if request["format"] != "fen":
            return skip("no EPD or PGN reader")
        if request["variant"] in ("crazyhouse", "threecheck"):
            return skip("variant not supported")
        text = request["text"]
        if "\n" in text or "\r" in text:
            return skip("a line break cannot be sent in a UCI command")
        # A fresh engine for every vector: Stockfish does not check what it reads, and an
        # invalid position can write outside its tables, so an engine that read one is not
        # trusted with the next.
        restart()
        engine = state["engine"]
        deadline = time.monotonic() + SECONDS_PER_VECTOR
        chess960 = request["variant"] == "chess960"
        step = "position fen` + `d"
        try:
            if chess960 != engine.chess960:
                engine.send(f"setoption name UCI_Chess960 value {'true' if chess960 else 'false'}")
                engine.chess960 = chess960
            engine.send("position fen " + text)
            engine.send("d")
            lines = engine.read_until("Checkers:", deadline)
            if lines is not None:
                fen = next((line[5:] for line in lines if line.startswith("Fen: ")), None)
                step = "go perft 1"
                engine.send("go perft 1")
                if engine.read_until("Nodes searched:", deadline) is not None:
                    return accept(fen)
        except TimeoutError:
            restart()
            return {"verdict": "timeout", "detail": f"no answer to `{step}` in {SECONDS_PER_VECTOR:g} s"}
        except BrokenPipeError:
            pass
        detail = f"{engine.status()} at `{step}`"
        state["engine"] = Engine()
        return {"verdict": "crash", "detail": detail}

    serve(judge)


if __name__ == "__main__":
    sys.exit(main())
