//! `fen::en_passant::not_capturable`: an en-passant square no pawn can capture on.

use super::*;

declare_rule! {
    /// an en-passant square no pawn can capture on
    ///
    /// What: no pawn of the side to move stands next to the pawn that just made the double step.
    /// Why: PGN writes the square after every double step, X-FEN and most tools only when a
    /// capture is possible; the square then changes nothing but the FEN's text.
    /// Bad: `4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1`
    /// Good: `4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1`
    EnPassantNotCapturable => "fen::en_passant::not_capturable", Advice
}

/// `fen::en_passant::not_capturable`: no pawn of the side to move attacks the square.
#[inline(always)]
pub(crate) fn check(check: &mut Check<'_, '_>) {
    let Some((target, span)) = target(check) else {
        return;
    };
    let Some((pushed, from)) = squares(check, target) else {
        return;
    };
    let board = &check.position.board;
    let mover = check.position.turn.other();
    let pushed_ok = board.has_piece(
        pushed,
        Piece {
            color: mover,
            role: Role::Pawn,
        },
    );
    let occupied = board.occupied();
    if !pushed_ok || occupied.contains(target) || occupied.contains(from) {
        return; // Other rules report these.
    }
    let capturers = attacks(target, Role::Pawn, mover, occupied);
    let turn = check.position.turn;
    let pawns = board.squares_of(Piece {
        color: turn,
        role: Role::Pawn,
    });
    if !(capturers & pawns).is_empty() {
        return;
    }
    report(check, target, turn, span);
}

/// Reports the en-passant square `target`, written at `span`, that no pawn of `turn` can
/// capture on: out of line, for the checks above are run on every FEN.
#[cold]
#[inline(never)]
fn report(check: &mut Check<'_, '_>, target: Square, turn: Color, span: crate::Span) {
    check.report(
        Diagnostic::new(
            Code::EnPassantNotCapturable,
            // Built part by part (see `Message`): this rule fires often.
            Message::with_capacity(56)
                .str("en-passant square ")
                .square(target)
                .str(" that no ")
                .color(turn)
                .str(" pawn can capture on"),
        )
        .primary(span, "no capture possible")
        .help("PGN writes the square after every double step; X-FEN and most tools write `-` when no pawn can capture. Both are valid."),
    );
}
