//! `fen::en_passant::no_pawn`: no pawn in front of the en-passant square.

use super::*;

declare_rule! {
    /// no pawn in front of the en-passant square
    ///
    /// What: the pawn that made the double step stands right in front of the square (on e4 for
    /// `e3`, on e5 for `e6`).
    /// Why: without that pawn there was no double step.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 b - e3 0 1`
    /// Good: `4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1`
    EnPassantNoPawn => "fen::en_passant::no_pawn", Error
}

/// `fen::en_passant::no_pawn`: no pawn of the side that just moved in front of the square.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    let Some((target, span)) = target(check) else {
        return;
    };
    let Some((pushed, _)) = squares(check, target) else {
        return;
    };
    let mover = check.position.turn.other();
    let pawn = Piece {
        color: mover,
        role: Role::Pawn,
    };
    if check.position.board.has_piece(pushed, pawn) {
        return;
    }
    report(check, target, span, pushed);
}

/// Reports the en-passant square `target`, written at `span`, without the pawn on `pushed`: out
/// of line, for the checks above are run on every FEN.
fn report(check: &mut Check<'_, '_>, target: Square, span: crate::Span, pushed: Square) {
    let mover = check.position.turn.other();
    // Built part by part (see `Message`).
    let found = match check.position.board.piece_at(pushed) {
        None => Message::with_capacity(16).square(pushed).str(" is empty"),
        Some(piece) => Message::with_capacity(24)
            .piece(piece)
            .str(" on ")
            .square(pushed),
    };
    check.report(
        Diagnostic::new(
            Code::EnPassantNoPawn,
            Message::with_capacity(104)
                .str("en-passant square ")
                .square(target)
                .str(" without a ")
                .color(mover)
                .str(" pawn on ")
                .square(pushed)
                .str(", expected the pawn that made the double step"),
        )
        .primary(span, "double step to here")
        .secondary(check.square_span(pushed), found)
        .help("Write `-` for the en-passant square unless the last move was a double pawn step."),
    );
}
