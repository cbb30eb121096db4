//! `fen::check::en_passant_inconsistent`: a check the last move (the double step) cannot have given.

use super::*;

declare_rule! {
    /// a check the last move (the double step) cannot have given
    ///
    /// What: with an en-passant square, the last move was that pawn's double step, so any check
    /// comes from that pawn or from a line it uncovered.
    /// Why: a check from anywhere else must have existed before the double step, leaving the
    /// other side's king in check.
    /// Bad: `R3k3/8/8/8/4P3/8/8/4K3 b - e3 0 1`
    /// Good: `8/8/8/7k/4P3/8/8/3BK3 b - e3 0 1`
    CheckEnPassantInconsistent => "fen::check::en_passant_inconsistent", Error
}

/// `fen::check::en_passant_inconsistent`: with a double step as the last move, any check comes
/// from the pushed pawn or from a single slider the push uncovered.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    let Some((_, pushed, from)) = valid_en_passant(check) else {
        return;
    };
    let Some((king, checkers)) = checkers(check) else {
        return;
    };
    if checkers.is_empty() {
        return;
    }
    report(check, king, checkers, pushed, from);
}

/// Reports the `checkers` of the king on `king` if the double step of the pawn from `from` to
/// `pushed` cannot have given them: out of line, for the checks above are run on every FEN.
fn report(
    check: &mut Check<'_, '_>,
    king: Square,
    checkers: Bitboard,
    pushed: Square,
    from: Square,
) {
    let single = !checkers.has_more_than_one();
    let consistent = single && {
        let checker = checkers.squares().next();
        checker == Some(pushed) || {
            // Before the push the pawn stood on `from`: the check must be uncovered by it.
            let before = check.position.board.occupied().0 & !(1u64 << pushed.index());
            let before = Bitboard(before).with(from);
            attackers(check, king, check.position.turn.other(), before).is_empty()
        }
    };
    if consistent {
        return;
    }
    report_checkers(
        check,
        Code::CheckEnPassantInconsistent,
        king,
        checkers,
        format!(
            "check on the king on {king} that the double step to {pushed} cannot have given, expected a check from that pawn or uncovered by it"
        ),
        "The en-passant square says the last move was that pawn's double step; if it was not, write `-` for the en-passant square.",
    );
}
