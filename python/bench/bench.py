"""fenlint from Python against python-chess, on the standard corpus of `../shared/bench`.

    python python/bench/bench.py [--data DIR] [--sample N] [--runs N]

DIR holds `standard.fen` (1,000,000 FENs; default `$FENLINT_BENCH_DATA`, else
`../shared/bench/data` beside the repository; `../shared/bench/gen_corpus.py --only standard`
writes it). Run it with the package installed by `pip install ./python` (a release build) and
python-chess (`pip install chess pyarrow`). It prints a Markdown table:

- check_many over the 1M FENs from a Python list, and from a pyarrow array (built before the
  clock starts), against `[chess.Board(f).is_valid() for f in fens]` timed on the first N
  FENs (default 50,000) and scaled to 1M (per FEN: the python-chess time of the N divided
  by N);
- fenlint.check(fen) called once per FEN in a Python loop, against chess.Board(fen) alone,
  both on the first N FENs;
- the peak resident memory that check_many over the 1M FENs adds (the kernel's high-water
  mark, reset just before the call), against the input column's size and the result's.

Each time is given as wall time and, in brackets, CPU time (of all the process's threads:
check_many uses one per core); fenlint's are the median of RUNS runs (default 3),
python-chess's one run.
"""

import argparse
import gc
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import chess
import pyarrow as pa

import fenlint

REPOSITORY = Path(__file__).resolve().parents[2]


class Timing:
    """Wall and CPU seconds (the CPU time of every thread of the process), medians of runs."""

    def __init__(self, wall, cpu):
        self.wall, self.cpu = wall, cpu

    def __mul__(self, factor):
        return Timing(self.wall * factor, self.cpu * factor)

    def per(self, count):
        return f"{self.wall / count * 1e9:,.0f} ns ({self.cpu / count * 1e9:,.0f} ns)"


def timed(function, runs):
    """The median wall and CPU times of `runs` calls of `function`, and its last result."""
    walls, cpus = [], []
    result = None
    for _ in range(runs):
        gc.collect()
        start, start_cpu = time.perf_counter(), time.process_time()
        result = function()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - start_cpu)
    return Timing(statistics.median(walls), statistics.median(cpus)), result


def read_fens(path):
    with open(path, encoding="utf-8") as source:
        return source.read().splitlines()


MEMORY_PROBE = r"""
import gc, resource, sys
import pyarrow as pa, pyarrow.csv as csv
import fenlint

def rss_kib(field):
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])

path, source = sys.argv[1], sys.argv[2]
table = csv.read_csv(path, read_options=csv.ReadOptions(column_names=["fen"]),
                     parse_options=csv.ParseOptions(delimiter="\t", quote_char=False))
column = table["fen"].combine_chunks()
fens = column.to_pylist() if source == "list" else column
gc.collect()
before = rss_kib("VmRSS")
with open("/proc/self/clear_refs", "w") as refs:
    refs.write("5")  # reset the high-water mark
results = fenlint.check_many(fens)
peak = rss_kib("VmHWM")
result_bytes = pa.array(results).nbytes
print(column.nbytes, result_bytes, (peak - before) * 1024)
"""


def memory(path, source):
    """(input column bytes, result bytes, peak RSS added by check_many) in a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", MEMORY_PROBE, str(path), source],
        capture_output=True, text=True, check=True,
    )
    return tuple(int(field) for field in done.stdout.split())


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default = os.environ.get("FENLINT_BENCH_DATA", REPOSITORY.parent / "shared" / "bench" / "data")
    parser.add_argument("--data", type=Path, default=Path(default))
    parser.add_argument("--sample", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    path = args.data / "standard.fen"
    fens = read_fens(path)
    sample = fens[: args.sample]
    scale = len(fens) / len(sample)
    print(f"{len(fens):,} FENs from {path}; python-chess on the first {len(sample):,}, scaled ×{scale:g}", file=sys.stderr)

    many_list, results = timed(lambda: fenlint.check_many(fens), args.runs)
    assert len(results) == len(fens)
    array = pa.array(fens, type=pa.string())
    many_arrow, _ = timed(lambda: fenlint.check_many(array), args.runs)
    chess_valid, _ = timed(lambda: [chess.Board(f).is_valid() for f in sample], 1)
    chess_valid *= scale

    per_call, _ = timed(lambda: [fenlint.check(f) for f in sample], args.runs)
    chess_board, _ = timed(lambda: [chess.Board(f) for f in sample], 1)

    list_input, list_result, list_peak = memory(path, "list")
    arrow_input, arrow_result, arrow_peak = memory(path, "arrow")

    n, s = len(fens), len(sample)
    ratio = lambda theirs, ours: f"{theirs.wall / ours.wall:,.0f}× ({theirs.cpu / ours.cpu:,.0f}×)"
    rows = [
        ("check_many, 1M FENs from a list", f"{many_list.per(n)}/FEN",
         f"{chess_valid.per(n)}/FEN", ratio(chess_valid, many_list), "≥ 100×"),
        ("check_many, 1M FENs from a pyarrow array", f"{many_arrow.per(n)}/FEN",
         f"{chess_valid.per(n)}/FEN", ratio(chess_valid, many_arrow), "≥ 200×"),
        (f"check(fen) once per FEN in a loop, against `Board(f)` ({s:,} FENs)", f"{per_call.per(s)}/FEN",
         f"{chess_board.per(s)}/FEN", ratio(chess_board, per_call), "≥ 10×"),
    ]
    print("| measurement: wall (CPU) | fenlint | python-chess | speed-up | budget |")
    print("|---|---:|---:|---:|---:|")
    for name, ours, theirs, speedup, budget in rows:
        print(f"| {name} | {ours} | {theirs} | {speedup} | {budget} |")
    mib = 1024 * 1024
    print()
    print("| check_many over 1M FENs | input column | result | peak RSS added | budget (2 × input + result) |")
    print("|---|---:|---:|---:|---:|")
    for name, given, result, peak in (("from a pyarrow array", arrow_input, arrow_result, arrow_peak),
                                      ("from a list (input: the Arrow column it came from)", list_input, list_result, list_peak)):
        print(f"| {name} | {given / mib:.1f} MiB | {result / mib:.1f} MiB | {peak / mib:.1f} MiB | {(2 * given + result) / mib:.1f} MiB |")
    print(f"\nthreads: {os.cpu_count()} cores; fenlint {fenlint.__version__}, python-chess {chess.__version__}, pyarrow {pa.__version__}, Python {sys.version.split()[0]}", file=sys.stderr)


if __name__ == "__main__":
    main()
