"""Check a Polars column of FENs: one struct per row (valid, errors, first_code, first_message,
codes), unnested into columns.

    python examples/polars_frame.py [FILE.fen]     # default: a few FENs of every kind
"""

import sys

import polars as pl

import fenlint

SAMPLE = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    None,
]


def main() -> None:
    if len(sys.argv) > 1:
        frame = pl.read_csv(sys.argv[1], has_header=False, new_columns=["fen"], separator="\t", quote_char=None)
    else:
        frame = pl.DataFrame({"fen": SAMPLE}, schema={"fen": pl.String})
    checked = frame.with_columns(
        # The whole column goes to fenlint at once, as Arrow: no Python string per row.
        pl.col("fen").map_batches(lambda fens: pl.Series(fenlint.check_many(fens))).alias("check")
    ).unnest("check")
    invalid = checked.filter(~pl.col("valid"))
    with pl.Config(fmt_str_lengths=60, tbl_width_chars=200):
        print(invalid.select("fen", "errors", "first_code"))
    print(f"{checked.height} FENs, {invalid.height} with errors, {checked['valid'].null_count()} missing")
    print(checked.select(pl.col("codes").explode().value_counts(sort=True)).unnest("codes").drop_nulls())


if __name__ == "__main__":
    main()
