"""check_many over Arrow columns (pyarrow, Polars, DuckDB), read in place through the Arrow
PyCapsule interface, and its result taken straight in by pyarrow and Polars."""

import threading
import tracemalloc

import pytest

import fenlint
from conftest import require

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
OUT_OF_ORDER = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1"
FENS = [START, OUT_OF_ORDER, None, "é8/8 w", "8/8/8/8/8/8/8/8 w - - 0 1"]
EXPECTED = fenlint.check_many(FENS, threads=1).to_pylist()


def test_the_list_result_is_what_check_says():
    assert EXPECTED[1]["codes"] == [d.code for d in fenlint.check(OUT_OF_ORDER)]
    assert EXPECTED[2]["valid"] is None
    assert EXPECTED[3]["first_code"] == fenlint.check("é8/8 w")[0].code


def test_pyarrow_string_arrays_of_every_kind():
    pa = require("pyarrow")
    for kind in (pa.string(), pa.large_string(), pa.string_view()):
        array = pa.array(FENS, type=kind)
        assert fenlint.check_many(array).to_pylist() == EXPECTED, kind
    binary = pa.array([None if f is None else f.encode() for f in FENS], type=pa.binary())
    assert fenlint.check_many(binary).to_pylist() == EXPECTED
    chunked = pa.chunked_array([FENS[:2], FENS[2:]])
    assert fenlint.check_many(chunked).to_pylist() == EXPECTED
    # A slice starts inside the buffers it shares.
    assert fenlint.check_many(pa.array(FENS).slice(1, 3)).to_pylist() == EXPECTED[1:4]
    many = pa.array(FENS * 3000)
    assert fenlint.check_many(many, threads=3).to_pylist() == EXPECTED * 3000


def test_arrow_columns_of_other_types_are_a_type_error():
    pa = require("pyarrow")
    with pytest.raises(TypeError, match="expected an Arrow column of strings, got one of integers"):
        fenlint.check_many(pa.array([1, 2]))
    with pytest.raises(TypeError, match=r"a table of 2 columns \(fen, id\): pass its FEN column, such as table\["):
        fenlint.check_many(pa.table({"fen": FENS, "id": list(range(len(FENS)))}))


def test_a_table_of_one_column_is_its_column():
    pa = require("pyarrow")
    assert fenlint.check_many(pa.table({"fen": FENS})).to_pylist() == EXPECTED
    batch = pa.record_batch({"fen": pa.array(FENS)})
    assert fenlint.check_many(batch).to_pylist() == EXPECTED


def test_dictionary_and_null_columns():
    pa = require("pyarrow")
    encoded = pa.array(FENS).dictionary_encode()
    assert fenlint.check_many(encoded).to_pylist() == EXPECTED
    nulls = [{"valid": None, "errors": None, "first_code": None, "first_message": None, "codes": None}] * 2
    assert fenlint.check_many(pa.nulls(2)).to_pylist() == nulls
    assert fenlint.check_many(pa.array([None, None], type=pa.string()).dictionary_encode()).to_pylist() == nulls


def test_polars_categorical_and_null_series():
    pl = require("polars")
    series = pl.Series("fen", FENS, dtype=pl.Categorical)
    assert fenlint.check_many(series).to_pylist() == EXPECTED
    nulls = fenlint.check_many(pl.Series([None, None])).to_pylist()
    assert [row["valid"] for row in nulls] == [None, None]
    assert fenlint.check_many(pl.DataFrame({"fen": FENS})).to_pylist() == EXPECTED


def test_a_duckdb_result_is_its_column():
    duckdb = require("duckdb")
    con = duckdb.connect()
    rows = ", ".join("(NULL)" if f is None else "('" + f + "')" for f in FENS)
    relation = con.sql(f"SELECT * FROM (VALUES {rows}) AS t(fen)")
    assert fenlint.check_many(relation.arrow()).to_pylist() == EXPECTED


def test_an_arrow_column_is_not_turned_into_python_strings():
    pa = require("pyarrow")
    array = pa.array([START, OUT_OF_ORDER] * 50_000)
    tracemalloc.start()
    results = fenlint.check_many(array)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(results) == 100_000
    # 100,000 Python strings would take more than 5 MB.
    assert peak < 200_000, peak


def test_the_gil_is_released_while_checking():
    fens = [START, OUT_OF_ORDER] * 100_000
    done = threading.Event()
    counted = [0]

    def count():
        while not done.is_set():
            counted[0] += 1

    counter = threading.Thread(target=count)
    counter.start()
    try:
        before = counted[0]
        fenlint.check_many(fens, threads=1)
        during = counted[0] - before
    finally:
        done.set()
        counter.join()
    assert during > 1000, during


def test_pyarrow_takes_the_result_straight_in():
    pa = require("pyarrow")
    results = fenlint.check_many(FENS)
    array = pa.array(results)
    assert array.type == pa.struct([
        ("valid", pa.bool_()), ("errors", pa.uint32()), ("first_code", pa.string()),
        ("first_message", pa.string()), ("codes", pa.list_(pa.string())),
    ])
    assert array.to_pylist() == EXPECTED
    assert results.to_arrow().equals(array)
    table = pa.table(results)
    assert table.column_names == ["valid", "errors", "first_code", "first_message", "codes"]
    assert table.to_pylist() == EXPECTED


def test_polars_series_in_and_frames_out():
    pl = require("polars")
    series = pl.Series("fen", FENS)
    assert fenlint.check_many(series).to_pylist() == EXPECTED
    chunked = pl.concat([pl.Series("fen", FENS[:2]), pl.Series("fen", FENS[2:])], rechunk=False)
    assert chunked.n_chunks() == 2
    assert fenlint.check_many(chunked).to_pylist() == EXPECTED
    frame = pl.DataFrame(fenlint.check_many(series))
    assert frame.columns == ["valid", "errors", "first_code", "first_message", "codes"]
    assert frame.to_dicts() == EXPECTED
    assert pl.Series(fenlint.check_many(series)).to_list() == EXPECTED
    checked = pl.DataFrame({"fen": FENS}).with_columns(
        pl.col("fen").map_batches(lambda fens: pl.Series(fenlint.check_many(fens)), return_dtype=None).alias("check")
    )
    assert checked["check"].struct.field("valid").to_list() == [r["valid"] for r in EXPECTED]


def test_duckdb_columns():
    duckdb = require("duckdb")
    pa = require("pyarrow")
    connection = duckdb.connect()
    fens = pa.table({"fen": FENS})
    table = connection.sql("SELECT fen FROM fens").to_arrow_table()
    assert fenlint.check_many(table["fen"]).to_pylist() == EXPECTED
