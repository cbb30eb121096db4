"""Every public function and class of the package, and its misuse."""

import os

import pytest

import fenlint
from conftest import require

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
OUT_OF_ORDER = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1"


def test_check_gives_code_severity_message_help_span_labels_and_fix():
    [diagnostic] = fenlint.check(OUT_OF_ORDER)
    assert diagnostic.code == "fen::castling::order"
    assert diagnostic.severity == "error"
    assert diagnostic.message == "castling rights `QKkq` out of order, expected `KQkq`"
    assert diagnostic.help.startswith("Write White's (upper-case) rights before Black's")
    assert (diagnostic.span.start, diagnostic.span.end) == (47, 48)
    assert (diagnostic.span.byte_start, diagnostic.span.byte_end) == (47, 48)
    assert [(label.text, label.primary) for label in diagnostic.labels] == [
        ("`K` belongs before `Q`", True),
        ("written first", False),
    ]
    assert OUT_OF_ORDER[diagnostic.fix.span.start : diagnostic.fix.span.end] == "QKkq"
    assert diagnostic.fix.replacement == "KQkq"
    assert (diagnostic.line, diagnostic.column, diagnostic.end_line, diagnostic.end_column) == (1, 48, 1, 49)
    assert diagnostic.path is None
    assert diagnostic.more_in_file == 0
    assert "fen::castling::order" in repr(diagnostic)


def test_a_valid_fen_has_no_diagnostics_and_a_bad_one_is_no_exception():
    assert fenlint.check(START) == []
    for text in ["", " ", "x" * 10_000, "\x00\ufffd", "8/8/8/8/8/8/8/8/8/8/8 w"]:
        assert isinstance(fenlint.check(text), list)
        assert fenlint.is_valid(text) is False


def test_is_valid_allows_warnings_and_follows_the_variant():
    assert fenlint.is_valid(START)
    assert not fenlint.is_valid(OUT_OF_ORDER)
    chess960 = "1rk3r1/8/8/8/8/8/8/1RK3R1 w GBgb - 0 1"
    assert fenlint.is_valid(chess960, variant="chess960")
    assert not fenlint.is_valid(chess960, variant="standard")
    holdings = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    assert fenlint.is_valid(holdings, variant="crazyhouse")
    assert fenlint.check("4k3/8/8/8/8/8/8/8 w - - 0 1", variant="syntax") == []
    assert fenlint.check("4k3/8/8/8/8/8/8/8 w - - 0 1")[0].code == "fen::kings::missing"


def test_misuse_raises_type_and_value_errors_with_clear_messages():
    with pytest.raises(ValueError, match='unknown variant "atomic"'):
        fenlint.check(START, variant="atomic")
    with pytest.raises(ValueError, match="unknown variant"):
        fenlint.check_many([START], variant="Standard")
    with pytest.raises(TypeError):
        fenlint.check(42)
    with pytest.raises(TypeError):
        fenlint.check(b"8/8/8/8/8/8/8/8 w - - 0 1")
    with pytest.raises(ValueError, match="unknown code"):
        fenlint.explain("fen::nope")
    with pytest.raises(ValueError, match='unknown castling "x-fen"'):
        fenlint.format(START, castling="x-fen")
    with pytest.raises(ValueError, match="syntax"):
        fenlint.format(START, variant="syntax")
    with pytest.raises(ValueError, match='unknown kind "txt"'):
        fenlint.check_text(START, kind="txt")
    with pytest.raises(TypeError, match="not one string"):
        fenlint.check_many(START)
    with pytest.raises(TypeError, match="item 1 is int"):
        fenlint.check_many([START, 3])
    with pytest.raises(TypeError, match="iterable"):
        fenlint.check_many(3)
    with pytest.raises(ValueError, match="threads must be at least 1, not 0"):
        fenlint.check_many([START], threads=0)
    with pytest.raises(ValueError, match="threads must be at least 1, not -1"):
        fenlint.check_many([START], threads=-1)
    with pytest.raises(TypeError, match="not True or False"):
        fenlint.check_many([START], threads=True)
    for raw in (START.encode(), bytearray(START.encode())):
        with pytest.raises(TypeError, match="not bytes"):
            fenlint.check_many(raw)
    with pytest.raises(ValueError, match="unknown square"):
        fenlint.parse(START).piece_at("i9")


def test_str_is_the_report_without_colour_and_report_colours_on_request():
    [diagnostic] = fenlint.check(OUT_OF_ORDER)
    text = str(diagnostic)
    assert text.startswith("fen::castling::order\n")
    assert "╭─[<fen>:1:48]" in text
    assert "╰── written first" in text
    assert "\x1b[" not in text
    assert diagnostic.report() == text
    assert "\x1b[" in diagnostic.report(color=True)


def test_fix_applies_every_fix_until_nothing_changes():
    assert fenlint.fix(OUT_OF_ORDER) == START
    assert fenlint.fix(START) == START
    # Two fixes in one FEN, and a FEN nothing can fix.
    assert fenlint.fix("4k3/8/8/8/8/8/8/R3K2R  w QK - 0 1") == "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"
    assert fenlint.fix("8/8 w") == "8/8 w"


def test_format_writes_the_dialect_asked_for_and_leaves_errors_alone():
    assert fenlint.format("4k3/8/8/8/8/8/8/R3K2R  w  KQ - 0 1") == "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"
    assert fenlint.format("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", castling="shredder") == "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1"
    crazyhouse = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR[Qn] w KQkq - 0 1"
    assert fenlint.format(crazyhouse, holdings="slash") == "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR/Qn w KQkq - 0 1"
    threecheck = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    assert fenlint.format(threecheck) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0"
    assert fenlint.format(threecheck, checks="remaining") == threecheck
    no_capture = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    assert fenlint.format(no_capture, en_passant="capturable") == no_capture.replace(" e3 ", " - ")
    assert fenlint.format(no_capture) == no_capture
    assert fenlint.format(OUT_OF_ORDER) is None


def test_explain_and_codes_match_the_documentation():
    names = fenlint.codes()
    assert len(names) == len(set(names)) > 50
    assert "fen::castling::order" in names
    for name in names:
        text = fenlint.explain(name)
        assert text.startswith(f"{name}\n\n*")
        assert text.rstrip().endswith(name.replace("::", "-").replace("_", "-")) or "https://" in text


def test_parse_reads_every_field_back():
    position = fenlint.parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    assert position.board[4] == "K" and position.board[60] == "k" and position.board[28] == "P"
    assert position.board[12] is None and len(position.board) == 64
    assert position.pieces["e4"] == "P" and len(position.pieces) == 32
    assert position.piece_at("e1") == "K" and position.piece_at("e2") is None
    assert position.turn == "black"
    assert position.castling == [
        ("white", "queen", "a1"), ("white", "king", "h1"),
        ("black", "queen", "a8"), ("black", "king", "h8"),
    ]
    assert position.en_passant == "e3"
    assert (position.halfmove_clock, position.fullmove_number) == (0, 1)
    assert position.holdings is None and position.checks_given is None and position.promoted == []
    assert position.variant == "standard"
    assert position.dialect == {"castling": "classic", "holdings": None, "checks": None, "promoted_markers": False}
    assert position.fen(castling="shredder") == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 1"
    assert str(position) == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    assert "Position(" in repr(position)


def test_parse_reads_variants_and_keeps_the_dialect():
    chess960 = fenlint.parse("1rk3r1/8/8/8/8/8/8/1RK3R1 w GBgb - 0 1")
    assert chess960.variant == "chess960"
    assert chess960.castling[0] == ("white", "queen", "b1")
    assert chess960.dialect["castling"] == "shredder"
    assert str(chess960) == "1rk3r1/8/8/8/8/8/8/1RK3R1 w GBgb - 0 1"
    assert chess960.fen(castling="xfen") == "1rk3r1/8/8/8/8/8/8/1RK3R1 w KQkq - 0 1"
    crazyhouse = fenlint.parse("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR[Qn] w KQkq - 0 1")
    assert crazyhouse.variant == "crazyhouse"
    assert crazyhouse.holdings == "Qn"
    assert crazyhouse.promoted == ["d1"]
    assert crazyhouse.fen(holdings="slash").split(" ")[0].endswith("/Qn")
    assert (chess960.chess960, crazyhouse.chess960) == (True, False)
    crazyhouse960 = fenlint.parse("nrqbbnkr/pppppppp/8/8/8/8/PPPPPPPP/NRQBBNKR[] w HBhb - 0 1")
    assert (crazyhouse960.variant, crazyhouse960.chess960) == ("crazyhouse", True)
    assert ("white", "king", "h1") in crazyhouse960.castling
    threecheck = fenlint.parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1")
    assert threecheck.variant == "threecheck"
    assert threecheck.checks_given == (1, 0)
    assert threecheck.dialect["checks"] == "remaining"
    slash = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R/Nn w KQkq - 0 4"
    read = fenlint.parse(slash, variant="crazyhouse")
    assert (read.holdings, read.dialect["holdings"], str(read)) == ("Nn", "slash", slash)
    standard = fenlint.parse(slash)
    assert (standard.holdings, standard.dialect["holdings"]) == (None, None)
    assert fenlint.parse("8/8 w") is None
    assert fenlint.parse(START, variant="chess960").variant == "chess960"
    with pytest.raises(ValueError):
        fenlint.parse(START, variant="syntax")


def test_check_text_and_check_file_give_lines_and_columns(tmp_path):
    text = "# a comment\n" + START + "\n\n" + OUT_OF_ORDER + "\n"
    [diagnostic] = fenlint.check_text(text)
    assert (diagnostic.line, diagnostic.column) == (4, 48)
    assert text[diagnostic.span.start : diagnostic.span.end] == "K"
    assert diagnostic.path is None
    assert "╭─[<text>:4:48]" in str(diagnostic)
    path = tmp_path / "positions.fen"
    path.write_text(text, encoding="utf-8")
    [from_file] = fenlint.check_file(path)
    assert (from_file.line, from_file.column, from_file.span) == (4, 48, diagnostic.span)
    assert from_file.path == str(path)
    assert f"╭─[{path}:4:48]" in str(from_file)
    assert fenlint.check_file(str(path)) and fenlint.check_file(os.fspath(path), kind="fen")
    # Python's own subclass of OSError for the errno, with the path as its filename.
    with pytest.raises(FileNotFoundError) as missing:
        fenlint.check_file(tmp_path / "missing.fen")
    assert missing.value.filename == str(tmp_path / "missing.fen") and missing.value.errno == 2
    with pytest.raises(IsADirectoryError):
        fenlint.check_file(tmp_path)


def test_every_occurrence_reports_each_line_of_a_code_said_once_per_file(tmp_path):
    text = "4k3/8/8/8/8/8/8/4K3 w - - 0 0\n" * 3
    [first] = fenlint.check_text(text)
    assert first.code == "fen::fullmove_number::zero"
    assert first.message.endswith("(and 2 more in this file)")
    every = fenlint.check_text(text, every_occurrence=True)
    assert [d.line for d in every] == [1, 2, 3]
    assert all(d.message == "fullmove number 0, expected 1 or more" for d in every)
    path = tmp_path / "zero.fen"
    path.write_text(text, encoding="utf-8")
    assert len(fenlint.check_file(path)) == 1
    assert len(fenlint.check_file(path, every_occurrence=True)) == 3


def test_check_text_reads_epd_and_pgn():
    epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - bm e4;\n"
    assert [d.code for d in fenlint.check_text(epd, kind="epd")] == ["fen::castling::order"]
    pgn = '[Event "?"]\n[SetUp "1"]\n[FEN "' + OUT_OF_ORDER + '"]\n\n*\n'
    [diagnostic] = fenlint.check_text(pgn, kind="pgn")
    assert diagnostic.code == "fen::castling::order"
    assert diagnostic.line == 3
    assert pgn[diagnostic.span.start : diagnostic.span.end] == "K"


def test_check_many_over_a_list():
    results = fenlint.check_many([START, OUT_OF_ORDER, None, "8/8 w"], threads=2)
    assert len(results) == 4
    assert results.invalid_count == 2
    rows = results.to_pylist()
    assert rows[0] == {"valid": True, "errors": 0, "first_code": None, "first_message": None, "codes": []}
    assert rows[1]["first_code"] == "fen::castling::order"
    assert rows[1]["first_message"] == "castling rights `QKkq` out of order, expected `KQkq`"
    assert rows[2] == {"valid": None, "errors": None, "first_code": None, "first_message": None, "codes": None}
    assert rows[3]["codes"] == ["fen::placement::too_few_ranks", "fen::fields::missing"]
    assert results[-1] == rows[3] and list(results) == rows
    with pytest.raises(IndexError):
        results[4]
    assert "4 FENs, 2 with errors" in repr(results)
    assert len(fenlint.check_many([])) == 0
    assert len(fenlint.check_many(iter([START] * 3))) == 3


def test_check_many_reads_epd_records_when_asked():
    record = '4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id "bare kings";'
    as_fen = fenlint.check_many([record]).to_pylist()[0]
    assert as_fen["valid"] is False
    assert as_fen["codes"] == ["fen::fields::unexpected"]
    [as_epd] = fenlint.check_many([record, "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2"], kind="epd").to_pylist()[:1]
    assert as_epd == {"valid": True, "errors": 0, "first_code": None, "first_message": None, "codes": []}
    missing_semicolon = fenlint.check_many(["4k3/8/8/8/8/8/8/4K3 w - - bm Kd2"], kind="epd").to_pylist()[0]
    assert missing_semicolon["valid"] is True
    assert missing_semicolon["codes"] == ["epd::operation::unterminated"]
    bad = fenlint.check_many(['4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id "x"; hmvc x;'], kind="epd").to_pylist()[0]
    assert bad["valid"] is False and bad["first_code"].startswith("epd::")
    with pytest.raises(ValueError, match='unknown kind "pgn"'):
        fenlint.check_many([record], kind="pgn")


def test_check_many_agrees_with_check_on_every_thread_count():
    fens = [START, OUT_OF_ORDER, "8/8/8/8/8/8/8/8 w - - 0 1", "x", "é"] * 2000
    expected = [[d.code for d in fenlint.check(fen)] for fen in fens[:5]] * 2000
    for threads in (1, 2, 3, 7):
        results = fenlint.check_many(fens, threads=threads).to_pylist()
        assert [row["codes"] for row in results] == expected
        assert [row["valid"] for row in results] == [fenlint.is_valid(fen) for fen in fens[:5]] * 2000




def test_a_lone_surrogate_is_a_diagnostic_where_it_stands():
    # What `errors="surrogateescape"` leaves for the byte 0xFF: one character, read as U+FFFD.
    fen = START.replace("8/8/8/8", "8/8/\udcff7/8")
    [diagnostic] = fenlint.check(fen)
    assert fen[diagnostic.span.start : diagnostic.span.end] == "\udcff"
    assert diagnostic.span.byte_end - diagnostic.span.byte_start == 3
    assert not fenlint.is_valid(fen)
    rows = fenlint.check_many([fen, START, "\udcff"]).to_pylist()
    assert [row["valid"] for row in rows] == [False, True, False]
    assert rows[0]["first_code"] == diagnostic.code
    assert fenlint.parse(fen) is None or fenlint.parse(fen).turn == "white"
    assert fenlint.check_text(fen + "\n")[0].column == diagnostic.span.start + 1
    # `fix` gives text back, which could not hold the surrogate: a ValueError naming its index.
    with pytest.raises(ValueError, match="lone surrogate at index 22"):
        fenlint.fix(fen)


def test_check_many_reads_nan_as_a_missing_fen():
    rows = fenlint.check_many([START, float("nan"), None]).to_pylist()
    assert [row["valid"] for row in rows] == [True, None, None]
    numpy = require("numpy")
    pandas = require("pandas")
    missing = [numpy.float32("nan"), numpy.float64("nan"), numpy.float16("nan"), pandas.NA]
    rows = fenlint.check_many([START, *missing]).to_pylist()
    assert [row["valid"] for row in rows] == [True, None, None, None, None]
    as_objects = pandas.Series([START, None], dtype="string").astype(object).tolist()
    assert [row["valid"] for row in fenlint.check_many(as_objects).to_pylist()] == [True, None]
    with pytest.raises(TypeError, match="item 1 is float32"):
        fenlint.check_many([START, numpy.float32(1.5)])
    with pytest.raises(TypeError, match="item 1 is float, expected str, or None or NaN"):
        fenlint.check_many([START, 1.5])


def test_check_many_reads_a_long_iterable_slab_by_slab():
    # More than two slabs of 65,536 items, read while the slab before is checked: every row in
    # its place, `None` rows too, from a generator as from a list.
    fens = [START, None, OUT_OF_ORDER, "8/8 w", "é"] * 30_000
    expected = [[d.code for d in fenlint.check(fen)] if fen is not None else None for fen in fens[:5]] * 30_000
    for source in (fens, (fen for fen in fens)):
        assert [row["codes"] for row in fenlint.check_many(source).to_pylist()] == expected
    # A wrong item in a later slab stops the call with its index, whatever is being checked.
    with pytest.raises(TypeError, match="item 140000 is int"):
        fenlint.check_many(fens[:140_000] + [3] + fens[:10])
def test_diagnostics_labels_and_fixes_compare_by_value():
    first, second = fenlint.check(OUT_OF_ORDER), fenlint.check(OUT_OF_ORDER)
    assert first == second and first[0] is not second[0]
    assert hash(first[0]) == hash(second[0])
    assert first[0].fix == second[0].fix and first[0].labels == second[0].labels
    assert len({*first, *second}) == len(first)
    # The same finding in another text, or under another name, is another diagnostic.
    assert fenlint.check(OUT_OF_ORDER + " ")[0] != first[0]
    assert fenlint.check_text(OUT_OF_ORDER)[0] != first[0]
    assert first[0] != first[0].code


def test_check_results_slice_into_check_results():
    fens = [START, OUT_OF_ORDER, None, "8/8 w", START]
    results = fenlint.check_many(fens)
    rows = results.to_pylist()
    for picked in (slice(1, 3), slice(None, None, 2), slice(None, None, -1), slice(3, 100), slice(4, 1)):
        part = results[picked]
        assert isinstance(part, fenlint.CheckResults)
        assert part.to_pylist() == rows[picked]
    assert results[1:][0] == rows[1]
    with pytest.raises(TypeError, match="integers or slices, not str"):
        results["valid"]


def test_the_package_is_typed_and_documented():
    package = os.path.dirname(fenlint.__file__)
    assert os.path.isfile(os.path.join(package, "py.typed"))
    with open(os.path.join(package, "__init__.pyi"), encoding="utf-8") as stubs:
        text = stubs.read()
    for name in fenlint.__all__:
        if name == "__version__":
            continue
        if name in ("Variant", "Severity"):
            # Type aliases, at runtime as in the stubs.
            assert f"\n{name}: TypeAlias = Literal[" in text
            assert getattr(fenlint, name).__args__
            continue
        kind = "class" if isinstance(getattr(fenlint, name), type) else "def"
        assert f"\n{kind} {name}" in text, f"{name} has no stub"
        assert getattr(fenlint, name).__doc__, f"{name} has no docstring"
    for cls in (fenlint.Diagnostic, fenlint.Position, fenlint.CheckResults, fenlint.Span, fenlint.Label, fenlint.Fix):
        for attribute, value in vars(cls).items():
            if not attribute.startswith("_"):
                assert value.__doc__, f"{cls.__name__}.{attribute} has no docstring"
                assert f"def {attribute}(" in text, f"{cls.__name__}.{attribute} has no stub"
