//! The validator's rules: every semantic code's documented bad example draws it and its good
//! example does not, and the bad example's report is snapshotted (one snapshot per code).

mod support;

use fenlint::position::Variant;
use fenlint::{Code, Validator};

/// The `Bad:` and `Good:` examples of a code's documentation: the FEN between backticks, and
/// whether it is to be checked as standard chess.
fn examples(code: Code, label: &str) -> Vec<(String, Option<Variant>)> {
    code.docs()
        .lines()
        .map(str::trim)
        .filter(|line| line.starts_with(label))
        .filter_map(|line| {
            let fen = line.split('`').nth(1)?;
            let variant = line.contains("as standard").then_some(Variant::Standard);
            Some((fen.to_owned(), variant))
        })
        .collect()
}

/// The validator for `variant`, with every code that is off by default asked for (the rules'
/// examples and cases are about what each rule reports).
fn validator(variant: Option<Variant>) -> Validator {
    let validator =
        variant.map_or_else(Validator::new, |variant| Validator::new().variant(variant));
    Code::ALL
        .iter()
        .filter(|code| !code.is_on_by_default())
        .fold(validator, |validator, &code| {
            validator.with_severity(code, code.default_severity())
        })
}

/// The codes of the validator's rules (not of the grammar nor the EPD and PGN readers).
fn semantic_codes() -> Vec<Code> {
    Code::ALL
        .iter()
        .copied()
        .filter(|&code| code.is_rule())
        .collect()
}

#[test]
fn every_rule_is_documented_with_examples() {
    let codes = semantic_codes();
    assert!(codes.len() >= 30, "{} rules documented", codes.len());
    for code in codes {
        let docs = code.docs();
        for part in ["What: ", "Why: "] {
            assert!(docs.contains(part), "{code} docs lack `{part}`");
        }
        assert_eq!(
            examples(code, "Bad").len(),
            1,
            "{code} needs one bad example"
        );
        assert_eq!(
            examples(code, "Good").len(),
            1,
            "{code} needs one good example"
        );
    }
}

#[test]
fn bad_examples_draw_their_code_and_good_ones_do_not() {
    let mut failures = Vec::new();
    for code in semantic_codes() {
        for (fen, variant) in examples(code, "Bad") {
            let lint = validator(variant).lint(&fen);
            if !lint.diagnostics().iter().any(|d| d.code() == code) {
                failures.push(format!(
                    "{code}: bad example {fen:?} gives {:?}",
                    codes(&lint)
                ));
            }
        }
        for (fen, variant) in examples(code, "Good") {
            let lint = validator(variant).lint(&fen);
            if lint.diagnostics().iter().any(|d| d.code() == code) {
                failures.push(format!(
                    "{code}: good example {fen:?} gives {:?}",
                    codes(&lint)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn codes(lint: &fenlint::Lint<'_>) -> Vec<&'static str> {
    lint.diagnostics().iter().map(|d| d.code().name()).collect()
}

#[test]
fn good_examples_of_error_rules_have_no_errors() {
    for code in semantic_codes() {
        for (fen, variant) in examples(code, "Good") {
            let lint = validator(variant).lint(&fen);
            assert!(
                !lint.has_errors(),
                "{code}: good example {fen:?} has errors {:?}",
                codes(&lint)
            );
        }
    }
}

#[test]
fn snapshots_per_rule() {
    support::settings().bind(|| {
        for code in semantic_codes() {
            let mut body = String::new();
            for (fen, variant) in examples(code, "Bad") {
                let lint = validator(variant).lint(&fen);
                body.push_str(&support::report_diagnostics(&fen, lint.diagnostics()));
            }
            insta::assert_snapshot!(code.name().replace("::", "__"), body);
        }
    });
}

#[test]
fn severity_overrides_and_allow() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 0";
    let default = fenlint::lint(fen);
    assert_eq!(codes(&default), ["fen::fullmove_number::zero"]);
    assert!(!default.has_errors());
    let stricter = Validator::new()
        .with_severity(Code::FullmoveZero, fenlint::Severity::Error)
        .lint(fen);
    assert!(stricter.has_errors());
    let allowed = Validator::new().allow(Code::FullmoveZero).lint(fen);
    assert!(allowed.diagnostics().is_empty());
    // The last word on a code wins.
    let validator = Validator::new()
        .allow(Code::FullmoveZero)
        .with_severity(Code::FullmoveZero, fenlint::Severity::Advice);
    assert_eq!(
        validator.severity_of(Code::FullmoveZero),
        Some(fenlint::Severity::Advice)
    );
}

#[test]
fn valid_positions_of_every_variant_are_clean() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w KQkq - 0 1",
        "r2q1rk1/ppp2ppp/5p2/b7/8/P1NPB2b/1PP1QP1P/R3R1K1[NNPPbnp] b - - 0 16",
        "r2q1rk1/ppp2ppp/5p2/b7/8/P1NPB2b/1PP1QP1P/R3R1K1/NNPPbnp b - - 0 16",
        "rnb1k1nr/pppp1ppp/8/4p3/3PP2q/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5 +0+2",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
    ] {
        // Slash holdings are holdings when the FEN is checked as crazyhouse.
        let validator = if fen.contains("/NNPP") {
            Validator::new().variant(fenlint::position::Variant::Crazyhouse)
        } else {
            Validator::new()
        };
        let lint = validator.lint(fen);
        // Advice (such as an en-passant square no pawn can use) is fine in a valid position.
        assert!(
            lint.diagnostics()
                .iter()
                .all(|d| d.severity() == fenlint::Severity::Advice),
            "{fen}: {:?}",
            codes(&lint)
        );
    }
}

/// More pass and fail cases per rule than the documented pair: `(fen, variant, code, fires)`.
const CASES: &[(&str, Option<Variant>, &str, bool)] = &[
    (
        "8/8/8/3k4/4K3/8/8/8 w - - 0 1",
        None,
        "fen::kings::adjacent",
        true,
    ),
    (
        "8/8/8/3k4/5K2/8/8/8 w - - 0 1",
        None,
        "fen::kings::adjacent",
        false,
    ),
    (
        "4k3/3P4/8/8/8/8/8/4K3 w - - 0 1",
        None,
        "fen::check::opposite",
        true,
    ),
    (
        "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",
        None,
        "fen::check::opposite",
        false,
    ),
    (
        "8/8/8/3k4/4K3/8/8/8 w - - 0 1",
        None,
        "fen::check::opposite",
        false,
    ),
    (
        "4k3/8/8/8/8/8/8/r3K2r w - - 0 1",
        None,
        "fen::check::impossible",
        true,
    ),
    (
        "4k3/8/8/8/8/5n2/8/4K2r w - - 0 1",
        None,
        "fen::check::impossible",
        false,
    ),
    (
        "4k3/8/8/8/8/3p1p2/8/4K3 w - - 0 1",
        None,
        "fen::check::impossible",
        false,
    ),
    (
        "4k3/8/8/8/8/8/3p1p2/4K3 w - - 0 1",
        None,
        "fen::check::impossible",
        true,
    ),
    (
        "4k3/8/8/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1",
        None,
        "fen::material::impossible",
        false,
    ),
    (
        "4k3/8/8/8/8/PPPPPPP1/8/RNBQKBBR w - - 0 1",
        None,
        "fen::material::impossible",
        false,
    ),
    (
        "4k3/8/8/8/8/PPPPPPPP/8/RNBQKBBR w - - 0 1",
        None,
        "fen::material::impossible",
        true,
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        None,
        "fen::castling::no_rook",
        false,
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        None,
        "fen::castling::no_king",
        false,
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1",
        Some(Variant::Standard),
        "fen::castling::no_rook",
        true,
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K1R1 w Kkq - 0 1",
        Some(Variant::Chess960),
        "fen::castling::no_rook",
        false,
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
        None,
        "fen::castling::mixed_notation",
        false,
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        None,
        "fen::castling::ambiguous",
        false,
    ),
    (
        "rk4r1/8/8/8/8/8/8/RK4R1 w KQkq - 0 1",
        None,
        "fen::castling::not_chess960",
        false,
    ),
    (
        "rk4r1/8/8/8/8/8/8/R1K3R1 w KQkq - 0 1",
        None,
        "fen::castling::not_chess960",
        true,
    ),
    (
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        None,
        "fen::en_passant::not_capturable",
        false,
    ),
    (
        "4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2",
        None,
        "fen::en_passant::not_capturable",
        true,
    ),
    (
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        None,
        "fen::en_passant::no_pawn",
        false,
    ),
    (
        "4k3/8/8/3pP3/8/8/8/4K3 w - e6 0 2",
        None,
        "fen::en_passant::no_pawn",
        true,
    ),
    (
        "4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 2",
        None,
        "fen::en_passant::not_empty",
        true,
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 b - - 1 1",
        None,
        "fen::halfmove_clock::exceeds_plies",
        false,
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 1 1",
        None,
        "fen::halfmove_clock::exceeds_plies",
        true,
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 100 60",
        None,
        "fen::halfmove_clock::fifty_moves",
        true,
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 149 80",
        None,
        "fen::halfmove_clock::seventy_five_moves",
        false,
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 0 4294967295",
        None,
        "fen::counter::overflow",
        false,
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 0 4294967296",
        None,
        "fen::counter::overflow",
        true,
    ),
    (
        "4k3/8/8/8/8/8/8/4K3[PPPPPPPPPPPPPPPP] w - - 0 1",
        None,
        "fen::holdings::too_much_material",
        false,
    ),
    (
        "4k3/8/8/8/8/8/P7/4K3[PPPPPPPPPPPPPPPP] w - - 0 1",
        None,
        "fen::holdings::too_much_material",
        true,
    ),
    (
        "4k3/8/8/8/8/8/Q~7/4K3[PPPPPPPPPPPPPPPP] w - - 0 1",
        None,
        "fen::holdings::too_much_material",
        true,
    ),
    (
        "4k3/8/8/8/8/8/Q~7/4K3[QQ] w - - 0 1",
        None,
        "fen::holdings::too_much_material",
        false,
    ),
    (
        "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1",
        None,
        "fen::holdings::not_crazyhouse",
        false,
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +3+0",
        None,
        "fen::checks::game_over_without_check",
        true,
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+2",
        None,
        "fen::checks::both_exhausted",
        false,
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 0+0 0 1",
        None,
        "fen::checks::both_exhausted",
        true,
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 1+3 0 1 +2+0",
        None,
        "fen::checks::forms_disagree",
        false,
    ),
];

#[test]
fn pass_and_fail_cases() {
    let mut failures = Vec::new();
    for &(fen, variant, code, fires) in CASES {
        assert!(Code::from_name(code).is_some(), "unknown code {code}");
        let lint = validator(variant).lint(fen);
        let found = lint.diagnostics().iter().any(|d| d.code().name() == code);
        if found != fires {
            failures.push(format!(
                "{fen:?}: expected {code} {}, got {:?}",
                if fires { "to fire" } else { "not to fire" },
                codes(&lint)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn castling_rights_per_side() {
    // Two kingside rights for Black (`k` is g8, `f` is f8).
    let lint = Validator::new().lint("4krr1/8/8/8/8/1K6/8/8 w kf - 2 59");
    assert!(
        codes(&lint).contains(&"fen::castling::too_many"),
        "{:?}",
        codes(&lint)
    );
    // `A` and `Q` both name a1.
    let lint = fenlint::lint("rnbqkb1r/pppppppp/8/8/8/N7/PPPPPPPP/R1BQKBNR b KAQkq - 1 1");
    let duplicate: Vec<_> = lint
        .diagnostics()
        .iter()
        .filter(|d| d.code() == Code::CastlingSameRook)
        .collect();
    assert_eq!(duplicate.len(), 1, "{:?}", codes(&lint));
    assert!(!codes(&lint).contains(&"fen::castling::too_many"));
}

/// The fix that removes a `~` from a pawn or a king keeps how the FEN is read: when the marker
/// is all that says crazyhouse and the board holds what only crazyhouse drops explain, there is
/// no fix (without it the FEN would turn into a standard position with nine pawns).
#[test]
fn a_promoted_marker_on_a_pawn_is_removed_only_where_the_reading_stays() {
    let fix_of = |validator: &Validator, fen: &str| {
        let lint = validator.lint(fen);
        let diagnostic = lint
            .diagnostics()
            .iter()
            .find(|d| d.code() == Code::PlacementPromotedPawnOrKing)
            .unwrap_or_else(|| panic!("{fen}: {:?}", codes(&lint)))
            .clone();
        assert!(!lint.has_errors(), "{fen}: {:?}", codes(&lint));
        diagnostic.fix().map(|fix| fix.apply(fen, 0).unwrap())
    };
    let auto = Validator::new();
    // Nine White pawns and seven Black: a Black pawn taken and dropped by White.
    let drops = "rnbqkbnr/ppppppp1/8/8/8/P7/PPPP~PPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(fix_of(&auto, drops), None);
    assert!(
        auto.lint(drops).diagnostics()[0]
            .help_text()
            .unwrap()
            .contains("`[]`")
    );
    // The variant given, the holdings written, or another promoted piece: the reading stays.
    let crazyhouse = Validator::new().variant(Variant::Crazyhouse);
    assert_eq!(
        fix_of(&crazyhouse, drops).as_deref(),
        Some("rnbqkbnr/ppppppp1/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    );
    assert!(!crazyhouse.lint(&drops.replace("P~", "P")).has_errors());
    let held = "rnbqkbnr/ppppppp1/8/8/8/P7/PPPP~PPPP/RNBQKBNR[] w KQkq - 0 1";
    assert_eq!(
        fix_of(&auto, held).as_deref(),
        Some(&*held.replace("P~", "P"))
    );
    let promoted = "rnbqkbnr/pppppp2/8/8/8/P7/PPPP~PPPP/RNBQ~KBNR w KQkq - 0 1";
    assert_eq!(
        fix_of(&auto, promoted).as_deref(),
        Some(&*promoted.replace("P~", "P"))
    );
    // A standard board: removing the marker is the fix, and the FEN is clean after it.
    let standard = "4k3/8/8/8/8/8/4P~3/4K3 w - - 0 1";
    let fixed = fix_of(&auto, standard).unwrap();
    assert!(auto.lint(&fixed).diagnostics().is_empty());
}
