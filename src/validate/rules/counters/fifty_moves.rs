//! `fen::halfmove_clock::fifty_moves`: a halfmove clock over 100: a draw can be claimed.

use super::*;
use crate::validate::message::Message;

declare_rule! {
    /// a halfmove clock over 100: a draw can be claimed
    ///
    /// What: after 50 moves (100 half-moves) without a capture or pawn move, either player may
    /// claim a draw.
    /// Why: worth knowing when setting up or analysing the position.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 101 80`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 99 80`
    HalfmoveFiftyMoves => "fen::halfmove_clock::fifty_moves", Advice
}

/// Reports a halfmove clock from 100 to 149, when a draw can be claimed (from 150 the game is
/// over, which `seventy_five_moves` reports instead).
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if check.usual_counters {
        return;
    }
    let Some((halfmove, clock)) = value(check.halfmove_clock()) else {
        return;
    };
    if (100..150).contains(&halfmove) {
        report(check, halfmove, clock);
    }
}

/// Reports the halfmove clock `clock` of value `halfmove`: out of line, for the check above is
/// run on every FEN.
fn report(check: &mut Check<'_, '_>, halfmove: u64, clock: CounterText<'_>) {
    check.report(
        Diagnostic::new(
            Code::HalfmoveFiftyMoves,
            // Built part by part (see `Message`).
            Message::with_capacity(72)
                .str("halfmove clock ")
                .number(halfmove)
                .str(": a draw can be claimed under the fifty-move rule"),
        )
        .primary(clock.span(), "50 moves without capture or pawn move")
        .help("After 100 half-moves without a capture or pawn move, either player may claim a draw (FIDE Laws 9.3)."),
    );
}
