//! Awkward inputs on the library's side: what the command would report wrongly if the library
//! read it wrongly.

use fenlint::Validator;
use fenlint::files::{self, FileKind};

fn codes(diagnostics: &[fenlint::Diagnostic]) -> Vec<&'static str> {
    diagnostics.iter().map(|d| d.code().name()).collect()
}

/// A comment line after a byte-order mark is a comment, in `.fen` and `.epd` files.
#[test]
fn a_comment_after_a_byte_order_mark_is_not_a_position() {
    let text = "\u{feff}# header\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    for kind in [FileKind::Lines, FileKind::Epd] {
        let diagnostics = files::lint_file(kind, text.as_bytes(), &Validator::new());
        let expected: &[&str] = if kind == FileKind::Epd {
            &["epd::fields::move_counters"] // `0 1` are FEN counters, not operations.
        } else {
            &[]
        };
        assert_eq!(codes(&diagnostics), expected, "{kind:?}");
    }
    assert!(!files::is_position_line("\u{feff}  # x".as_bytes()));
    assert!(files::is_position_line("\u{feff}8/8".as_bytes()));
}

/// A three-check count with a leading zero is its value, with the leading-zero warning
/// the move counters draw (and its fix); one rank is "1 rank".
#[test]
fn a_leading_zero_is_not_out_of_range_and_one_rank_is_singular() {
    let lint = fenlint::lint("4k3/8/8/8/8/8/8/4K3 w - - 02+03 0 1");
    assert_eq!(
        codes(lint.diagnostics()),
        ["fen::counter::leading_zero", "fen::counter::leading_zero"]
    );
    assert!(!lint.has_errors());
    assert_eq!(
        lint.diagnostics()[1].message(),
        "three-check count `03` with a leading zero, expected `3`"
    );
    assert_eq!(lint.position().unwrap().checks_given, Some([1, 0]));
    let lint = fenlint::lint("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +004+0");
    assert_eq!(
        codes(lint.diagnostics()),
        ["fen::checks::count_out_of_range"]
    );
    let lint = fenlint::lint("8 w - - 0 1");
    let too_few = lint
        .diagnostics()
        .iter()
        .find(|d| d.code().name() == "fen::placement::too_few_ranks")
        .unwrap();
    assert_eq!(too_few.message(), "found 1 rank, expected 8");
}

/// After a field that is clearly not a FEN field (a comment, an annotation, two words
/// of free text), the rest of the line is one `fen::fields::unexpected`, not a cascade; the
/// fields before it are read as usual.
#[test]
fn a_comment_or_free_text_after_the_fields_is_one_error() {
    for (fen, unexpected, missing) in [
        ("8/8/8/2K5/4k3/8/8/8 # board only", "# board only", true),
        ("8/8/8/2K5/4k3/8/8/8 board only", "board only", true),
        ("4k3/8/8/8/8/8/8/4K3 white to move", "white to move", true),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - # no counters",
            "# no counters",
            true,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 // mate in 2",
            "// mate in 2",
            false,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 {a comment}",
            "{a comment}",
            false,
        ),
    ] {
        let lint = fenlint::lint(fen);
        let found = codes(lint.diagnostics());
        let expected: &[&str] = if missing {
            &["fen::fields::missing", "fen::fields::unexpected"]
        } else {
            &["fen::fields::unexpected"]
        };
        assert_eq!(found, expected, "{fen}");
        let diagnostic = lint
            .diagnostics()
            .iter()
            .find(|d| d.code().name() == "fen::fields::unexpected")
            .unwrap();
        assert_eq!(&fen[diagnostic.span().range()], unexpected, "{fen}");
        assert_eq!(lint.tree().to_string(), fen);
    }
    // A word that is a mistake for its field is still reported as that field's mistake.
    let lint = fenlint::lint("4k3/8/8/8/8/8/8/4K3 white - - 0 1");
    assert_eq!(codes(lint.diagnostics()), ["fen::side_to_move::invalid"]);
    let lint = fenlint::lint("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1");
    assert!(
        codes(lint.diagnostics())
            .iter()
            .all(|code| code.starts_with("fen::castling"))
    );
}

/// Latin-1 bytes in PGN tags are read as Latin-1 (one note, at the first, PGN §4.1),
/// and every `[FEN]` tag of the file is linted all the same, with spans into the file.
#[test]
fn a_pgn_with_a_latin1_byte_is_linted_whole() {
    let text: &[u8] = b"[Event \"x\"]\n[White \"M\xfcller\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 x - - 0 1\"]\n\n*\n\n[Black \"\xe9\xe9\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n";
    let diagnostics = files::lint_file(FileKind::Pgn, text, &Validator::new());
    assert_eq!(
        codes(&diagnostics),
        [
            "fen::input::latin1",
            "fen::side_to_move::invalid",
            "pgn::setup::missing"
        ]
    );
    let at = |index: usize| &text[diagnostics[index].span().range()];
    assert_eq!(at(0), b"\xfc");
    assert!(diagnostics[0].message().starts_with("3 bytes"));
    assert_eq!(at(1), b"x");
    // In a `[FEN]` tag, a byte that is not UTF-8 stays an error.
    let text: &[u8] = b"[White \"M\xfcller\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 \xe9 - - 0 1\"]\n\n*\n";
    let diagnostics = files::lint_file(FileKind::Pgn, text, &Validator::new());
    assert_eq!(
        codes(&diagnostics),
        ["fen::input::latin1", "fen::input::invalid_utf8"]
    );
    assert_eq!(&text[diagnostics[1].span().range()], b"\xe9");
    let text: &[u8] = b"[Event \"x\"]\n[White \"M\xfcller\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 x - - 0 1\"]\n\n*\n\n[Black \"\xe9\xe9\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n";
    // The fix adds `[SetUp "1"]` and keeps every bad byte.
    let fixed = files::fix_file(FileKind::Pgn, text, &Validator::new());
    assert_eq!(fixed.applied, 1);
    assert!(fixed.converged);
    let mut expected = text.to_vec();
    let tag = text.windows(5).rposition(|w| w == b"[FEN ").unwrap();
    expected.splice(tag..tag, b"[SetUp \"1\"]\n".iter().copied());
    assert_eq!(fixed.text, expected);
}

/// A UTF-16 file is one diagnostic that says UTF-16, whatever its kind, and `fmt`
/// leaves it alone and says so.
#[test]
fn a_utf16_file_is_one_diagnostic() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    let little: Vec<u8> = fen.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let big: Vec<u8> = fen.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let with_bom = [&[0xFF, 0xFE][..], &little].concat();
    for (bytes, order) in [
        (&little, "little-endian"),
        (&big, "big-endian"),
        (&with_bom, "little-endian"),
    ] {
        for kind in [FileKind::Lines, FileKind::Epd, FileKind::Pgn] {
            let diagnostics = files::lint_file(kind, bytes, &Validator::new());
            assert_eq!(
                codes(&diagnostics),
                ["fen::input::invalid_utf8"],
                "{kind:?}"
            );
            assert_eq!(
                diagnostics[0].message(),
                format!("UTF-16 ({order}) text, expected UTF-8")
            );
            let formatted = files::format_file(kind, bytes, &Default::default());
            assert!(formatted.not_text.is_some() && formatted.not_utf8);
            assert_eq!(&formatted.text, bytes);
        }
    }
    // One NUL byte in a FEN is not UTF-16.
    assert!(files::utf16(b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\0\n").is_none());
}

/// `fmt` keeps a byte-order mark, as it keeps every byte but the positions'.
#[test]
fn formatting_keeps_the_byte_order_mark() {
    let text = "\u{feff}4k3/8/8/8/8/8/8/4K3  w - - 0 1\n";
    let formatted = files::format_file(FileKind::Lines, text.as_bytes(), &Default::default());
    assert_eq!(
        formatted.text,
        "\u{feff}4k3/8/8/8/8/8/8/4K3 w - - 0 1\n".as_bytes()
    );
    assert_eq!(formatted.changed, 1);
    let clean = "\u{feff}4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    let formatted = files::format_file(FileKind::Lines, clean.as_bytes(), &Default::default());
    assert_eq!(formatted.changed, 0);
    assert_eq!(formatted.text, clean.as_bytes());
    // A line that is not UTF-8 is left alone and named.
    let latin1 = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 \xe9 - - 0 1\n";
    let formatted = files::format_file(FileKind::Lines, latin1, &Default::default());
    assert_eq!(formatted.not_utf8_lines, [2]);
    assert_eq!(formatted.text, latin1);
}

/// A line cut for its length says nothing about where it ends: no fields missing, no string or
/// operation left open, no record length but the line's own, in `fen::input::too_long`.
#[test]
fn a_line_cut_for_its_length_draws_no_report_about_its_end() {
    use fenlint::files::{FileKind, lint_line_head};
    let validator = fenlint::Validator::new();
    let string = format!("4k3/8/8/8/8/8/8/4K3 w - - c0 \"{}\";", "x".repeat(200_000));
    let board = format!("{} w - - 0 1", "8".repeat(200_000));
    let open = format!("8/8/8/8/8/8/8/8{}", " ".repeat(100_000));
    for (kind, line, expected) in [
        (FileKind::Epd, string.as_str(), vec!["fen::input::too_long"]),
        (
            FileKind::Lines,
            board.as_str(),
            vec![
                "fen::placement::adjacent_digits",
                "fen::placement::rank_too_long",
                "fen::input::too_long",
            ],
        ),
        // Fields missing before the cut are missing: only what runs to the cut is dropped.
        (
            FileKind::Lines,
            "8/8 w",
            vec!["fen::placement::too_few_ranks", "fen::fields::missing"],
        ),
    ] {
        let head = &line.as_bytes()[..line.len().min(fenlint::MAX_LINE_LEN + 4)];
        let diagnostics = lint_line_head(kind, head, line.len(), 0, &validator);
        assert_eq!(
            codes(&diagnostics),
            expected,
            "{}",
            &line[..40.min(line.len())]
        );
    }
    let diagnostics = lint_line_head(FileKind::Lines, open.as_bytes(), open.len(), 0, &validator);
    assert!(codes(&diagnostics).contains(&"fen::input::too_long"));
    assert!(!codes(&diagnostics).contains(&"fen::fields::missing"));
    let too_long = diagnostics.last().unwrap();
    assert_eq!(too_long.span().end, open.len());
}

/// A file that is binary data (an archive, compressed data, NULs inside lines) is one
/// `fen::input::invalid_utf8` that says what it is, and `fmt` leaves it as it is; NULs that end
/// lines and one stray NUL are a text file's own problems.
#[test]
fn a_binary_file_is_one_finding_that_says_so() {
    let gzip: &[u8] = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcb\x48\xcd\xc9\xc9\x07\x00\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    let zip: &[u8] = b"PK\x03\x04\x14\x00\x00\x00\x08\x00rnbqkbnr w KQkq - 0 1\n";
    let mut nuls = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n".to_vec();
    nuls.extend_from_slice(b"a\0b\0c\0d\0e\0f\n");
    for (bytes, what) in [
        (gzip, "gzip-compressed data"),
        (zip, "a zip archive"),
        (&nuls[..], "binary data (NUL bytes inside its lines)"),
    ] {
        for kind in [FileKind::Lines, FileKind::Epd, FileKind::Pgn] {
            let diagnostics = files::lint_file(kind, bytes, &Validator::new());
            assert_eq!(codes(&diagnostics), ["fen::input::invalid_utf8"], "{what}");
            assert_eq!(diagnostics[0].message(), format!("{what}, expected text"));
            let formatted = files::format_file(kind, bytes, &Default::default());
            assert_eq!(
                formatted.not_text,
                Some(format!("{what}, expected text")),
                "{what}"
            );
            assert_eq!(formatted.text, bytes);
        }
    }
    for text in [
        &b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\0\0\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\0\r\n"[..],
        b"4k3/8/8/8/8/8/8/4K3 w - - 0\x001\n",
    ] {
        assert!(files::not_text(text).is_none(), "{text:?}");
    }
}

/// Digits in text that is no board (an ECO code, a heading, a lone number) keep their warning
/// but get no fix: `--fix` never turns `B17` into `B8`. On a board of 8 ranks of 8 squares the
/// fix stays. Words of piece letters and digits before a board whose first rank is whole are
/// text before the FEN, as other words are.
#[test]
fn digits_in_text_that_is_no_board_are_not_fixed() {
    let validator = Validator::new();
    let text =
        "B17 Caro-Kann\n44\nC44\trnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n";
    let fixed = files::fix_file(FileKind::Lines, text.as_bytes(), &validator);
    assert_eq!(String::from_utf8(fixed.text).unwrap(), text);
    let tabled =
        fenlint::lint("C44\trnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    assert_eq!(codes(tabled.diagnostics()), ["fen::input::text_before"]);
    let board = "4k3/8/8/44/8/8/8/4K3 w - - 0 1\n";
    let fixed = files::fix_file(FileKind::Lines, board.as_bytes(), &validator);
    assert_eq!(fixed.text, b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    // A rank of another width keeps the warning, without the fix.
    let wide = fenlint::lint("4k3/8/8/441/8/8/8/4K3 w - - 0 1");
    let digits = diagnostic(&wide, "fen::placement::adjacent_digits");
    assert!(digits.fix().is_none());
}

fn diagnostic<'a>(lint: &'a fenlint::Lint<'_>, code: &str) -> &'a fenlint::Diagnostic {
    lint.diagnostics()
        .iter()
        .find(|d| d.code().name() == code)
        .unwrap_or_else(|| panic!("{code} in {:?}", codes(lint.diagnostics())))
}

/// The row of a table whose columns are joined by tabs, `,`, `;` or `|` (a puzzle database's
/// CSV, an openings table's TSV):
/// the columns before the FEN are one `fen::input::text_before`, those after it one
/// `fen::fields::unexpected`, and the FEN between them is checked as it is. A stray `,` inside
/// a first rank that is not whole without it stays an invalid character.
#[test]
fn a_table_row_is_its_columns_around_a_checked_fen() {
    let row = "00008,r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24,f2g3 e6e7,1853";
    let lint = fenlint::lint(row);
    assert_eq!(lint.tree().to_string(), row);
    assert_eq!(
        codes(lint.diagnostics()),
        ["fen::input::text_before", "fen::fields::unexpected"]
    );
    assert_eq!(
        lint.diagnostics()[0].message(),
        "columns `00008,` before the FEN, expected the FEN at the start"
    );
    assert_eq!(lint.diagnostics()[0].span(), fenlint::Span::new(0, 6));
    let position = lint.position().unwrap();
    assert_eq!(position.fullmove_number, 24);
    // Tab-separated columns, however many words they hold, as an openings table writes them.
    let tsv = "A00\tAmar Opening\t1. Nh3\tg1h3\trnbqkbnr/pppppppp/8/8/8/7N/PPPPPPPP/RNBQKB1R b KQkq - 1 1";
    let lint = fenlint::lint(tsv);
    assert_eq!(lint.tree().to_string(), tsv);
    assert_eq!(codes(lint.diagnostics()), ["fen::input::text_before"]);
    assert_eq!(
        lint.diagnostics()[0].span(),
        fenlint::Span::new(0, tsv.rfind('\t').unwrap())
    );
    assert!(lint.position().is_some());
    let typo = fenlint::lint("r,6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24");
    assert_eq!(
        codes(typo.diagnostics()),
        ["fen::placement::invalid_character"]
    );
}
