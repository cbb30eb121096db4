//! `fen::halfmove_clock::exceeds_plies`: a halfmove clock larger than the number of half-moves played.

use super::*;

declare_rule! {
    /// a halfmove clock larger than the number of half-moves played
    ///
    /// What: the clock counts half-moves, so it is at most the half-moves since the start:
    /// `2 × (fullmove − 1)`, plus 1 with Black to move.
    /// Why: a larger clock cannot have been reached; one of the counters is wrong. Files of
    /// positions taken out of games often keep the halfmove clock and write 1 for the fullmove
    /// number, which they do not know; then the clock exceeds the plies on most of their lines.
    /// That is the file's convention, not a mistake on each line: the code is reported once per
    /// file, with the count of the others.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 30 10`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 18 10`
    HalfmoveExceedsPlies => "fen::halfmove_clock::exceeds_plies", Warning, once per file
}

/// `fen::halfmove_clock::exceeds_plies`.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if check.usual_counters {
        return;
    }
    let (Some((halfmove, clock)), Some((fullmove, number))) =
        (value(check.halfmove_clock), value(check.fullmove_number))
    else {
        return;
    };
    if fullmove == 0 || halfmove > MAX_COUNTER || fullmove > MAX_COUNTER {
        return;
    }
    let plies = fullmove
        .saturating_sub(1)
        .saturating_mul(2)
        .saturating_add(u64::from(check.position.turn == Color::Black));
    if halfmove <= plies {
        return;
    }
    report(check, (halfmove, clock), (fullmove, number), plies);
}

/// Reports the halfmove clock `clock` of value `halfmove`, beyond the `plies` half-moves played
/// before move `fullmove` (written `number`): out of line, for the checks above are run on every
/// FEN.
fn report(
    check: &mut Check<'_, '_>,
    (halfmove, clock): (u64, CounterText<'_>),
    (fullmove, number): (u64, CounterText<'_>),
    plies: u64,
) {
    check.report(
        Diagnostic::new(
            Code::HalfmoveExceedsPlies,
            format!(
                "halfmove clock {halfmove} at move {fullmove}, expected at most the {plies} half-move{} played",
                if plies == 1 { "" } else { "s" }
            ),
        )
        .primary(clock.span(), "more half-moves than played")
        .secondary(number.span(), format!("move {fullmove}"))
        .help(if fullmove == 1 {
            "The clock counts half-moves since the last capture or pawn move, so it cannot exceed the half-moves since the start; a fullmove number of 1 is often written when the real one is not known: write the real move number if you know it."
        } else {
            "The clock counts half-moves since the last capture or pawn move, so it cannot exceed the half-moves since the start; one of the counters is wrong."
        }),
    );
}
