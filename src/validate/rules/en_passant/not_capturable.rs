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
        Diagnostic::new(Code::EnPassantNotCapturable, message(target, turn))
        .primary(span, "no capture possible")
        .help("PGN writes the square after every double step; X-FEN and most tools write `-` when no pawn can capture. Both are valid."),
    );
}

/// The messages for the squares a6 to h6, White to move.
const WHITE_TO_MOVE: [&str; 8] = [
    "en-passant square a6 that no White pawn can capture on",
    "en-passant square b6 that no White pawn can capture on",
    "en-passant square c6 that no White pawn can capture on",
    "en-passant square d6 that no White pawn can capture on",
    "en-passant square e6 that no White pawn can capture on",
    "en-passant square f6 that no White pawn can capture on",
    "en-passant square g6 that no White pawn can capture on",
    "en-passant square h6 that no White pawn can capture on",
];

/// The messages for the squares a3 to h3, Black to move.
const BLACK_TO_MOVE: [&str; 8] = [
    "en-passant square a3 that no Black pawn can capture on",
    "en-passant square b3 that no Black pawn can capture on",
    "en-passant square c3 that no Black pawn can capture on",
    "en-passant square d3 that no Black pawn can capture on",
    "en-passant square e3 that no Black pawn can capture on",
    "en-passant square f3 that no Black pawn can capture on",
    "en-passant square g3 that no Black pawn can capture on",
    "en-passant square h3 that no Black pawn can capture on",
];

/// The message for the en-passant square `target` that no pawn of `turn` can capture on. The
/// rule looks only at squares on the rank behind the other side's double step (rank 6 with
/// White to move, rank 3 with Black to move), so the message is one of sixteen fixed texts:
/// no text is built or allocated, and the renderer reads a fixed text once.
fn message(target: Square, turn: Color) -> crate::diagnostics::Text {
    let fixed = match (turn, target.rank()) {
        (Color::White, 6) => WHITE_TO_MOVE.as_slice(),
        (Color::Black, 3) => BLACK_TO_MOVE.as_slice(),
        _ => &[],
    };
    match fixed.get(usize::from(target.file().index())) {
        Some(&text) => text.into(),
        None => built_message(target, turn).into(),
    }
}

/// The message for `target` and `turn`, built part by part: what [`message`] gives.
fn built_message(target: Square, turn: Color) -> Message {
    Message::with_capacity(56)
        .str("en-passant square ")
        .square(target)
        .str(" that no ")
        .color(turn)
        .str(" pawn can capture on")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fixed_messages_are_the_built_ones() {
        for index in 0..64 {
            let target = Square::from_index(index).unwrap();
            for turn in [Color::White, Color::Black] {
                let built: crate::diagnostics::Text = built_message(target, turn).into();
                assert_eq!(message(target, turn), built, "{target} {turn}");
            }
        }
    }
}
