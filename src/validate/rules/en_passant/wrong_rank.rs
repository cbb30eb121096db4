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
#[inline(always)]
pub(crate) fn check(check: &mut Check<'_, '_>) {
    let Some((target, span)) = target(check) else {
        return;
    };
    if squares(check, target).is_some() {
        return;
    }
    let turn = check.position.turn;
    let (expected, pusher) = match turn {
        Color::White => (6, Color::Black),
        Color::Black => (3, Color::White),
    };
    let mut diagnostic = Diagnostic::new(
        Code::EnPassantWrongRank,
        format!("en-passant square {target} with {turn} to move, expected a square on rank {expected}"),
    )
    .primary(span, format!("left by a {turn} double step"))
    .help(format!(
        "After {pusher}'s double step the square is on rank {expected}; if {} is to move, change the side to move.",
        turn.other()
    ));
    if let Some(side) = check.tree.side_to_move() {
        diagnostic = diagnostic.secondary(side.span(), format!("{turn} to move"));
    }
    check.report(diagnostic);
}
