"""Check a Parquet column of FENs with Spark (local mode here; the same code runs on a
cluster): mapInArrow hands each partition's record batches to fenlint.check_many as Arrow.

    python examples/spark_parquet.py [FILE.parquet]    # default: a few FENs written to Parquet
"""

import os
import sys
import tempfile

import pyarrow as pa
import pyarrow.parquet as pq
from pyspark.sql import SparkSession

import fenlint

SAMPLE = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
]

SCHEMA = "fen string, valid boolean, errors long, first_code string, codes array<string>"


def check_batches(batches):
    """Each record batch of FENs, with fenlint's verdict beside them."""
    for batch in batches:
        check = pa.array(fenlint.check_many(batch.column("fen")))
        yield pa.RecordBatch.from_arrays(
            [
                batch.column("fen"),
                check.field("valid"),
                check.field("errors").cast(pa.int64()),  # Spark has no unsigned integers
                check.field("first_code"),
                check.field("codes"),
            ],
            names=["fen", "valid", "errors", "first_code", "codes"],
        )


def main() -> None:
    # The Python workers are this interpreter, which has fenlint.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    with tempfile.TemporaryDirectory() as folder:
        path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(folder, "positions.parquet")
        if len(sys.argv) == 1:
            pq.write_table(pa.table({"fen": SAMPLE}), path)
        spark = (
            SparkSession.builder.master("local[2]")
            .appName("fenlint")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .getOrCreate()
        )
        spark.sparkContext.setLogLevel("ERROR")
        try:
            checked = spark.read.parquet(path).mapInArrow(check_batches, SCHEMA)
            for row in checked.groupBy("first_code").count().orderBy("count", ascending=False).collect():
                print(f"{row['count']:>8}  {row['first_code'] or 'valid'}")
        finally:
            spark.stop()


if __name__ == "__main__":
    main()
