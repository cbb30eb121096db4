//! The library's side of issue 12: what the command reported wrongly because the library
//! read it wrongly.

use fenlint::Validator;
use fenlint::files::{self, FileKind};

fn codes(diagnostics: &[fenlint::Diagnostic]) -> Vec<&'static str> {
    diagnostics.iter().map(|d| d.code().name()).collect()
}

/// Bug 1: a comment line after a byte-order mark is a comment, in `.fen` and `.epd` files.
#[test]
fn a_comment_after_a_byte_order_mark_is_not_a_position() {
    let text = "\u{feff}# header\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    for kind in [FileKind::Lines, FileKind::Epd] {
        let diagnostics = files::lint_file(kind, text.as_bytes(), &Validator::new());
        let expected: &[&str] = if kind == FileKind::Epd {
            &["epd::opcode::invalid"] // `0 1` are FEN counters, not operations.
        } else {
            &[]
        };
        assert_eq!(codes(&diagnostics), expected, "{kind:?}");
    }
    assert!(!files::is_position_line("\u{feff}  # x".as_bytes()));
    assert!(files::is_position_line("\u{feff}8/8".as_bytes()));
}

/// Bug 12: a three-check count with a leading zero is its value; one rank is "1 rank".
#[test]
fn a_leading_zero_is_not_out_of_range_and_one_rank_is_singular() {
    let lint = fenlint::lint("4k3/8/8/8/8/8/8/4K3 w - - 02+03 0 1");
    assert!(
        lint.diagnostics().is_empty(),
        "{:?}",
        codes(lint.diagnostics())
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

/// Bug 10: after a field that is clearly not a FEN field (a comment, an annotation, two words
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
