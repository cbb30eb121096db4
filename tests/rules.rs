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

fn validator(variant: Option<Variant>) -> Validator {
    variant.map_or_else(Validator::new, |variant| Validator::new().variant(variant))
}

/// The codes of the validator (not of the grammar): those whose docs have a `Bad:` line.
fn semantic_codes() -> Vec<Code> {
    Code::ALL
        .iter()
        .copied()
        .filter(|&code| !examples(code, "Bad").is_empty())
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
                body.push_str(&format!("input: {fen:?}\n\n"));
                body.push_str(&support::render_diagnostics(&fen, lint.diagnostics()));
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
        .severity(Code::FullmoveZero, fenlint::Severity::Error)
        .lint(fen);
    assert!(stricter.has_errors());
    let allowed = Validator::new().allow(Code::FullmoveZero).lint(fen);
    assert!(allowed.diagnostics().is_empty());
    // The last word on a code wins.
    let validator = Validator::new()
        .allow(Code::FullmoveZero)
        .severity(Code::FullmoveZero, fenlint::Severity::Advice);
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
        "r2q1rk1/ppp2ppp/5p2/b7/8/P1NPB2b/1PP1QP1P/R3R1K1/NNPPbnp b - - 0 16",
        "rnb1k1nr/pppp1ppp/8/4p3/3PP2q/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5 +0+2",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
    ] {
        let lint = fenlint::lint(fen);
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
