//! `fen::kings::missing`: a side has no king.

use super::*;

declare_rule! {
    /// a side has no king
    ///
    /// What: each side needs exactly one king on the board.
    /// Why: without a king there is no check, no mate and no legal game; engines crash on it.
    /// Bad: `8/8/8/8/8/8/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    KingsMissing => "fen::kings::missing", Error
}

/// `fen::kings::missing`: a side has no king on the board.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    // Usually each side has one king.
    if check.king(Color::White).is_some() && check.king(Color::Black).is_some() {
        return;
    }
    report(check);
}

/// Reports each colour without a king: out of line, for the check above is run on every FEN.
fn report(check: &mut Check<'_, '_>) {
    for color in [Color::White, Color::Black] {
        if check.position.board.squares_of(king(color)).is_empty() {
            let span = check.placement_span();
            // Fixed texts, one per colour: this rule fires often on corrupted input.
            let (message, label, help) = match color {
                Color::White => (
                    "no White king on the board, expected one `K`",
                    "no `K` in the placement",
                    "Every position needs one king per side; add the White king (`K`) on its square.",
                ),
                Color::Black => (
                    "no Black king on the board, expected one `k`",
                    "no `k` in the placement",
                    "Every position needs one king per side; add the Black king (`k`) on its square.",
                ),
            };
            check.report(
                Diagnostic::new(Code::KingsMissing, message)
                    .primary(span, label)
                    .help(help),
            );
        }
    }
}
