//! `fen::halfmove_clock::seventy_five_moves`: a halfmove clock of 150 or more: the game is drawn.

use super::*;

declare_rule! {
    /// a halfmove clock of 150 or more: the game is drawn
    ///
    /// What: after 75 moves (150 half-moves) without a capture or pawn move, the game is drawn
    /// (FIDE Laws 9.6.2), whatever the players claim.
    /// Why: the position cannot be played on.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 150 100`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 149 100`
    HalfmoveSeventyFiveMoves => "fen::halfmove_clock::seventy_five_moves", Warning
}

/// Reports a halfmove clock from 150 to the largest counter accepted (larger ones are
/// `fen::counter::overflow`).
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if check.usual_counters {
        return;
    }
    let Some((halfmove, clock)) = value(check.halfmove_clock()) else {
        return;
    };
    if (150..=MAX_COUNTER).contains(&halfmove) {
        report(check, halfmove, clock);
    }
}

/// Reports the halfmove clock `clock` of value `halfmove`: out of line, for the check above is
/// run on every FEN.
fn report(check: &mut Check<'_, '_>, halfmove: u64, clock: CounterText<'_>) {
    check.report(
        Diagnostic::new(
            Code::HalfmoveSeventyFiveMoves,
            format!("halfmove clock {halfmove}: the game is drawn by the seventy-five-move rule"),
        )
        .primary(clock.span(), "75 moves without capture or pawn move")
        .help("After 150 half-moves without a capture or pawn move the game ends in a draw (FIDE Laws 9.6.2); the position cannot be played on."),
    );
}
