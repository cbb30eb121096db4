//! `fen::check::opposite`: the side not to move is in check.

use super::*;

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
#[inline(always)]
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
#[cold]
#[inline(never)]
fn report(check: &mut Check<'_, '_>, king: Square, checkers: Bitboard) {
    let turn = check.position.turn;
    let mut diagnostic = Diagnostic::new(
        Code::CheckOpposite,
        format!(
            "{} king on {king} in check with {turn} to move, expected the side not to move out of check",
            turn.other()
        ),
    )
    .primary(check.square_span(king), format!("{} king in check", turn.other()));
    for checker in checkers.squares() {
        diagnostic = diagnostic.secondary(
            check.square_span(checker),
            format!("attacked from {checker}"),
        );
    }
    check.report(diagnostic.help(format!(
        "{turn} could capture the king; if {} is to move, change the side to move to `{}`.",
        turn.other(),
        turn.other().letter()
    )));
}
