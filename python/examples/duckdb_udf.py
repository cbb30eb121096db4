"""Check FENs in SQL with DuckDB: a Python UDF that gets each vector of the column as an Arrow
array and hands it to fenlint.check_many in one call.

    python examples/duckdb_udf.py [FILE.parquet]    # default: a few FENs of every kind

DuckDB needs NumPy installed for Python UDFs (`pip install duckdb numpy pyarrow`).
"""

import sys

import duckdb
import pyarrow as pa

import fenlint

SAMPLE = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
]

# The struct fenlint.check_many gives, as a DuckDB type.
CHECK = duckdb.struct_type(
    {
        "valid": "BOOLEAN",
        "errors": "UINTEGER",
        "first_code": "VARCHAR",
        "first_message": "VARCHAR",
        "codes": "VARCHAR[]",
    }
)


def fen_check(fens: pa.Array) -> pa.Array:
    """The UDF: one Arrow column of FENs in, one struct column out."""
    return pa.array(fenlint.check_many(fens))


def main() -> None:
    connection = duckdb.connect()
    connection.create_function("fen_check", fen_check, [duckdb.sqltype("VARCHAR")], CHECK, type="arrow")
    if len(sys.argv) > 1:
        connection.execute(f"CREATE VIEW positions AS SELECT fen FROM read_parquet('{sys.argv[1]}')")
    else:
        sample = pa.table({"fen": SAMPLE})
        connection.register("sample", sample)
        connection.execute("CREATE VIEW positions AS SELECT fen FROM sample")
    rows = connection.sql(
        """
        SELECT c.first_code AS code, count(*) AS fens
        FROM (SELECT fen_check(fen) AS c FROM positions)
        GROUP BY ALL ORDER BY fens DESC, code
        """
    ).fetchall()
    for code, fens in rows:
        print(f"{fens:>8}  {code or 'valid'}")


if __name__ == "__main__":
    main()
