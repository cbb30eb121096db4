//! Castling conventions of real files: Double Fischer Random back ranks, Shredder-FEN letters in
//! board order, the word `none`, a `-` among letters, and stale rights after castling, each
//! with what `check` reports and what `--fix` writes.

use fenlint::files::{FileKind, fix_file};
use fenlint::position::Variant;
use fenlint::{Code, Severity, Validator};

/// Every diagnostic of `fen` as the validator reads it: code, severity and fix replacement.
fn report(validator: &Validator, fen: &str) -> Vec<(Code, Severity, Option<String>)> {
    validator
        .lint(fen)
        .diagnostics()
        .iter()
        .map(|d| {
            (
                d.code(),
                d.severity(),
                d.fix().map(|fix| fix.replacement().to_owned()),
            )
        })
        .collect()
}

/// `fen` as one line of a `.fen` file after `check --fix`.
fn fixed(fen: &str) -> String {
    let fixed = fix_file(FileKind::Lines, fen.as_bytes(), &Validator::new());
    assert!(fixed.converged, "{fen}");
    String::from_utf8(fixed.text).unwrap()
}

#[test]
fn double_fischer_random_is_valid_read_as_chess960_or_told_so() {
    for fen in [
        "nqrbknbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w KQkq - 0 2",
        "nqrbknbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w HAhc - 0 2",
        "nnbrkrqb/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAfd - 0 1",
        "rk1qrbnn/pppbpppp/3p4/8/1P6/7P/P1PPPPP1/NNRBKQBR w KQkq - 1 3",
    ] {
        for validator in [
            Validator::new(),
            Validator::new().variant(Variant::Chess960),
        ] {
            let lint = validator.lint(fen);
            assert_eq!(lint.variant(), Some(Variant::Chess960), "{fen}");
            assert!(
                lint.diagnostics().is_empty(),
                "{fen}: {:?}",
                lint.diagnostics()
            );
        }
    }
    // The note that the back ranks differ, when asked for.
    let asked = Validator::new().with_severity(Code::CastlingNotChess960, Severity::Warning);
    let fen = "nqrbknbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w KQkq - 0 2";
    assert_eq!(
        report(&asked, fen),
        [(Code::CastlingNotChess960, Severity::Warning, None)]
    );
    assert!(!Code::CastlingNotChess960.is_on_by_default());
    assert_eq!(
        Code::CastlingNotChess960.default_severity(),
        Severity::Advice
    );
}

#[test]
fn shredder_letters_in_board_order_are_a_warning_with_the_canonical_order_as_fix() {
    for (letters, canonical) in [("EGeg", "GEge"), ("CEce", "ECec"), ("BFbf", "FBfb")] {
        let back_rank = match letters {
            "EGeg" => "bnqnrkrb",
            "CEce" => "nnrkrbbq",
            _ => "qrnkbrnb",
        };
        let fen = format!(
            "{back_rank}/pppppppp/8/8/8/8/PPPPPPPP/{} w {letters} - 0 1",
            back_rank.to_uppercase()
        );
        assert_eq!(
            report(&Validator::new(), &fen),
            [(
                Code::CastlingBoardOrder,
                Severity::Warning,
                Some(canonical.to_owned())
            )],
            "{fen}"
        );
        assert_eq!(fixed(&fen), fen.replace(letters, canonical));
    }
    // Classic letters out of order stay an error; so do Black's letters before White's.
    for field in ["QKkq", "kqKQ", "ahAH", "KQqk"] {
        let fen = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w {field} - 0 1");
        let codes: Vec<Code> = report(&Validator::new(), &fen)
            .iter()
            .map(|r| r.0)
            .collect();
        assert!(codes.contains(&Code::CastlingOrder), "{fen}: {codes:?}");
        assert!(
            !codes.contains(&Code::CastlingBoardOrder),
            "{fen}: {codes:?}"
        );
    }
}

#[test]
fn the_word_none_means_no_rights_and_is_fixed_to_a_dash() {
    for word in ["none", "None", "NONE"] {
        let fen = format!("4k3/8/8/8/8/8/8/R3K2R w {word} - 0 1");
        assert_eq!(
            report(&Validator::new(), &fen),
            [(
                Code::CastlingInvalidCharacter,
                Severity::Error,
                Some("-".to_owned())
            )],
            "{fen}"
        );
        assert_eq!(fixed(&fen), "4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
    }
}

#[test]
fn a_dash_among_letters_has_no_fix_and_a_second_dash_has_one() {
    for field in ["K-", "-K", "KQ-kq"] {
        let fen = format!("4k3/8/8/8/8/8/8/R3K2R w {field} - 0 1");
        let found = report(&Validator::new(), &fen);
        assert!(
            found.contains(&(Code::CastlingMisplacedDash, Severity::Error, None)),
            "{fen}: {found:?}"
        );
        assert!(
            found.iter().all(|(_, _, fix)| fix.is_none()),
            "{fen}: {found:?}"
        );
    }
    let fen = "4k3/8/8/8/8/8/8/4K3 w -- - 0 1";
    assert_eq!(fixed(fen), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn stale_rights_after_castling_are_standard_chess_and_are_removed() {
    let fen = "rnbq1rk1/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w KQkq - 6 5";
    let lint = Validator::new().lint(fen);
    assert_eq!(lint.variant(), Some(Variant::Standard));
    let found = report(&Validator::new(), fen);
    assert_eq!(
        found,
        [
            (Code::CastlingNoKing, Severity::Error, Some("-".to_owned())),
            (Code::CastlingNoKing, Severity::Error, Some("-".to_owned())),
        ]
    );
    let after = fixed(fen);
    assert_eq!(after, fen.replace("KQkq", "-"));
    let lint = Validator::new().lint(&after);
    assert_eq!(lint.variant(), Some(Variant::Standard));
    assert!(lint.diagnostics().is_empty(), "{:?}", lint.diagnostics());
    // Black castled, White did not: Black's rights are removed, White's kept.
    let fen = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 6 5";
    assert_eq!(fixed(fen), fen.replace("KQkq", "KQ"));
    // Black castled and White's a1-rook is gone: every stale right goes in one fix.
    let fen = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/1NBQK2R w KQkq - 6 5";
    let found = report(&Validator::new(), fen);
    assert!(
        found.iter().all(|(_, _, fix)| fix.as_deref() == Some("K")),
        "{found:?}"
    );
    assert_eq!(fixed(fen), fen.replace("KQkq", "K"));
    // A right kept on the other side of a king that castled, whose rook is still in its
    // corner, is no Chess960 right either: the king and rook stand as standard castling
    // leaves them (g8 and f8, c1 and d1), with no rook beyond the king.
    for fen in [
        "r1bq1rk1/pppnbppp/4pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQ1RK1 w q - 6 7",
        "r1bq1rk1/pppnbppp/4pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQ1RK1 w Qkq - 6 7",
        "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/2KR3R w Kkq - 0 9",
    ] {
        let lint = Validator::new().lint(fen);
        assert_eq!(lint.variant(), Some(Variant::Standard), "{fen}");
        let found = report(&Validator::new(), fen);
        assert!(
            found
                .iter()
                .any(|(code, _, _)| *code == Code::CastlingNoKing),
            "{fen}: {found:?}"
        );
    }
    // A Chess960 start with the king on g1 and rooks on f1 and h1 stays Chess960.
    let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
    assert_eq!(
        Validator::new().lint(fen).variant(),
        Some(Variant::Chess960)
    );
    assert!(report(&Validator::new(), fen).is_empty());
    // Without a king the board is in doubt, not the rights: no fix.
    let fen = "r3k2r/8/8/8/8/8/8/R6R w KQkq - 0 1";
    let found = report(&Validator::new(), fen);
    assert!(
        found
            .iter()
            .any(|(code, _, fix)| *code == Code::CastlingNoKing && fix.is_none()),
        "{found:?}"
    );
}

#[test]
fn a_chess960_right_in_doubt_is_written_by_its_file_by_fmt_and_by_the_fix() {
    // The a1 knight says Chess960: `Q` is a right of the b1 or the d1 rook.
    let fen = "4k3/8/8/8/8/8/8/NR1RK2R w KQ - 0 1";
    let written = fixed(fen);
    assert_eq!(written, "4k3/8/8/8/8/8/8/NR1RK2R w KB - 0 1");
    assert_eq!(
        fenlint::files::canonical_fen(&written, None, &Default::default()).as_deref(),
        Some(written.as_str())
    );
    // `fmt` on the text as written gives the same letters.
    assert_eq!(
        fenlint::files::canonical_fen(fen, None, &Default::default()).as_deref(),
        Some(written.as_str())
    );
}
