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
