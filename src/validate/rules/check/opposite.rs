//! `fen::check::opposite`: the side not to move is in check.

use super::*;
use crate::validate::message::Message;

declare_rule! {
    /// the side not to move is in check
    ///
    /// What: the king of the side that has just moved may not be attacked.
    /// Why: the last move would have left its own king in check, which is illegal; the side to
    /// move could capture the king.
    /// Bad: `4k3/4R3/8/8/8/8/8/4K3 w - - 0 1`
    /// Good: `4k3/4R3/8/8/8/8/8/4K3 b - - 0 1`
    CheckOpposite => "fen::check::opposite", Error
}

/// `fen::check::opposite`: the side that has just moved left its king in check.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    let turn = check.position.turn;
    let Some(king) = check.king(turn.other()) else {
        return;
    };
    let occupied = check.position.board.occupied();
    let checkers = attackers(check, king, turn, occupied);
    if checkers.is_empty() {
        return;
    }
    report(check, king, checkers);
}

/// Reports the king on `king`, of the side not to move, in check from `checkers`: out of line,
/// for the checks above are run on every FEN.
fn report(check: &mut Check<'_, '_>, king: Square, checkers: Bitboard) {
    let turn = check.position.turn;
    // Built part by part (see `Message`); the label of the king and the help are fixed texts,
    // one per side to move.
    let (in_check, help) = match turn {
        Color::White => (
            "Black king in check",
            "White could capture the king; if Black is to move, change the side to move to `b`.",
        ),
        Color::Black => (
            "White king in check",
            "Black could capture the king; if White is to move, change the side to move to `w`.",
        ),
    };
    let message = Message::with_capacity(96)
        .color(turn.other())
        .str(" king on ")
        .square(king)
        .str(" in check with ")
        .color(turn)
        .str(" to move, expected the side not to move out of check");
    let mut diagnostic =
        Diagnostic::new(Code::CheckOpposite, message).primary(check.square_span(king), in_check);
    for checker in checkers.squares() {
        diagnostic = diagnostic.secondary(
            check.square_span(checker),
            Message::with_capacity(16)
                .str("attacked from ")
                .square(checker),
        );
    }
    check.report(diagnostic.help(help));
}
