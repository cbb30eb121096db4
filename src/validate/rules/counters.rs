//! The move counters: fullmove 0, a halfmove clock beyond the plies played, the fifty- and
//! seventy-five-move rules, and numbers too large to be real.

use crate::validate::{Check, CounterText};
use crate::{Code, Color, Diagnostic};

/// The largest counter value accepted (32 bits).
const MAX_COUNTER: u64 = u32::MAX as u64;

fn value(counter: Option<CounterText<'_>>) -> Option<(u64, CounterText<'_>)> {
    let counter = counter?;
    Some((counter.value()?, counter))
}

/// `fen::fullmove_number::zero`.
pub(crate) fn fullmove_zero(check: &mut Check<'_, '_>) {
    let Some((0, counter)) = value(check.fullmove_number) else {
        return;
    };
    check.report(
        Diagnostic::new(Code::FullmoveZero, "fullmove number 0, expected 1 or more")
            .primary(counter.span(), "moves are counted from 1")
            .help("Write `1` for the first move; most tools read 0 as 1 anyway.")
            .with_fix(counter.span(), "1"),
    );
}

/// `fen::halfmove_clock::exceeds_plies`.
pub(crate) fn exceeds_plies(check: &mut Check<'_, '_>) {
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
        .help("The clock counts half-moves since the last capture or pawn move, so it cannot exceed the half-moves since the start; one of the counters is wrong."),
    );
}

/// `fen::halfmove_clock::fifty_moves` and `fen::halfmove_clock::seventy_five_moves`.
pub(crate) fn move_rules(check: &mut Check<'_, '_>) {
    let Some((halfmove, clock)) = value(check.halfmove_clock) else {
        return;
    };
    if (150..=MAX_COUNTER).contains(&halfmove) {
        check.report(
            Diagnostic::new(
                Code::HalfmoveSeventyFiveMoves,
                format!("halfmove clock {halfmove}: the game is drawn by the seventy-five-move rule"),
            )
            .primary(clock.span(), "75 moves without capture or pawn move")
            .help("After 150 half-moves without a capture or pawn move the game ends in a draw (FIDE Laws 9.6.2); the position cannot be played on."),
        );
    } else if (100..150).contains(&halfmove) {
        check.report(
            Diagnostic::new(
                Code::HalfmoveFiftyMoves,
                format!("halfmove clock {halfmove}: a draw can be claimed under the fifty-move rule"),
            )
            .primary(clock.span(), "50 moves without capture or pawn move")
            .help("After 100 half-moves without a capture or pawn move, either player may claim a draw (FIDE Laws 9.3)."),
        );
    }
}

/// `fen::counter::overflow`.
pub(crate) fn overflow(check: &mut Check<'_, '_>) {
    for (name, counter) in [
        ("halfmove clock", check.halfmove_clock),
        ("fullmove number", check.fullmove_number),
    ] {
        let Some(counter) = counter.filter(|counter| counter.has_number()) else {
            continue;
        };
        if counter.value().is_some_and(|value| value <= MAX_COUNTER) {
            continue;
        }
        check.report(
            Diagnostic::new(
                Code::CounterOverflow,
                format!("{name} `{}` too large, expected at most {MAX_COUNTER}", crate::parse::shown(counter.text())),
            )
            .primary(counter.span(), "does not fit in 32 bits")
            .help("No game is that long; many tools overflow or clamp such numbers. Write the real count."),
        );
    }
}
