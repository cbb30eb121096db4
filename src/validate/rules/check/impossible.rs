//! `fen::check::impossible`: a double check no move can give.

use super::*;

declare_rule! {
    /// a double check no move can give
    ///
    /// What: in a double check, at most one checker steps (pawn, knight, king), and two sliders
    /// cannot check along the same line.
    /// Why: the second check of a double check is uncovered by the first piece's move, which a
    /// stepping piece cannot uncover another stepping piece with, nor a slider on the same line.
    /// Bad: `4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/3n4/8/4K2r w - - 0 1`
    CheckImpossible => "fen::check::impossible", Error
}

/// `fen::check::impossible`: a double check no single move gives (two steppers, or two checkers
/// on one line with the king). Not with an en-passant square, which has its own rule.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    let Some((king, checkers)) = checkers(check) else {
        return;
    };
    if !checkers.has_two() || valid_en_passant(check).is_some() {
        return;
    }
    report(check, king, checkers);
}

/// Reports the two `checkers` of the king on `king` if they cannot both give check: out of
/// line, for the checks above are run on every FEN.
fn report(check: &mut Check<'_, '_>, king: Square, checkers: Bitboard) {
    let mut squares = checkers.squares();
    let (Some(a), Some(b)) = (squares.next(), squares.next()) else {
        return;
    };
    let steppers = is_stepper(check, a) && is_stepper(check, b);
    let aligned = between(a, king).contains(b) || between(b, king).contains(a) || {
        // On one line through the king from opposite sides.
        let line = between(a, b);
        line.contains(king)
    };
    if !steppers && !aligned {
        return;
    }
    let why = if steppers {
        "two pieces that step (pawns, knights) cannot both give check: neither can uncover the other"
    } else {
        "two checkers on one line with the king cannot both give check: one of them would block the other"
    };
    report_checkers(
        check,
        Code::CheckImpossible,
        king,
        checkers,
        format!("impossible double check on the king on {king}: {why}"),
        "A double check is a piece moving to give check while uncovering a slider behind it; change or remove one checker.",
    );
}
