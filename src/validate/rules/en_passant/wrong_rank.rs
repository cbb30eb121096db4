//! `fen::en_passant::wrong_rank`: an en-passant square on the wrong rank for the side to move.

use super::*;

declare_rule! {
    /// an en-passant square on the wrong rank for the side to move
    ///
    /// What: with White to move the square is on rank 6 (Black just pushed), with Black to move
    /// on rank 3.
    /// Why: only the side that just moved can have made the double step.
    /// Bad: `4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1`
    /// Good: `4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1`
    EnPassantWrongRank => "fen::en_passant::wrong_rank", Error
}

/// `fen::en_passant::wrong_rank`: rank 6 with Black to move or rank 3 with White to move.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    let Some((target, span)) = target(check) else {
        return;
    };
    if squares(check, target).is_some() {
        return;
    }
    report(check, target, span);
}

/// Reports the en-passant square `target`, written at `span`, on the wrong rank for the side to
/// move: out of line, for the checks above are run on every FEN. The texts are built part by
/// part (see `Message`): this rule fires often on corrupted input.
fn report(check: &mut Check<'_, '_>, target: Square, span: crate::Span) {
    let turn = check.position.turn;
    // The help and the labels are fixed texts, one per side to move.
    let (expected, left, to_move, help) = match turn {
        Color::White => (
            '6',
            "left by a White double step",
            "White to move",
            "After Black's double step the square is on rank 6; if Black is to move, change the side to move.",
        ),
        Color::Black => (
            '3',
            "left by a Black double step",
            "Black to move",
            "After White's double step the square is on rank 3; if White is to move, change the side to move.",
        ),
    };
    let message = Message::with_capacity(72)
        .str("en-passant square ")
        .square(target)
        .str(" with ")
        .color(turn)
        .str(" to move, expected a square on rank ")
        .char(expected);
    let mut diagnostic = Diagnostic::new(Code::EnPassantWrongRank, message)
        .primary(span, left)
        .help(help);
    if let Some(side) = check.tree.side_to_move() {
        diagnostic = diagnostic.secondary(side.span(), to_move);
    }
    check.report(diagnostic);
}
