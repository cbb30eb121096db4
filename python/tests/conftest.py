"""Shared fixtures: the optional packages, the `fenlint` command and the benchmark corpora.

In CI (`.ci/run`) `FENLINT_REQUIRE_PYTHON_DEPS=1` is set, and a test whose package or file is
missing fails instead of being skipped.
"""

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent
REPOSITORY = PACKAGE.parent
REQUIRED = os.environ.get("FENLINT_REQUIRE_PYTHON_DEPS") == "1"

# The benchmark corpora, their first lines, and the variant each is checked as.
CORPORA = {
    "standard": "standard",
    "chess960": "chess960",
    "crazyhouse": "crazyhouse",
    "threecheck": "threecheck",
    "mixed_invalid": "standard",
}
CORPUS_LINES = 10_000


def missing(what: str) -> None:
    """Skip the test for lack of `what`; in CI, fail it."""
    if REQUIRED:
        pytest.fail(f"{what} is missing, and FENLINT_REQUIRE_PYTHON_DEPS=1 requires it")
    pytest.skip(f"{what} is missing")


def require(module: str):
    """The module `module`, or the test skipped (failed in CI)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        missing(f"the Python package {module!r}")


@pytest.fixture(scope="session")
def fenlint_bin() -> Path:
    """The `fenlint` command: `$FENLINT_BIN`, else the repository's debug build."""
    path = Path(os.environ.get("FENLINT_BIN", REPOSITORY / "target" / "debug" / "fenlint"))
    if not path.is_file():
        missing(f"the fenlint command ({path}; build it with `cargo build -p fenlint-cli`)")
    return path


def shared_bench() -> Path:
    """`../shared/bench` beside the repository."""
    return REPOSITORY.parent / "shared" / "bench"


@pytest.fixture(scope="session")
def corpora(tmp_path_factory) -> dict:
    """The first `CORPUS_LINES` lines of each benchmark corpus, as files: taken from
    `$FENLINT_BENCH_DATA` or `../shared/bench/data` when they are there, else generated with
    `../shared/bench/gen_corpus.py`, whose seeded chunks make the first lines of a smaller run
    those of the full one."""
    folder = tmp_path_factory.mktemp("corpora")
    data = Path(os.environ.get("FENLINT_BENCH_DATA", shared_bench() / "data"))
    wanted = [name for name in CORPORA if not (data / f"{name}.fen").is_file()]
    if wanted:
        generator = shared_bench() / "gen_corpus.py"
        if not generator.is_file():
            missing(f"the benchmark corpora ({data}) and their generator ({generator})")
        require("chess")
        data = folder / "generated"
        # 10,000 positions: 1% of the standard corpus, 5% of the others.
        for scale, names in (("0.01", ["standard"]), ("0.05", [n for n in CORPORA if n != "standard"])):
            subprocess.run(
                [sys.executable, str(generator), "--out", str(data), "--jobs", "2",
                 "--scale", scale, "--only", *names],
                check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )
    files = {}
    for name in CORPORA:
        with open(data / f"{name}.fen", "rb") as source:
            head = b"".join(line for _, line in zip(range(CORPUS_LINES), source))
        path = folder / f"{name}.fen"
        path.write_bytes(head)
        files[name] = path
    return files


def run_fenlint(fenlint_bin: Path, *args: str) -> subprocess.CompletedProcess:
    """Runs the command; exit status 0 or 1 (findings) is success."""
    done = subprocess.run([str(fenlint_bin), *args], capture_output=True, text=True)
    assert done.returncode in (0, 1), done.stderr
    return done


@pytest.fixture(scope="session")
def examples() -> Path:
    """The folder of examples."""
    return PACKAGE / "examples"

