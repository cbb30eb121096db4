#!/usr/bin/env python3
"""Whole-process times of fenlint builds, each run right after a run of an anchor command.

usage: benches/interleave.py [--rounds N] --anchor 'COMMAND' --anchor-positions N
                             --positions N -- BINARY [BINARY ...] -- ARG [ARG ...]

Each round runs, for every BINARY in turn (the order rotates from round to round), the
anchor command and then `BINARY ARG...`, so that every build meets the machine in the state
the anchor leaves it in, as it does when paired with the anchor by `pairbench.py`. Prints
the anchor's median time a position, and for each build its median and least time a
position and the anchor's median over its median.

Example (python-chess on 100,000 standard FENs, fenlint on a million of them):

    python3 benches/interleave.py --rounds 6 \\
        --anchor 'python3 ../shared/bench/anchors/python_check.py check --variant standard FILE100K' \\
        --anchor-positions 100000 --positions 1000000 \\
        -- target/release/fenlint OTHER/fenlint \\
        -- check --format json --variant standard FILE1M

Standard library only. Output is read through a pipe and thrown away, as pairbench.py does.
"""

import argparse
import shlex
import statistics
import subprocess
import sys
import time


def run(argv):
    """Wall seconds of one run of `argv`, its output read and thrown away."""
    start = time.monotonic()
    subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                   stderr=subprocess.DEVNULL, check=False)
    return time.monotonic() - start


def main(argv):
    if argv.count("--") != 2:
        print(__doc__, file=sys.stderr)
        return 2
    first = argv.index("--")
    second = argv.index("--", first + 1)
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--anchor", required=True)
    parser.add_argument("--anchor-positions", type=int, required=True)
    parser.add_argument("--positions", type=int, required=True)
    options = parser.parse_args(argv[:first])
    binaries = argv[first + 1:second]
    args = argv[second + 1:]
    if not binaries or options.rounds < 1:
        print(__doc__, file=sys.stderr)
        return 2
    anchor = shlex.split(options.anchor)
    anchor_times = []
    times = {binary: [] for binary in binaries}
    for round_number in range(options.rounds):
        turn = round_number % len(binaries)
        for binary in binaries[turn:] + binaries[:turn]:
            anchor_times.append(run(anchor) / options.anchor_positions)
            times[binary].append(run([binary] + args) / options.positions)
    anchor_median = statistics.median(anchor_times)
    print(f"anchor: {anchor_median * 1e6:.1f} us a position (median of {len(anchor_times)})")
    for binary, seconds in times.items():
        median = statistics.median(seconds)
        print(f"{binary}: {median * 1e9:.0f} ns a position (median; least {min(seconds) * 1e9:.0f}),"
              f" {anchor_median / median:.0f} times the anchor;"
              f" runs {', '.join(f'{s * 1e9:.0f}' for s in seconds)} ns")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
