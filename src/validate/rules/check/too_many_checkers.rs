//! `fen::check::too_many_checkers`: more than two pieces give check.

use super::*;

declare_rule! {
    /// more than two pieces give check
    ///
    /// What: at most two pieces can check a king at once.
    /// Why: one move can give check with the piece moved and with one piece it uncovers, no more.
    /// Bad: `4k3/8/8/8/1b6/3nr3/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/1b6/4r3/8/4K3 w - - 0 1`
    CheckTooManyCheckers => "fen::check::too_many_checkers", Error
}

/// `fen::check::too_many_checkers`: three or more checkers.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    let Some((king, checkers)) = checkers(check) else {
        return;
    };
    if !checkers.has_more_than_two() {
        return;
    }
    report(check, king, checkers);
}

/// Reports the `checkers` of the king on `king`: out of line, for the checks above are run on
/// every FEN.
fn report(check: &mut Check<'_, '_>, king: Square, checkers: Bitboard) {
    report_checkers(
        check,
        Code::CheckTooManyCheckers,
        king,
        checkers,
        format!(
            "{} pieces give check to the king on {king}, expected at most 2",
            checkers.count()
        ),
        "One move checks with the piece moved and at most one piece it uncovers; remove a checker.",
    );
}
