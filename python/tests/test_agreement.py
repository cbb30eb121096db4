"""The package and the `fenlint` command agree, on the first 10,000 lines of each benchmark
corpus: the same diagnostics (codes, spans, lines and columns, messages, help, fixes) for the
files, for each FEN alone, and in `check_many`; and the same human report."""

import json
from collections import defaultdict

import pytest

import fenlint
from conftest import CORPORA, run_fenlint


def command_findings(fenlint_bin, path, variant):
    """The command's JSON findings for the file, without the path."""
    done = run_fenlint(fenlint_bin, "check", "--no-config", "--format", "json", "--variant", variant, str(path))
    findings = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    for finding in findings:
        del finding["path"]
    return findings


def as_json(diagnostic, line_offset=0, byte_offset=0):
    """A diagnostic as the command's JSON writes it (without the path)."""
    fix = diagnostic.fix
    return {
        "line": diagnostic.line + line_offset,
        "column": diagnostic.column,
        "end_line": diagnostic.end_line + line_offset,
        "end_column": diagnostic.end_column,
        "byte_start": diagnostic.span.byte_start + byte_offset,
        "byte_end": diagnostic.span.byte_end + byte_offset,
        "severity": diagnostic.severity,
        "code": diagnostic.code,
        "message": diagnostic.message,
        "help": diagnostic.help,
        "fix": None if fix is None else {
            "byte_start": fix.span.byte_start + byte_offset,
            "byte_end": fix.span.byte_end + byte_offset,
            "replacement": fix.replacement,
        },
    }


@pytest.mark.parametrize("name", list(CORPORA))
def test_the_package_reports_what_the_command_reports(name, corpora, fenlint_bin):
    path, variant = corpora[name], CORPORA[name]
    expected = command_findings(fenlint_bin, path, variant)
    if name == "mixed_invalid":
        assert len(expected) > 1000, "the mixed corpus has thousands of problems"

    # The whole file. The command reports a code reported once per file when the file ends,
    # the package where it first occurs.
    from_file = fenlint.check_file(path, variant=variant)
    order = lambda finding: (finding["byte_start"], finding["byte_end"], finding["code"])
    assert sorted((as_json(d) for d in from_file), key=order) == sorted(expected, key=order)

    # Codes reported once per file: each line alone has them every time.
    once = {d.code: d.more_in_file + 1 for d in from_file if d.more_in_file}
    expected = [finding for finding in expected if finding["code"] not in once]
    occurrences = defaultdict(int)

    # Each line alone, with check(), shifted to where the line is in the file.
    raw = path.read_bytes()
    lines = raw.split(b"\n")[:-1]
    by_line = defaultdict(list)
    for finding in expected:
        by_line[finding["line"]].append(finding)
    offset = 0
    for number, line in enumerate(lines, start=1):
        text = line.decode("utf-8")
        got = []
        for diagnostic in fenlint.check(text, variant=variant):
            if diagnostic.code in once:
                occurrences[diagnostic.code] += 1
            else:
                got.append(as_json(diagnostic, number - 1, offset))
        assert got == by_line.get(number, []), (number, text)
        offset += len(line) + 1
    assert occurrences == once

    # check_many, from a list: every code of every line, and the first. A line with a code
    # reported once per file is compared with check() of that line alone.
    fens = [line.decode("utf-8") for line in lines]
    rows = fenlint.check_many(fens, variant=variant).to_pylist()
    for number, (fen, row) in enumerate(zip(fens, rows), start=1):
        findings = by_line.get(number, [])
        if any(code in once for code in row["codes"]):
            alone = fenlint.check(fen, variant=variant)
            findings = [{"code": d.code, "severity": d.severity, "message": d.message} for d in alone]
        assert row["codes"] == [f["code"] for f in findings], number
        assert row["errors"] == sum(f["severity"] == "error" for f in findings)
        assert row["valid"] == (row["errors"] == 0)
        assert row["first_code"] == (findings[0]["code"] if findings else None)
        assert row["first_message"] == (findings[0]["message"] if findings else None)


def test_str_is_the_report_the_command_prints(corpora, fenlint_bin):
    """Every FEN with problems among the first 1,500 lines of the mixed corpus, non-ASCII ones
    among them: the reports are those of `fenlint check --fen`, whose text is named `--fen`."""
    lines = corpora["mixed_invalid"].read_text(encoding="utf-8").splitlines()[:1500]
    shown = []
    for text in lines:
        diagnostics = fenlint.check(text, variant="standard")
        if not diagnostics:
            continue
        done = run_fenlint(fenlint_bin, "check", "--no-config", "--color", "never", "--variant", "standard", "--fen", text)
        reports = "".join(str(d).replace("[<fen>:", "[--fen:") + "\n" for d in diagnostics)
        assert done.stdout.startswith(reports), text
        shown.append(text)
    assert len(shown) > 300
    assert any(not text.isascii() for text in shown)


def test_codes_and_explain_are_what_the_command_lists_and_prints(fenlint_bin):
    listed = run_fenlint(fenlint_bin, "explain").stdout.splitlines()
    assert fenlint.codes() == [line.split()[0] for line in listed]
    for code in fenlint.codes():
        assert fenlint.explain(code) == run_fenlint(fenlint_bin, "explain", code).stdout, code


def test_file_reports_are_those_the_command_prints(fenlint_bin, tmp_path):
    """Each report of a file, as `fenlint check FILE` prints it: the FEN's own line for FEN
    and EPD files, the lines around it too for PGN files and files with a lone `\\r` (which
    the command reads whole). The command prints a code reported once per file when the file
    ends, the package in the order of the spans: the reports are compared in any order."""
    from conftest import REPOSITORY

    pgn = tmp_path / "games.pgn"
    pgn.write_text('[Event "x"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/R3K2R w QK - 0 1"]\n\n1. e4 *\n\n'
                   '[Event "y"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n*\n')
    lone_cr = tmp_path / "lone-cr.fen"
    lone_cr.write_bytes(b"4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\r8/8/8/8/8/8/8/8 w - - 0 1\r")
    realworld = REPOSITORY / "tests" / "realworld"
    files = sorted(p for p in realworld.iterdir() if p.suffix in (".fen", ".epd", ".pgn")) + [pgn, lone_cr]
    reported = 0
    for path in files:
        diagnostics = fenlint.check_file(path)
        done = run_fenlint(fenlint_bin, "check", "--no-config", "--color", "never", str(path))
        rest = done.stdout
        for diagnostic in diagnostics:
            report = str(diagnostic) + "\n"
            assert report in rest, (path, report)
            rest = rest.replace(report, "", 1)
            reported += 1
        assert rest.strip().count("\n") == 0, (path, rest)
    assert reported >= 20


def test_reports_show_control_characters_as_the_command_does(fenlint_bin, tmp_path):
    """No report carries a control character of the text to the terminal: NUL, ESC sequences,
    DEL, a bidirectional override and bytes that are not UTF-8 are shown as the command shows
    them (`␀`, `␛`, `␡`, `<U+202E>`, `�`), with the labels under the same characters."""
    path = tmp_path / "controls.fen"
    path.write_bytes(
        b"8/8/8/8/8/8/8/8\x00 w - - 0 1\n"
        b"4k3/8/8/8/8/8/8/4K3 \x1b[2Jx - - 0 1\n"
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 \xe2\x80\xae\x7f\n"
        b"4k3/8/8/8/8/8/8/4K3 w \xe9 - 0 1\n"
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\x00\x00\n"
        # Lines over 400 bytes: a window around each finding.
        b"8/8/8/8/8/8/8/" + b"8" * 500 + b"\x1b w - - 0 1\n"
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 \x07" + "é".encode() * 300 + b"\n"
    )
    diagnostics = fenlint.check_file(path)
    done = run_fenlint(fenlint_bin, "check", "--no-config", "--color", "never", str(path))
    rest = done.stdout
    for diagnostic in diagnostics:
        report = str(diagnostic) + "\n"
        assert report in rest, report
        rest = rest.replace(report, "", 1)
        assert not any(c.isprintable() is False and c != "\n" for c in report), repr(report)
    shown = "".join(str(d) for d in diagnostics)
    for picture in ("␀", "␛", "␡", "<U+202E>", "\ufffd", "␇"):
        assert picture in shown, picture
    assert "…" in shown and "8" * 400 not in shown
    # A long FEN given as a string: the report of `fenlint check --fen`.
    text = "8/8/8/8/8/8/8/" + "8" * 500 + " w - - 0 1"
    done = run_fenlint(fenlint_bin, "check", "--no-config", "--color", "never", "--fen", text)
    reports = "".join(str(d).replace("[<fen>:", "[--fen:") + "\n" for d in fenlint.check(text))
    assert done.stdout.startswith(reports)
    assert "…" in reports
    # One FEN, checked as a string.
    report = str(fenlint.check("4k3/8/8/8/8/8/8/4K3 \x1b]0;title\x07x - - 0 1")[0])
    assert "\x1b" not in report and "\x07" not in report
    assert "␛]0;title␇x - - 0 1" in report
