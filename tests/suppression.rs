//! Suppression comments in `.fen`, `.epd` and `.pgn` files: each kind silences what it names,
//! for a position, a game or the whole file; a suppression that silences nothing and one that
//! names an unknown code are reported where they are written; one snapshot per code.

mod support;

use fenlint::files::{FileKind, fix_file, lint_file};
use fenlint::{Code, Validator};

fn found(kind: FileKind, text: &str) -> Vec<(&'static str, &str)> {
    let diagnostics = lint_file(kind, text.as_bytes(), &Validator::new());
    support::codes_and_spans(text, &diagnostics)
}

/// `(code, kind, file that draws it, the text its primary span covers, file that does not)`.
const CASES: &[(&str, FileKind, &str, &str, &str)] = &[
    (
        "fen::suppression::unused",
        FileKind::Lines,
        "# fenlint: allow fen::castling::order\n4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n",
        "fen::castling::order",
        "# fenlint: allow fen::castling::order\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n",
    ),
    (
        "fen::suppression::unknown_code",
        FileKind::Lines,
        "# fenlint: allow fen::castling::ordr\n4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n",
        "fen::castling::ordr",
        "# fenlint: allow-file fen::castling::order\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n",
    ),
];

#[test]
fn every_case_draws_its_code_at_its_span_and_its_pass_case_does_not() {
    for &(name, kind, bad, covered, good) in CASES {
        assert_eq!(found(kind, bad), [(name, covered)], "{bad:?}");
        assert_eq!(found(kind, good), [], "{good:?}");
    }
}

#[test]
fn snapshots_per_code() {
    let codes: Vec<_> = Code::ALL
        .iter()
        .map(|code| code.name())
        .filter(|name| name.starts_with("fen::suppression::"))
        .collect();
    let covered: Vec<_> = CASES.iter().map(|(name, ..)| *name).collect();
    assert_eq!(
        covered, codes,
        "every fen::suppression:: code has one snapshot case"
    );
    support::settings().bind(|| {
        for &(name, kind, file, _, _) in CASES {
            let diagnostics = lint_file(kind, file.as_bytes(), &Validator::new());
            let body = support::report_diagnostics(file, &diagnostics);
            insta::assert_snapshot!(name.replace("::", "__"), body);
        }
    });
}

#[test]
fn an_epd_position_and_a_pgn_game_are_silenced_as_a_fen_line_is() {
    let epd = "# fenlint: allow epd::operation::unterminated\n4k3/8/8/8/8/8/8/4K3 w - - bm Kd2\n4k3/8/8/8/8/8/8/4K3 w - - bm Kd2\n";
    assert_eq!(
        found(FileKind::Epd, epd),
        [("epd::operation::unterminated", "Kd2")]
    );
    let pgn = "[Event \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n\n{ fenlint: allow pgn::setup::missing }\n{ another comment }\n[Event \"2\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n\n[Event \"3\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n";
    let diagnostics = lint_file(FileKind::Pgn, pgn.as_bytes(), &Validator::new());
    assert_eq!(support::codes(&diagnostics), ["pgn::setup::missing"]);
    // The first game's, not the second's.
    assert!(diagnostics[0].span().start < pgn.find("[Event \"2\"]").unwrap());
    // A directive inside movetext is not before a game's tags: it silences nothing.
    let inside = "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 { fenlint: allow pgn::setup::missing } *\n\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/3K4 w - - 0 1\"]\n\n*\n";
    assert_eq!(
        found(FileKind::Pgn, inside),
        [
            ("pgn::setup::missing", "FEN"),
            ("fen::suppression::unused", "pgn::setup::missing")
        ]
    );
    // `allow-file` anywhere, even at the end, in a PGN file that is not all UTF-8 too.
    let latin1 = b"[White \"M\xfcller\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/3K4 w - - 0 1\"]\n\n*\n\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n* { fenlint: allow-file pgn::setup::missing }\n";
    let diagnostics = lint_file(FileKind::Pgn, latin1, &Validator::new());
    assert_eq!(support::codes(&diagnostics), ["fen::input::latin1"]);
}

#[test]
fn fixes_of_silenced_diagnostics_are_not_applied() {
    let pgn = b"{ fenlint: allow-file pgn::setup::missing }\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\"]\n\n*\n";
    let fixed = fix_file(FileKind::Pgn, pgn, &Validator::new());
    assert_eq!(fixed.applied, 1);
    assert_eq!(
        fixed.text,
        b"{ fenlint: allow-file pgn::setup::missing }\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n\n*\n"
    );
}

#[test]
fn a_suppression_on_crlf_lines_and_after_a_byte_order_mark_applies() {
    let text = "\u{feff}# fenlint: allow fen::fields::missing\r\n8/8/8/4k3/8/8/8/4K3\r\n";
    assert_eq!(found(FileKind::Lines, text), []);
}
