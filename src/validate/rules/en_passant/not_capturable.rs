//! `fen::en_passant::not_capturable`: an en-passant square no pawn can capture on.

use super::*;

declare_rule! {
    /// an en-passant square no pawn can capture on
    ///
    /// What: no pawn of the side to move stands next to the pawn that just made the double step.
    /// Why: PGN (§16.1.3.4) writes the square after every double step, X-FEN and most tools
    /// only when a capture is possible; the square then changes nothing but the FEN's text.
    /// Both are valid, and a file follows one or the other: a book that follows PGN draws this
    /// on every position after a double step, so it is advice, reported once per file (with
    /// the count of the others), to say which convention the file follows. `fenlint fmt --ep`
    /// converts between them.
    /// Bad: `4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1`
    /// Good: `4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1`
    EnPassantNotCapturable => "fen::en_passant::not_capturable", Advice, once per file
}

/// `fen::en_passant::not_capturable`: no pawn of the side to move attacks the square.
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
fn report(check: &mut Check<'_, '_>, target: Square, turn: Color, span: crate::Span) {
    check.report(
        Diagnostic::new(Code::EnPassantNotCapturable, message(target, turn))
        .primary(span, "no capture possible")
        .help("PGN writes the square after every double step; X-FEN and most tools write `-` when no pawn can capture. Both are valid."),
    );
}

/// The message for the en-passant square `target` that no pawn of `turn` can capture on.
fn message(target: Square, turn: Color) -> String {
    format!("en-passant square {target} that no {turn} pawn can capture on")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_names_the_square_and_the_side() {
        let e6 = Square::from_name("e6").unwrap();
        assert_eq!(
            message(e6, Color::White),
            "en-passant square e6 that no White pawn can capture on"
        );
    }
}
