//! The command on the conventions real files use: `--variant syntax` for positions of variants
//! fenlint does not know, `fmt --epd-counters` for EPD books of six-field FENs, and files with
//! lone-CR line endings read as `--fix` and `fmt` keep them.

mod common;

use common::{Run, scratch, write};
use std::path::Path;

fn run(dir: &Path, args: &[&str]) -> Run {
    common::fenlint_in(dir, args, None)
}

/// `--variant syntax` checks the board's shape and the fields, not the chess of the position.
#[test]
fn variant_syntax_checks_the_shape_only() {
    let dir = scratch("variant-syntax");
    write(
        &dir,
        "horde.fen",
        b"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1\n\
          rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1\n\
          rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w - - 0 1\n",
    );
    let chess = run(&dir, &["check", "--format", "json", "horde.fen"]);
    assert!(chess.codes().contains(&"fen::pawns::too_many".to_owned()));
    let syntax = run(
        &dir,
        &[
            "check",
            "--variant",
            "syntax",
            "--format",
            "json",
            "horde.fen",
        ],
    );
    assert_eq!(syntax.codes(), ["fen::placement::rank_too_short"]);
    assert_eq!(syntax.code, 1);
    // `fmt` needs a variant to write positions in.
    let fmt = run(&dir, &["fmt", "--variant", "syntax", "horde.fen"]);
    assert_eq!(fmt.code, 2, "{}", fmt.stderr);
    assert!(fmt.stderr.contains("`syntax`"), "{}", fmt.stderr);
}

/// `fmt --epd-counters` writes a book's counters as operations and back.
#[test]
fn fmt_converts_epd_counters() {
    let dir = scratch("epd-counters");
    let book = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n";
    let path = write(&dir, "book.epd", book.as_bytes());
    let converted = run(&dir, &["fmt", "--epd-counters", "operations", "book.epd"]);
    assert_eq!(converted.code, 0, "{}", converted.stderr);
    let operations = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        operations,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - hmvc 0; fmvn 2;\n"
    );
    let checked = run(&dir, &["check", "--format", "json", "book.epd"]);
    assert_eq!((checked.stdout.as_str(), checked.code), ("", 0));
    run(&dir, &["fmt", "--epd-counters", "fen", "book.epd"]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), book);
    // Counters written both ways (and agreeing) are written once, either way.
    let position = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -";
    let both = format!("{position} 0 2 hmvc 0; id \"x\"; fmvn 2;\n");
    for (style, expected) in [
        ("fen", format!("{position} 0 2 id \"x\";\n")),
        (
            "operations",
            format!("{position} hmvc 0; id \"x\"; fmvn 2;\n"),
        ),
    ] {
        let path = write(&dir, "both.epd", both.as_bytes());
        let converted = run(&dir, &["fmt", "--epd-counters", style, "both.epd"]);
        assert_eq!(converted.code, 0, "{}", converted.stderr);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), expected, "{style}");
    }
}

/// A file with lone-CR line endings: every position is linted, on its own line, and `--fix`
/// keeps the CRs.
#[test]
fn lone_cr_files_are_read_line_by_line_and_fixed_in_place() {
    let dir = scratch("lone-cr");
    let path = write(
        &dir,
        "mac.fen",
        b"# a\r4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\r4k3/8/8/8/8/8/8/4K3 x - - 0 1\r",
    );
    let checked = run(&dir, &["check", "--format", "json", "mac.fen"]);
    let lines: Vec<u64> = checked
        .json()
        .iter()
        .map(|o| o["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [2, 3]);
    assert!(checked.stderr.is_empty(), "{}", checked.stderr);
    run(&dir, &["check", "--fix", "mac.fen"]);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        b"# a\r4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\r4k3/8/8/8/8/8/8/4K3 x - - 0 1\r"
    );
}

/// A ninth `/` group of piece letters is crazyhouse holdings in a file whose other positions
/// say crazyhouse (bracket holdings, a `~`), whichever line says it, for every command that
/// reads the file; in a standard file it stays a rank too many.
#[test]
fn slash_holdings_are_read_as_crazyhouse_in_a_crazyhouse_file() {
    let dir = scratch("crazyhouse-file");
    let slash = "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR/P w KQkq - 1 3\n";
    let brackets = "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR[P] w KQkq - 1 3\n";
    // An EPD record has the four position fields alone.
    let epd = |fen: &str| fen.replace(" 1 3\n", "\n");
    let promoted = "4k3/8/8/8/8/8/8/Q~3K3 w - -\n";
    for (name, text, expected) in [
        (
            "brackets.fen",
            [slash, brackets].concat(),
            brackets.to_owned(),
        ),
        (
            "promoted.epd",
            [epd(slash).as_str(), promoted].concat(),
            epd(brackets),
        ),
    ] {
        let path = write(&dir, name, text.as_bytes());
        let check = run(&dir, &["check", "--format", "json", name]);
        assert_eq!((check.code, check.stdout.as_str()), (0, ""), "{name}");
        let piped = common::fenlint_in(
            &dir,
            &["check", "--format", "json", "--stdin-filename", name, "-"],
            Some(text.as_bytes()),
        );
        assert_eq!((piped.code, piped.stdout.as_str()), (0, ""), "{name}");
        let fixed = run(&dir, &["check", "--fix", name]);
        assert_eq!(fixed.code, 0, "{name}: {}", fixed.stderr);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{name}");
        let would = run(&dir, &["fmt", "--check", name]);
        assert_eq!(would.code, 1, "{name}: {}", would.stderr);
        assert!(!would.stderr.contains("has errors"), "{}", would.stderr);
        let formatted = run(&dir, &["fmt", name]);
        assert_eq!(formatted.code, 0, "{name}: {}", formatted.stderr);
        let written = std::fs::read_to_string(&path).unwrap();
        assert!(written.starts_with(&expected), "{name}: {written}");
    }
    // The same line in a standard file: a rank too many, and `fmt` leaves it alone.
    let path = write(&dir, "standard.fen", slash.as_bytes());
    let check = run(&dir, &["check", "--format", "json", "standard.fen"]);
    assert_eq!(check.codes(), ["fen::placement::too_many_ranks"]);
    let formatted = run(&dir, &["fmt", "standard.fen"]);
    assert!(
        formatted.stderr.contains("has errors"),
        "{}",
        formatted.stderr
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), slash);
}

/// A stream longer than what is read before linting starts is read once: a line is read with
/// what the lines up to it say, so a ninth `/` group is holdings only after a line that says
/// crazyhouse.
#[test]
fn a_stream_read_once_knows_what_its_lines_so_far_say() {
    let dir = scratch("crazyhouse-stream");
    let slash = "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR/P w KQkq - 1 3\n";
    let filler = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n".repeat((17 << 20) / 30);
    let text = [slash, &filler, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1\n", slash].concat();
    let piped = common::fenlint_in(
        &dir,
        &["check", "--format", "json", "-"],
        Some(text.as_bytes()),
    );
    let lines: Vec<u64> = piped
        .json()
        .iter()
        .map(|finding| finding["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [1], "{}", piped.stdout);
}

/// NUL bytes ending the records of a file (a C string's terminator) are said once, with the
/// record before them read as usual and a true error still reported; `--fix` removes them.
#[test]
fn trailing_nuls_are_said_once_and_fixed() {
    let dir = scratch("trailing-nul");
    let text = b"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a\";\0\n\
                 4k3/8/8/8/8/8/8/3K4 w - - bm Kc2; id \"b\";\0\n\
                 4k3/8/8/8/8/8/8/4K3 x - - id \"c\";\0\0\n";
    let path = write(&dir, "suite.epd", text);
    let check = run(&dir, &["check", "--format", "json", "suite.epd"]);
    assert_eq!(
        check.codes(),
        ["fen::side_to_move::invalid", "fen::input::trailing_nul"],
        "{}",
        check.stdout
    );
    assert!(
        check.stdout.contains("(and 2 more in this file)"),
        "{}",
        check.stdout
    );
    let fixed = run(&dir, &["check", "--fix", "--format", "json", "suite.epd"]);
    assert_eq!(
        fixed.codes(),
        ["fen::side_to_move::invalid"],
        "{}",
        fixed.stdout
    );
    assert!(!std::fs::read(&path).unwrap().contains(&0));
}

/// A file whose every position breaks the rules of chess, and none its notation, gets a note
/// on standard error after its findings that names `--variant syntax`; standard output (JSON
/// here) holds the findings alone. A file with one sound position gets no note.
#[test]
fn a_file_of_an_unknown_variant_is_told_about_variant_syntax() {
    let dir = scratch("unknown-variant");
    let horde = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1\n";
    write(&dir, "horde.fen", horde.repeat(4).as_bytes());
    let sound = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    write(
        &dir,
        "mixed.fen",
        [horde, horde, horde, sound].concat().as_bytes(),
    );
    let told = run(
        &dir,
        &["check", "--format", "json", "horde.fen", "mixed.fen"],
    );
    assert_eq!(
        told.stderr,
        "fenlint: note: horde.fen: each of its 4 positions breaks the rules of chess and none \
         its notation; if the file holds a variant fenlint does not know (Horde, Antichess, five-check, …), \
         `--variant syntax` checks the notation alone\n"
    );
    assert!(told.stdout.lines().all(|line| line.starts_with('{')));
    let syntax = run(&dir, &["check", "--variant", "syntax", "horde.fen"]);
    assert_eq!(syntax.stderr, "");
}

/// Holdings after a ninth `/` on two lines or more are the file's convention (BPGN, Scidb, and
/// what `fmt --holdings slash` writes): the file is a crazyhouse file, read so by `check`,
/// `fmt` and `check --fix`, from a file or a stream, whose empty holdings (a bare `/`) keep
/// their `/`; `fmt --holdings bracket` converts it back.
#[test]
fn a_file_of_slash_holdings_is_a_crazyhouse_file() {
    let dir = scratch("slash-file");
    let bracket = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 0 1\n\
                   rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR[P] w KQkq - 1 3\n\
                   rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBN1[Pr] w Qkq - 1 3\n";
    let path = write(&dir, "book.fen", bracket.as_bytes());
    let converted = run(&dir, &["fmt", "--holdings", "slash", "book.fen"]);
    assert_eq!(converted.code, 0, "{}", converted.stderr);
    let slash = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        slash,
        bracket
            .replace("[]", "/")
            .replace("[P]", "/P")
            .replace("[Pr]", "/Pr")
    );
    let check = run(&dir, &["check", "--format", "json", "book.fen"]);
    assert_eq!(
        (check.code, check.stdout.as_str()),
        (0, ""),
        "{}",
        check.stdout
    );
    let piped = common::fenlint_in(
        &dir,
        &[
            "check",
            "--format",
            "json",
            "--stdin-filename",
            "book.fen",
            "-",
        ],
        Some(slash.as_bytes()),
    );
    assert_eq!((piped.code, piped.stdout.as_str()), (0, ""));
    let fixed = run(&dir, &["check", "--fix", "book.fen"]);
    assert_eq!(fixed.code, 0, "{}", fixed.stderr);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), slash);
    let back = run(&dir, &["fmt", "--holdings", "bracket", "book.fen"]);
    assert_eq!(back.code, 0, "{}", back.stderr);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), bracket);
}

/// EPD records in a file not named `.epd` (a suite saved as `.txt`): read as FEN lines, each is
/// one error that names its EPD operations and points to `--kind epd`, and `--fix` leaves them
/// as they are; read with `--kind epd`, by `check`, `--fix` and `fmt`, they are EPD records.
#[test]
fn kind_reads_a_file_as_the_kind_named() {
    let dir = scratch("kind");
    let suite = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\"\n\
                 r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - hmvc 0; fmvn 9;\n\
                 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n";
    let path = write(&dir, "suite.txt", suite.as_bytes());
    let lines = run(&dir, &["check", "--format", "json", "suite.txt"]);
    assert_eq!(
        lines.codes(),
        ["fen::fields::unexpected"; 3],
        "{}",
        lines.stdout
    );
    assert!(
        lines
            .stdout
            .contains("operations of an EPD record `bm Qg6; id"),
        "{}",
        lines.stdout
    );
    assert!(lines.stdout.contains("--kind epd"), "{}", lines.stdout);
    let fixed = run(&dir, &["check", "--fix", "suite.txt"]);
    assert_eq!(fixed.code, 1, "{}", fixed.stderr);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), suite);

    let epd = run(
        &dir,
        &["check", "--kind", "epd", "--format", "json", "suite.txt"],
    );
    assert_eq!(epd.code, 0, "{}", epd.stdout);
    assert!(
        !epd.codes().iter().any(|code| code.starts_with("fen::")),
        "{}",
        epd.stdout
    );
    let pgn = run(&dir, &["check", "--kind", "pgn", "suite.txt"]);
    assert!(pgn.stdout.contains("0 FENs"), "{}", pgn.stdout);
    // `fmt` leaves FEN lines with errors as they are, and writes EPD records.
    let formatted = run(&dir, &["fmt", "--check", "suite.txt"]);
    assert!(
        formatted
            .stderr
            .contains("3 positions could not be checked"),
        "{}",
        formatted.stderr
    );
    let formatted = run(&dir, &["fmt", "--kind", "epd", "--check", "suite.txt"]);
    assert_eq!(formatted.code, 0, "{}", formatted.stderr);
    let formatted = run(
        &dir,
        &[
            "fmt",
            "--kind",
            "epd",
            "--epd-counters",
            "operations",
            "--check",
            "suite.txt",
        ],
    );
    assert!(
        formatted.stderr.contains("would change 1 FEN"),
        "{}",
        formatted.stderr
    );
    let fixed = run(&dir, &["check", "--kind", "epd", "--fix", "suite.txt"]);
    assert_eq!(fixed.code, 0, "{}", fixed.stderr);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("id \"WAC.001\";\n"), "{text}");
    // Standard input too, whatever `--stdin-filename` says.
    let stdin = common::fenlint_in(
        &dir,
        &[
            "check",
            "--kind",
            "epd",
            "--stdin-filename",
            "x.fen",
            "--format",
            "json",
            "-",
        ],
        Some(suite.as_bytes()),
    );
    assert!(
        !stdin.codes().iter().any(|code| code.starts_with("fen::")),
        "{}",
        stdin.stdout
    );
}

/// `[extensions]` in `fenlint.toml`: a perft suite kept as `.perft` is read as EPD records by
/// `check`, `--fix`, `--diff` and `fmt`, named or found by a walk of the folders the file covers
/// (and not elsewhere, nor with `--no-config`); `--kind` wins over it; standard input goes by
/// `--stdin-filename`; a kind that does not exist is an error with its line and column.
#[test]
fn settings_name_the_kind_of_an_extension() {
    let dir = scratch("extensions");
    let suite = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n\
                 2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\"\n";
    std::fs::create_dir_all(dir.join("books/deep")).unwrap();
    std::fs::create_dir_all(dir.join("elsewhere")).unwrap();
    write(
        &dir,
        "books/fenlint.toml",
        b"[extensions]\n\".PERFT\" = \"epd\"\n",
    );
    let path = write(&dir, "books/deep/suite.perft", suite.as_bytes());
    write(&dir, "elsewhere/other.perft", suite.as_bytes());

    // Walked: only the suite under the settings, read as EPD: the notes on the conventions of
    // EPD files, once each (as FEN lines both records would be errors).
    let walked = run(&dir, &["check", "--format", "json", "."]);
    assert_eq!(walked.code, 0, "{}", walked.stdout);
    assert_eq!(
        walked.codes(),
        [
            "epd::fields::move_counters",
            "epd::operation::leading_semicolon",
            "epd::operation::unterminated"
        ],
        "{}",
        walked.stdout
    );
    assert!(walked.stdout.contains("suite.perft"), "{}", walked.stdout);
    assert!(!walked.stdout.contains("other.perft"), "{}", walked.stdout);
    let unconfigured = run(&dir, &["check", "--no-config", "."]);
    assert!(
        unconfigured.stdout.contains("0 files"),
        "{}",
        unconfigured.stdout
    );
    // Named, it is read as the settings say; `--kind` wins over them.
    let named = run(
        &dir,
        &["check", "--format", "json", "books/deep/suite.perft"],
    );
    assert_eq!(named.codes(), walked.codes(), "{}", named.stdout);
    let as_fen = run(
        &dir,
        &[
            "check",
            "--kind",
            "fen",
            "--format",
            "json",
            "books/deep/suite.perft",
        ],
    );
    assert_eq!(
        as_fen.codes(),
        ["fen::fields::unexpected"; 2],
        "{}",
        as_fen.stdout
    );
    let stdin = common::fenlint_in(
        &dir,
        &[
            "check",
            "--stdin-filename",
            "books/x.perft",
            "--format",
            "json",
            "-",
        ],
        Some(suite.as_bytes()),
    );
    assert_eq!(stdin.codes(), walked.codes(), "{}", stdin.stdout);

    // `--diff`, `--fix` and `fmt` read it as EPD too: the `;` is added to the record.
    let diff = run(&dir, &["check", "--fix", "--diff", "books"]);
    assert!(diff.stdout.contains("+2rr3k"), "{}", diff.stdout);
    let formatted = run(&dir, &["fmt", "--check", "books"]);
    assert_eq!(formatted.code, 0, "{}", formatted.stderr);
    let fixed = run(&dir, &["check", "--fix", "books"]);
    assert_eq!(fixed.code, 0, "{}", fixed.stderr);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("id \"WAC.001\";\n"), "{text}");

    write(
        &dir,
        "books/fenlint.toml",
        b"[extensions]\nperft = \"epd\"\ntxt = \"csv\"\n",
    );
    let wrong = run(&dir, &["check", "books"]);
    assert_eq!(wrong.code, 2, "{}", wrong.stderr);
    assert!(
        wrong
            .stderr
            .contains("fenlint.toml:3:7: `extensions.txt` must be one of `fen`, `epd`, `pgn`"),
        "{}",
        wrong.stderr
    );
}

/// X-FEN's `Q` for the b1 rook beside an empty a1, the king on e1: in a Chess960 book (other
/// positions with the king off the e-file) the b1 rook's right, from a file or from standard
/// input, before or after the positions that say so; in a file of standard positions a stale
/// right, `fen::castling::no_rook`, whose help names the Chess960 reading, and whose fix drops it.
#[test]
fn a_chess960_book_reads_k_and_q_beside_an_empty_corner_as_chess960() {
    let dir = scratch("chess960-book");
    let ambiguous = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1RBQKBNR w KQkq - 0 1\n";
    let chess960 = "rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1\n";
    let standard = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";
    for book in [
        [chess960, ambiguous].concat(),
        [ambiguous, chess960].concat(),
    ] {
        write(&dir, "book.epd", book.as_bytes());
        let checked = run(&dir, &["check", "--format", "json", "book.epd"]);
        assert_eq!(checked.code, 0, "{book}{}", checked.stdout);
        let formatted = run(&dir, &["fmt", "--check", "book.epd"]);
        assert_eq!(formatted.code, 1, "{book}{}", formatted.stderr);
        let stdin = common::fenlint_in(
            &dir,
            &[
                "check",
                "--stdin-filename",
                "book.epd",
                "--format",
                "json",
                "-",
            ],
            Some(book.as_bytes()),
        );
        assert_eq!(stdin.code, 0, "{book}{}", stdin.stdout);
    }
    let path = write(&dir, "games.fen", [standard, ambiguous].concat().as_bytes());
    let checked = run(&dir, &["check", "--format", "json", "games.fen"]);
    assert_eq!(
        checked.codes(),
        ["fen::castling::no_rook"],
        "{}",
        checked.stdout
    );
    assert!(
        checked.stdout.contains("`Q` names the rook on b1"),
        "{}",
        checked.stdout
    );
    // The right may be a Chess960 position's: `--fix` does not remove it.
    let fixed = run(&dir, &["check", "--fix", "games.fen"]);
    assert_eq!(fixed.code, 1, "{}", fixed.stderr);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        [standard, ambiguous].concat()
    );
}
