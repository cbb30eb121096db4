//! `fen::castling::same_rook`: two castling letters that name the same rook.

use super::*;

declare_rule! {
    /// two castling letters that name the same rook
    ///
    /// What: two different letters on one side of the king name one rook: `A` and `Q` when the
    /// rook on a1 is White's only rook on the queen's side, `k` and `h` for Black's rook on h8.
    /// Why: each right is written once. The grammar cannot see this (it depends on where the
    /// rooks stand), so it is a rule of its own, not `fen::castling::duplicate`, which is the
    /// same letter twice.
    /// Bad: `r3k2r/8/8/8/8/8/8/R3K2R w KAQkq - 0 1`
    /// Good: `r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1`
    CastlingSameRook => "fen::castling::same_rook", Error
}

/// Reports the second of exactly two rights on one side of the king that name the same rook.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    // Only a file letter can share a side of the king with another letter.
    if !check.has_castling_rights || !check.castling.has_other_letters() {
        return;
    }
    report(check);
}

/// Reports what [`check`] says, with file letters among the castling letters: out of line, for
/// the test above is run on every FEN.
fn report(check: &mut Check<'_, '_>) {
    for side in crowded_sides(check).into_iter().flatten() {
        let (first, second) = (side.first, side.second);
        let Some(rook) = same_rook(check, first, second, side.more, side.king) else {
            continue;
        };
        check.report(
            Diagnostic::new(
                Code::CastlingSameRook,
                format!(
                    "castling rights `{}` and `{}` both name the rook on {rook}, expected one right per rook",
                    first.letter(),
                    second.letter()
                ),
            )
            .primary(second.span(), format!("the rook on {rook} again"))
            .secondary(first.span(), "first named here")
            .help(format!("Remove `{}`.", second.letter()))
            .with_fix(second.span(), ""),
        );
    }
}
