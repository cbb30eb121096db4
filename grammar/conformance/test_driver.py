#!/usr/bin/env python3
"""Tests of the conformance driver (standard library only):

    python3 grammar/conformance/test_driver.py

The crash and hang isolation runs a stand-in adapter; the README's conformance table is held to
the matrix's summary; the `--check` tests run the fenlint adapter on a few vectors, so they need
a debug build of fenlint (`$FENLINT`, or `debug/fenlint` under `$CARGO_TARGET_DIR` or
`target/`).
"""

import os
import re
import shutil
import sys
import tempfile
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import driver  # noqa: E402

# Answers every vector, except that it dies on the text `CRASH` and never answers `HANG`.
STAND_IN = r"""
import json, os, sys, time
for line in sys.stdin:
    request = json.loads(line)
    if request["text"] == "CRASH":
        os._exit(3)
    if request["text"] == "HANG":
        time.sleep(3600)
    sys.stdout.write(json.dumps({"id": request["id"], "verdict": "reject", "fen": None, "detail": request["text"]}) + "\n")
    sys.stdout.flush()
"""


def vector(text, fmt="fen", canonical=None, variant="standard", warnings="-"):
    if canonical is None:
        return driver.Vector("invalid.tsv", 1, [text, fmt, "auto", "fen::x::y", "0..1", "a reason"])
    return driver.Vector("valid.tsv", 1, [text, fmt, variant, "-", canonical, warnings, "a reason"])


class Isolation(unittest.TestCase):
    def run_stand_in(self, texts):
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
            script.write(STAND_IN)
        self.addCleanup(os.unlink, script.name)
        stand_in = driver.Implementation("stand-in", "stand-in", None, lambda: [sys.executable, script.name],
                                         None, "", "")
        with mock.patch.object(driver, "BATCH_SECONDS", 2.0), mock.patch.object(driver, "VECTOR_SECONDS", 1.0):
            return driver.run_implementation(stand_in, [vector(t) for t in texts])

    def test_a_crash_is_the_culprits_alone_and_the_batch_goes_on_after_it(self):
        answers = self.run_stand_in(["a", "b", "CRASH", "c", "d"])
        self.assertEqual([a["verdict"] for a in answers], ["reject", "reject", "crash", "reject", "reject"])
        self.assertIn("exit status 3", answers[2]["detail"])
        self.assertEqual([a["detail"] for a in answers[3:]], ["c", "d"])

    def test_a_hang_is_a_timeout_of_the_culprit_alone(self):
        answers = self.run_stand_in(["a", "HANG", "b", "CRASH", "CRASH", "c"])
        self.assertEqual([a["verdict"] for a in answers], ["reject", "timeout", "reject", "crash", "crash", "reject"])


class Reading(unittest.TestCase):
    START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

    def test_castling_rights_are_compared_as_rook_files(self):
        v = vector(self.START, canonical=self.START)
        self.assertEqual(driver.differences(v, self.START.replace("KQkq", "HAha")), [])
        self.assertEqual(driver.differences(v, self.START.replace("KQkq", "HAh")), ["castling"])

    def test_a_board_side_or_counter_read_differently_is_named(self):
        v = vector(self.START, canonical=self.START)
        self.assertEqual(driver.differences(v, self.START.replace("/8/8/8/8/", "/8/8/8/Q7/")), ["board"])
        self.assertEqual(driver.differences(v, self.START.replace(" w ", " b ")), ["side"])
        self.assertEqual(driver.differences(v, self.START[:-1] + "2"), ["fullmove number"])

    def test_an_en_passant_square_left_out_is_a_convention_one_added_a_difference(self):
        after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        v = vector(after_e4, canonical=after_e4, warnings="fen::en_passant::not_capturable")
        self.assertEqual(driver.differences(v, after_e4.replace("e3", "-")), [])
        v = vector(self.START, canonical=self.START)
        self.assertEqual(driver.differences(v, self.START.replace("- 0", "e3 0")), ["en passant"])

    def test_holdings_and_checks_in_every_form(self):
        house = "4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1"
        v = vector(house, canonical=house, variant="crazyhouse")
        self.assertEqual(driver.differences(v, "4k3/8/8/8/8/8/8/4K3/qQ w - - 0 1"), [])
        self.assertEqual(driver.differences(v, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1"), ["holdings"])
        checks = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+2"
        v = vector(checks, canonical=checks, variant="threecheck")
        self.assertEqual(driver.differences(v, "4k3/8/8/8/8/8/8/4K3 w - - 2+1 0 1"), [])
        self.assertEqual(driver.differences(v, "4k3/8/8/8/8/8/8/4K3 w - - 1+1 0 1"), ["checks"])

    def test_unreadable_output_is_a_difference(self):
        v = vector(self.START, canonical=self.START)
        self.assertEqual(driver.differences(v, "8/8 w - - 0 1"), ["unreadable output (2 ranks)"])

    def test_the_variant_a_text_suggests(self):
        self.assertEqual(driver.guess_variant("fen", "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1"), "crazyhouse")
        self.assertEqual(driver.guess_variant("fen", "4k3/8/8/8/8/8/8/4K3/Q w - - 0 1"), "crazyhouse")
        self.assertEqual(driver.guess_variant("fen", "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1"), "threecheck")
        self.assertEqual(driver.guess_variant("fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +0+1"), "threecheck")
        self.assertEqual(driver.guess_variant("fen", self.START.replace("KQkq", "HAha")), "chess960")
        self.assertEqual(driver.guess_variant("fen", self.START), "standard")
        self.assertEqual(driver.guess_variant("epd", "4k3/8/8/8/8/8/8/4K3 w - - 2+3 hmvc 0;"), "threecheck")

    def test_outcomes_judge_the_verdict_against_the_vector(self):
        valid = vector(self.START, canonical=self.START)
        lenient = vector(self.START + " ", canonical=self.START, warnings="fen::whitespace::trailing")
        invalid = vector("8/8 w - - 0 1")
        self.assertEqual(driver.judge(valid, {"verdict": "accept", "fen": self.START}), ("ok", []))
        self.assertEqual(driver.judge(valid, {"verdict": "reject"}), ("rejected", []))
        self.assertEqual(driver.judge(lenient, {"verdict": "reject"}), ("strict", []))
        self.assertEqual(driver.judge(invalid, {"verdict": "reject"}), ("ok", []))
        self.assertEqual(driver.judge(invalid, {"verdict": "accept", "fen": None}), ("accepted", []))
        self.assertEqual(driver.judge(valid, {"verdict": "accept", "fen": self.START.replace(" w ", " b ")}),
                         ("misread", ["side"]))


class Builds(unittest.TestCase):
    def test_the_builds_are_looked_for_where_cargo_puts_them(self):
        with mock.patch.dict(os.environ, {"CARGO_TARGET_DIR": "/elsewhere"}):
            os.environ.pop("FENLINT", None)
            self.assertEqual(driver.fenlint_path(), "/elsewhere/debug/fenlint")
            self.assertEqual(driver.rust_binary("shakmaty"), ["/elsewhere/release/shakmaty"])
        with mock.patch.dict(os.environ, {"CARGO_TARGET_DIR": "relative"}):
            os.environ.pop("FENLINT", None)
            self.assertEqual(driver.fenlint_path(), os.path.join(driver.ROOT, "relative", "debug", "fenlint"))
        with mock.patch.dict(os.environ, {"FENLINT": "/a/fenlint"}):
            self.assertEqual(driver.fenlint_path(), "/a/fenlint")
        with mock.patch.dict(os.environ):
            os.environ.pop("CARGO_TARGET_DIR", None)
            os.environ.pop("FENLINT", None)
            self.assertEqual(driver.fenlint_path(), os.path.join(driver.ROOT, "target", "debug", "fenlint"))


def table(text, heading):
    """The rows of the first Markdown table after `heading`: a dict per row, by column name."""
    rows = []
    for line in text.split(heading, 1)[1].splitlines():
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
        elif rows:
            break
    return [dict(zip(rows[0], row)) for row in rows[2:]]


class Readme(unittest.TestCase):
    def test_the_readme_conformance_table_is_the_matrix_summary(self):
        with open(os.path.join(driver.ROOT, "README.md"), encoding="utf-8") as f:
            readme = table(f.read(), "\n## Conformance\n")
        summary = {row["implementation"]: row for row in table(driver.read_text(driver.MATRIX), "\n## Summary\n")}
        versions = driver.read_versions()
        self.assertEqual(len(readme), len(driver.IMPLEMENTATIONS))
        for row in readme:
            # The README names an implementation by the first word of its title and its version:
            # `python-chess 1.11.2`, `Fairy-Stockfish (pyffish 0.0.90)`, `Stockfish 15.1 (UCI)`.
            name = row["implementation"]
            implementation = next(i for i in driver.IMPLEMENTATIONS if i.title.split()[0] == name.split()[0])
            version = re.search(r"\d+(\.\d+)+", name)
            if version:
                self.assertIn(version[0], versions[implementation.name], name)
            for column in ("as expected", "invalid accepted", "read differently", "crashed", "not supported"):
                self.assertEqual(row[column], summary[implementation.title][column], f"{name}: {column}")


class Check(unittest.TestCase):
    """`--check` in a folder of its own: the results and the matrix of a run on a few vectors,
    then edited."""

    def setUp(self):
        self.folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.folder)
        few = driver.read_vectors()[:: 40]
        patches = [
            mock.patch.object(driver, "read_vectors", lambda: few),
            mock.patch.object(driver, "RESULTS", os.path.join(self.folder, "results")),
            mock.patch.object(driver, "MATRIX", os.path.join(self.folder, "MATRIX.md")),
            mock.patch.object(sys, "stdout", open(os.devnull, "w")),
        ]
        for patch in patches:
            patch.start()
            self.addCleanup(patch.stop)
        self.addCleanup(sys.stdout.close)
        self.assertEqual(self.main(), 0)

    def main(self, *check):
        with mock.patch.object(sys, "argv", ["driver.py", *check, "--no-install", "--only", "fenlint"]):
            return driver.main()

    def edit(self, name, old, new):
        path = os.path.join(self.folder, name)
        text = driver.read_text(path)
        self.assertIn(old, text)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace(old, new, 1))

    def test_results_that_match_the_run_pass(self):
        self.assertEqual(self.main("--check"), 0)

    def test_a_committed_row_that_differs_from_the_run_fails(self):
        self.edit("results/fenlint.tsv", "\tok\t", "\taccepted\t")
        self.assertEqual(self.main("--check"), 1)

    def test_a_matrix_that_differs_from_the_committed_results_fails(self):
        self.edit("MATRIX.md", "| fenlint |", "| fenlint (edited) |")
        self.assertEqual(self.main("--check"), 1)

    def test_results_of_other_vectors_are_left_out_of_the_matrix_and_fail_the_check(self):
        with open(os.path.join(self.folder, "results", "fenlint.tsv"), encoding="utf-8") as f:
            rows = [line.split("\t") for line in f if not line.startswith("#")]
        self.edit("results/fenlint.tsv", "\t" + rows[0][1] + "\t", "\t000000000000\t")
        self.assertEqual(self.main("--check"), 1)
        self.assertEqual(self.main(), 0)
        self.assertIn("| fenlint |", driver.read_text(os.path.join(self.folder, "MATRIX.md")))

    def test_a_check_writes_nothing(self):
        self.edit("MATRIX.md", "| fenlint |", "| fenlint (edited) |")
        self.main("--check")
        self.assertIn("| fenlint (edited) |", driver.read_text(os.path.join(self.folder, "MATRIX.md")))


if __name__ == "__main__":
    unittest.main()
