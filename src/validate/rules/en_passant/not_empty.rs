//! `fen::en_passant::not_empty`: the en-passant square or the pawn's start square is occupied.

use super::*;

declare_rule! {
    /// the en-passant square or the pawn's start square is occupied
    ///
    /// What: the square the pawn skipped and the square it came from are empty.
    /// Why: a pawn cannot jump over or start from an occupied square.
    /// Bad: `4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1`
    /// Good: `4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1`
    EnPassantNotEmpty => "fen::en_passant::not_empty", Error
}

/// `fen::en_passant::not_empty`: the square passed or the square left is occupied.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    let Some((target, span)) = target(check) else {
        return;
    };
    let Some((_, from)) = squares(check, target) else {
        return;
    };
    let occupied = check.position.board.occupied();
    if !occupied.contains(target) && !occupied.contains(from) {
        return;
    }
    report(check, target, span, from);
}

/// Reports the pieces on `target`, the en-passant square written at `span`, and on `from`: out
/// of line, for the checks above are run on every FEN.
fn report(check: &mut Check<'_, '_>, target: Square, span: crate::Span, from: Square) {
    for square in [target, from] {
        let Some(piece) = check.position.board.piece_at(square) else {
            continue;
        };
        let role = if square == target {
            "the square the pawn passed"
        } else {
            "the square the pawn left"
        };
        check.report(
            Diagnostic::new(
                Code::EnPassantNotEmpty,
                Message::with_capacity(96)
                    .piece(piece)
                    .str(" on ")
                    .square(square)
                    .str(", ")
                    .str(role)
                    .str(", expected it empty after a double step to ")
                    .square(target),
            )
            .primary(
                check.square_span(square),
                Message::with_capacity(24).piece(piece).str(" on ").square(square),
            )
            .secondary(span, "en-passant square")
            .help("A pawn's double step passes over an empty square from an empty start square; write `-` if there was no double step."),
        );
    }
}
