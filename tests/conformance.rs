//! fenlint against its own conformance vectors, `grammar/conformance/valid.tsv` and
//! `invalid.tsv` (written by `cargo run --example conformance`; the format is in
//! `grammar/conformance/README.md`): every valid input lints with no error, as the variant and
//! dialect given, with the canonical form and the warnings given; every invalid input draws
//! exactly the codes given, at the byte spans given.

#[path = "support/vectors.rs"]
mod vectors;

use fenlint::position::{Variant, WriteOptions};
use fenlint::{Diagnostic, Severity, Validator};
use vectors::unescape;

fn read(name: &str) -> Vec<Vec<String>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("grammar/conformance")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line.split('\t').map(str::to_owned).collect())
        .collect()
}

fn variant(name: &str) -> Option<Variant> {
    match name {
        "auto" => None,
        "standard" => Some(Variant::Standard),
        "chess960" => Some(Variant::Chess960),
        "crazyhouse" => Some(Variant::Crazyhouse),
        "threecheck" => Some(Variant::ThreeCheck),
        other => panic!("unknown variant {other}"),
    }
}

fn validator(variant: Option<Variant>) -> Validator {
    variant.map_or_else(Validator::new, |v| Validator::new().variant(v))
}

fn diagnostics(format: &str, input: &str, validator: &Validator) -> Vec<Diagnostic> {
    match format {
        "fen" => validator.lint(input).diagnostics().to_vec(),
        "epd" => fenlint::epd::lint_epd(input, 0, validator),
        "pgn" => fenlint::pgn::lint_pgn(input, 0, validator),
        other => panic!("unknown format {other}"),
    }
}

fn joined(diagnostics: &[Diagnostic]) -> (String, String) {
    let codes: Vec<&str> = diagnostics.iter().map(|d| d.code().name()).collect();
    let spans: Vec<String> = diagnostics
        .iter()
        .map(|d| format!("{}..{}", d.span().start, d.span().end))
        .collect();
    (codes.join(","), spans.join(","))
}

#[test]
fn valid_vectors_lint_without_error_as_their_variant_with_their_canonical_form() {
    let rows = read("valid.tsv");
    assert!(rows.len() >= 100, "{}", rows.len());
    let mut failures = Vec::new();
    for row in &rows {
        let [
            input,
            format,
            variant_name,
            dialect,
            canonical,
            warnings,
            reason,
        ] = row.as_slice()
        else {
            panic!("{row:?}")
        };
        assert!(!reason.is_empty(), "{row:?}");
        let input = unescape(input);
        // The variant column is the variant detected, or the one the row checks against.
        let checked = validator(variant(variant_name));
        let diagnostics = diagnostics(format, &input, &checked);
        let (codes, _) = joined(&diagnostics);
        if diagnostics.iter().any(|d| d.severity() == Severity::Error) {
            failures.push(format!("{input:?}: errors {codes}"));
            continue;
        }
        if codes != *warnings && !(codes.is_empty() && warnings == "-") {
            failures.push(format!("{input:?}: warnings {codes}, expected {warnings}"));
        }
        if format != "fen" {
            continue;
        }
        let lint = checked.lint(&input);
        let written = lint.position().unwrap().to_fen(&WriteOptions::default());
        if written != unescape(canonical) {
            failures.push(format!(
                "{input:?}: canonical {written}, expected {canonical}"
            ));
        }
        let found = vectors::dialect_column(&lint.tree().dialect());
        if found != *dialect {
            failures.push(format!("{input:?}: dialect {found}, expected {dialect}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn invalid_vectors_draw_their_codes_at_their_spans() {
    let rows = read("invalid.tsv");
    assert!(rows.len() >= 400, "{}", rows.len());
    let mut failures = Vec::new();
    for row in &rows {
        let [input, format, variant_name, codes, spans, reason] = row.as_slice() else {
            panic!("{row:?}")
        };
        assert!(!reason.is_empty(), "{row:?}");
        let input = unescape(input);
        let diagnostics = diagnostics(format, &input, &validator(variant(variant_name)));
        assert!(
            diagnostics.iter().any(|d| d.severity() == Severity::Error),
            "{input:?}"
        );
        let found = joined(&diagnostics);
        if found != (codes.clone(), spans.clone()) {
            failures.push(format!("{input:?}: {found:?}, expected ({codes}, {spans})"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The vectors cover every code but the two that need bytes no text file can hold (invalid
/// UTF-8, a line over 64 KiB) and the suppression codes, which are about comments in files, not
/// about one FEN (tests/suppression.rs covers them); every format and variant, and the disputed
/// cases.
#[test]
fn the_vectors_cover_every_code_and_the_disputed_cases() {
    let valid = read("valid.tsv");
    let invalid = read("invalid.tsv");
    assert!(valid.len() + invalid.len() >= 500);
    let mut cited: Vec<String> = Vec::new();
    for row in &valid {
        cited.extend(row[5].split(',').map(str::to_owned));
    }
    for row in &invalid {
        cited.extend(row[3].split(',').map(str::to_owned));
    }
    for code in fenlint::Code::ALL {
        // A code off by default is not reported with the default settings the vectors use. The
        // conventions of whole files (bytes that are not text, the odds books' `v=-328`, perft
        // scripts' `epd` lines) are the composed files' of `tests/realworld/`, not vectors of
        // the notation.
        if matches!(
            code,
            fenlint::Code::InputInvalidUtf8
                | fenlint::Code::InputPerftScript
                | fenlint::Code::InputLatin1
                | fenlint::Code::InputTrailingNul
                | fenlint::Code::EpdOperationAssignment
                | fenlint::Code::InputTooLong
                | fenlint::Code::SuppressionUnused
                | fenlint::Code::SuppressionUnknownCode
        ) || !code.is_on_by_default()
        {
            continue;
        }
        assert!(
            cited.iter().any(|c| c == code.name()),
            "no vector for {code}"
        );
    }
    let inputs: Vec<String> = valid
        .iter()
        .chain(&invalid)
        .map(|row| unescape(&row[0]))
        .collect();
    for disputed in [
        " w QKqk ",
        " w KKqq ",
        "12345678901234567890",
        " 3+3 ",
        " +0+2",
        "[-]",
        "rk2r3/8/8/8/8/8/8/2RK3R w KQkq",
        " w AQ ",
    ] {
        assert!(
            inputs.iter().any(|i| i.contains(disputed)),
            "no vector with {disputed:?}"
        );
    }
    for variant_name in ["standard", "chess960", "crazyhouse", "threecheck"] {
        assert!(
            valid.iter().any(|row| row[2] == variant_name),
            "{variant_name}"
        );
    }
    for dialect in [
        "castling=classic",
        "castling=xfen",
        "castling=shredder",
        "holdings=bracket",
        "holdings=slash",
        "checks=given",
        "checks=remaining",
        "checks=both",
        "promoted",
    ] {
        assert!(
            valid.iter().any(|row| row[3].contains(dialect)),
            "{dialect}"
        );
    }
}
