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
#[inline(always)]
pub(crate) fn check(check: &mut Check<'_, '_>) {
    // Usually each side has one king.
    if check.king(Color::White).is_some() && check.king(Color::Black).is_some() {
        return;
    }
    for color in [Color::White, Color::Black] {
        if check.position.board.squares_of(king(color)).is_empty() {
            let letter = king(color).letter();
            let span = check.placement_span();
            check.report(
                Diagnostic::new(
                    Code::KingsMissing,
                    format!("no {color} king on the board, expected one `{letter}`"),
                )
                .primary(span, format!("no `{letter}` in the placement"))
                .help(format!(
                    "Every position needs one king per side; add the {color} king (`{letter}`) on its square."
                )),
            );
        }
    }
}
