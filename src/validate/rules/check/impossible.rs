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
    // Two checkers on one side of the king cannot both attack it (the nearer blocks the
    // other): aligned checkers are on its two sides, and the last move, a piece arriving on
    // one side or leaving a square on the other, uncovered at most one of the lines.
    let aligned = between(a, b).contains(king);
    if !steppers && !aligned {
        return;
    }
    let why = if steppers {
        "two pieces that step (pawns, knights) cannot both give check: neither can uncover the other"
    } else {
        "two checkers on one line through the king, on its two sides, cannot both give check: the move that gave one check could not have uncovered the other"
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

#[cfg(test)]
mod tests {
    use crate::Validator;

    /// The message of `fen::check::impossible` for `fen`.
    fn message(fen: &str) -> String {
        let lint = Validator::new().lint(fen);
        let found = lint
            .diagnostics()
            .iter()
            .find(|d| d.code().name() == "fen::check::impossible");
        found.map(|d| d.message().to_string()).unwrap_or_default()
    }

    #[test]
    fn the_message_says_why_the_checkers_cannot_both_check() {
        assert!(
            message("4k3/8/8/8/8/8/8/r3K2r w - - 0 1").ends_with(
                "on its two sides, cannot both give check: the move that gave one check could not have uncovered the other"
            ),
            "rooks on both sides of the king"
        );
        assert!(
            message("4k3/8/8/8/8/8/8/rr2K3 w - - 0 1").is_empty(),
            "a rook behind another gives no check: a single check"
        );
        assert!(message("4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1").contains("two pieces that step"));
    }
}
