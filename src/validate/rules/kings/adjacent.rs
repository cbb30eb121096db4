//! `fen::kings::adjacent`: the two kings stand next to each other.

use super::*;

declare_rule! {
    /// the two kings stand next to each other
    ///
    /// What: the kings may not touch, orthogonally or diagonally.
    /// Why: one of them would be in check from the other king, which no legal move allows; most
    /// tools call this "opposite check" without saying why.
    /// Bad: `8/8/8/3kK3/8/8/8/8 b - - 0 1`
    /// Good: `8/8/8/3k1K2/8/8/8/8 b - - 0 1`
    KingsAdjacent => "fen::kings::adjacent", Error
}

/// `fen::kings::adjacent`: the kings touch.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    let (Some(white), Some(black)) = (check.king(Color::White), check.king(Color::Black)) else {
        return;
    };
    if !attacks(white, Role::King, Color::White, Bitboard::EMPTY).contains(black) {
        return;
    }
    report(check, white, black);
}

/// Reports the kings on `white` and `black`, next to each other: out of line, for the checks
/// above are run on every FEN.
fn report(check: &mut Check<'_, '_>, white: crate::Square, black: crate::Square) {
    let (white_span, black_span) = (check.square_span(white), check.square_span(black));
    check.report(
        Diagnostic::new(
            Code::KingsAdjacent,
            format!("kings on {white} and {black} next to each other, expected at least one square between them"),
        )
        .primary(black_span, format!("Black king on {black}"))
        .secondary(white_span, format!("White king on {white}"))
        .help("A king may never move next to the other king; move one of them away."),
    );
}
