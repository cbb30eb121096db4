"""The examples run, each on its own sample and on a file of the kind it reads, and print what
fenlint finds."""

import subprocess
import sys

from conftest import require

OUT_OF_ORDER = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1"
FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    OUT_OF_ORDER,
    OUT_OF_ORDER,
    "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
]


def run(examples, name, *args):
    done = subprocess.run(
        [sys.executable, str(examples / name), *map(str, args)],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def counts(output):
    """The `COUNT  CODE` lines of an example's output."""
    found = {}
    for line in output.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit():
            found[parts[1]] = int(parts[0])
    return found


def test_polars_example(examples, tmp_path):
    require("polars")
    output = run(examples, "polars_frame.py")
    assert "4 FENs, 2 with errors, 1 missing" in output
    assert "fen::castling::order" in output and "fen::kings::missing" in output
    path = tmp_path / "positions.fen"
    path.write_text("\n".join(FENS) + "\n")
    output = run(examples, "polars_frame.py", path)
    assert "4 FENs, 3 with errors, 0 missing" in output
    assert "fen::side_to_move::invalid" in output


def parquet_of_fens(tmp_path):
    pa = require("pyarrow")
    import pyarrow.parquet as pq

    path = tmp_path / "positions.parquet"
    pq.write_table(pa.table({"fen": FENS}), path)
    return path


def test_duckdb_example(examples, tmp_path):
    require("duckdb")
    # DuckDB hands a Python UDF its Arrow vectors through NumPy.
    require("numpy")
    assert counts(run(examples, "duckdb_udf.py")) == {
        "valid": 1, "fen::castling::order": 1, "fen::kings::missing": 1,
    }
    assert counts(run(examples, "duckdb_udf.py", parquet_of_fens(tmp_path))) == {
        "valid": 1, "fen::castling::order": 2, "fen::side_to_move::invalid": 1,
    }


def test_spark_example(examples, tmp_path):
    require("pyspark")
    assert counts(run(examples, "spark_parquet.py", parquet_of_fens(tmp_path))) == {
        "valid": 1, "fen::castling::order": 2, "fen::side_to_move::invalid": 1,
    }


def test_the_readme_example_prints_what_its_comments_say(capsys):
    require("pyarrow")
    from conftest import PACKAGE

    text = (PACKAGE / "README.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    promised = [line.split("  # ", 1)[1] for line in code.splitlines() if "print(" in line]
    assert printed == promised
